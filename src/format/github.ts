/** GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding. */
import type { Severity } from '../core/diagnostics';
import type { Formatter } from './types';
import { forwardSlashes, pathUnder } from './paths';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** Escapes a command's message (data), as @actions/core does. */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Escapes a command property value, as @actions/core does. */
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One annotation line per diagnostic. Paths are relative to `options.workspace` (the checkout,
 * GITHUB_WORKSPACE) when the file is inside it, since the runner matches annotations to files
 * by their path in the repository.
 */
export const formatGithub: Formatter = (results, options) => {
  const lines: string[] = [];
  for (const r of results) {
    const file =
      (options.workspace ? pathUnder(r.file, options.cwd, options.workspace) : undefined) ?? forwardSlashes(r.file);
    for (const d of r.diagnostics) {
      const props = [`file=${escapeProperty(file)}`];
      if (d.range) {
        const { start, end } = d.range;
        props.push(`line=${start.line}`);
        // Columns only within one line: the checks API and @actions/core say to omit them when the lines differ.
        if (start.line === end.line)
          props.push(`col=${start.column}`, `endLine=${end.line}`, `endColumn=${end.column}`);
        else props.push(`endLine=${end.line}`);
      }
      props.push(`title=${escapeProperty(`svc-admin-spec ${d.code}`)}`);
      lines.push(`::${COMMAND[d.severity]} ${props.join(',')}::${escapeData(d.message)}`);
    }
  }
  return lines.map((line) => `${line}\n`);
};
