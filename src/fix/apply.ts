/** Applies machine-applicable fixes to JSON or YAML text: minimal edits, each result checked before it is used. */
import type { Diagnostic, Fix } from '../core/diagnostics';
import { formatOf, parseSource, type ParsedSource } from '../source/index';
import { planEdits, type Edit } from './edits';
import { verifyFixed } from './verify';

import { autofixes } from '../util/fix-value';

/** A fix that was not applied, and why. */
export interface SkippedFix {
  fix: Fix;
  reason: string;
}

/** What applying fixes did. */
export interface FixOutcome {
  /** The fixed text (the input when nothing was applied). */
  text: string;
  applied: Fix[];
  skipped: SkippedFix[];
}

/** Options of `applyFixes`. */
export interface ApplyFixesOptions {
  /** `json` or `yaml`; by default from `filename`'s extension or the content. */
  format?: 'json' | 'yaml';
  filename?: string;
}

interface Candidate {
  fix: Fix;
  edits: Edit[];
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let pos = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + text.slice(pos);
}

/**
 * Applies a batch of candidates if the result verifies; otherwise splits it (later half first, so
 * that the earlier edits' offsets and pointers stay valid) until each failing fix is isolated.
 */
function applyVerified(
  text: string,
  source: ParsedSource,
  batch: readonly Candidate[],
  outcome: { applied: Fix[]; skipped: SkippedFix[] },
): { text: string; source: ParsedSource } {
  if (batch.length === 0) return { text, source };
  const fixed = applyEdits(
    text,
    batch.flatMap((c) => c.edits),
  );
  const verdict = verifyFixed(
    source,
    fixed,
    batch.map((c) => c.fix),
  );
  if ('fixed' in verdict) {
    for (const c of batch) outcome.applied.push(c.fix);
    return { text: fixed, source: verdict.fixed };
  }
  if (batch.length === 1) {
    outcome.skipped.push({ fix: batch[0]!.fix, reason: verdict.reason });
    return { text, source };
  }
  // `batch` is sorted by position, last first: the first half lies later in the text.
  const mid = Math.ceil(batch.length / 2);
  const later = applyVerified(text, source, batch.slice(0, mid), outcome);
  return applyVerified(later.text, later.source, batch.slice(mid), outcome);
}

/**
 * Applies the autofix suggestions of `diagnostics` (or the given fixes) to `text` as minimal edits
 * that keep comments, order and quoting. Every result is parsed again and must have exactly the
 * intended value, no new duplicate keys and every comment; a fix that fails this is skipped with
 * the reason. Never throws for any text; a byte order mark is kept.
 */
export function applyFixes(
  text: string,
  diagnosticsOrFixes: readonly (Diagnostic | Fix)[],
  options: ApplyFixesOptions = {},
): FixOutcome {
  const fixes = diagnosticsOrFixes.flatMap((x) => ('code' in x ? autofixes([x]) : [x as Fix]));
  if (fixes.length === 0) return { text, applied: [], skipped: [] };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return applyFixesToParsed(text, fixes, parseSource(body, options.format ?? formatOf(options.filename ?? '', body)));
}

/**
 * `applyFixes` for a text whose content (without a byte order mark) is already parsed as `source`:
 * `--fix` has that parse from linting the same text, and parsing is most of a pass's cost.
 */
export function applyFixesToParsed(text: string, fixes: readonly Fix[], source: ParsedSource): FixOutcome {
  const outcome: FixOutcome = { text, applied: [], skipped: [] };
  if (fixes.length === 0) return outcome;
  const bom = text.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  const body = bom ? text.slice(1) : text;
  if (!source.ok) {
    for (const fix of fixes) outcome.skipped.push({ fix, reason: 'the file does not parse' });
    return outcome;
  }
  const planned: Candidate[] = [];
  for (const fix of fixes) {
    const plan = planEdits(body, source, fix);
    if ('skip' in plan) outcome.skipped.push({ fix, reason: plan.skip });
    else if (plan.edits.length > 0) planned.push({ fix, edits: plan.edits });
  }
  // Fixes whose edits overlap an earlier one wait for the next pass (the caller lints again).
  const start = (c: Candidate) => Math.min(...c.edits.map((e) => e.start));
  const end = (c: Candidate) => Math.max(...c.edits.map((e) => e.end));
  planned.sort((a, b) => start(a) - start(b) || end(a) - end(b));
  const candidates: Candidate[] = [];
  let reached = -1;
  for (const c of planned) {
    if (start(c) < reached) continue;
    candidates.push(c);
    reached = Math.max(reached, end(c));
  }
  candidates.reverse();
  const result = applyVerified(body, source, candidates, outcome);
  outcome.text = result.text === body ? text : bom + result.text;
  return outcome;
}
