/** Every rule's examples are its tests; meta tests keep the catalogue complete and documented. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/lint/lint';
import { allRules } from '../src/engine/registry';
import { collectReports } from '../src/engine/run';
import { reportsItself, ruleKinds, type Rule, type RuleExample } from '../src/rule-api/types';
import { checkRuleExamples, exampleKind, exampleLintOptions } from '../src/lint/rule-examples';
import { rulePage } from '../scripts/rule-docs';
import type { RunSettings } from '../src/engine/run';
import { BUILTIN_CATALOG } from '../src/engine/catalog';

const RULES_DIR = join(import.meta.dirname, '..', 'src', 'rules');
/** The engine settings an example's rule runs with (its options are passed to the rule directly). */
function settingsOf(rule: Rule, ex: RuleExample): RunSettings {
  const { targetVersion, now, isFile } = exampleLintOptions(rule, ex);
  return {
    kind: exampleKind(rule, ex),
    targetVersion,
    now,
    isFile,
    rules: {},
    maxFindings: 2000,
    catalog: BUILTIN_CATALOG,
  };
}

const lintExample = (rule: Rule, ex: RuleExample) => lint(exampleKind(rule, ex), ex.doc, exampleLintOptions(rule, ex));

const byPointer = <T extends { pointer: string }>(xs: T[]): T[] =>
  [...xs].sort((a, b) => (a.pointer === b.pointer ? 0 : a.pointer < b.pointer ? -1 : 1));

describe('rule catalogue', () => {
  it('registers every module in rules/ under its file name, once', () => {
    const files = readdirSync(RULES_DIR)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3))
      .sort();
    expect(allRules.map((r) => r.id)).toEqual(files);
    expect(new Set(allRules.map((r) => r.id)).size).toBe(allRules.length);
  });

  for (const rule of allRules) {
    describe(rule.id, () => {
      it('is documented, with valid and invalid examples covering every message', () => {
        expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(rule.docs.description.length).toBeGreaterThan(20);
        expect(rule.docs.rationale.length).toBeGreaterThan(20);
        expect(rule.appliesTo, 'built-in rules apply by a trait of the kind table').toBeDefined();
        expect(rule.kinds, 'built-in rules never list kinds').toBeUndefined();
        expect(ruleKinds(rule).length).toBeGreaterThan(0);
        expect(rule.examples.valid.length).toBeGreaterThan(0);
        expect(rule.examples.invalid.length).toBeGreaterThan(0);
        const exercised = new Set(rule.examples.invalid.flatMap((ex) => ex.errors.map((e) => e.messageId)));
        expect([...exercised].sort()).toEqual(Object.keys(rule.messages).sort());
        for (const [name, o] of Object.entries(rule.options ?? {})) {
          expect(o.description, name).not.toBe('');
        }
      });

      rule.examples.valid.forEach((ex, i) => {
        it(`accepts valid example ${i + 1}${ex.title ? ` (${ex.title})` : ''}`, () => {
          const own = lintExample(rule, ex).diagnostics.filter((d) => d.code === rule.id);
          expect(own).toEqual([]);
        });
      });

      rule.examples.invalid.forEach((ex, i) => {
        it(`reports exactly the expected findings on invalid example ${i + 1}${ex.title ? ` (${ex.title})` : ''}`, () => {
          const expected = byPointer(ex.errors);
          if (reportsItself(rule)) {
            const structural = new Set<string>(rule.structuralMessages ?? []);
            const fromCheck = expected
              .filter((e) => !structural.has(e.messageId))
              .map((e) => ({ messageId: e.messageId, pointer: e.pointer }));
            const reports = collectReports(rule, ex.doc, settingsOf(rule, ex), ex.options ?? {});
            expect(byPointer(reports.map((r) => ({ messageId: r.messageId, pointer: r.pointer })))).toEqual(fromCheck);
          }
          // Through the public API: the same pointers under the rule's code, with docs and a message.
          const own = lintExample(rule, ex).diagnostics.filter((d) => d.code === rule.id);
          expect(byPointer(own).map((d) => d.pointer)).toEqual(expected.map((e) => e.pointer));
          for (const d of own) {
            expect(d.message.length).toBeGreaterThan(10);
            expect(d.message).not.toMatch(/(?<!\$)\{\w+\}/);
            expect(d.docsUrl).toContain(`${rule.id}.md`);
          }
        });
      });

      it('passes checkRuleExamples, with the autofix output and the suggestions of its findings stated', () => {
        expect(checkRuleExamples(rule)).toEqual([]);
      });

      it('never throws on partially invalid shapes', () => {
        const shapes: unknown[] = [
          null,
          [],
          'x',
          { name: 1, configurations: [] },
          {
            shadowLink: {
              configurations: {
                clientOptions: 'x',
                topicMetadataSyncOptions: { autoCreateShadowTopicFilters: [null, 1, 'x', {}] },
              },
            },
          },
          {
            configurations: {
              securitySyncOptions: { aclFilters: [null, { accessFilter: 5, resourceFilter: [] }] },
              clientOptions: {
                tlsSettings: { tlsPemSettings: { key: 5, cert: {} } },
                authenticationConfiguration: { plainConfiguration: null },
              },
            },
          },
          { broker: { adminServer: { routes: [null, { httpRoute: 5 }] }, buildInfo: [] } },
          { shadowLink: { status: { shadowTopics: [null, { status: { partitionInformation: [null, 5, {}] } }] } } },
        ];
        for (const kind of ruleKinds(rule)) {
          for (const doc of shapes) {
            expect(() => collectReports(rule, doc, { ...settingsOf(rule, { doc }), kind })).not.toThrow();
          }
        }
      });
    });
  }
});

