/** The README's table of document kinds, rendered from the kind table (src/model/kinds.ts). */
import { KIND_NAMES, kindOf } from '../src/model/kinds';

/** One row per kind: its role, method, where its link sits, and the file names editors match it by. */
export function kindTable(): string {
  const rows = KIND_NAMES.map((kind) => {
    const d = kindOf(kind);
    const link = d.link
      ? `${d.link.form} form, at \`${d.link.pointer || '/'}\``
      : d.mapped
        ? `the ${d.mapped.mapsTo} its reader builds`
        : '—';
    const files = d.filePatterns.map((p) => `\`${p}\``).join(' ');
    return `| \`${kind}\` | ${d.label} | ${d.role} | ${d.method ?? 'any (error body)'} | ${link} | ${files} |`;
  });
  return [
    '| kind | what | role | method | shadow link | file names (schema catalog) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
