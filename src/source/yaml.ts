/** YAML with positions: the `yaml` Document API (YAML 1.2 core schema), one document per file. */
import { isMap, isPair, isScalar, isSeq, parseAllDocuments, type Document, type Node as YamlNode } from 'yaml';
import type { Diagnostic } from '../lint/diagnostics';
import { parsePointer } from '../util/pointer';
import { LineIndex } from './text-position';
import { emptyFile, MAX_FILE_DEPTH, tooDeep, type NodeSpan, type ParsedSource } from './types';

const MODELINE = /^#\s*yaml-language-server\s*:\s*\$schema=(\S+)/;

const FRIENDLY: Record<string, string> = {
  TAB_AS_INDENT: 'Tabs cannot be used for indentation in YAML; indent with spaces',
  DUPLICATE_KEY: 'duplicate key',
  BAD_INDENT: 'Bad indentation',
  MISSING_CHAR: 'A character is missing',
  UNEXPECTED_TOKEN: 'Unexpected token',
  BLOCK_AS_IMPLICIT_KEY: 'A block value cannot be used as an implicit key',
  MULTILINE_IMPLICIT_KEY: 'Implicit keys must be on a single line',
};

type AnyNode = YamlNode | null | undefined;

function childNode(node: AnyNode, token: string): { key?: YamlNode; value: AnyNode } | undefined {
  if (isMap(node)) {
    for (let i = node.items.length - 1; i >= 0; i--) {
      const pair = node.items[i]!;
      const k = pair.key as AnyNode;
      const name = isScalar(k) ? String(k.value) : k === null || k === undefined ? '' : String(k);
      if (name === token) return { ...(k ? { key: k } : {}), value: pair.value as AnyNode };
    }
    return undefined;
  }
  if (isSeq(node) && /^(0|[1-9]\d*)$/.test(token)) {
    const i = Number(token);
    if (i >= node.items.length) return undefined;
    const item = node.items[i];
    return { value: (isPair(item) ? item.value : item) as AnyNode };
  }
  return undefined;
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
export function parseYaml(text: string): ParsedSource {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const comments: { line: number; text: string }[] = [];
  let modelineSchema: string | undefined;
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    const hash = line.indexOf('#');
    if (hash < 0) return;
    const t = line.slice(hash).trim();
    // Only whole-line or trailing comments that start with '#' after whitespace are comments.
    if (hash > 0 && !/\s/.test(line[hash - 1]!)) return;
    comments.push({ line: i + 1, text: t });
    const m = MODELINE.exec(t);
    if (m && modelineSchema === undefined) modelineSchema = m[1];
  });
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
      uniqueKeys: true,
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
  let syntaxError = false;
  for (const e of doc.errors.slice(0, 20)) {
    const duplicate = e.code === 'DUPLICATE_KEY';
    if (!duplicate) syntaxError = true;
    diagnostics.push({
      code: duplicate ? 'parse/duplicate-key' : 'parse/yaml-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(e.pos[0], e.pos[1]),
      message: duplicate
        ? 'This key appears more than once in its mapping; keep one (the server keeps the last, and appends arrays).'
        : `YAML syntax error: ${FRIENDLY[e.code] ?? e.message.replace(/ at line \d+, column \d+.*$/s, '')}.`,
    });
  }
  if (syntaxError) return fail();
  if (yamlDepth(doc.contents as AnyNode, MAX_FILE_DEPTH) > MAX_FILE_DEPTH) {
    diagnostics.push(tooDeep(index.range(0, 1)));
    return fail();
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const bomb = error instanceof Error && /alias/i.test(error.message);
    diagnostics.push({
      code: bomb ? 'parse/alias-bomb' : 'parse/yaml-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(0, 1),
      message: bomb
        ? 'The YAML expands aliases excessively (an "alias bomb"); it was not linted. Write the values out instead of nesting aliases.'
        : `YAML could not be converted to a value: ${error instanceof Error ? error.message : String(error)}.`,
    });
    return fail();
  }
  const span = (pointer: string): NodeSpan | undefined => {
    let node: AnyNode = doc.contents as AnyNode;
    let key: YamlNode | undefined;
    let parentSpan: [number, number] | undefined = spanOf(node);
    for (const token of parsePointer(pointer)) {
      const next = childNode(node, token);
      if (!next) return undefined;
      parentSpan = spanOf(node) ?? parentSpan;
      node = next.value;
      key = next.key;
    }
    const keySpan = spanOf(key);
    const valueSpan = spanOf(node) ?? keySpan ?? parentSpan;
    if (!valueSpan) return undefined;
    const s: NodeSpan = { value: valueSpan };
    if (keySpan) s.key = keySpan;
    return s;
  };
  return { ...base, ok: true, value, span };
}
