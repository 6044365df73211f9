/** Custom rules: the checks that a rule from outside the package has the shape the engine relies on. */
import { isDocumentKind, isKindTrait, KIND_TRAIT_NAMES } from '../model/kinds';
import { isObject } from '../util/pointer';
import { isFix } from '../core/diagnostic-shape';
import { schemaProblem, show } from './option-schema';
import type { Rule, RuleReport } from '../rule-api/types';

/** A custom rule id: `@<namespace>/<name>`, lowercase kebab-case (built-in ids never start with `@`). */
export const CUSTOM_RULE_ID = /^@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

const SEVERITY_NAMES = ['error', 'warning', 'info'];

/** Why one value is not a custom rule, or undefined when it is one. */
function ruleProblem(rule: unknown): string | undefined {
  if (!isObject(rule)) return `must be a rule object (as defineRule declares it), not ${show(rule)}`;
  const id = rule['id'];
  if (typeof id !== 'string' || !CUSTOM_RULE_ID.test(id))
    return `has id ${show(id)}; custom rule ids are "@namespace/name" in lowercase kebab-case (e.g. "@acme/tls-required"), so that they never clash with built-in rules`;
  if (!SEVERITY_NAMES.includes(rule['severity'] as string))
    return `has severity ${show(rule['severity'])}; use "error", "warning" or "info"`;
  const kinds = rule['kinds'];
  const appliesTo = rule['appliesTo'];
  if (appliesTo !== undefined && kinds !== undefined)
    return 'has both "appliesTo" and "kinds"; give one (a trait of the kind table, or the kinds listed)';
  if (appliesTo !== undefined && !isKindTrait(appliesTo))
    return `has appliesTo ${show(appliesTo)}; use one of the kind traits: ${KIND_TRAIT_NAMES.join(', ')}`;
  if (appliesTo === undefined && (!Array.isArray(kinds) || kinds.length === 0 || !kinds.every(isDocumentKind)))
    return `must list the document kinds it checks in "kinds" (e.g. ["ShadowLink", "CreateShadowLinkRequest"]), or name a trait of the kind table in "appliesTo" (e.g. "request-link")`;
  const docs = rule['docs'];
  if (!isObject(docs) || typeof docs['description'] !== 'string' || docs['description'].trim() === '')
    return 'must describe what it checks in docs.description';
  if (docs['rationale'] !== undefined && typeof docs['rationale'] !== 'string')
    return 'has a docs.rationale that is not a string';
  if (docs['url'] !== undefined && (typeof docs['url'] !== 'string' || !/^https?:\/\/\S+$/.test(docs['url'])))
    return `has docs.url ${show(docs['url'])}; give an http(s) URL of its documentation, or leave it out`;
  const messages = rule['messages'];
  if (!isObject(messages) || Object.keys(messages).length === 0)
    return 'must declare its messages ({ messageId: "text with {placeholders}" })';
  for (const [name, spec] of Object.entries(messages)) {
    const ok =
      typeof spec === 'string' ||
      (isObject(spec) && typeof spec['text'] === 'string' && SEVERITY_NAMES.includes(spec['severity'] as string));
    if (!ok) return `has message "${name}" that is neither a string nor { text, severity }`;
  }
  if (typeof rule['check'] !== 'function') return 'must have a check(context) function';
  if (rule['visit'] !== undefined) return 'has visit, which only built-in rules use (write a check(context) function)';
  if (rule['onlyWhen'] !== undefined) return 'has onlyWhen, which only built-in rules use';
  if (rule['structuralMessages'] !== undefined) return 'has structuralMessages, which only built-in rules use';
  if (rule['unknownKey'] !== undefined) return 'has unknownKey, which only built-in rules use';
  if (rule['findingsOnKey'] !== undefined && typeof rule['findingsOnKey'] !== 'boolean')
    return 'has a findingsOnKey that is not true or false';
  const options = rule['options'];
  if (options !== undefined) {
    if (!isObject(options)) return 'has options that are not an object of { description, default, schema }';
    for (const [name, o] of Object.entries(options)) {
      if (!isObject(o) || typeof o['description'] !== 'string' || !isObject(o['schema']))
        return `has option "${name}" without a description and a schema`;
      const problem = schemaProblem(o['default'], o['schema'], `the default of option "${name}"`);
      if (problem) return `has ${problem}`;
    }
  }
  const examples = rule['examples'];
  if (
    examples !== undefined &&
    (!isObject(examples) || !Array.isArray(examples['valid']) || !Array.isArray(examples['invalid']))
  )
    return 'has examples that are not { valid: [...], invalid: [...] }';
  return undefined;
}

