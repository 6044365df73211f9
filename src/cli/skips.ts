/** Files a walk leaves out: which documents are plainly unrelated, and how the run says what it skipped. */
import { printable } from '../format/ansi';
import { plural } from '../format/summary';
import { relatedEvidence } from '../kind/relevance';
import type { TextResult } from '../lint/lint-text';
import type { Skipped } from './files';
import type { CliIO } from './io';

/** Why an unrelated file was skipped, for `--verbose`. */
export const NOT_A_DOCUMENT = 'not an Admin API document';

/**
 * True when a lint found a document that fits no kind (`kind/unrecognised`, or a `$schema` naming
 * another tool's schema) and nothing suggests it is meant as one: no top-level key near a kind's,
 * no `$schema` or modeline naming one of ours. A file that did not parse is never unrelated: what
 * it holds cannot be told.
 */
export function plainlyUnrelated(result: TextResult): boolean {
  const { source } = result;
  if (result.kind !== null || !source.ok) return false;
  // The lint already decided why no kind fits; its finding says so.
  if (!result.diagnostics.some((d) => d.code === 'kind/unrecognised' || d.code === 'kind/unknown-schema')) return false;
  return relatedEvidence(source.value, source.modelineSchema) === undefined;
}

/**
 * Why a walk skipped a file that does not parse and names nothing of ours (`unparsedUnrelatedText`:
 * no kind's file name, `$schema`, modeline, key or near miss), for `--verbose`; a file named
 * explicitly, or whose kind is fixed, keeps its parse errors.
 */
export const UNPARSED_UNRELATED = 'does not parse and names nothing of ours';

/** Why a walk skipped an empty (or comment-only) file that names nothing of ours; named explicitly, it keeps its `input/empty` finding. */
export const EMPTY_UNRELATED = 'empty, and names nothing of ours';

/** The note for an unrelated file named on the command line (which is not linted, and does not fail the run). */
export const UNRELATED_NAMED =
  'it is plainly not an Admin API document (no top-level key near one of a kind\'s, no "$schema" or modeline naming one of ours); pass --kind to lint it as one.';

/**
 * On standard error: with `verbose`, each skipped path and why (sorted by path); otherwise, unless
 * `quiet`, the number of unrelated files skipped, and apart the number skipped because they do not
 * parse and name nothing of ours (the one count a broken link of ours could hide in).
 */
export function reportSkipped(io: CliIO, skipped: readonly Skipped[], how: { verbose: boolean; quiet: boolean }): void {
  if (how.verbose) {
    const sorted = [...skipped].sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
    for (const s of sorted) io.stderr.write(`svc-admin-spec: skipped ${printable(s.display)}: ${s.reason}\n`);
    return;
  }
  if (how.quiet) return;
  const unparsed = skipped.filter((s) => s.unrelated && s.reason === UNPARSED_UNRELATED).length;
  const unrelated = skipped.filter((s) => s.unrelated).length - unparsed;
  const them = (n: number) => (n === 1 ? 'it' : 'them');
  if (unrelated > 0)
    io.stderr.write(
      `svc-admin-spec: ${plural(unrelated, 'file')} skipped: ${unrelated === 1 ? 'not an Admin API document' : 'not Admin API documents'} (--verbose lists ${them(unrelated)}).\n`,
    );
  if (unparsed > 0)
    io.stderr.write(
      `svc-admin-spec: ${plural(unparsed, 'file')} skipped: ${unparsed === 1 ? 'it does' : 'they do'} not parse and name${unparsed === 1 ? 's' : ''} nothing of ours (--verbose lists ${them(unparsed)}; name a file to lint it anyway).\n`,
    );
}
