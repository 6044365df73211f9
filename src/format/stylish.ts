/** Human output grouped by file, like ESLint's stylish: `line:col  severity  message  code`. */
import type { Severity } from '../core/diagnostics';
import type { Formatter } from './types';
import { ANSI, paint, printable, SEVERITY_COLOUR } from './ansi';
import { plural, summarize, summaryLine } from './summary';

/** Stylish text; colour only when asked. */
export const formatStylish: Formatter = (results, options) => {
  const c = (code: string, text: string) => paint(options.color, code, text);
  const out: string[] = [];
  for (const r of results) {
    if (r.diagnostics.length === 0) continue;
    out.push(c(ANSI.underline, printable(r.file)));
    const rows = r.diagnostics.map((d) => [
      d.range ? `${d.range.start.line}:${d.range.start.column}` : '0:0',
      d.severity,
      printable(d.message.replace(/\s*\n\s*/g, ' ')),
      d.code,
    ]);
    // A loop, not Math.max(...): spreading a million rows as arguments overflows the stack.
    let w0 = 0;
    let w1 = 0;
    for (const x of rows) {
      w0 = Math.max(w0, x[0]!.length);
      w1 = Math.max(w1, x[1]!.length);
    }
    for (const [pos, sev, msg, code] of rows) {
      out.push(
        `  ${c(ANSI.dim, pos!.padEnd(w0))}  ${c(SEVERITY_COLOUR[sev as Severity], sev!.padEnd(w1))}  ${msg}  ${c(ANSI.dim, code!)}`,
      );
    }
    out.push('');
  }
  const s = summarize(results);
  if (s.errors + s.warnings + s.infos === 0) return [];
  out.push(summaryLine(results, options.color));
  if (options.fixable) {
    const colour = s.errors > 0 ? ANSI.red : s.warnings > 0 ? ANSI.yellow : ANSI.blue;
    out.push(c(ANSI.bold + colour, `  ${plural(options.fixable, 'problem')} can be fixed with the \`--fix\` option.`));
  }
  return out.map((line) => `${line}\n`);
};
