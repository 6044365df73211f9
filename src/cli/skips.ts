/** Files a walk leaves out: which documents are plainly unrelated, and how the run says what it skipped. */
import { printable } from '../format/ansi';
import { plural } from '../format/summary';
import { relatedEvidence, unparsedEvidence } from '../kind/relevance';
import type { TextResult } from '../lint/lint-text';
import type { FileResult } from '../core/diagnostics';
import { decode, formatOf } from '../source/index';
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

/** Why a walk skipped a file that does not parse, for `--verbose`. */
export const UNPARSED_UNRELATED = 'does not parse and names nothing of ours';

/** The findings of a text that could not be read as a value. */
const SYNTAX_ERRORS: ReadonlySet<string> = new Set(['parse/yaml-syntax', 'parse/json-syntax']);

/**
 * True when a lint found the file does not parse (a syntax error, no kind) and its text names
 * nothing of ours (see `unparsedEvidence`: a kind's file name, our `$schema` or modeline, a kind's
 * top-level key or a near miss), unless its kind is fixed (`kindFixed`, asked last): a Helm values
 * file with a template in it, a JSONC file. A walk skips it; a file named explicitly keeps its
 * parse errors.
 */
export function unparsedUnrelated(
  result: FileResult,
  bytes: Uint8Array | undefined,
  absolute: string,
  kindFixed: () => boolean,
): boolean {
  if (result.kind !== null || bytes === undefined) return false;
  if (!result.diagnostics.some((d) => SYNTAX_ERRORS.has(d.code))) return false;
  const decoded = decode(bytes);
  if ('diagnostic' in decoded) return false;
  const text = decoded.text.charCodeAt(0) === 0xfeff ? decoded.text.slice(1) : decoded.text;
  return unparsedEvidence(text, formatOf(absolute, text), absolute) === undefined && !kindFixed();
}

/** The note for an unrelated file named on the command line (which is not linted, and does not fail the run). */
export const UNRELATED_NAMED =
  'it is plainly not an Admin API document (no top-level key near one of a kind\'s, no "$schema" or modeline naming one of ours); pass --kind to lint it as one.';

/**
 * On standard error: with `verbose`, each skipped path and why (sorted by path); otherwise the
 * number of unrelated files skipped, unless `quiet`.
 */
export function reportSkipped(io: CliIO, skipped: readonly Skipped[], how: { verbose: boolean; quiet: boolean }): void {
  if (how.verbose) {
    const sorted = [...skipped].sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
    for (const s of sorted) io.stderr.write(`svc-admin-spec: skipped ${printable(s.display)}: ${s.reason}\n`);
    return;
  }
  const unrelated = skipped.filter((s) => s.unrelated).length;
  if (unrelated > 0 && !how.quiet)
    io.stderr.write(
      `svc-admin-spec: ${plural(unrelated, 'file')} skipped: ${unrelated === 1 ? 'not an Admin API document' : 'not Admin API documents'} (--verbose lists ${unrelated === 1 ? 'it' : 'them'}).\n`,
    );
}
