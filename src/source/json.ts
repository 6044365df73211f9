/** JSON with positions: jsonc-parser's tree, strict JSON (no comments, no trailing commas). */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../core/diagnostics';
import { isSecretPointer } from '../secrets/classify';
import { parsePointer, toPointer } from '../util/pointer';
import { LineIndex } from './text-position';
import { emptyFile, MAX_FILE_DEPTH, tooDeep, type NodeSpan, type ParsedSource } from './types';

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
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
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

// Members of large objects by key, built on first lookup: locating every key of a huge object stays linear.
const memberIndex = new WeakMap<Node, Map<string, { key: Node; value: Node }>>();
const INDEX_FROM = 16;

function child(node: Node, token: string): { key?: Node; value: Node } | undefined {
  if (node.type === 'object') {
    const props = node.children ?? [];
    if (props.length < INDEX_FROM) {
      // The last property with the name is the one whose value counts.
      for (let i = props.length - 1; i >= 0; i--) {
        const [k, v] = props[i]!.children ?? [];
        if (k && v && k.value === token) return { key: k, value: v };
      }
      return undefined;
    }
    let index = memberIndex.get(node);
    if (!index) {
      index = new Map();
      for (const prop of props) {
        const [k, v] = prop.children ?? [];
        if (k && v) index.set(String(k.value), { key: k, value: v });
      }
      memberIndex.set(node, index);
    }
    return index.get(token);
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(token)) {
    const item = node.children?.[Number(token)];
    return item ? { value: item } : undefined;
  }
  return undefined;
}

/** Parses JSON text (a byte order mark is handled by the caller, `lintText`). */
export function parseJson(text: string): ParsedSource {
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
  const span = (pointer: string): NodeSpan | undefined => {
    let node: Node = root;
    let key: Node | undefined;
    for (const token of parsePointer(pointer)) {
      const next = child(node, token);
      if (!next) return undefined;
      node = next.value;
      key = next.key;
    }
    const s: NodeSpan = { value: [node.offset, node.offset + node.length] };
    if (key) s.key = [key.offset, key.offset + key.length];
    return s;
  };
  const walk: Walk = { text, index, out: diagnostics };
  const value = toValue(root, walk);
  if (walk.overflow) return { ...base, ok: false, value: undefined, span: () => undefined };
  return { ...base, ok: true, value, span };
}
