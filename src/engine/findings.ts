/** Turns a rule's report into a diagnostic: the one place messages are filled and fixes described. */
import type { Code, Diagnostic, Fix, Severity } from '../core/diagnostics';
import { ruleById } from './registry';
import type { MessageSpec, Rule, RuleReport, RuleSetting } from '../rule-api/types';

/** Longest text a value may contribute to a message; longer values are cut (a 10 MB value never makes a 10 MB message). */
const MAX_DATA_LENGTH = 200;

const messageText = (spec: MessageSpec): string => (typeof spec === 'string' ? spec : spec.text);

/** The severity a finding of `rule` gets: the user's setting, else the message's own, else the rule's. */
export function severityFor(rule: Rule, messageId: string, level: RuleSetting | undefined): Severity {
  if (level !== undefined && level !== 'off') return level;
  const spec = rule.messages[messageId];
  return spec !== undefined && typeof spec !== 'string' ? spec.severity : rule.severity;
}

/** Fills `{name}` placeholders; each value contributes at most a bounded excerpt. */
export function fillTemplate(text: string, data: Readonly<Record<string, string | number>> | undefined): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!data || !Object.hasOwn(data, name)) return whole;
    const v = String(data[name]);
    return v.length > MAX_DATA_LENGTH ? `${v.slice(0, MAX_DATA_LENGTH)}…` : v;
  });
}

/** A one-line description of a fix. */
export function describeFix(fix: Fix): string {
  switch (fix.kind) {
    case 'rename-key':
      return `Rename the key to "${fix.to}".`;
    case 'remove':
      return 'Remove it.';
    case 'replace-value': {
      const text = JSON.stringify(fix.value) ?? String(fix.value);
      return `Replace the value with ${text.length > MAX_DATA_LENGTH ? `${text.slice(0, MAX_DATA_LENGTH)}…` : text}.`;
    }
  }
}

/** Turns one report of `rule` into a diagnostic; a fix becomes the first, automatic suggestion. */
export function toDiagnostic(rule: Rule, report: RuleReport, level: RuleSetting | undefined): Diagnostic {
  const spec = rule.messages[report.messageId];
  if (spec === undefined) throw new Error(`rule ${rule.id} reported unknown message id ${report.messageId}`);
  const d: Diagnostic = {
    // Built-in ids are in the generated union; custom ids are checked to be `@namespace/name` when loaded.
    code: rule.id as Code,
    severity: severityFor(rule, report.messageId, level),
    message: fillTemplate(messageText(spec), report.data),
    pointer: report.pointer,
  };
  const suggestions = [...(report.suggestions ?? [])];
  if (report.fix) suggestions.unshift({ message: describeFix(report.fix), fix: report.fix, autofix: true });
  if (suggestions.length > 0) d.suggestions = suggestions;
  if (report.related) d.related = report.related;
  return d;
}

/** A finding of rule `id` reported outside its check (by the decoder or the structural validator), at default severity. */
export function ruleFinding(
  id: string,
  messageId: string,
  pointer: string,
  data: Record<string, string | number>,
  fix?: Fix,
  extra: Pick<RuleReport, 'suggestions' | 'related'> = {},
): Diagnostic {
  const rule = ruleById.get(id);
  if (!rule) throw new Error(`unknown rule ${id}`);
  return toDiagnostic(rule, { messageId, pointer, data, ...(fix ? { fix } : {}), ...extra }, undefined);
}
