/** Counts over all results, and the one-line summary the console shows. */
import { countBySeverity } from '../core/diagnostics';
import type { FileResult } from '../core/diagnostics';
import { ANSI, paint } from './ansi';

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

/** `1 file`, `2 files`. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `✖ 3 problems (2 errors, 1 warning, 0 infos) in 2 files`, or `✔ No problems in 5 files`;
 * coloured by the worst severity when asked.
 */
export function summaryLine(results: readonly FileResult[], color: boolean): string {
  const s = summarize(results);
  const problems = s.errors + s.warnings + s.infos;
  if (problems === 0) return paint(color, ANSI.bold, `✔ No problems in ${plural(s.files, 'file')}`);
  const colour = s.errors > 0 ? ANSI.red : s.warnings > 0 ? ANSI.yellow : ANSI.blue;
  const withProblems = results.filter((r) => r.diagnostics.length > 0).length;
  return paint(
    color,
    ANSI.bold + colour,
    `✖ ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}) in ${plural(withProblems, 'file')}`,
  );
}
