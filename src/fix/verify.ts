/** The check every fixed text must pass before it is used: it parses, and its value is exactly the intended one. */
import type { Fix } from '../core/diagnostics';
import { parseSource, type ParsedSource } from '../source/index';
import { intendedValue, jsonEqual } from '../util/fix-value';

function countCodes(source: ParsedSource): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of source.diagnostics)
    if (d.code.startsWith('parse/')) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return counts;
}

function commentTexts(source: ParsedSource): string[] {
  return source.comments.map((c) => c.text.trimEnd()).sort();
}

/**
 * Checks that the fixed text is the original with exactly these fixes applied: it must parse with
 * no new parse findings, keep every comment and have the intended value. Gives the parsed result
 * (reused by the next batch) or the reason it fails.
 */
export function verifyFixed(
  original: ParsedSource,
  fixedText: string,
  fixes: readonly Fix[],
): { reason: string } | { fixed: ParsedSource } {
  const fixed = parseSource(fixedText, original.format);
  const reason = whyNot(original, fixed, fixes);
  return reason === undefined ? { fixed } : { reason };
}

/** Why `fixed` is not `original` with exactly `fixes` applied, or undefined when it is. */
function whyNot(original: ParsedSource, fixed: ParsedSource, fixes: readonly Fix[]): string | undefined {
  if (!fixed.ok) return 'the fixed text would not parse';
  const before = countCodes(original);
  for (const [code, n] of countCodes(fixed))
    if (n > (before.get(code) ?? 0))
      return code === 'parse/duplicate-key' ? 'it would create a duplicate key' : `it would cause ${code}`;
  const expected = intendedValue(original.value, fixes);
  if (expected === undefined) return 'the fix no longer fits the document';
  if (!jsonEqual(expected, fixed.value)) return 'the result would differ from the intended change';
  const a = commentTexts(original);
  const b = commentTexts(fixed);
  if (a.length !== b.length || a.some((t, i) => t !== b[i])) return 'a comment would be lost or changed';
  return undefined;
}