/**
 * Checks custom rules (from `lint`'s `customRules` or a config file's plugins) and returns them
 * typed; throws `TypeError` naming the rule and the problem, and for an id used twice.
 */
export function checkCustomRules(raw: unknown, where: string): Rule[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new TypeError(`${where}: "customRules" must be an array of rules, not ${show(raw)}.`);
  const seen = new Set<string>();
  raw.forEach((rule: unknown, i) => {
    const problem = ruleProblem(rule);
    const id = isObject(rule) && typeof rule['id'] === 'string' ? ` (${JSON.stringify(rule['id'].slice(0, 60))})` : '';
    if (problem) throw new TypeError(`${where}: custom rule ${i + 1}${id} ${problem}.`);
    const ruleId = (rule as Rule).id;
    if (seen.has(ruleId))
      throw new TypeError(`${where}: two custom rules have the id "${ruleId}"; ids must be unique.`);
    seen.add(ruleId);
  });
  return raw as Rule[];
}

const POINTER = /^(\/[^/]*)*$/;
const FIX_SHAPE = '{ kind: "rename-key" | "replace-value" | "remove", pointer, … }';

/** A fix a rule may report: a `Fix`'s shape, with a JSON Pointer. */
const isRuleFix = (fix: unknown): boolean => isFix(fix) && POINTER.test((fix as { pointer: string }).pointer);

/** Why a custom rule's report cannot become a diagnostic, or undefined when it can. */
export function reportProblem(rule: Rule, report: unknown): string | undefined {
  if (!isObject(report)) return `reported ${show(report)} instead of { messageId, pointer }`;
  const r = report as unknown as RuleReport;
  if (typeof r.messageId !== 'string' || !Object.hasOwn(rule.messages, r.messageId))
    return `reported message id ${show(r.messageId)}, which is not in its messages`;
  if (typeof r.pointer !== 'string' || !POINTER.test(r.pointer))
    return `reported pointer ${show(r.pointer)}; use a JSON Pointer such as "/configurations/clientOptions" ("" is the root)`;
  if (r.data !== undefined) {
    if (!isObject(r.data)) return 'reported data that is not an object';
    for (const [k, v] of Object.entries(r.data))
      if (typeof v !== 'string' && typeof v !== 'number') return `reported data "${k}" that is not a string or number`;
  }
  if (r.fix !== undefined && !isRuleFix(r.fix)) return `reported a fix that is not ${FIX_SHAPE}`;
  if (r.suggestions !== undefined) {
    if (!Array.isArray(r.suggestions)) return 'reported suggestions that are not an array';
    for (const x of r.suggestions as unknown[]) {
      if (!isObject(x) || typeof x['message'] !== 'string') return 'reported a suggestion without a message';
      if (x['fix'] !== undefined && !isRuleFix(x['fix'])) return `reported a suggestion whose fix is not ${FIX_SHAPE}`;
    }
  }
  if (
    r.related !== undefined &&
    (!Array.isArray(r.related) ||
      !r.related.every((x) => isObject(x) && typeof x.pointer === 'string' && typeof x.message === 'string'))
  )
    return 'reported related locations that are not [{ pointer, message }]';
  return undefined;
}
