/** RFC 6901 JSON Pointers and safe lookups in parsed documents. */

/** Escapes one reference token. */
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

/** Builds a pointer from reference tokens. */
export function toPointer(tokens: readonly (string | number)[]): string {
  let out = '';
  for (let i = 0; i < tokens.length; i++) out += `/${escapeToken(tokens[i]!)}`;
  return out;
}

const NO_TOKENS: readonly string[] = Object.freeze([]);
let lastPointer = '';
let lastTokens: readonly string[] = NO_TOKENS;

/**
 * Splits a pointer into its unescaped reference tokens (read-only: the last answer is kept, as a
 * finding's pointer is read several times in a row to describe it).
 */
export function parsePointer(pointer: string): readonly string[] {
  if (pointer === '') return NO_TOKENS;
  if (pointer === lastPointer) return lastTokens;
  const split = pointer.slice(1).split('/');
  // Escapes are rare: most pointers have no `~` to undo.
  const tokens = Object.freeze(
    pointer.includes('~') ? split.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) : split,
  );
  lastPointer = pointer;
  lastTokens = tokens;
  return tokens;
}

/** Appends tokens to a pointer. */
export function childPointer(pointer: string, ...tokens: (string | number)[]): string {
  if (tokens.length === 1) return `${pointer}/${escapeToken(tokens[0]!)}`;
  return tokens.length === 0 ? pointer : `${pointer}/${tokens.map(escapeToken).join('/')}`;
}

/** The parent of a pointer (the root is its own parent). */
export function parentPointer(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  return i <= 0 ? '' : pointer.slice(0, i);
}

/** The last token of a pointer, unescaped ('' for the root). */
export function lastToken(pointer: string): string {
  const tokens = parsePointer(pointer);
  return tokens[tokens.length - 1] ?? '';
}

/** A plain object (not an array, not null). */
export type JsonObject = { [key: string]: unknown };

/** True for a non-null, non-array object. */
export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The own property `key` of `v` when `v` is an object (never reads the prototype chain). */
export function own(v: unknown, key: string): unknown {
  if (!isObject(v)) return undefined;
  if (!plainReads) return Object.hasOwn(v, key) ? v[key] : undefined;
  // What an object inherits from Object.prototype is a function or, for `__proto__`, the prototype
  // itself: neither is ever JSON data, so anything else read here is the object's own.
  const x = v[key];
  return typeof x !== 'function' && x !== Object.prototype ? x : Object.hasOwn(v, key) ? x : undefined;
}

/**
 * Set by the engine while rules visit a part of a document that its acceptor found to be plain JSON
 * (objects of Object.prototype or none, no accessors) in a process where Object.prototype has no
 * enumerable property: `own` then reads without `Object.hasOwn`, which cost a fifth of a lint.
 */
let plainReads = false;

/** Switches `own` to direct reads (see `plainReads`); the engine turns it on only around the acceptor's pass. */
export function setPlainReads(on: boolean): void {
  plainReads = on;
}

/** The value at a pointer, or undefined when any step is missing. */
export function getAt(root: unknown, pointer: string): unknown {
  return getAtPath(root, parsePointer(pointer));
}

/**
 * The value at a path of tokens (a parsed pointer, or keys and indexes as a walk keeps them), or
 * undefined when any step is missing; own properties only.
 */
export function getAtPath(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const token = path[i]!;
    if (Array.isArray(node)) {
      if (typeof token === 'number') node = node[token];
      // An index as a pointer writes it: digits, no leading zero.
      else if (!isDigits(token) || (token.length > 1 && token.charCodeAt(0) === 48)) return undefined;
      else node = node[Number(token)];
    } else {
      node = own(node, String(token));
    }
    if (node === undefined) return undefined;
  }
  return node;
}

/** `^\d+$` by character codes: a token of digits only (an array index as written in a pointer). */
export function isDigits(token: string): boolean {
  if (token.length === 0) return false;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Human name of the field a pointer addresses, for messages: `autoCreateShadowTopicFilters[0].name`. */
export function fieldName(pointer: string): string {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return '(document root)';
  let start = tokens.length - 1;
  while (start > 0 && isDigits(tokens[start]!)) start--;
  // Include the enclosing array's name for items and for fields of items.
  if (start > 0 && isDigits(tokens[start - 1] ?? '') && start - 2 >= 0) start -= 2;
  let out = '';
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i]!;
    out += isDigits(t) ? `[${t}]` : out === '' ? t : `.${t}`;
  }
  return out;
}
