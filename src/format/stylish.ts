/** Human output grouped by file, like ESLint's stylish: `line:col  severity  message  code`. */
import type { Severity } from '../lint/diagnostics';
import type { Formatter } from './types';
import { summarize } from './summary';

const ANSI = {
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
  underline: '\u001b[4m',
  reset: '\u001b[0m',
};
const SEVERITY_COLOUR: Record<Severity, string> = { error: ANSI.red, warning: ANSI.yellow, info: ANSI.blue };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Control characters (escape sequences included) from file names or messages are shown as `\xNN`, never sent to the terminal. */
export const printable = (text: string): string =>
  text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** Stylish text; colour only when asked. */
export const formatStylish: Formatter = (results, options) => {
  const c = (code: string, text: string) => (options.color ? `${code}${text}${ANSI.reset}` : text);
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
    const w0 = Math.max(...rows.map((x) => x[0]!.length));
    const w1 = Math.max(...rows.map((x) => x[1]!.length));
    for (const [pos, sev, msg, code] of rows) {
      out.push(
        `  ${c(ANSI.dim, pos!.padEnd(w0))}  ${c(SEVERITY_COLOUR[sev as Severity], sev!.padEnd(w1))}  ${msg}  ${c(ANSI.dim, code!)}`,
      );
    }
    out.push('');
  }
  const s = summarize(results);
  const problems = s.errors + s.warnings + s.infos;
  if (problems === 0) return '';
  const colour = s.errors > 0 ? ANSI.red : s.warnings > 0 ? ANSI.yellow : ANSI.blue;
  out.push(
    c(
      ANSI.bold + colour,
      `✖ ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}) in ${plural(results.filter((r) => r.diagnostics.length > 0).length, 'file')}`,
    ),
  );
  if (options.fixable)
    out.push(c(ANSI.bold + colour, `  ${plural(options.fixable, 'problem')} can be fixed with the \`--fix\` option.`));
  return `${out.join('\n')}\n`;
};
