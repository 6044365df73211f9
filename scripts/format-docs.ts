/** The README's table of output formats, rendered from the format table (src/format/index.ts). */
import { DEFAULT_FORMAT, FORMAT_NAMES, formatDescriptor, REPORT_EXTENSIONS } from '../src/format/index';

/** One row per format: what it writes, the files `-o` accepts for it, and the CI variable its paths follow. */
export function formatTable(): string {
  const any = `any but ${REPORT_EXTENSIONS.map((e) => `\`${e}\``).join(', ')}`;
  const rows = FORMAT_NAMES.map((name) => {
    const d = formatDescriptor(name);
    const files = d.extensions.length > 0 ? d.extensions.map((e) => `\`${e}\``).join(', ') : any;
    const variable = d.workspaceVariable ? `\`${d.workspaceVariable}\`` : '—';
    return `| \`${name}\`${name === DEFAULT_FORMAT ? ' (default)' : ''} | ${d.description} | ${files} | ${variable} |`;
  });
  return [
    '| format | what it writes | file extensions (`-o`) | paths relative to (when set) |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
