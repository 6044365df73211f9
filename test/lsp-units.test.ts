/** The language server's parts: positions and edits, the place under the cursor, hover text, ownership, the job runner. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument, formatFor, namesOurSchema } from '../src/lsp/analyze';
import { fieldHover, findingHover } from '../src/lsp/hover';
import { minimalEdit, placeAt, toLspRange } from '../src/lsp/positions';
import { JobCancelled, JobFailed, JobRunner } from '../src/lsp/runner';
import { kindSchemas } from '../src/model/kinds';
import { parseSource } from '../src/source/index';
import { schemaAt } from '../src/util/schema-walk';
import { GOOD_YAML, ROOT, scratch } from './cli-helpers';

describe('minimalEdit', () => {
  const texts = fc.string({ unit: fc.constantFrom('a', 'b', '\r', '\n', '😀', '\uD800', 'é'), maxLength: 30 });
  it('turns one text into the other, never cutting a surrogate pair or a CRLF', () => {
    fc.assert(
      fc.property(texts, texts, (a, b) => {
        const e = minimalEdit(a, b);
        expect(a.slice(0, e.start) + e.text + a.slice(e.end)).toBe(b);
        for (const i of [e.start, e.end]) {
          if (i <= 0 || i >= a.length) continue;
          const prev = a.charCodeAt(i - 1);
          expect(prev >= 0xd800 && prev <= 0xdbff && a.charCodeAt(i) >= 0xdc00).toBe(false);
          expect(a[i - 1] === '\r' && a[i] === '\n').toBe(false);
        }
      }),
    );
  });

  it('is empty for equal texts', () => {
    expect(minimalEdit('abc', 'abc')).toEqual({ start: 3, end: 3, text: '' });
  });
});

describe('placeAt', () => {
  it('finds the key or value under an offset, in JSON and YAML', () => {
    const json = '{"a": {"bb": [1, "x"]}}';
    const src = parseSource(json, 'json');
    expect(placeAt(src, json.indexOf('bb'))).toEqual({ pointer: '/a/bb', onKey: true });
    expect(placeAt(src, json.indexOf('"x"') + 1)).toEqual({ pointer: '/a/bb/1', onKey: false, value: 'x' });
    expect(placeAt(src, 0)).toBeUndefined();
    const yaml = 'a:\n  bb:\n    - 1\n    - x\n';
    const ysrc = parseSource(yaml, 'yaml');
    expect(placeAt(ysrc, yaml.indexOf('bb') + 2)).toEqual({ pointer: '/a/bb', onKey: true });
    expect(placeAt(ysrc, yaml.indexOf('x'))).toEqual({ pointer: '/a/bb/1', onKey: false, value: 'x' });
  });

  it('has no place in a YAML value that contains itself through an alias (the parser refuses it)', () => {
    const yaml = 'a: &x\n  - *x\n';
    const src = parseSource(yaml, 'yaml');
    expect(src.ok).toBe(false);
    expect(placeAt(src, yaml.indexOf('*x') + 1)).toBeUndefined();
  });
});

describe('hover text', () => {
  it("shows a field's model description, type, default and values", () => {
    const pointer = '/configurations/topicMetadataSyncOptions/excludeDefault';
    const text = fieldHover('ShadowLink', pointer)!;
    expect(text).toContain(schemaAt(kindSchemas.ShadowLink, pointer)!.description as string);
    expect(text).toContain('Default: `false`');
    expect(text.startsWith('**excludeDefault** — boolean')).toBe(true);
  });

  it('looks snake_case keys up by their camelCase field, and names array items', () => {
    const snake = fieldHover('ShadowLink', '/configurations/client_options/bootstrap_servers')!;
    expect(snake).toContain(
      schemaAt(kindSchemas.ShadowLink, '/configurations/clientOptions/bootstrapServers')!.description as string,
    );
    const item = fieldHover('ShadowLink', '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/2')!;
    expect(item.startsWith('**autoCreateShadowTopicFilters[2]**')).toBe(true);
  });

  it("explains an enum value with the model's description of it", () => {
    const pointer = '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/patternType';
    const text = fieldHover('ShadowLink', pointer, 'PATTERN_TYPE_PREFIX')!;
    const s = schemaAt(kindSchemas.ShadowLink, pointer)!;
    const meaning = (s.enumDescriptions as string[])[(s.enum as string[]).indexOf('PATTERN_TYPE_PREFIX')]!;
    expect(text.startsWith(`\`PATTERN_TYPE_PREFIX\`: ${meaning}`)).toBe(true);
    expect(fieldHover('ShadowLink', pointer, 'NOT_A_VALUE')!.startsWith('**patternType**')).toBe(true);
  });

  it('is undefined for a key the model does not have', () => {
    expect(fieldHover('ShadowLink', '/nope')).toBeUndefined();
  });

  it("explains each finding's code once", () => {
    const d = { code: 'duration' as const, severity: 'warning' as const, pointer: '', message: 'm' };
    const text = findingHover([d, d])!;
    expect(text.match(/\*\*duration\*\*/g)).toHaveLength(1);
    expect(text).toContain('https://unpkg.com/svc-admin-spec/docs/rules/duration.md');
  });

  it("describes a custom rule's finding by its message, linking only the docs it declares", () => {
    const d = { code: '@acme/region' as const, severity: 'error' as const, pointer: '/name', message: 'Add a region.' };
    expect(findingHover([d])).toBe('**@acme/region** (error): Add a region.');
    expect(findingHover([{ ...d, docsUrl: 'https://wiki.example.com/r' }])).toContain(
      '[Documentation](https://wiki.example.com/r)',
    );
  });
});

