/**
 * Where secrets sit in a file's text, for output that shows text rather than values (diffs, raw
 * excerpts). Three independent finders, unioned, so that each covers the others' blind spots:
 * the parsed document (also partial parses of broken files), credential-like keys found line by
 * line (any quoting or block style), and PEM private key blocks anywhere.
 */
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { indexYaml } from '../source/yaml-value';
import { containsPrivateKey, isSecretKeyName } from './classify';
import { isPlaceholder } from './placeholder';
import { MASK } from './redact';

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
  const doc = parseDocument(text, { logLevel: 'silent', uniqueKeys: false });
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

/** Start offset of each line (after `\n`, `\r\n` or a lone `\r`). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

const KEY_LINE = /^([ \t]*(?:-[ \t]+)*)(["']?)([^"':#{}[\],]{1,64})\2[ \t]*:(?:[ \t]|$)/;

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
    const m = KEY_LINE.exec(line);
    if (!m || !isSecretKeyName(m[3]!.trim())) continue;
    const valueStart = m[0].length;
    const rest = line.slice(valueStart).trim();
    if (rest !== '' && isPlaceholder(rest.replace(/^["']|["'],?$/g, ''))) continue;
    out.push([start + valueStart, start + line.length]);
    // Continuation lines: deeper indentation than the key, or blank.
    const keyIndent = m[1]!.length;
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
