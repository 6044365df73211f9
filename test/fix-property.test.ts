/**
 * `--fix` never damages a file, as a property: documents written in every YAML style (block and
 * flow collections, plain, quoted and block scalars, comments everywhere, anchors and aliases,
 * LF/CRLF/CR, byte order mark, no final newline) and as JSON with odd spacing, carrying random
 * fixable mistakes. The fixed text parses, equals the document the generator meant (or a fix is
 * skipped with its reason), keeps every comment and its line ends, and a second pass changes nothing.
 * `npm run fuzz` runs them long (test/support/fuzz.ts).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixText } from '../src/fix/fix-text';
import { parseSource } from '../src/source/index';
import { scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';
import { FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';

/** A node of the document as written: what the file says, not (only) what it means. */
type Written =
  | { t: 'map'; entries: { key: string; value: Written }[] }
  | { t: 'seq'; items: Written[] }
  | { t: 'scalar'; value: unknown; forms?: readonly string[]; anchor?: string; alias?: string };

const map = (entries: Record<string, Written>): Written => ({
  t: 'map',
  entries: Object.entries(entries).map(([key, value]) => ({ key, value })),
});
const s = (value: unknown, forms?: readonly string[]): Written => ({ t: 'scalar', value, ...(forms ? { forms } : {}) });

/** The document the generator means: valid, and without a finding that has a fix. */
function intended(): Record<string, unknown> {
  const filter = { name: 'orders', patternType: 'PATTERN_TYPE_LITERAL', filterType: 'FILTER_TYPE_INCLUDE' };
  return {
    name: 'dr-link',
    configurations: {
      clientOptions: { bootstrapServers: ['b1:9092'], metadataMaxAgeMs: 10000, tlsSettings: { enabled: true } },
      topicMetadataSyncOptions: {
        interval: '30s',
        excludeDefault: true,
        autoCreateShadowTopicFilters: [filter],
        syncedShadowTopicProperties: ['min.insync.replicas', 'retention.bytes'],
      },
      consumerOffsetSyncOptions: { interval: '45s', groupFilters: [{ ...filter, name: '*' }] },
      securitySyncOptions: { paused: false },
    },
  };
}

/** The mistakes `--fix` repairs, each as a change to the written tree of `intended()`. */
const MISTAKES = {
  snakeKey: (w: Tree) => renameKey(w.clientOptions(), 'bootstrapServers', 'bootstrap_servers'),
  caseKey: (w: Tree) => renameKey(w.clientOptions(), 'metadataMaxAgeMs', 'MetadataMaxAgeMs'),
  quotedInteger: (w: Tree) => setScalar(w.clientOptions(), 'metadataMaxAgeMs', s('10000', ['"10000"', "'10000'"])),
  quotedBoolean: (w: Tree) => setScalar(w.section('securitySyncOptions'), 'paused', s('false', ['"false"', "'false'"])),
  loneValue: (w: Tree) => setScalar(w.clientOptions(), 'bootstrapServers', s('b1:9092')),
  durationNumber: (w: Tree) => setScalar(w.section('topicMetadataSyncOptions'), 'interval', s(30, ['30'])),
  durationIso: (w: Tree) =>
    setScalar(
      w.section('consumerOffsetSyncOptions'),
      'interval',
      s('PT45S', ['PT45S', "'PT45S'", '"PT45S"', '|-\n@PT45S', '>-\n@PT45S', '|\n@PT45S', '>\n@PT45S', '|2-\n@PT45S']),
    ),
  enumShort: (w: Tree) => {
    const filter = firstItem(w.section('topicMetadataSyncOptions'), 'autoCreateShadowTopicFilters');
    setScalar(filter, 'filterType', s('include', ['include', "'include'", '"include"']));
  },
  outputOnly: (w: Tree) => w.root.entries.splice(1, 0, { key: 'uid', value: s('c0ffee-uid', ["'c0ffee-uid'"]) }),
  syncedTypo: (w: Tree) => setItem(w.section('topicMetadataSyncOptions'), 0, s('min.insync.replica')),
  syncedDuplicate: (w: Tree) => {
    const list = entry(w.section('topicMetadataSyncOptions'), 'syncedShadowTopicProperties') as { items: Written[] };
    list.items.splice(1, 0, s('min.insync.replicas'));
  },
} satisfies Record<string, (w: Tree) => unknown>;
type Mistake = keyof typeof MISTAKES;