describe('rule docs pages', () => {
  const rule = (id: string) => allRules.find((r) => r.id === id)!;

  it('show the document after --fix below an invalid example whose findings have autofixes', () => {
    const page = rulePage(rule('node-id'));
    const findings = page.indexOf('- `/nodeId` error: nodeId -2 is negative');
    expect(findings).toBeGreaterThan(0);
    const after = page.slice(findings);
    expect(after.slice(after.indexOf('\n\n'))).toMatch(/^\n\nFixed by `--fix`:\n\n```json\n/);
    expect(after).toContain('Fixed by `--fix`:\n\n```json\n{\n  "nodeId": -1\n}\n```\n');
    // A valid example has nothing to fix.
    expect(page.match(/Fixed by `--fix`/g)).toHaveLength(1);
  });

  it('show each suggestion with the document after its fix, and say when its fix does not apply', () => {
    expect(rulePage(rule('connect-error'))).toContain(
      'Suggestion for `/code`: Use "not_found".\n\n```json\n{\n  "code": "not_found"\n}\n```\n',
    );
    const acl = rulePage(rule('acl-filter-complete'));
    expect(acl).toContain(
      'Suggestion for `/configurations/securitySyncOptions/aclFilters/1/resourceFilter`: Match every resource. (its fix does not apply to this document)',
    );
    expect(acl).toMatch(
      /Match every principal and operation\.\n\n```json\n[^`]*"permissionType": "ACL_PERMISSION_TYPE_ANY"/,
    );
  });
});

describe('rule settings', () => {
  const doc = {
    name: 'l',
    configurations: { clientOptions: { bootstrapServers: ['s:9092'], fetchMinBytes: -5 } },
  };
  it('turns a rule off', () => {
    expect(lint('ShadowLink', doc).diagnostics.map((d) => d.code)).toContain('client-option-range');
    expect(
      lint('ShadowLink', doc, { rules: { 'client-option-range': 'off' } }).diagnostics.map((d) => d.code),
    ).not.toContain('client-option-range');
  });
  it('overrides the severity', () => {
    const r = lint('ShadowLink', doc, { rules: { 'client-option-range': 'info' } });
    expect(r.diagnostics.find((d) => d.code === 'client-option-range')?.severity).toBe('info');
    expect(r.valid).toBe(true);
  });
  it('rejects an unknown rule id and an unknown target version', () => {
    expect(() => lint('ShadowLink', doc, { rules: { 'no-such-rule': 'off' } })).toThrow(/unknown rule/);
    expect(() => lint('ShadowLink', doc, { targetVersion: '24.1' as never })).toThrow(/target version/);
  });
  it('applies to structural findings attributed to a rule', () => {
    const bad = {
      name: 'l',
      configurations: { clientOptions: { bootstrap_servers: ['s:9092'], bootstrapServers: ['s:9092'] } },
    };
    expect(lint('ShadowLink', bad).diagnostics.map((d) => d.code)).toContain('snake-case-key');
    expect(
      lint('ShadowLink', bad, { rules: { 'snake-case-key': 'off' } }).diagnostics.map((d) => d.code),
    ).not.toContain('snake-case-key');
  });
});

describe('documentation of the other codes', () => {
  it('every parse/, input/, kind/ and suppression/ code used in the sources has a documented entry', async () => {
    const { readFileSync: read } = await import('node:fs');
    const { FILE_CODES, describeFileCode } = await import('../src/codes/file-codes');
    const { KIND_REASONS } = await import('../src/kind/detect');
    const { readdirSync } = await import('node:fs');
    const srcDir = join(import.meta.dirname, '..', 'src');
    const sources = (readdirSync(srcDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.startsWith('generated'))
      .map((f) => read(join(srcDir, f), 'utf8'));
    const used = new Set(
      sources.flatMap((s) => [...s.matchAll(/'((?:parse|input|suppression|report)\/[a-z-]+)'/g)].map((m) => m[1]!)),
    );
    for (const reason of KIND_REASONS) used.add(`kind/${reason}`);
    expect(sources.some((s) => s.includes("code: 'internal-error'"))).toBe(true);
    expect(describeFileCode('internal-error')).toBeDefined();
    expect(used.size).toBeGreaterThan(15);
    for (const code of used) {
      const [family, name] = code.split('/') as [string, string];
      expect(FILE_CODES[family]?.codes[name], code).toBeDefined();
    }
  });
});
