/** GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding. */
import type { Severity } from '../lint/diagnostics';
import type { Formatter } from './types';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Escapes a command's message (data). */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Escapes a command property value. */
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One annotation line per diagnostic. */
export const formatGithub: Formatter = (results) => {
  const lines: string[] = [];
  for (const r of results) {
    for (const d of r.diagnostics) {
      const props = [`file=${escapeProperty(r.file)}`];
      if (d.range) {
        props.push(
          `line=${d.range.start.line}`,
          `col=${d.range.start.column}`,
          `endLine=${d.range.end.line}`,
          `endColumn=${d.range.end.column}`,
        );
      }
      props.push(`title=${escapeProperty(`svc-admin-spec ${d.code}`)}`);
      lines.push(`::${COMMAND[d.severity]} ${props.join(',')}::${escapeData(d.message)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
};