interface Tree {
  root: Extract<Written, { t: 'map' }>;
  section(name: string): Extract<Written, { t: 'map' }>;
  clientOptions(): Extract<Written, { t: 'map' }>;
}

function entry(m: Written, key: string): Written {
  if (m.t !== 'map') throw new Error(`not a map at ${key}`);
  const e = m.entries.find((x) => x.key === key);
  if (!e) throw new Error(`no ${key}`);
  return e.value;
}
const asMap = (w: Written) => w as Extract<Written, { t: 'map' }>;
function renameKey(m: Written, from: string, to: string): void {
  const e = asMap(m).entries.find((x) => x.key === from);
  if (e) e.key = to;
}
function setScalar(m: Written, key: string, value: Written): void {
  const e = asMap(m).entries.find((x) => x.key === key || x.key.toLowerCase() === key.toLowerCase());
  if (e) e.value = value;
}
const firstItem = (m: Written, key: string) => (entry(m, key) as { items: Written[] }).items[0]!;
function setItem(m: Written, index: number, value: Written): void {
  (entry(m, 'syncedShadowTopicProperties') as { items: Written[] }).items[index] = value;
}

/** The written tree of a plain value: every scalar written in a style chosen later. */
function toWritten(v: unknown): Written {
  if (Array.isArray(v)) return { t: 'seq', items: v.map(toWritten) };
  if (v !== null && typeof v === 'object')
    return map(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toWritten(x)])));
  return s(v);
}

function treeOf(value: Record<string, unknown>): Tree {
  const root = asMap(toWritten(value));
  const configurations = asMap(entry(root, 'configurations'));
  return {
    root,
    section: (name) => asMap(entry(configurations, name)),
    clientOptions: () => asMap(entry(configurations, 'clientOptions')),
  };
}