describe('which documents are linted', () => {
  const analyze = (path: string, text: string, wasOwned = false) =>
    analyzeDocument({ uri: `file://${path}`, path, languageId: 'yaml', text, wasOwned });

  it('decides the format by extension, then language, then content', () => {
    expect(formatFor('a.yml', 'json', '{}')).toBe('yaml');
    expect(formatFor('untitled:1', 'jsonc', 'a: 1')).toBe('json');
    expect(formatFor('untitled:1', 'plaintext', '{"a": 1}')).toBe('json');
  });

  it('recognises our schemas named in raw text', () => {
    expect(namesOurSchema('# yaml-language-server: $schema=../schemas/ShadowLink.schema.json\n')).toBe(true);
    expect(namesOurSchema('{"$schema": "https://x/GetBrokerResponse.schema.json"')).toBe(true);
    expect(namesOurSchema('{"$schema": "https://json.schemastore.org/package.json"')).toBe(false);
  });

  it('lints by shape, names, config kind or history; nothing else', async () => {
    const dir = scratch({
      'svc-admin-spec.config.json': '{"overrides": [{"files": ["forced/**"], "kind": "ShadowLink"}]}',
    });
    expect((await analyze(join(dir, 'a.yaml'), GOOD_YAML)).owned).toBe(true);
    expect((await analyze(join(dir, 'ci.yaml'), 'on: push\n')).owned).toBe(false);
    expect((await analyze(join(dir, 'forced/ci.yaml'), 'on: push\n')).owned).toBe(true);
    expect((await analyze(join(dir, 'broken.yaml'), 'a: [\n')).owned).toBe(false);
    expect((await analyze(join(dir, 'broken.yaml'), 'a: [\n', true)).owned).toBe(true);
    expect((await analyze(join(dir, 'svc-admin-spec.config.json'), '{}')).owned).toBe(false);
    expect((await analyze(join(dir, 'ci.yaml'), 'on: push\n')).diagnostics).toEqual([]);
  });

  it('names the files a document depends on', async () => {
    const dir = scratch({ 'svc-admin-spec.config.yaml': 'rules: {}\n' });
    expect((await analyze(join(dir, 'sub', 'a.yaml'), GOOD_YAML)).dependencies).toEqual([
      join(dir, 'svc-admin-spec.config.yaml'),
      join(dir, '.svc-admin-spec-ignore.json'),
    ]);
  });

  it('keeps a range for every finding', () => {
    expect(toLspRange(undefined)).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });
});

describe('the job runner', () => {
  const worker = join(ROOT, 'dist', 'lsp-worker.cjs');
  const input = (text: string) => ({ uri: 'untitled:x', languageId: 'yaml', text, wasOwned: false });

  it.runIf(existsSync(worker))(
    'runs large jobs in the worker, and cancelling a document (closed) stops its job only',
    async () => {
      const runner = new JobRunner({ workerFile: worker, largeFrom: 0 });
      try {
        const first = runner.run('analyze', input(GOOD_YAML), 100, 'doc');
        runner.cancel('doc');
        const second = runner.run('analyze', input(`${GOOD_YAML}bad_key: 1\n`), 100, 'doc');
        const other = runner.run('analyze', input(GOOD_YAML), 100, 'other');
        await expect(first).rejects.toBeInstanceOf(JobCancelled);
        expect((await second).diagnostics.map((d) => d.code)).toContain('schema/unknown-property');
        expect((await other).owned).toBe(true);
        // A failure in the worker rejects that job only, by the error's class.
        await expect(runner.run('nope' as 'analyze', input(''), 100)).rejects.toEqual(new JobFailed('TypeError'));
        expect((await runner.run('analyze', input(GOOD_YAML), 100)).owned).toBe(true);
      } finally {
        runner.dispose();
      }
    },
  );

  it('runs small jobs in the calling thread', async () => {
    const runner = new JobRunner({ largeFrom: 1000 });
    expect(runner.isLarge(10_000)).toBe(false);
    expect((await runner.run('analyze', input(GOOD_YAML), 10)).owned).toBe(true);
  });
});
