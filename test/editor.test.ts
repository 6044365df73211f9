/** The exported schemas in real editor engines: valid schemas, no false alarms, the same errors as the linter, hover and completion. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { stringify as toYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allRules } from '../src/engine/registry';
import { ruleKinds, type RuleExample } from '../src/rule-api/types';
import { EXAMPLE_NOW } from '../src/lint/rule-examples';
import { lintText } from '../src/lint/lint-text';
import { DOCUMENT_KINDS, isDocumentKind, type DocumentKind } from '../src/model/kinds';
import { ROOT } from './cli-helpers';
import {
  completionLabels,
  hoverText,
  jsonFindings,
  jsonReport,
  schemaOf,
  yamlFindings,
  yamlReport,
  type EditorFinding,
} from './editor-helpers';
import { validFixtures } from './helpers';

/** Rules whose error-level findings the schemas encode (besides every `schema/…` code). */
const EXPRESSIBLE = new Set([
  'shadow-link-name',
  'bootstrap-servers',
  'client-option-range',
  'auth-exactly-one',
  'auth-credentials',
  'tls-at-most-one',
  'tls-key-cert-pair',
  'unspecified-enum',
  'topic-filter-name',
  'reserved-topic-filter',
  'synced-property-forbidden',
  'start-position-at-most-one',
  'duration',
  'start-at-timestamp',
  'acl-filter-complete',
  'snake-case-key',
  'null-value',
  'enum-alias',
  'output-only-field',
  'enum-spelling',
  'response-secret-leak',
  'key-fingerprint',
]);
const expressible = (code: string) => EXPRESSIBLE.has(code) || code.startsWith('schema/');

/**
 * Invalid examples (`rule: title`) whose errors no schema can encode: protobuf JSON reads `null`
 * for a message field as absent, so the schemas allow it where the rule, like the server, does not.
 */
const UNEXPRESSIBLE_EXAMPLES = new Set(['acl-filter-complete: a half written as null']);

const EDITOR_KEYWORDS = [
  'markdownDescription',
  'markdownEnumDescriptions',
  'enumDescriptions',
  'patternErrorMessage',
  'errorMessage',
  'defaultSnippets',
  'doNotSuggest',
];

