/** Adding a rule as CONTRIBUTING.md says: `npm run new:rule` writes a rule whose examples pass and the generator indexes it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRuleExamples } from '../src/lint/rule-examples';
import { ruleKinds, type Rule } from '../src/rule-api/types';
import { ruleScaffold } from '../scripts/new-rule';
import { ruleIndexFile } from '../scripts/rule-index';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'svc-new-rule-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run new:rule', () => {
  it('scaffolds a rule that applies by its trait and whose examples pass', async () => {
    const file = join(dir, 'link-name-present.ts');
    const source = ruleScaffold('link-name-present', 'request-link', join(ROOT, 'src/rule-api'));
    // The scaffold tells the author how an example states what a fix does.
    expect(source).toContain('`output` on the example');
    expect(source).toContain('`suggestions: [{ message, output }]`');
    writeFileSync(file, source);
    const rule = ((await import(pathToFileURL(file).href)) as { default: Rule }).default;
    expect(rule.id).toBe('link-name-present');
    expect(ruleKinds(rule)).toEqual(['ShadowLink', 'CreateShadowLinkRequest']);
    // Until `npm run gen` registers it, the engine runs it as it runs a custom rule: same checks, same examples.
    expect(checkRuleExamples({ ...rule, id: '@scaffold/link-name-present' })).toEqual([]);
  });

  it('the rule index imports and lists every rule file of src/rules, sorted, and nothing else', () => {
    const root = join(dir, 'repo');
    mkdirSync(join(root, 'src/rules'), { recursive: true });
    for (const name of ['index.ts', 'zeta.ts', 'link-name-present.ts', 'notes.md'])
      writeFileSync(join(root, 'src/rules', name), '');
    const index = ruleIndexFile(root);
    expect(index.match(/^import \w+ from .*$/gm)).toEqual([
      "import linkNamePresent from './link-name-present';",
      "import zeta from './zeta';",
    ]);
    expect(index).toContain('export const rules: readonly Rule<string>[] = [\n  linkNamePresent,\n  zeta,\n];');
  });
});
