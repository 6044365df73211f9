/** How a rule example is linted: the one place the docs generator and the tests take it from. */
import type { LintOptions } from '../lint/lint';
import type { DocumentKind } from '../model/kinds';
import type { Rule, RuleExample } from './types';

/** The clock of rule examples that do not name their own `now`. */
export const EXAMPLE_NOW = '2026-06-01T00:00:00Z';

/** The kind an example is linted as: its own, else the rule's first kind. */
export const exampleKind = (rule: Rule, ex: RuleExample): DocumentKind => ex.kind ?? rule.kinds[0]!;

/** The `lint` options an example is linted with (its target version, clock, file flag and rule options). */
export function exampleLintOptions(
  rule: Rule,
  ex: RuleExample,
): LintOptions & Required<Pick<LintOptions, 'targetVersion' | 'isFile'>> & { now: Date } {
  return {
    targetVersion: ex.targetVersion ?? '26.1',
    now: new Date(ex.now ?? EXAMPLE_NOW),
    isFile: ex.isFile ?? false,
    rules: ex.options ? { [rule.id]: ['error', ex.options] } : {},
  };
}
