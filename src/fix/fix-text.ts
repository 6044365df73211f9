/** `--fix` for one file's text: lint, apply the verified fixes, lint again, until nothing more can be fixed. */
import type { Diagnostic, Fix } from '../core/diagnostics';
import { lintText, type LintTextOptions, type TextResult } from '../lint/lint-text';
import { capFindings, DEFAULT_MAX_FINDINGS } from '../lint/findings-cap';
import { applyFixesToParsed, type SkippedFix } from './apply';
import { autofixes } from '../util/fix-value';
import { FIX_PASSES } from '../util/fix-value';

/** What fixing a text did. */
export interface FixTextResult {
  /** The fixed text (the input when nothing changed). */
  text: string;
  /** The findings of the fixed text; those whose fix was skipped say why. */
  result: TextResult;
  /** Fixes that were not applied, with the reason. */
  skipped: SkippedFix[];
  /** How many fixes were applied. */
  applied: number;
}

/** A fix as a key: the same fix from two lints of one text has the same key. */
export const fixKey = (f: Fix): string => JSON.stringify(f);

/** Appends the reason a finding's fix was skipped to its message. */
function annotate(diagnostics: Diagnostic[], skipped: readonly SkippedFix[]): Diagnostic[] {
  if (skipped.length === 0) return diagnostics;
  const reasons = new Map(skipped.map((s) => [fixKey(s.fix), s.reason]));
  return diagnostics.map((d) => {
    const fix = d.suggestions?.find((s) => s.autofix && s.fix && reasons.has(fixKey(s.fix)))?.fix;
    return fix ? { ...d, message: `${d.message} (Its fix was not applied: ${reasons.get(fixKey(fix))}.)` } : d;
  });
}

/** How `fixText` chooses fixes. */
export interface FixTextOptions {
  /** Findings to leave as they are (the CLI passes those its ignore file suppresses: a baseline is kept, not fixed). */
  leave?: (d: Diagnostic) => boolean;
}

/** Lints `text` and applies every safe autofix, repeatedly; never throws. */
export function fixText(text: string, options: LintTextOptions = {}, choose: FixTextOptions = {}): FixTextResult {
  // Every pass sees every finding: with the report's cap, a file of N fixes would take N / cap passes.
  const all = { ...options, maxFindings: Number.MAX_SAFE_INTEGER };
  let current = text;
  let result = lintText(current, all);
  const skipped = new Map<string, SkippedFix>();
  let applied = 0;
  for (let pass = 0; pass < FIX_PASSES && result.source.ok; pass++) {
    const wanted = choose.leave ? result.diagnostics.filter((d) => !choose.leave!(d)) : result.diagnostics;
    const fixes = autofixes(wanted).filter((f) => !skipped.has(fixKey(f)));
    if (fixes.length === 0) break;
    // The text was just linted: its parse is reused (lintText parses it without the byte order mark, as applyFixes does).
    const outcome = applyFixesToParsed(current, fixes, result.source);
    for (const s of outcome.skipped) skipped.set(fixKey(s.fix), s);
    if (outcome.applied.length === 0 || outcome.text === current) break;
    applied += outcome.applied.length;
    current = outcome.text;
    result = lintText(current, all);
  }
  const list = [...skipped.values()];
  return {
    text: current,
    result: {
      ...result,
      diagnostics: capFindings(annotate(result.diagnostics, list), options.maxFindings ?? DEFAULT_MAX_FINDINGS),
    },
    skipped: list,
    applied,
  };
}

/**
 * The autofixes of a linted text that `--fix` would not apply, by `fixKey`: those its first pass
 * skips (a value behind a YAML anchor…), and all of them in a text that does not parse. What the
 * command counts as fixable.
 */
export function unappliedFixes(text: string, result: TextResult, choose: FixTextOptions = {}): Set<string> {
  const wanted = choose.leave ? result.diagnostics.filter((d) => !choose.leave!(d)) : result.diagnostics;
  const fixes = autofixes(wanted);
  if (fixes.length === 0) return new Set();
  if (!result.source.ok) return new Set(fixes.map(fixKey));
  return new Set(applyFixesToParsed(text, fixes, result.source).skipped.map((s) => fixKey(s.fix)));
}
