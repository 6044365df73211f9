/** Validation of rule settings, shared by `lint` options and the config file: one set of rules, one set of messages. */
import { isObject } from '../util/pointer';
import { nearest } from '../util/suggest';
import { BUILTIN_CATALOG, type RuleCatalog } from './catalog';
import { schemaProblem, show } from './option-schema';
import { RULE_SETTINGS, type RuleSetting } from '../rule-api/types';
import { TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';

/** Rule settings, checked: a severity, or a severity with options (`['error', { … }]`). */
export type RuleSettings = Record<string, RuleSetting | readonly [RuleSetting, Readonly<Record<string, unknown>>]>;

/** A severity as users write it: ours, ESLint's `"warn"`, and ESLint's numbers `0` (off), `1` (warning), `2` (error). */
export type RuleSettingInput = RuleSetting | 'warn' | 0 | 1 | 2;

/** Rule settings as users write them (config file, `lint` options); `checkRuleSettings` turns them into `RuleSettings`. */
export type RuleSettingsInput = Record<
  string,
  RuleSettingInput | readonly [RuleSettingInput, Readonly<Record<string, unknown>>]
>;

/** The other accepted spellings of a severity (ESLint's), and the severity each means. */
const SEVERITY_SPELLINGS: ReadonlyMap<unknown, RuleSetting> = new Map<unknown, RuleSetting>([
  ['warn', 'warning'],
  [0, 'off'],
  [1, 'warning'],
  [2, 'error'],
]);

/** Every accepted way to write a severity, in the order the config's schema lists them. */
export const SEVERITY_INPUTS: readonly RuleSettingInput[] = ['off', 'info', 'warning', 'warn', 'error', 0, 1, 2];

/** The severity a written level means, or undefined when it is none. */
export function severityOf(level: unknown): RuleSetting | undefined {
  if (typeof level === 'string' && (RULE_SETTINGS as readonly string[]).includes(level)) return level as RuleSetting;
  return SEVERITY_SPELLINGS.get(level);
}

/** Every accepted spelling, for messages. */
const ACCEPTED = `"off", "info", "warning" (or "warn"), "error", or ESLint's 0, 1, 2`;

/** Spellings of severities from other tools, mapped to ours. */
const SEVERITY_ALIASES: Readonly<Record<string, RuleSetting>> = {
  warnings: 'warning',
  err: 'error',
  errors: 'error',
  information: 'info',
  hint: 'info',
  none: 'off',
  disable: 'off',
  disabled: 'off',
  '0': 'off',
  '1': 'warning',
  '2': 'error',
  false: 'off',
  true: 'error',
  null: 'off',
};

/** "did you mean" for a severity written another way (`warn`, `Error`, `2`). */
function severityHint(v: unknown): string {
  const key = String(v).toLowerCase();
  const hint = severityOf(key) ?? SEVERITY_ALIASES[key];
  return hint ? `; did you mean "${hint}"?` : '';
}

/** "unknown rule" with a did-you-mean, and where custom rules come from when the id is one. */
function unknownRule(id: string, where: string, catalog: RuleCatalog): string {
  const guess = nearest(id, [...catalog.byId.keys()]);
  const hint = guess ? `; did you mean "${guess}"?` : '.';
  const origin = id.startsWith('@')
    ? ' Custom rules come from "plugins" in the config file, or "customRules" in lint options.'
    : '';
  return `${where}: unknown rule ${show(id)}${hint}${origin} Run \`svc-admin-spec rules\` to list them.`;
}

/**
 * Checks rule settings and returns them typed: every id is a rule of the catalogue (with a
 * did-you-mean), every severity is `off | info | warning | error` or ESLint's `warn`, `0`, `1`,
 * `2` (returned as ours), every option is one the rule declares and matches its schema. Throws `TypeError`
 * with the problem otherwise.
 */
export function checkRuleSettings(raw: unknown, where: string, catalog: RuleCatalog = BUILTIN_CATALOG): RuleSettings {
  if (raw === undefined) return {};
  if (!isObject(raw))
    throw new TypeError(`${where}: "rules" must be an object of rule id → severity, not ${show(raw)}.`);
  const out: RuleSettings = {};
  for (const [id, v] of Object.entries(raw)) {
    const rule = catalog.byId.get(id);
    if (!rule) throw new TypeError(unknownRule(id, where, catalog));
    const written: unknown = Array.isArray(v) ? v[0] : v;
    const level = severityOf(written);
    if (level === undefined)
      throw new TypeError(
        `${where}: rule "${id}" is set to ${show(written)}; use ${ACCEPTED} (or [severity, { options }])${severityHint(written)}`,
      );
    if (!Array.isArray(v)) {
      out[id] = level;
      continue;
    }
    if (v.length !== 2 || !isObject(v[1]))
      throw new TypeError(`${where}: rule "${id}" with options must be [severity, { … }].`);
    const declared = rule.options ?? {};
    for (const [k, value] of Object.entries(v[1])) {
      const option = Object.hasOwn(declared, k) ? declared[k] : undefined;
      if (!option) {
        const known = Object.keys(declared);
        throw new TypeError(
          `${where}: rule "${id}" has no option ${show(k)}${known.length ? ` (it has: ${known.join(', ')})` : ' (it takes none)'}.`,
        );
      }
      const problem = schemaProblem(value, option.schema, `option "${k}" of rule "${id}"`);
      if (problem) throw new TypeError(`${where}: ${problem}.`);
    }
    out[id] = [level, v[1]];
  }
  return out;
}

/** Checks a target version (`25.3`, `26.1`); throws `TypeError` naming the known ones otherwise. */
export function checkTargetVersion(raw: unknown, where: string): TargetVersion | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && (TARGET_VERSIONS as readonly string[]).includes(raw)) return raw as TargetVersion;
  const hint = typeof raw === 'number' ? `; write it as a string, "${raw}"` : '';
  throw new TypeError(
    `${where}: target version ${show(raw)} is not known; use one of ${TARGET_VERSIONS.map((t) => `"${t}"`).join(', ')}${hint}.`,
  );
}
