/**
 * JSON with positions, strict JSON (no comments, no trailing commas): `JSON.parse` with positions found
 * only when asked for; jsonc-parser's tree when that cannot give the same answer (a syntax error, a
 * duplicate key, a number too large for a double, a file nested too deep). Spans come from the
 * locator on both paths.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../core/diagnostics';
import { isSecretPointer } from '../secrets/classify';
import { toPointer } from '../util/pointer';
import { JsonLocator, jsonShape } from './json-locate';
import { LineIndex } from './text-position';
import { emptyFile, MAX_FILE_DEPTH, tooDeep, type ParsedSource } from './types';

const FRIENDLY: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Expected a property name in double quotes (a trailing comma?)',
  ValueExpected: 'Expected a value (a trailing comma, or a missing value?)',
  ColonExpected: 'Expected ":" after the property name',
  CommaExpected: 'Expected "," between entries',
  CloseBraceExpected: 'Expected "}" to close the object',
  CloseBracketExpected: 'Expected "]" to close the array',
  EndOfFileExpected: 'Expected the end of the file after the JSON value',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unexpected end of number',
  InvalidUnicode: 'Invalid \\u escape',
  InvalidEscapeCharacter: 'Invalid escape character in a string',
  InvalidCharacter: 'Invalid character in a string (control characters must be escaped)',
};

/** Deepest bracket nesting of a JSON text, stopping early past `limit` (strings are skipped). */
export function jsonDepth(text: string, limit: number): number {
  return jsonShape(text, limit).depth;
}

/** What a walk over the tree needs: the text, its positions, and where findings go. */
interface Walk {
  text: string;
  index: LineIndex;
  out: Diagnostic[];
  /** Set when a number is too large for a double (the server refuses the document). */
  overflow?: boolean;
}

/** A number literal too large for a double: the server's JSON parser refuses it, so it is a syntax error. */
function numberOverflow(node: Node, walk: Walk, path: string[]): Diagnostic {
  const literal = walk.text.slice(node.offset, node.offset + node.length);
  const pointer = toPointer(path);
  const shown = isSecretPointer(pointer)
    ? 'The number here (a credential, not shown)'
    : `The number ${literal.length > 40 ? `${literal.slice(0, 40)}… (${literal.length} characters)` : literal}`;
  return {
    code: 'parse/json-syntax',
    severity: 'error',
    pointer,
    range: walk.index.range(node.offset, node.offset + node.length),
    message: `JSON syntax error: ${shown} is too large for a double; the server's JSON parser refuses the document. Write a number whose magnitude is at most 1.7976931348623157e308.`,
  };
}

/**
 * Converts the tree into a value in one walk: keys become own properties (even `__proto__`), the last
 * duplicate wins, and each repeated key is reported at the repeat.
 */
function toValue(node: Node, walk: Walk, path: string[] = []): unknown {
  const { index, out } = walk;
  switch (node.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        const name = String(k.value);
        path.push(name);
        if (seen.has(name)) {
          out.push({
            code: 'parse/duplicate-key',
            severity: 'error',
            pointer: toPointer(path),
            range: index.range(k.offset, k.offset + k.length),
            message: `The key "${name}" appears more than once in this object; only the last one counts (arrays are appended by the server). Keep one.`,
          });
        }
        seen.add(name);
        Object.defineProperty(value, name, {
          value: toValue(v, walk, path),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        path.pop();
      }
      return value;
    }
    case 'array':
      return (node.children ?? []).map((c, i) => {
        path.push(String(i));
        const v = toValue(c, walk, path);
        path.pop();
        return v;
      });
    case 'number':
      if (!Number.isFinite(node.value)) {
        walk.out.push(numberOverflow(node, walk, path));
        walk.overflow = true;
      }
      return node.value;
    default:
      return node.value;
  }
}

/** Occurrences of the character `c` in `s` (a native search per occurrence: brackets are sparse). */
function occurrences(s: string, c: string, stopAfter = Infinity): number {
  let n = 0;
  for (let i = s.indexOf(c); i >= 0 && n <= stopAfter; i = s.indexOf(c, i + 1)) n++;
  return n;
}

/**
 * The `:` of a JSON text that follow a `"` (whitespace between allowed): every key's separator, and
 * also a `:` inside a string right after its opening quote or an escaped quote. Never fewer than the
 * keys the text writes, so a value holding exactly this many keys lost none to a duplicate.
 */
function keyColons(text: string): number {
  let n = 0;
  for (let i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) {
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--j);
    if (c === 34) n++;
  }
  return n;
}

