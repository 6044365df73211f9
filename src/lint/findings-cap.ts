/** Keeps reports bounded: the first N findings of a file, plus one finding that counts the rest. */
import { countBySeverity, SEVERITY_RANK, type Diagnostic } from '../core/diagnostics';

/** Default most findings reported for one document. */
export const DEFAULT_MAX_FINDINGS = 2000;

/** The code of the finding that stands for the findings left out. */
export const TRUNCATED_CODE = 'report/too-many-findings';

/**
 * The first `max` of the (already sorted) findings, plus a `report/too-many-findings` finding with
 * the totals of the rest (in words, and by severity in `omitted`), as severe as the most severe
 * finding left out.
 */
export function capFindings(sorted: Diagnostic[], max: number): Diagnostic[] {
  if (sorted.length <= max) return sorted;
  const kept = sorted.slice(0, max);
  const rest = sorted.slice(max);
  const c = countBySeverity(rest);
  let severity: Diagnostic['severity'] = 'info';
  for (const d of rest) if (SEVERITY_RANK[d.severity] < SEVERITY_RANK[severity]) severity = d.severity;
  kept.push({
    code: TRUNCATED_CODE,
    severity,
    pointer: '',
    message: `${rest.length} more findings were not listed (${c.errors} errors, ${c.warnings} warnings, ${c.infos} infos; ${sorted.length} in all). Fix the ones above first, or raise the limit (maxFindings, --max-findings).`,
    omitted: c,
  });
  return kept;
}
