/** Adding a rule as CONTRIBUTING.md says: `npm run new:rule` writes a rule whose examples pass and the generator indexes it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRuleExamples } from '../src/lint/rule-examples';
import { ruleKinds, type Rule } from '../src/rule-api/types';
import { ruleScaffold } from '../scripts/new-rule';
import { ruleFileIds, ruleIndexFile } from '../scripts/rule-index';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'svc-new-rule-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run new:rule', () => {
  it('scaffolds a rule that applies by its trait and whose examples pass', async () => {
    const file = join(dir, 'link-name-present.ts');
    writeFileSync(file, ruleScaffold('link-name-present', 'request-link', join(ROOT, 'src/rule-api')));
    const rule = ((await import(pathToFileURL(file).href)) as { default: Rule }).default;
    expect(rule.id).toBe('link-name-present');
    expect(ruleKinds(rule)).toEqual(['ShadowLink', 'CreateShadowLinkRequest']);
    // Until `npm run gen` registers it, the engine runs it as it runs a custom rule: same checks, same examples.
    expect(checkRuleExamples({ ...rule, id: '@scaffold/link-name-present' })).toEqual([]);
  });

  it('the rule index lists every rule file of src/rules, so a new file is a registered rule after npm run gen', () => {
    const index = ruleIndexFile(ROOT);
    for (const id of ruleFileIds(ROOT)) expect(index).toContain(`from './${id}';`);
  });
});
