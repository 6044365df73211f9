/** The built-in rule catalogue, by id. */
import { rules } from '../rules/index';
import type { Rule } from '../rule-api/types';
import { boundedMemo } from '../util/memo';
import { DEFAULT_DOCS_BASE_URL } from '../core/docs-url';

/** A built-in rule: each documents its rationale and has examples (its tests and docs page; test/rules.test.ts checks both). */
export interface BuiltinRule extends Rule {
  docs: { description: string; rationale: string; url?: string };
  examples: NonNullable<Rule['examples']>;
}

/** Every built-in rule, by id. */
export const ruleById: ReadonlyMap<string, BuiltinRule> = new Map(rules.map((r) => [r.id, r as BuiltinRule]));

/** Every built-in rule, sorted by id. */
export const allRules: readonly BuiltinRule[] = [...ruleById.values()].sort((a, b) => (a.id < b.id ? -1 : 1));

/** A code's page below the docs base: `docs/rules/<rule>.md`, or `docs/rules/<family>.md#<code>`. */
const pageOf = (code: string): string => {
  const slash = code.indexOf('/');
  return `docs/rules/${slash > 0 ? `${code.slice(0, slash)}.md#${code.slice(slash + 1)}` : `${code}.md`}`;
};

// Remembered for the default base: every finding of a lint gets its link, and a repeated code then builds no string.
const defaultDocsUrl = boundedMemo((code) => DEFAULT_DOCS_BASE_URL + pageOf(code), 512);

/**
 * Where a built-in rule's (or a `schema/…` or `conformance/…` code's) documentation page is
 * published: below `base` (a checked docs base URL ending in "/"), by default the package on unpkg.
 */
export const docsUrl = (code: string, base: string = DEFAULT_DOCS_BASE_URL): string =>
  base === DEFAULT_DOCS_BASE_URL ? defaultDocsUrl(code) : base + pageOf(code);
