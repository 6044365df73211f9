/** Counts over all results. */
import { countBySeverity } from '../lint/diagnostics';
import type { FileResult } from '../lint/lint-text';

/** Totals by severity and the number of files. */
export function summarize(results: readonly FileResult[]): {
  errors: number;
  warnings: number;
  infos: number;
  files: number;
} {
  const total = { errors: 0, warnings: 0, infos: 0, files: results.length };
  for (const r of results) {
    const c = countBySeverity(r.diagnostics);
    total.errors += c.errors;
    total.warnings += c.warnings;
    total.infos += c.infos;
  }
  return total;
}
