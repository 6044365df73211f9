/** The rule catalogue, by id. */
import { rules } from '../../rules/index';
import type { Rule } from './types';

/** Every rule, by id. */
export const ruleById: ReadonlyMap<string, Rule> = new Map(rules.map((r) => [r.id, r as Rule]));

/** Every rule, sorted by id. */
export const allRules: readonly Rule[] = [...rules].sort((a, b) => (a.id < b.id ? -1 : 1)) as Rule[];

/** Where a rule's (or a `schema/…` or `conformance/…` code's) documentation page is published. */
export function docsUrl(code: string): string {
  const slash = code.indexOf('/');
  const page = slash > 0 ? `${code.slice(0, slash)}.md#${code.slice(slash + 1)}` : `${code}.md`;
  return `https://unpkg.com/svc-admin-spec/docs/rules/${page}`;
}