/** The number of object keys in a parsed value, or -1 when a number in it is not finite. */
export function countKeys(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? 0 : -1;
    case 'object': {
      if (value === null) return 0;
      let n = 0;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const k = countKeys(value[i]);
          if (k < 0) return -1;
          n += k;
        }
        return n;
      }
      for (const key of Object.keys(value)) {
        const k = countKeys((value as Record<string, unknown>)[key]);
        if (k < 0) return -1;
        n += k + 1;
      }
      return n;
    }
    default:
      return 0;
  }
}

/** `JSON.parse`'s reading of a text, and the number of keys the text writes (or at least that many). */
export interface UncheckedJson {
  source: ParsedSource;
  /** The value holds exactly this many keys (`countKeys`) when no key was lost to a duplicate; fewer when one was. */
  keysWritten: number;
}

/**
 * The source of a JSON text as `JSON.parse` reads it, before anyone has made sure that no key was
 * lost to a duplicate: the caller counts the value's keys (in a walk it makes anyway) and uses the
 * source only when the count is `keysWritten`, else `parseJson`. Undefined when `JSON.parse` cannot
 * give what the tree would: a syntax error, a text nested too deep.
 *
 * Without scanning the text character by character: a text with at most MAX_FILE_DEPTH opening
 * brackets (strings included) cannot nest deeper, and every key's separator is a `:` after a `"`.
 * Texts with many brackets are scanned instead (the scan counts the keys exactly).
 */
export function parseJsonUnchecked(text: string): UncheckedJson | undefined {
  let keys: number | undefined;
  const fewBrackets = occurrences(text, '{', MAX_FILE_DEPTH) + occurrences(text, '[', MAX_FILE_DEPTH) <= MAX_FILE_DEPTH;
  if (!fewBrackets) {
    // The scan stops at the depth limit, so a hostile nesting is refused before JSON.parse builds it.
    const shape = jsonShape(text, MAX_FILE_DEPTH);
    if (shape.depth > MAX_FILE_DEPTH) return undefined;
    keys = shape.keys;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  let index: LineIndex | undefined;
  let locator: JsonLocator | undefined;
  const source: ParsedSource = {
    format: 'json',
    ok: true,
    value,
    diagnostics: [],
    comments: [],
    range: (s, e) => (index ??= new LineIndex(text)).range(s, e),
    span: (pointer) => (locator ??= new JsonLocator(text)).span(pointer),
  };
  return { source, keysWritten: keys ?? keyColons(text) };
}

/** The source of a JSON text when `JSON.parse` gives exactly what the tree would: no key lost to a duplicate, no number beyond a double. */
function parseFast(text: string): ParsedSource | undefined {
  const read = parseJsonUnchecked(text);
  // The depth bound also bounds countKeys' recursion.
  return read && countKeys(read.source.value) === read.keysWritten ? read.source : undefined;
}

/** Parses JSON text (a byte order mark is handled by the caller, `lintText`). */
export function parseJson(text: string): ParsedSource {
  return parseFast(text) ?? parseJsonTree(text);
}

/** Parses JSON text with jsonc-parser's tree: the value and findings `parseJson`'s must equal (spans by the locator). */
export function parseJsonTree(text: string): ParsedSource {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const base: Omit<ParsedSource, 'ok' | 'value' | 'span'> = {
    format: 'json',
    diagnostics,
    range: (s, e) => index.range(s, e),
    comments: [],
  };
  if (text.trim() === '') {
    diagnostics.push(emptyFile(index.range(0, 0), ''));
    return { ...base, ok: false, value: undefined, span: () => undefined };
  }
  if (jsonDepth(text, MAX_FILE_DEPTH) > MAX_FILE_DEPTH) {
    diagnostics.push(tooDeep(index.range(0, 1)));
    return { ...base, ok: false, value: undefined, span: () => undefined };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  for (const e of errors.slice(0, 20)) {
    const name = printParseErrorCode(e.error);
    diagnostics.push({
      code: 'parse/json-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(e.offset, e.offset + Math.max(1, e.length)),
      message: `JSON syntax error: ${FRIENDLY[name] ?? name}.`,
    });
  }
  if (errors.length > 0 || !root) return { ...base, ok: false, value: undefined, span: () => undefined };
  const walk: Walk = { text, index, out: diagnostics };
  const value = toValue(root, walk);
  if (walk.overflow) return { ...base, ok: false, value: undefined, span: () => undefined };
  // The locator gives the tree's spans (the last of duplicate keys counts, as in the value).
  let locator: JsonLocator | undefined;
  return { ...base, ok: true, value, span: (pointer) => (locator ??= new JsonLocator(text)).span(pointer) };
}
