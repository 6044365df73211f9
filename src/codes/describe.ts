/** What any finding code means, from the same sources as its documentation page (SARIF rules, editor hovers). */
import { ruleById } from '../engine/registry';
import type { Severity } from '../lint/diagnostics';
import { describeFileCode } from './file-codes';
import { STRUCTURAL_CODES } from './structural-codes';

/** A code's short description, its longer explanation (a rule's rationale) and its default severity. */
export function describeCode(code: string): { short: string; full: string; level: Severity } {
  const rule = ruleById.get(code);
  if (rule) return { short: rule.docs.description, full: rule.docs.rationale, level: rule.severity };
  const schema = code.startsWith('schema/');
  const structural = schema ? STRUCTURAL_CODES[code.slice('schema/'.length)] : undefined;
  const text =
    describeFileCode(code) ??
    (structural
      ? `${structural.title}. ${structural.description}`
      : schema
        ? 'Structural check against the JSON Schema of the document kind.'
        : code);
  return { short: text, full: text, level: 'error' };
}
