/** Unified diffs of fixes (`--fix-dry-run`): standard hunks with three lines of context, secrets masked. */
import { structuredPatch } from 'diff';
import { maskLines, secretSpans } from '../secrets/spans';

/**
 * A unified diff from `before` to `after`, both named `name` (so it applies with `patch -p0` or
 * `git apply -p0`). Lines that hold a secret are shown with the secret masked; such hunks no longer
 * apply, which is the price of never printing a secret.
 */
export function unifiedDiff(before: string, after: string, name: string, format: 'json' | 'yaml'): string {
  const patch = structuredPatch(name, name, before, after, '', '', { context: 3 });
  if (patch.hunks.length === 0) return '';
  const strip = (t: string) => (t.charCodeAt(0) === 0xfeff ? t.slice(1) : t);
  const maskedBefore = maskLines(before, shift(secretSpans(strip(before), format), before)).split('\n');
  const maskedAfter = maskLines(after, shift(secretSpans(strip(after), format), after)).split('\n');
  const out = [`--- ${name}`, `+++ ${name}`];
  for (const h of patch.hunks) {
    // In the header, a side without lines names the line before the change (as GNU diff writes it).
    out.push(
      `@@ -${h.oldStart - (h.oldLines === 0 ? 1 : 0)},${h.oldLines} +${h.newStart - (h.newLines === 0 ? 1 : 0)},${h.newLines} @@`,
    );
    let oldLine = h.oldStart - 1;
    let newLine = h.newStart - 1;
    for (const line of h.lines) {
      const mark = line[0];
      if (mark === ' ') {
        out.push(` ${maskedBefore[oldLine++] ?? line.slice(1)}`);
        newLine++;
      } else if (mark === '-') out.push(`-${maskedBefore[oldLine++] ?? line.slice(1)}`);
      else if (mark === '+') out.push(`+${maskedAfter[newLine++] ?? line.slice(1)}`);
      else out.push(line);
    }
  }
  return `${out.join('\n')}\n`;
}

/** Spans found in a text without its byte order mark, moved to offsets in the text with it. */
function shift(spans: readonly (readonly [number, number])[], text: string): [number, number][] {
  const d = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return spans.map(([s, e]) => [s + d, e + d]);
}
