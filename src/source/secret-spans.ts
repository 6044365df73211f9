/**
 * Where secrets sit in a file's text, for output that shows text rather than values (diffs, raw
 * excerpts). Three independent finders, unioned, so that each covers the others' blind spots:
 * the parsed document (also partial parses of broken files), credential-like keys found line by
 * line (any quoting or block style), and PEM private key blocks anywhere.
 */
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node as YamlNode } from 'yaml';
import { jsonDepth } from './json';
import { lineStarts } from './text-position';
import { MAX_FILE_DEPTH } from './types';
import { composeQuietly, readCst } from './yaml';
import { indexYaml } from './yaml-value';
import { containsPrivateKey, isSecretKeyName } from '../secrets/classify';
import { isPlaceholder } from '../util/placeholder';
import { MASK } from '../secrets/redact';

/** A secret's place in a text: `[start, end)` offsets. */
export type Span = readonly [number, number];

/** Every span of `text` that holds (part of) a secret. */
export function secretSpans(text: string, format: 'json' | 'yaml'): Span[] {
  const spans: Span[] = [];
  try {
    if (format === 'json') jsonSpans(text, spans);
    else yamlSpans(text, spans);
  } catch {
    // A parser failure leaves the line and PEM finders, which need no parse.
  }
  lineSpans(text, spans);
  pemSpans(text, spans);
  return spans;
}

function jsonSpans(text: string, out: Span[]): void {
  // The parser recurses: a text nested deeper than any document is left to the other finders.
  if (jsonDepth(text, MAX_FILE_DEPTH) > MAX_FILE_DEPTH) return;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return;
  const stack: { n: JsonNode; secret: boolean; depth: number }[] = [{ n: root, secret: false, depth: 0 }];
  while (stack.length > 0) {
    const { n, secret, depth } = stack.pop()!;
    if (depth > 600) continue;
    if (n.type === 'object') {
      for (const prop of n.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        stack.push({ n: v, secret: secret || isSecretKeyName(String(k.value)), depth: depth + 1 });
      }
    } else if (n.type === 'array') {
      for (const c of n.children ?? []) stack.push({ n: c, secret, depth: depth + 1 });
    } else if (secret && !(typeof n.value === 'string' && isPlaceholder(n.value))) {
      out.push([n.offset, n.offset + n.length]);
    }
  }
}

function yamlSpans(text: string, out: Span[]): void {
  // As the linter reads YAML: a lone CR is a line break (offsets unchanged), and a text nested too deep is not composed.
  const cst = readCst(text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text);
  if (cst.depth > MAX_FILE_DEPTH) return;
  for (const doc of composeQuietly(cst.tokens, { logLevel: 'silent', uniqueKeys: false })) documentSpans(doc, out);
}