/** Deterministic choices from one seed (fast-check reports the seed of a failure). */
function chooser(seed: number) {
  let a = seed >>> 0 || 1;
  const next = () => {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    return (a >>> 0) / 2 ** 32;
  };
  return {
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

interface Style {
  seed: number;
  indent: 2 | 4;
  flow: number;
  comments: number;
  anchors: boolean;
}

const plainSafe = (v: string) =>
  /^[A-Za-z][A-Za-z0-9._:-]*$/.test(v) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(v);

/** A scalar in one of the styles that read back as its value. */
function scalarForms(v: unknown, inFlow: boolean): string[] {
  if (typeof v !== 'string') return [JSON.stringify(v)];
  const quoted = [JSON.stringify(v), `'${v.replace(/'/g, "''")}'`];
  const plain = plainSafe(v) ? [v] : [];
  return inFlow ? [...plain, ...quoted] : [...plain, ...quoted, `|-\n@${v}`, `>-\n@${v}`];
}

/** Writes the tree as YAML with LF line ends; `@` in a block scalar form stands for its indentation. */
function writeYaml(tree: Tree, style: Style): string {
  const c = chooser(style.seed);
  let n = 0;
  const comment = () => `# c${n++} keep this`;
  const scalar = (w: Extract<Written, { t: 'scalar' }>, inFlow: boolean, indent: string): string => {
    if (w.alias) return `*${w.alias}`;
    const forms = (w.forms ?? scalarForms(w.value, inFlow)).filter((f) => !(inFlow && /^[|>]/.test(f)));
    let text = c.pick(forms.length > 0 ? forms : scalarForms(w.value, true));
    const block = /^[|>]/.test(text);
    if (block && c.chance(style.comments)) text = text.replace('\n', ` ${comment()}\n`);
    text = text.replace('@', `${indent}${' '.repeat(style.indent)}`);
    return w.anchor ? `&${w.anchor} ${text}` : text;
  };
  const flow = (w: Written, indent: string): string => {
    if (w.t === 'scalar') return scalar(w, true, indent);
    const inner = `${indent}${' '.repeat(style.indent)}`;
    const parts =
      w.t === 'map' ? w.entries.map((e) => `${e.key}: ${flow(e.value, inner)}`) : w.items.map((i) => flow(i, inner));
    const [open, close] = w.t === 'map' ? ['{', '}'] : ['[', ']'];
    if (parts.length === 0) return `${open}${close}`;
    if (!c.chance(style.comments)) return `${open}${parts.join(', ')}${close}`;
    // One item per line, a comment after the comma: the shape that once lost its comment.
    return `${open}\n${parts.map((p, i) => `${inner}${p}${i < parts.length - 1 ? `, ${comment()}` : ''}`).join('\n')}\n${inner}${close}`;
  };
  const lines: string[] = [];
  const block = (w: Written, indent: string) => {
    const items = w.t === 'map' ? w.entries.map((e) => ({ lead: `${e.key}:`, value: e.value })) : [];
    const seqItems = w.t === 'seq' ? w.items.map((value) => ({ lead: '-', value })) : [];
    for (const { lead, value } of [...items, ...seqItems]) {
      if (c.chance(style.comments / 2)) lines.push(`${indent}${comment()}`);
      const inner = `${indent}${' '.repeat(style.indent)}`;
      if (value.t === 'scalar') {
        const text = scalar(value, false, indent);
        const trailing = !/^(&\S+ )?[|>]/.test(text) && c.chance(style.comments) ? ` ${comment()}` : '';
        lines.push(`${indent}${lead} ${text}${trailing}`);
      } else if (c.chance(style.flow) || (value.t === 'map' ? value.entries : value.items).length === 0) {
        lines.push(`${indent}${lead} ${flow(value, indent)}`);
      } else {
        lines.push(`${indent}${lead}`);
        block(value, inner);
      }
    }
  };
  if (style.anchors) {
    // One scalar anchored and used again: fixes then either apply to both places or are skipped.
    const topic = entry(entry(tree.root, 'configurations'), 'topicMetadataSyncOptions') as Written;
    const group = entry(entry(tree.root, 'configurations'), 'consumerOffsetSyncOptions') as Written;
    const source = asMap(topic).entries.find((e) => e.key === 'interval')!;
    const target = asMap(group).entries.find((e) => e.key === 'interval')!;
    source.value = { ...(source.value as object), anchor: 'every' } as Written;
    target.value = { t: 'scalar', value: undefined, alias: 'every' };
  }
  block(tree.root, '');
  return `${lines.join('\n')}\n`;
}

/** The written tree as plain JSON values (for JSON documents). */
function jsonValue(w: Written): unknown {
  if (w.t === 'scalar') return w.value;
  if (w.t === 'seq') return w.items.map(jsonValue);
  return Object.fromEntries(w.entries.map((e) => [e.key, jsonValue(e.value)]));
}

const LINE_ENDS = ['\n', '\r\n', '\r'] as const;

const documents = fc.record({
  format: fc.constantFrom('yaml', 'yaml', 'yaml', 'json'),
  mistakes: fc.subarray(Object.keys(MISTAKES) as Mistake[], { minLength: 1 }),
  style: fc.record({
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    indent: fc.constantFrom(2 as const, 4 as const),
    flow: fc.constantFrom(0, 0.3, 1),
    comments: fc.constantFrom(0, 0.3, 0.8),
    anchors: fc.boolean(),
  }),
  lineEnd: fc.constantFrom(...LINE_ENDS),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
});
type Doc = typeof documents extends fc.Arbitrary<infer T> ? T : never;

/** The text of a generated document, and the value `--fix` should turn it into. */
function build(d: Doc): { text: string; expected: unknown; anchored: boolean } {
  const value = intended();
  const tree = treeOf(value);
  // Values first, then keys: a renamed key would hide its value from the value mistakes.
  const renames: Mistake[] = ['snakeKey', 'caseKey'];
  for (const m of d.mistakes.filter((x) => !renames.includes(x))) MISTAKES[m](tree);
  for (const m of d.mistakes.filter((x) => renames.includes(x))) MISTAKES[m](tree);
  let text: string;
  let anchored = false;
  if (d.format === 'json') {
    const c = chooser(d.style.seed);
    text = JSON.stringify(jsonValue(tree.root), null, c.pick([0, 2, 4, '\t']));
    // Odd but valid spacing around the punctuation.
    if (c.chance(0.5)) text = text.replace(/":/g, '" :').replace(/,\n/g, ' ,\n');
    text += '\n';
  } else {
    // The alias replaces the second interval, so it cannot also carry that interval's own mistake.
    anchored = d.style.anchors && !d.mistakes.includes('durationIso');
    text = writeYaml(tree, { ...d.style, anchors: anchored });
    if (anchored) {
      const c = value['configurations'] as Record<string, Record<string, unknown>>;
      c['consumerOffsetSyncOptions']!['interval'] = c['topicMetadataSyncOptions']!['interval'];
    }
  }
  if (!d.finalNewline) text = text.replace(/\n$/, '');
  if (d.lineEnd !== '\n') text = text.replace(/\n/g, d.lineEnd);
  if (d.bom) text = `\uFEFF${text}`;
  return { text, expected: value, anchored };
}

const filenameOf = (d: Doc) => (d.format === 'json' ? 'link.json' : 'link.yaml');
const commentsOf = (text: string, format: 'json' | 'yaml') =>
  parseSource(text.replace(/^\uFEFF/, ''), format)
    .comments.map((c) => c.text.trimEnd())
    .sort();

describe('--fix on generated documents of every style', () => {
  it(
    'the generator writes what it means: the mistake-free documents lint clean and parse to the intended value',
    () => {
      fc.assert(
        fc.property(documents, (d) => {
          const { text, expected } = build({ ...d, mistakes: [] });
          const parsed = parseSource(text.replace(/^\uFEFF/, ''), d.format);
          expect(parsed.diagnostics, text).toEqual([]);
          expect(parsed.value).toEqual(expected);
          expect(fixText(text, { filename: filenameOf(d) }).applied).toBe(0);
        }),
        { numRuns: fuzzRuns(150, 0.005), seed: fuzzSeed(8_0001) },
      );
    },
    LIMIT,
  );

  it(
    'parses, equals the intended value (or says why a fix was skipped), keeps comments and line ends, and is idempotent',
    () => {
      fc.assert(
        fc.property(documents, (d) => {
          const { text, expected, anchored } = build(d);
          const filename = filenameOf(d);
          const fixed = fixText(text, { filename });
          if (!anchored) expect(fixed.applied, text).toBeGreaterThan(0);
          const body = fixed.text.replace(/^\uFEFF/, '');
          const parsed = parseSource(body, d.format);
          expect(
            parsed.diagnostics.filter((x) => x.code.startsWith('parse/')),
            fixed.text,
          ).toEqual([]);
          if (fixed.skipped.length === 0) expect(parsed.value, `${text}\n---\n${fixed.text}`).toEqual(expected);
          else {
            // Only a node shared through an alias may hold a fix back; its finding says why.
            expect(anchored, `${JSON.stringify(fixed.skipped)}\n${text}`).toBe(true);
            for (const sk of fixed.skipped) {
              const finding = fixed.result.diagnostics.find((x) => x.pointer === sk.fix.pointer);
              expect(finding?.message).toContain('Its fix was not applied');
            }
          }
          // Every comment, with its text; the byte order mark and the line ends as they were.
          expect(commentsOf(fixed.text, d.format)).toEqual(commentsOf(text, d.format));
          expect(fixed.text.startsWith('\uFEFF')).toBe(d.bom);
          if (d.lineEnd === '\r\n') expect(fixed.text).not.toMatch(/[^\r]\n|\r(?!\n)/);
          if (d.lineEnd === '\r') expect(fixed.text).not.toContain('\n');
          if (d.lineEnd === '\n') expect(fixed.text).not.toContain('\r');
          expect(/(\r\n|\r|\n)$/.test(fixed.text)).toBe(d.finalNewline);
          // A second --fix finds nothing left to do.
          const again = fixText(fixed.text, { filename });
          expect(again.text).toBe(fixed.text);
          expect(again.applied).toBe(0);
        }),
        { numRuns: fuzzRuns(300, 0.01), seed: fuzzSeed(8_0002) },
      );
    },
    LIMIT,
  );

  it(
    'the CLI writes exactly what fixText computes, and a second run is a no-op',
    async () => {
      await fc.assert(
        fc.asyncProperty(documents, async (d) => {
          const { text } = build(d);
          const filename = filenameOf(d);
          const dir = scratch({ [filename]: text });
          const first = await runInProcess(['lint', '--fix', '-f', 'json', filename], { cwd: dir });
          expect([0, 1]).toContain(first.code);
          const written = readFileSync(join(dir, filename), 'utf8');
          expect(written).toBe(fixText(text, { filename }).text);
          await runInProcess(['lint', '--fix', '-f', 'json', filename], { cwd: dir });
          expect(readFileSync(join(dir, filename), 'utf8')).toBe(written);
        }),
        { numRuns: fuzzRuns(25, 0.001), seed: fuzzSeed(8_0003) },
      );
    },
    LIMIT,
  );
});
