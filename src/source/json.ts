/** JSON with positions: jsonc-parser's tree, strict JSON (no comments, no trailing commas). */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics';
import { parsePointer } from '../pointer';
import { LineIndex } from './text-position';
import { MAX_FILE_DEPTH, type NodeSpan, type ParsedSource } from './types';

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

/** Converts a property-checked tree into a value; keys become own properties (even `__proto__`), the last duplicate wins. */
function toValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        Object.defineProperty(out, String(k.value), {
          value: toValue(v),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(toValue);
    default:
      return node.value;
  }
}

function child(node: Node, token: string): { key?: Node; value: Node } | undefined {
  if (node.type === 'object') {
    // The last property with the name is the one whose value counts.
    const props = node.children ?? [];
    for (let i = props.length - 1; i >= 0; i--) {
      const [k, v] = props[i]!.children ?? [];
      if (k && v && k.value === token) return { key: k, value: v };
    }
    return undefined;
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(token)) {
    const item = node.children?.[Number(token)];
    return item ? { value: item } : undefined;
  }
  return undefined;
}

/** Parses JSON text (a leading BOM is reported and skipped). */
export function parseJson(text: string): ParsedSource {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const base: Omit<ParsedSource, 'ok' | 'value' | 'span'> = {
    format: 'json',
    diagnostics,
    range: (s, e) => index.range(s, e),
    comments: [],
  };
  const body = text;
  if (body.trim() === '') {
    diagnostics.push({
      code: 'input/empty',
      severity: 'error',
      pointer: '',
      range: index.range(0, 0),
      message: 'The file is empty: there is no document to lint.',
    });
    return { ...base, ok: false, value: undefined, span: () => undefined };
  }
  const depth = jsonDepth(body, MAX_FILE_DEPTH);
  if (depth > MAX_FILE_DEPTH) {
    diagnostics.push({
      code: 'parse/too-deep',
      severity: 'error',
      pointer: '',
      range: index.range(0, 1),
      message: `The document nests deeper than ${MAX_FILE_DEPTH} levels; no Admin API message is that deep. It was not linted further.`,
    });
    return { ...base, ok: false, value: undefined, span: () => undefined };
  }
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
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
  reportDuplicateKeys(root, index, diagnostics);
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
  return { ...base, ok: true, value: toValue(root), span };
}

function reportDuplicateKeys(root: Node, index: LineIndex, out: Diagnostic[]): void {
  const stack: { node: Node; pointer: string }[] = [{ node: root, pointer: '' }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        const name = String(k.value);
        const p = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (seen.has(name)) {
          out.push({
            code: 'parse/duplicate-key',
            severity: 'error',
            pointer: p,
            range: index.range(k.offset, k.offset + k.length),
            message: `The key "${name}" appears more than once in this object; only the last one counts (arrays are appended by the server). Keep one.`,
          });
        }
        seen.add(name);
        stack.push({ node: v, pointer: p });
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((c, i) => stack.push({ node: c, pointer: `${pointer}/${i}` }));
    }
  }
}
