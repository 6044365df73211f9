/** What any finding code means, from the same sources as its documentation page (SARIF rules, editor hovers). */
import { BUILTIN_CATALOG, type RuleCatalog } from '../engine/catalog';
import type { Severity } from '../core/diagnostics';
import { describeFileCode } from './file-codes';
import { STRUCTURAL_CODES } from './structural-codes';

/** A code's short description, its longer explanation (a rule's rationale) and its default severity. */
export function describeCode(
  code: string,
  catalog: RuleCatalog = BUILTIN_CATALOG,
): { short: string; full: string; level: Severity } {
  const rule = catalog.byId.get(code);
  if (rule)
    return { short: rule.docs.description, full: rule.docs.rationale ?? rule.docs.description, level: rule.severity };
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
