/** "Did you mean" helpers: edit distance, snake_case to camelCase, nearest candidates. */

// Two rows of the distance table, reused by every call (grown when a longer `b` comes): the
// secret search asks for a distance per key of a document, thousands of times per lint.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance (in UTF-16 code units), giving up (returning `limit + 1`) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const m = b.length;
  if (rowA.length <= m) {
    rowA = new Int32Array(m + 1);
    rowB = new Int32Array(m + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const c = a.charCodeAt(i - 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      let v = prev[j]! + 1;
      const insert = cur[j - 1]! + 1;
      if (insert < v) v = insert;
      const replace = prev[j - 1]! + (c === b.charCodeAt(j - 1) ? 0 : 1);
      if (replace < v) v = replace;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    const done = prev;
    prev = cur;
    cur = done;
  }
  return prev[m]!;
}

/** `bootstrap_servers` → `bootstrapServers`; other strings unchanged. */
export const snakeToCamel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `tlsPemSettings` → `tls_pem_settings`: a JSON name as protobuf (and rpk's file) writes the field. */
export const camelToSnake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** True when `s` looks like snake_case (has an underscore between lowercase words). */
export const isSnakeCase = (s: string): boolean => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(s);

/** `s.toLowerCase()`, without the new string V8 makes even when nothing changes (no A-Z, nothing beyond ASCII). */
function lowered(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return s.toLowerCase();
  }
  return s;
}

/** The closest candidate to `input` within a distance that scales with its length, if any. */
export function nearest(input: string, candidates: readonly string[]): string | undefined {
  if (input.length > 200) return undefined;
  const lower = lowered(input);
  // Indexed loops: called per unknown key, thousands of times in a large document.
  for (let i = 0; i < candidates.length; i++) if (lowered(candidates[i]!) === lower) return candidates[i];
  const limit = Math.max(1, Math.min(4, Math.floor(input.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    const d = editDistance(lower, lowered(c), limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Lists values for a message: `A, B or C`. */
export function listValues(values: readonly string[], conjunction = 'or'): string {
  const quoted = values.map((v) => `"${v}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}
