/** Validation of rule settings, shared by `lint` options and the config file: one set of rules, one set of messages. */
import { isObject } from '../util/pointer';
import { nearest } from '../util/suggest';
import { ruleById } from './registry';
import { RULE_SETTINGS, TARGET_VERSIONS, type RuleSetting, type TargetVersion } from './types';

/** Rule settings as written: a severity, or a severity with options. */
export type RuleSettings = Record<string, RuleSetting | [RuleSetting, Record<string, unknown>]>;

/** Spellings of severities from other tools, mapped to ours. */
const SEVERITY_ALIASES: Readonly<Record<string, RuleSetting>> = {
  warn: 'warning',
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

const show = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v;
};

/** "did you mean" for a severity written another way (`warn`, `Error`, `2`). */
function severityHint(v: unknown): string {
  const key = String(v).toLowerCase();
  const hint = (RULE_SETTINGS as readonly string[]).includes(key) ? key : SEVERITY_ALIASES[key];
  return hint ? `; did you mean "${hint}"?` : '';
}

/** A tiny checker for the JSON Schema subset that rule option schemas use. */
function schemaProblem(value: unknown, schema: Record<string, unknown>, at: string): string | undefined {
  const type = schema['type'];
  const ok =
    type === undefined ||
    (type === 'array' && Array.isArray(value)) ||
    (type === 'object' && isObject(value)) ||
    (type === 'string' && typeof value === 'string') ||
    (type === 'boolean' && typeof value === 'boolean') ||
    (type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
    (type === 'integer' && typeof value === 'number' && Number.isInteger(value));
  if (!ok) return `${at} must be ${type === 'array' || type === 'integer' ? 'an' : 'a'} ${type}, not ${show(value)}`;
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(value))
    return `${at} must be one of ${(schema['enum'] as unknown[]).map(show).join(', ')}`;
  if (Array.isArray(value) && isObject(schema['items'])) {
    for (let i = 0; i < value.length; i++) {
      const p = schemaProblem(value[i], schema['items'], `${at}[${i}]`);
      if (p) return p;
    }
  }
  return undefined;
}

/**
 * Checks rule settings and returns them typed: every id is a rule (with a did-you-mean), every
 * severity is `off | info | warning | error` (`warn` → did you mean "warning"), every option is
 * one the rule declares and matches its schema. Throws `TypeError` with the problem otherwise.
 */
export function checkRuleSettings(raw: unknown, where: string): RuleSettings {
  if (raw === undefined) return {};
  if (!isObject(raw))
    throw new TypeError(`${where}: "rules" must be an object of rule id → severity, not ${show(raw)}.`);
  const out: RuleSettings = {};
  for (const [id, v] of Object.entries(raw)) {
    const rule = ruleById.get(id);
    if (!rule) {
      const guess = nearest(id, [...ruleById.keys()]);
      throw new TypeError(
        `${where}: unknown rule ${show(id)}${guess ? `; did you mean "${guess}"?` : '.'} Run \`svc-admin-spec rules\` to list them.`,
      );
    }
    const level = Array.isArray(v) ? v[0] : v;
    if (typeof level !== 'string' || !(RULE_SETTINGS as readonly string[]).includes(level))
      throw new TypeError(
        `${where}: rule "${id}" is set to ${show(level)}; use one of ${RULE_SETTINGS.map((s) => `"${s}"`).join(', ')} (or [severity, { options }])${severityHint(level)}`,
      );
    if (!Array.isArray(v)) {
      out[id] = level as RuleSetting;
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
    out[id] = [level as RuleSetting, v[1]];
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
