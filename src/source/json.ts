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

/** Occurrences of the character `c` in `s` (a native search per occurrence: colons and brackets are sparse). */
function occurrences(s: string, c: string, stopAfter = Infinity): number {
  let n = 0;
  for (let i = s.indexOf(c); i >= 0 && n <= stopAfter; i = s.indexOf(c, i + 1)) n++;
  return n;
}

/** The `:` characters in the keys and strings `countKeys` walked last (set by it, to allocate nothing). */
let colonsInStrings = 0;

/** Adds the colons of a key or string to `colonsInStrings`. */
function tallyColons(s: string): void {
  if (s.indexOf(':') >= 0) colonsInStrings += occurrences(s, ':');
}

/**
 * The number of object keys in a parsed value, or -1 when a number in it is not finite; counts the
 * `:` inside its keys and strings into `colonsInStrings` on the way.
 */
function countKeys(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? 0 : -1;
    case 'string':
      tallyColons(value);
      return 0;
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
        tallyColons(key);
        n += k + 1;
      }
      return n;
    }
    default:
      return 0;
  }
}

/**
 * The source of a JSON text when `JSON.parse` gives exactly what the tree would: no syntax error, no
 * number beyond a double, no duplicate key, not too deep. Its value is `JSON.parse`'s (own
 * `__proto__` keys, like the tree's conversion); positions and lines are computed on the first request.
 *
 * Without scanning the text character by character: a text with at most MAX_FILE_DEPTH opening
 * brackets (strings included) cannot nest deeper, and in a text `JSON.parse` accepts, every `:` is
 * either a key's separator or a character of a string, so the value holds every key written exactly
 * when it accounts for every `:` of the text (a dropped duplicate takes at least its separator with
 * it). A `\u003a` escape would spell a colon the text does not show: such texts, and texts with many
 * brackets, are scanned instead.
 */
function parseFast(text: string): ParsedSource | undefined {
  let keys: number | undefined;
  const fewBrackets = occurrences(text, '{', MAX_FILE_DEPTH) + occurrences(text, '[', MAX_FILE_DEPTH) <= MAX_FILE_DEPTH;
  if (!fewBrackets || text.includes('\\u003')) {
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
  // The depth bound also bounds countKeys' recursion.
  colonsInStrings = 0;
  const counted = countKeys(value);
  if (counted < 0 || (keys === undefined ? counted + colonsInStrings !== occurrences(text, ':') : counted !== keys))
    return undefined;
  let index: LineIndex | undefined;
  let locator: JsonLocator | undefined;
  return {
    format: 'json',
    ok: true,
    value,
    diagnostics: [],
    comments: [],
    range: (s, e) => (index ??= new LineIndex(text)).range(s, e),
    span: (pointer) => (locator ??= new JsonLocator(text)).span(pointer),
  };
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
