/** The built-in rule catalogue, by id. */
import { rules } from '../rules/index';
import type { Rule } from '../rule-api/types';
import { boundedMemo } from '../util/memo';

/** A built-in rule: each documents its rationale and has examples (its tests and docs page; test/rules.test.ts checks both). */
export interface BuiltinRule extends Rule {
  docs: { description: string; rationale: string; url?: string };
  examples: NonNullable<Rule['examples']>;
}

/** Every built-in rule, by id. */
export const ruleById: ReadonlyMap<string, BuiltinRule> = new Map(rules.map((r) => [r.id, r as BuiltinRule]));

/** Every built-in rule, sorted by id. */
export const allRules: readonly BuiltinRule[] = [...ruleById.values()].sort((a, b) => (a.id < b.id ? -1 : 1));

/** Where a built-in rule's (or a `schema/…` or `conformance/…` code's) documentation page is published. */
export const docsUrl: (code: string) => string = boundedMemo((code) => {
  const slash = code.indexOf('/');
  const page = slash > 0 ? `${code.slice(0, slash)}.md#${code.slice(slash + 1)}` : `${code}.md`;
  return `https://unpkg.com/svc-admin-spec/docs/rules/${page}`;
}, 512);
