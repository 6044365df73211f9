/** How the user set each rule for a run: its level, its options, and the finding for a rule that failed. */
import type { Diagnostic } from '../core/diagnostics';
import type { Rule, RuleSetting } from '../rule-api/types';
import type { RuleSettings } from './settings';

/** What the user wrote for a rule: a severity, a severity with options, or nothing. */
const settingOf = (rules: Readonly<RuleSettings>, id: string) => (Object.hasOwn(rules, id) ? rules[id] : undefined);

/** The level a rule is set to, without building its options (the structural findings need only that). */
export function levelOf(rules: Readonly<RuleSettings>, id: string): RuleSetting | undefined {
  const raw = settingOf(rules, id);
  return raw === undefined || typeof raw === 'string' ? raw : raw[0];
}

/** The options the user set for a rule (none when only a severity is set). */
export function optionsOf(rules: Readonly<RuleSettings>, id: string): Readonly<Record<string, unknown>> {
  const raw = settingOf(rules, id);
  return raw === undefined || typeof raw === 'string' ? {} : raw[1];
}

/** True when the user set any rule: most runs set none, and then no rule's setting is looked up. */
export function anyRuleSet(rules: Readonly<RuleSettings>): boolean {
  for (const _ in rules) return true;
  return false;
}

/** Each rule's declared option defaults, computed once per rule rather than once per document. */
const defaultsByRule = new WeakMap<Rule, Readonly<Record<string, unknown>>>();

/** The options a rule declares, with their defaults; undefined when it declares none. */
export function optionDefaults(rule: Rule): Readonly<Record<string, unknown>> | undefined {
  if (!rule.options) return undefined;
  let defaults = defaultsByRule.get(rule);
  if (!defaults) {
    const d: Record<string, unknown> = {};
    for (const [name, o] of Object.entries(rule.options)) d[name] = o.default;
    defaultsByRule.set(rule, (defaults = d));
  }
  return defaults;
}

/** The options a built-in rule sees: its defaults overlaid with the user's; shared when the user set none. */
export function optionsFor(rule: Rule, options: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const defaults = optionDefaults(rule);
  if (!defaults) return options;
  for (const _ in options) return { ...defaults, ...options };
  return defaults;
}

/** Options of a rule the user set nothing for. */
export const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

/** What a thrown value says, briefly; never throws itself (a thrown object may have no `toString`). */
export function describeError(error: unknown): string {
  try {
    const text = error instanceof Error ? error.message : String(error);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return 'an unprintable value was thrown';
  }
}

/** The `internal-error` finding for a rule that failed; a custom rule's failure is its authors' to fix. */
export function ruleFailed(rule: Rule, custom: boolean, why: string): Diagnostic {
  return {
    code: 'internal-error',
    severity: 'error',
    pointer: '',
    message: custom
      ? `Custom rule ${rule.id} failed on this document (${why}): a bug in that rule, not in the document. Its other findings were dropped.`
      : `Rule ${rule.id} failed on this document (${why}); please report it.`,
  };
}
