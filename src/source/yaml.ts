/** YAML with positions: the `yaml` Document API (YAML 1.2 core schema), one document per file. */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  Parser,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { Diagnostic } from '../lint/diagnostics';
import { parsePointer } from '../util/pointer';
import { LineIndex } from './text-position';
import { emptyFile, MAX_FILE_DEPTH, tooDeep, type NodeSpan, type ParsedSource } from './types';
import { indexYaml, MAX_ALIAS_EXPANSION, yamlValue } from './yaml-value';

const MODELINE = /^#\s*yaml-language-server\s*:\s*\$schema=(\S+)/;

const FRIENDLY: Record<string, string> = {
  TAB_AS_INDENT: 'Tabs cannot be used for indentation in YAML; indent with spaces',
  BAD_INDENT: 'Bad indentation',
  MISSING_CHAR: 'A character is missing',
  UNEXPECTED_TOKEN: 'Unexpected token',
  BLOCK_AS_IMPLICIT_KEY: 'A block value cannot be used as an implicit key',
  MULTILINE_IMPLICIT_KEY: 'Implicit keys must be on a single line',
};

type AnyNode = YamlNode | null | undefined;

// Pairs of large mappings by key, built on first lookup: finding every key of a 40,000-key mapping stays linear.
const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();
const INDEX_FROM = 16;

const keyName = (k: AnyNode): string =>
  isScalar(k) ? String(k.value) : k === null || k === undefined ? '' : String(k);

function findPair(node: YAMLMap, token: string): Pair | undefined {
  if (node.items.length < INDEX_FROM) {
    for (let i = node.items.length - 1; i >= 0; i--) {
      const pair = node.items[i]!;
      if (keyName(pair.key as AnyNode) === token) return pair;
    }
    return undefined;
  }
  let index = pairIndex.get(node);
  if (!index) {
    index = new Map();
    // The last pair with a key is the one whose value counts.
    for (const pair of node.items) index.set(keyName(pair.key as AnyNode), pair);
    pairIndex.set(node, index);
  }
  return index.get(token);
}

function childNode(node: AnyNode, token: string): { key?: YamlNode; value: AnyNode } | undefined {
  if (isMap(node)) {
    const pair = findPair(node, token);
    if (!pair) return undefined;
    const k = pair.key as AnyNode;
    return { ...(k ? { key: k } : {}), value: pair.value as AnyNode };
  }
  if (isSeq(node) && /^(0|[1-9]\d*)$/.test(token)) {
    const i = Number(token);
    if (i >= node.items.length) return undefined;
    const item = node.items[i];
    return { value: (isPair(item) ? item.value : item) as AnyNode };
  }
  return undefined;
}

/** The comments of a YAML text, from its concrete syntax tree: never a `#` inside a string or block scalar. */
export function yamlComments(text: string): { offset: number; text: string }[] {
  const out: { offset: number; text: string }[] = [];
  const stack: unknown[] = [];
  for (const token of new Parser().parse(text)) stack.push(token);
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === null || typeof n !== 'object') continue;
    if (Array.isArray(n)) {
      for (const x of n) stack.push(x);
      continue;
    }
    const t = n as { type?: string; offset?: number; source?: string };
    if (t.type === 'comment' && typeof t.offset === 'number' && typeof t.source === 'string') {
      out.push({ offset: t.offset, text: t.source });
      continue;
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'source' && v !== null && typeof v === 'object') stack.push(v);
  }
  return out.sort((a, b) => a.offset - b.offset);
}

const spanOf = (n: AnyNode): [number, number] | undefined => (n && n.range ? [n.range[0], n.range[1]] : undefined);

/** Depth of a YAML node tree, stopping early past `limit` (iterative; aliases are not followed). */
function yamlDepth(root: AnyNode, limit: number): number {
  const stack: { n: AnyNode; d: number }[] = [{ n: root, d: 0 }];
  let max = 0;
  while (stack.length > 0) {
    const { n, d } = stack.pop()!;
    if (d > max) max = d;
    if (max > limit) return max;
    if (isMap(n)) for (const p of n.items) stack.push({ n: p.value as AnyNode, d: d + 1 });
    else if (isSeq(n)) for (const i of n.items) stack.push({ n: i as AnyNode, d: d + 1 });
  }
  return max;
}

