/** How a rule example is linted: the one place the docs generator, the tests and `checkRuleExamples` take it from. */
import { lint, type LintOptions } from './lint';
import type { DocumentKind } from '../model/kinds';
import { catalogWith } from '../engine/catalog';
import { collectReports } from '../engine/run';
import { ruleKinds, type InvalidRuleExample, type Rule, type RuleExample } from '../rule-api/types';

/** The clock of rule examples that do not name their own `now`. */
export const EXAMPLE_NOW = '2026-06-01T00:00:00Z';

/** The kind an example is linted as: its own, else the rule's first kind. */
export const exampleKind = (rule: Rule, ex: RuleExample): DocumentKind => ex.kind ?? ruleKinds(rule)[0]!;

/** The `lint` options an example is linted with (its target version, clock, file flag and rule options; a custom rule itself). */
export function exampleLintOptions(
  rule: Rule,
  ex: RuleExample,
): LintOptions & Required<Pick<LintOptions, 'targetVersion' | 'isFile'>> & { now: Date } {
  return {
    targetVersion: ex.targetVersion ?? '26.1',
    now: new Date(ex.now ?? EXAMPLE_NOW),
    isFile: ex.isFile ?? false,
    rules: ex.options ? { [rule.id]: ['error', ex.options] } : {},
    ...(rule.id.startsWith('@') ? { customRules: [rule] } : {}),
  };
}

const at = (xs: readonly { pointer: string; messageId?: string }[]): string =>
  xs.length === 0
    ? 'none'
    : xs
        .map((x) => `${x.messageId ?? ''}@${x.pointer || '/'}`)
        .sort()
        .join(', ');

/** What one invalid example reports, compared with what it lists; undefined when they agree. */
function invalidProblem(rule: Rule, ex: InvalidRuleExample, label: string): string | undefined {
  const options = exampleLintOptions(rule, ex);
  const found = lint(exampleKind(rule, ex), ex.doc, options).diagnostics;
  const failed = found.find((d) => d.code === 'internal-error');
  if (failed) return `${label}: ${failed.message}`;
  const own = found.filter((d) => d.code === rule.id);
  const pointers = at(ex.errors.map((e) => ({ pointer: e.pointer })));
  if (at(own.map((d) => ({ pointer: d.pointer }))) !== pointers)
    return `${label}: expected findings at ${pointers}, found ${at(own.map((d) => ({ pointer: d.pointer })))}`;
  if (!rule.check) return undefined;
  const structural = new Set<string>(rule.structuralMessages ?? []);
  const settings = {
    kind: exampleKind(rule, ex),
    targetVersion: options.targetVersion,
    now: options.now,
    isFile: options.isFile,
    rules: {},
    maxFindings: Number.MAX_SAFE_INTEGER,
    catalog: catalogWith(options.customRules, 'example'),
  };
  const reported = at(collectReports(rule, ex.doc, settings, ex.options ?? {}));
  const fromCheck = at(ex.errors.filter((e) => !structural.has(e.messageId)));
  return reported === fromCheck ? undefined : `${label}: expected ${fromCheck}, the check reported ${reported}`;
}

/**
 * Runs a rule's examples as its tests: every valid example has no finding of the rule, every
 * invalid one exactly the listed findings (message id and pointer). Returns the problems, one
 * line each; an empty array when all pass. Custom rules are linted as custom rules, so a test
 * of a house rule is `expect(checkRuleExamples(rule)).toEqual([])`.
 */
export function checkRuleExamples(rule: Rule): string[] {
  const problems: string[] = [];
  const examples = rule.examples ?? { valid: [], invalid: [] };
  const title = (kind: string, ex: RuleExample, i: number) =>
    `${kind} example ${i + 1}${ex.title ? ` (${ex.title})` : ''}`;
  examples.valid.forEach((ex, i) => {
    const found = lint(exampleKind(rule, ex), ex.doc, exampleLintOptions(rule, ex)).diagnostics;
    const bad = found.filter((d) => d.code === rule.id || d.code === 'internal-error');
    if (bad.length > 0) problems.push(`${title('valid', ex, i)}: ${bad.map((d) => d.message).join(' / ')}`);
  });
  examples.invalid.forEach((ex, i) => {
    const problem = invalidProblem(rule, ex, title('invalid', ex, i));
    if (problem) problems.push(problem);
  });
  return problems;
}