describe('exported schema files', () => {
  for (const kind of DOCUMENT_KINDS) {
    it(`${kind} is valid draft 2020-12 and compiles in strict ajv`, () => {
      const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
      addFormats(ajv);
      ajv.addVocabulary(EDITOR_KEYWORDS);
      const schema = schemaOf(kind);
      expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
      expect(() => ajv.compile(schema)).not.toThrow();
      const text = JSON.stringify(schema);
      expect(text).not.toContain('$dynamicRef');
      // ajv-errors' object form would print as [object Object] in editors.
      expect(text).not.toMatch(/"errorMessage":\s*\{/);
    });
  }

  it('describe every property, in plain text and Markdown', () => {
    const missing: string[] = [];
    for (const kind of DOCUMENT_KINDS) {
      const visit = (node: unknown, path: string): void => {
        if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${path}/${i}`));
        if (node === null || typeof node !== 'object') return;
        for (const [name, p] of Object.entries(
          ((node as Record<string, unknown>)['properties'] ?? {}) as Record<string, Record<string, unknown>>,
        )) {
          if (typeof p['description'] !== 'string' || typeof p['markdownDescription'] !== 'string')
            missing.push(`${kind}${path}/${name}`);
        }
        // Constraint subschemas (allOf/not/if/then) restate properties declared, with docs, elsewhere.
        for (const [k, v] of Object.entries(node))
          if (!['allOf', 'not', 'if', 'then'].includes(k)) visit(v, `${path}/${k}`);
      };
      visit(schemaOf(kind), '');
    }
    expect(missing).toEqual([]);
  });

  it('have a SchemaStore catalog listing each with file patterns', () => {
    const catalog = JSON.parse(readFileSync(join(ROOT, 'schemas', 'catalog.json'), 'utf8')) as {
      version: number;
      schemas: { name: string; url: string; fileMatch: string[] }[];
    };
    expect(catalog.version).toBe(1);
    // Every kind's, rpk's config file's (test/rpk-findings.test.ts) and this linter's config's (test/config-ux.test.ts).
    expect(catalog.schemas.map((s) => s.url.split('/').pop())).toEqual([
      ...DOCUMENT_KINDS.map((k) => `${k}.schema.json`),
      'RpkShadowLinkConfig.schema.json',
      'svc-admin-spec.config.schema.json',
    ]);
    for (const s of catalog.schemas) expect(s.fileMatch.length).toBeGreaterThan(0);
  });
});

interface Case {
  name: string;
  kind: DocumentKind;
  doc: unknown;
  example?: RuleExample;
}

/** Every document the linter accepts (no error): fixtures, good examples, valid rule examples. */
function acceptedCorpus(): Case[] {
  const cases: Case[] = validFixtures().map((f) => ({ name: `fixture ${f.name}`, kind: f.kind, doc: f.value }));
  for (const file of readdirSync(join(ROOT, 'examples', 'good')).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(ROOT, 'examples', 'good', file), 'utf8')) as unknown;
    const r = lintText(JSON.stringify(doc), { filename: file });
    if (isDocumentKind(r.kind)) cases.push({ name: `example ${file}`, kind: r.kind, doc });
  }
  for (const rule of allRules) {
    for (const [i, ex] of rule.examples.valid.entries()) {
      if (ex.targetVersion === '25.3') continue;
      cases.push({ name: `${rule.id} valid ${i + 1}`, kind: ex.kind ?? ruleKinds(rule)[0]!, doc: ex.doc, example: ex });
    }
    // Examples of spellings the server accepts (snake_case keys, enum numbers, quoted int32 values, null, …)
    // have only warnings and infos: editors must accept them too.
    for (const [i, ex] of rule.examples.invalid.entries()) {
      if (ex.targetVersion === '25.3' || ex.options || UNEXPRESSIBLE_EXAMPLES.has(`${rule.id}: ${ex.title}`)) continue;
      cases.push({
        name: `${rule.id} invalid ${i + 1}`,
        kind: ex.kind ?? ruleKinds(rule)[0]!,
        doc: ex.doc,
        example: ex,
      });
    }
  }
  return cases;
}

/** Rule examples with error-level findings the schemas can express (examples with only warnings are left out). */
function violationCorpus(): Case[] {
  const cases: Case[] = [];
  for (const rule of allRules) {
    if (!EXPRESSIBLE.has(rule.id)) continue;
    for (const [i, ex] of rule.examples.invalid.entries()) {
      if (ex.targetVersion === '25.3' || ex.options || UNEXPRESSIBLE_EXAMPLES.has(`${rule.id}: ${ex.title}`)) continue;
      const c: Case = {
        name: `${rule.id} invalid ${i + 1}`,
        kind: ex.kind ?? ruleKinds(rule)[0]!,
        doc: ex.doc,
        example: ex,
      };
      if (lintAs(c, texts(c).json, 'json').diagnostics.some((d) => d.severity === 'error' && expressible(d.code)))
        cases.push(c);
    }
  }
  return cases;
}

const texts = (c: Case) => ({ json: JSON.stringify(c.doc, null, 2), yaml: toYaml(c.doc, { lineWidth: 0 }) });
const lintAs = (c: Case, text: string, format: 'json' | 'yaml') =>
  lintText(text, {
    kind: c.kind,
    format,
    now: new Date(c.example?.now ?? EXAMPLE_NOW),
  });

describe('no editor error on a document the linter accepts', () => {
  // Valid rule examples are minimal and may miss fields other rules need; only accepted ones count.
  const corpus = acceptedCorpus().filter(
    (c) => !lintAs(c, texts(c).json, 'json').diagnostics.some((d) => d.severity === 'error'),
  );
  it('has a corpus of every kind', () => {
    expect(corpus.length).toBeGreaterThan(40);
    expect(new Set(corpus.map((c) => c.kind)).size).toBe(DOCUMENT_KINDS.length);
  });
  for (const c of corpus) {
    it(c.name, async () => {
      const t = texts(c);
      expect(await jsonFindings(c.kind, t.json)).toEqual([]);
      expect(await yamlFindings(c.kind, t.yaml)).toEqual([]);
    });
  }
});

/** True when the editor finding sits where the linter's does: same line, or the next (a parent's key line vs its block). */
const samePlace = (e: EditorFinding, line: number) =>
  e.line === line || e.line === line + 1 || (e.line <= line && e.endLine >= line);

describe('an editor error where the linter reports an expressible error', () => {
  const corpus = violationCorpus();
  it('covers every expressible rule', () => {
    const covered = new Set(corpus.map((c) => c.name.split(' invalid')[0]));
    expect([...EXPRESSIBLE].filter((id) => !covered.has(id))).toEqual([]);
  });
  for (const c of corpus) {
    for (const format of ['json', 'yaml'] as const) {
      it(`${c.name} (${format})`, async () => {
        const text = texts(c)[format];
        const linted = lintAs(c, text, format).diagnostics.filter((d) => d.severity === 'error' && expressible(d.code));
        expect(linted.length, 'the example has an expressible error').toBeGreaterThan(0);
        const editor = format === 'json' ? await jsonFindings(c.kind, text) : await yamlFindings(c.kind, text);
        for (const d of linted) {
          const line = d.range!.start.line;
          expect(
            editor.some((e) => samePlace(e, line)),
            `${d.code} at ${line}:${d.range!.start.column} (${d.pointer}); editor: ${JSON.stringify(editor)}\n${text}`,
          ).toBe(true);
        }
      });
    }
  }
});

describe('hover and completion', () => {
  const yamlText =
    'name: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n    fetchMaxBytes: 0\n  topicMetadataSyncOptions:\n    autoCreateShadowTopicFilters:\n      - filterType: \n';
  const jsonText =
    '{\n  "name": "dr-link",\n  "configurations": {\n    "clientOptions": { "bootstrapServers": ["s:9092"], "fetchMaxBytes": 0 },\n    "topicMetadataSyncOptions": { "autoCreateShadowTopicFilters": [{ "filterType": "" }] }\n  }\n}\n';
  /** 1-based line and column just after the first occurrence of `marker`. */
  const after = (text: string, marker: string): [number, number] => {
    const offset = text.indexOf(marker) + marker.length;
    const before = text.slice(0, offset).split('\n');
    return [before.length, before[before.length - 1]!.length + 1];
  };
  it('hover on a field shows its description (defaults and units spelled out)', async () => {
    expect(await hoverText('ShadowLink', 'yaml', yamlText, 5, 7)).toContain('0 means the default, 20 MiB');
    expect(await hoverText('ShadowLink', 'json', jsonText, ...after(jsonText, '"fetchM'))).toContain(
      '0 means the default, 20 MiB',
    );
  });
  it('completion offers the enum values', async () => {
    const fromYaml = await completionLabels('ShadowLink', 'yaml', yamlText, 8, 21);
    expect(fromYaml).toEqual(expect.arrayContaining(['FILTER_TYPE_INCLUDE', 'FILTER_TYPE_EXCLUDE']));
    const fromJson = await completionLabels('ShadowLink', 'json', jsonText, ...after(jsonText, '"filterType": "'));
    expect(fromJson).toEqual(expect.arrayContaining(['FILTER_TYPE_INCLUDE', 'FILTER_TYPE_EXCLUDE']));
  });
  it('accepts the protobuf (snake_case) spellings with a deprecation warning, as the linter warns', async () => {
    const text = 'name: x\nconfigurations:\n  client_options:\n    bootstrap_servers: ["s:1"]\n';
    expect(await yamlFindings('ShadowLink', text)).toEqual([]);
    const json = '{"name": "x", "configurations": {"client_options": {"bootstrap_servers": ["s:1"]}}}';
    expect(await jsonFindings('ShadowLink', json)).toEqual([]);
    const notices = (await jsonReport('ShadowLink', json)).filter((f) => /deprecated/i.test(f.message));
    expect(notices.length).toBe(2);
    expect(notices.every((f) => f.severity === 2)).toBe(true);
    // The YAML language server, too, flags the spellings (as deprecated), not as schema problems.
    expect((await yamlReport('ShadowLink', text)).every((f) => /deprecated/i.test(f.message))).toBe(true);
  });

  it('never suggests the protobuf (snake_case) spellings, though it accepts them', async () => {
    const labels = await completionLabels(
      'ShadowLink',
      'yaml',
      'name: x\nconfigurations:\n  clientOptions:\n    \n',
      4,
      5,
    );
    expect(labels).toEqual(expect.arrayContaining(['bootstrapServers']));
    expect(labels.filter((l) => l.includes('_'))).toEqual([]);
  });

  it('offers the snippets for the objects people type most', async () => {
    const labels = await completionLabels(
      'ShadowLink',
      'yaml',
      'name: x\nconfigurations:\n  topicMetadataSyncOptions:\n    autoCreateShadowTopicFilters:\n      - \n',
      5,
      9,
    );
    expect(labels).toEqual(expect.arrayContaining(['Include all topics']));
  });
});