/** The spans of one composed YAML document (every document of a file counts, not only the first). */
function documentSpans(doc: Document, out: Span[]): void {
  const { targets } = indexYaml(doc.contents);
  const stack: { n: unknown; secret: boolean; depth: number }[] = [{ n: doc.contents, secret: false, depth: 0 }];
  while (stack.length > 0) {
    const { n, secret, depth } = stack.pop()!;
    if (depth > 600 || n === null || n === undefined) continue;
    if (isMap(n)) {
      for (const pair of n.items) {
        const k = pair.key;
        const name = isScalar(k) ? String(k.value) : '';
        stack.push({ n: pair.value, secret: secret || isSecretKeyName(name), depth: depth + 1 });
      }
    } else if (isSeq(n)) {
      for (const item of n.items) stack.push({ n: isPair(item) ? item.value : item, secret, depth: depth + 1 });
    } else if (secret) {
      const node = n as YamlNode;
      if (isScalar(node) && typeof node.value === 'string' && isPlaceholder(node.value)) continue;
      if (node.range) out.push([node.range[0], node.range[1]]);
      if (isAlias(node)) {
        // The value lives at the anchor: that node is as secret as this alias.
        const target = targets.get(node);
        if (target?.range) out.push([target.range[0], target.range[1]]);
        if (target && !isScalar(target)) stack.push({ n: target, secret: true, depth: depth + 1 });
      } else if (!isScalar(node)) stack.push({ n: node, secret: true, depth: depth + 1 });
    }
  }
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
/** Characters that end a key written without quotes (and that a quoted key may not hold). */
const NOT_IN_KEY = new Set(['"', "'", ':', '#', '{', '}', '[', ']', ',']);

/**
 * Reads `key: value` at the start of a line: the indentation with any `- ` sequence markers, a key
 * of 1–64 characters (optionally quoted), then `:` and a blank or the line's end. A scan, not a
 * regular expression: the pattern it replaces backtracked quadratically on a line of spaces.
 */
export function keyLine(line: string): { indent: number; key: string; valueStart: number } | undefined {
  let i = 0;
  while (isBlank(line[i])) i++;
  while (line[i] === '-' && isBlank(line[i + 1])) {
    i++;
    while (isBlank(line[i])) i++;
  }
  const indent = i;
  const quote = line[i] === '"' || line[i] === "'" ? line[i] : undefined;
  if (quote) i++;
  const keyStart = i;
  while (i < line.length && !NOT_IN_KEY.has(line[i]!)) i++;
  let keyEnd = i;
  if (quote) {
    if (line[i] !== quote) return undefined;
    i++;
    while (isBlank(line[i])) i++;
  } else {
    while (keyEnd > keyStart && isBlank(line[keyEnd - 1])) keyEnd--;
  }
  const length = keyEnd - keyStart;
  if (line[i] !== ':' || length < 1 || length > 64) return undefined;
  i++;
  if (i < line.length && !isBlank(line[i])) return undefined;
  return { indent, key: line.slice(keyStart, keyEnd), valueStart: i < line.length ? i + 1 : i };
}

const indentOf = (line: string): number => /^[ \t]*/.exec(line)![0].length;

/**
 * `key: value` lines whose key looks like a credential: the rest of the line, and the following
 * lines that are indented deeper or continue a multi-line value (block scalars, folded plain text).
 */
function lineSpans(text: string, out: Span[]): void {
  const starts = lineStarts(text);
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = i + 1 < starts.length ? starts[i + 1]! : text.length;
    const line = text.slice(start, end).replace(/\r?\n$|\r$/, '');
    const m = keyLine(line);
    if (!m || !isSecretKeyName(m.key.trim())) continue;
    const valueStart = m.valueStart;
    const rest = line.slice(valueStart).trim();
    if (rest !== '' && isPlaceholder(rest.replace(/^["']|["'],?$/g, ''))) continue;
    out.push([start + valueStart, start + line.length]);
    // Continuation lines: deeper indentation than the key, or blank.
    const keyIndent = m.indent;
    let j = i + 1;
    for (; j < starts.length; j++) {
      const ls = starts[j]!;
      const le = j + 1 < starts.length ? starts[j + 1]! : text.length;
      const l = text.slice(ls, le).replace(/\r?\n$|\r$/, '');
      if (l.trim() !== '' && indentOf(l) <= keyIndent) break;
      if (l.trim() !== '') out.push([ls, ls + l.length]);
    }
    i = j - 1;
  }
}

/** PEM private key blocks, from BEGIN to END (or the end of the text). */
function pemSpans(text: string, out: Span[]): void {
  let from = 0;
  for (;;) {
    const begin = text.indexOf('-----BEGIN ', from);
    if (begin < 0) return;
    const headerEnd = text.indexOf('-----', begin + 11);
    if (headerEnd < 0 || !containsPrivateKey(text.slice(begin, Math.min(headerEnd + 5, begin + 80)))) {
      from = begin + 11;
      continue;
    }
    const end = text.indexOf('-----END ', headerEnd + 5);
    const stop = end < 0 ? text.length : end;
    out.push([begin, stop]);
    from = stop;
  }
}

/**
 * Masks the secret parts of each line of `text` that the spans touch: the part of the line inside
 * a span becomes the mask (leading whitespace kept), the rest of the line is unchanged.
 */
export function maskLines(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const merged = mergeSpans(spans);
  const starts = lineStarts(text);
  let out = '';
  let k = 0;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const next = i + 1 < starts.length ? starts[i + 1]! : text.length;
    const body = text.slice(start, next).replace(/\r?\n$|\r$/, '');
    const lineEnd = start + body.length;
    while (k < merged.length && merged[k]![1] <= start) k++;
    let pos = start;
    for (let j = k; j < merged.length && merged[j]![0] < lineEnd; j++) {
      const s = Math.max(merged[j]![0], start);
      const e = Math.min(merged[j]![1], lineEnd);
      const segment = text.slice(s, e);
      out += text.slice(pos, s) + (segment.trim() === '' ? segment : /^\s*/.exec(segment)![0] + MASK);
      pos = e;
    }
    out += text.slice(pos, next);
  }
  return out;
}

/** Sorted, non-overlapping spans covering the same offsets. */
function mergeSpans(spans: readonly Span[]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The secret substrings of a text (trimmed, unquoted), for masking messages about files that did not parse. */
export function secretStrings(text: string, spans: readonly Span[]): string[] {
  const found = new Set<string>();
  for (const [s, e] of spans) {
    for (const part of text.slice(s, e).split(/\r\n|\r|\n/)) {
      const t = part.trim();
      const unquoted = t.replace(/^["']|["'],?$/g, '');
      for (const v of [t, unquoted]) if (v.length >= 4 && !isPlaceholder(v) && !v.startsWith('-----')) found.add(v);
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}
