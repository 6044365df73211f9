/** Placeholders such as `${SHADOW_PASSWORD}` stand for secrets injected at deploy time; they are not literals. */

const DOLLAR = 36;
const OPEN = 123; // {
const CLOSE = 125; // }
const COLON = 58;
const DASH = 45;
/** The longest `{{ template }}` body. */
const MAX_TEMPLATE = 200;

const isNameStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number): boolean => isNameStart(c) || (c >= 48 && c <= 57);

/** `${NAME}` or `${NAME:-default}` (a default without `}`), the whole of `s`. */
function isEnvReference(s: string): boolean {
  const n = s.length;
  if (n < 4 || s.charCodeAt(0) !== DOLLAR || s.charCodeAt(1) !== OPEN || s.charCodeAt(n - 1) !== CLOSE) return false;
  if (!isNameStart(s.charCodeAt(2))) return false;
  let i = 3;
  while (isNameChar(s.charCodeAt(i))) i++;
  if (i === n - 1) return true;
  if (s.charCodeAt(i) !== COLON || s.charCodeAt(i + 1) !== DASH) return false;
  for (i += 2; i < n - 1; i++) if (s.charCodeAt(i) === CLOSE) return false;
  return true;
}

/** `{{ … }}` with 1–200 characters between, none of them a brace, the whole of `s`. */
function isTemplate(s: string): boolean {
  const n = s.length;
  if (n < 5 || n > MAX_TEMPLATE + 4) return false;
  if (s.charCodeAt(0) !== OPEN || s.charCodeAt(1) !== OPEN) return false;
  if (s.charCodeAt(n - 1) !== CLOSE || s.charCodeAt(n - 2) !== CLOSE) return false;
  for (let i = 2; i < n - 2; i++) {
    const c = s.charCodeAt(i);
    if (c === OPEN || c === CLOSE) return false;
  }
  return true;
}

/** `s` without surrounding whitespace; the string itself when it plainly has none (no call to trim). */
export function trimmed(s: string): string {
  const n = s.length;
  if (n === 0) return s;
  const a = s.charCodeAt(0);
  const z = s.charCodeAt(n - 1);
  return a > 32 && a < 127 && z > 32 && z < 127 ? s : s.trim();
}

/**
 * True for `${ENV_VAR}` (optionally `${ENV_VAR:-default}`) or a `{{ template }}` expression, once
 * trimmed. Character by character: it runs on every credential the acceptors see.
 */
export function isPlaceholder(value: string): boolean {
  const s = trimmed(value);
  const c = s.charCodeAt(0);
  return c === DOLLAR ? isEnvReference(s) : c === OPEN ? isTemplate(s) : false;
}