/** Parses YAML text; several documents, syntax errors, duplicate keys and alias bombs become diagnostics. */
export function parseYaml(original: string): ParsedSource {
  const index = new LineIndex(original);
  // The parser knows only LF and CRLF line breaks; a lone CR (old Mac files) becomes LF, which keeps every offset.
  const text = original.includes('\r') ? original.replace(/\r(?!\n)/g, '\n') : original;
  const diagnostics: Diagnostic[] = [];
  let modelineSchema: string | undefined;
  let comments: { line: number; text: string; offset: number }[] = [];
  try {
    comments = yamlComments(text).map((c) => ({ ...c, line: index.position(c.offset).line }));
  } catch {
    // The syntax error is reported below; directives in a file that does not parse do not matter.
  }
  for (const c of comments) {
    const m = MODELINE.exec(c.text);
    if (m) {
      modelineSchema = m[1];
      break;
    }
  }
  const base = {
    format: 'yaml' as const,
    diagnostics,
    range: (s: number, e: number) => index.range(s, e),
    comments,
    ...(modelineSchema ? { modelineSchema } : {}),
  };
  const fail = (): ParsedSource => ({ ...base, ok: false, value: undefined, span: () => undefined });

  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, {
      prettyErrors: false,
      // Duplicate keys are found below, in linear time.
      uniqueKeys: false,
      strict: true,
      // Problems become diagnostics; the library must not print process warnings of its own.
      logLevel: 'error',
    }) as Document.Parsed[];
  } catch (error) {
    diagnostics.push({
      code: 'parse/yaml-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(0, 0),
      message: `YAML could not be parsed: ${error instanceof Error ? error.message : String(error)}.`,
    });
    return fail();
  }
  if (!Array.isArray(docs)) docs = [];
  const real = docs.filter((d) => d.contents !== null || d.errors.length > 0);
  if (real.length === 0) {
    diagnostics.push(emptyFile(index.range(0, 0), ' (or only comments)'));
    return fail();
  }
  const doc = real[0]!;
  for (const extra of real.slice(1)) {
    const start = extra.range?.[0] ?? 0;
    diagnostics.push({
      code: 'parse/multi-document',
      severity: 'error',
      pointer: '',
      range: index.range(start, start + 1),
      message:
        'This file holds more than one YAML document (separated by ---); one file is one request or config. Split it into separate files. Only the first document was linted.',
    });
  }
  const syntaxError = doc.errors.length > 0;
  for (const e of doc.errors.slice(0, 20)) {
    diagnostics.push({
      code: 'parse/yaml-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(e.pos[0], e.pos[1]),
      message: `YAML syntax error: ${FRIENDLY[e.code] ?? e.message.replace(/ at line \d+, column \d+.*$/s, '')}.`,
    });
  }
  const tree = indexYaml(doc.contents as AnyNode);
  if (!syntaxError) {
    for (const key of tree.duplicateKeys) {
      const [s, e] = key.range ?? [0, 0];
      diagnostics.push({
        code: 'parse/duplicate-key',
        severity: 'error',
        pointer: '',
        range: index.range(s, e),
        message:
          'This key appears more than once in its mapping; keep one (the server keeps the last, and appends arrays).',
      });
    }
  }
  if (syntaxError) return fail();
  if (yamlDepth(doc.contents as AnyNode, MAX_FILE_DEPTH) > MAX_FILE_DEPTH) {
    diagnostics.push(tooDeep(index.range(0, 1)));
    return fail();
  }
  let converted: ReturnType<typeof yamlValue>;
  try {
    converted = yamlValue(doc.contents as AnyNode, tree);
  } catch (error) {
    diagnostics.push({
      code: 'parse/yaml-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(0, 1),
      message: `YAML could not be converted to a value: ${error instanceof Error ? error.message : String(error)}.`,
    });
    return fail();
  }
  if ('problem' in converted) {
    diagnostics.push({
      code: 'parse/alias-bomb',
      severity: 'error',
      pointer: '',
      range: index.range(0, 1),
      message:
        converted.problem === 'cycle'
          ? 'An alias (*…) refers to a node that contains it, so the value would be infinite; it was not linted. Write the values out.'
          : `The YAML's aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values beyond those written (an "alias bomb"); it was not linted. Write the values out instead of nesting aliases.`,
    });
    return fail();
  }
  const value = converted.value;
  const span = (pointer: string): NodeSpan | undefined => {
    let node: AnyNode = doc.contents as AnyNode;
    let key: YamlNode | undefined;
    let parentSpan: [number, number] | undefined = spanOf(node);
    let parentFlow = false;
    let throughAlias = false;
    for (const token of parsePointer(pointer)) {
      if (isAlias(node)) {
        // The value lives at the anchor; edits there would change every place that uses it.
        node = tree.targets.get(node);
        throughAlias = true;
      }
      const next = childNode(node, token);
      if (!next) return undefined;
      parentSpan = spanOf(node) ?? parentSpan;
      parentFlow = (isMap(node) || isSeq(node)) && node.flow === true;
      node = next.value;
      key = next.key;
    }
    const keySpan = spanOf(key);
    const valueSpan = spanOf(node) ?? keySpan ?? parentSpan;
    if (!valueSpan) return undefined;
    const s: NodeSpan = { value: valueSpan };
    if (keySpan) s.key = keySpan;
    const scalarType = isScalar(node) ? node.type : undefined;
    const anchor = node && !isAlias(node) ? (node as { anchor?: string }).anchor : undefined;
    s.yaml = {
      ...(isAlias(node) || throughAlias ? { alias: true } : {}),
      ...(anchor ? { anchor } : {}),
      ...(scalarType === 'BLOCK_LITERAL' || scalarType === 'BLOCK_FOLDED' ? { block: true } : {}),
      ...(parentFlow ? { flowParent: true } : {}),
      ...(node === null || node === undefined || !(node as YamlNode).range ? { empty: true } : {}),
    };
    return s;
  };
  return { ...base, ok: true, value, span };
}
