/**
 * The server's work on document text, as plain functions of plain data: they run in the server's
 * thread for ordinary documents and in a worker thread for large ones (see runner.ts).
 */
import { applyFixes } from '../fix/apply';
import { jsonEqual } from '../util/fix-value';
import { fixText } from '../fix/fix-text';
import type { Fix } from '../core/diagnostics';
import type { LintTextOptions } from '../lint/lint-text';
import { parseSource } from '../source/index';
import { analyzeDocument, type Analysis, type DocumentInput } from './analyze';
import { placeAt, type Place } from './positions';

/** Applies one fix with `--fix`'s checks: the fixed text, or why the fix cannot be made. */
function fixOne(input: { text: string; format: 'json' | 'yaml'; fix: Fix }): { text: string } | { skipped: string } {
  const outcome = applyFixes(input.text, [input.fix], { format: input.format });
  if (outcome.applied.length > 0 && outcome.text !== input.text) return { text: outcome.text };
  return { skipped: outcome.skipped[0]?.reason ?? 'it changes nothing' };
}

/** Offset of the start of a 0-based line (after `\n`, `\r\n` or a lone `\r`); the text's end past the last line. */
function lineOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 0; l < line; l++) {
    const m = /\r\n|\r|\n/g;
    m.lastIndex = offset;
    const hit = m.exec(text);
    if (!hit) return text.length;
    offset = hit.index + hit[0].length;
  }
  return offset;
}

/**
 * Inserts a comment line above a 0-based line, indented like it (a YAML suppression directive). The
 * result must parse to the same value with one more comment, as `--fix` checks its edits.
 */
function insertComment(input: {
  text: string;
  line: number;
  comment: string;
}): { text: string; column: number } | { skipped: string } {
  const { text } = input;
  const start = lineOffset(text, input.line);
  const indent = /^[ \t]*/.exec(text.slice(start, start + 1000))![0];
  const eol = /\r\n/.test(text) ? '\r\n' : /\r(?!\n)/.test(text) ? '\r' : '\n';
  const fixed = `${text.slice(0, start)}${indent}${input.comment}${eol}${text.slice(start)}`;
  const a = parseSource(text, 'yaml');
  const b = parseSource(fixed, 'yaml');
  if (!a.ok || !b.ok || !jsonEqual(a.value, b.value) || b.comments.length !== a.comments.length + 1)
    return { skipped: 'a comment cannot be placed above this line without changing the document' };
  return { text: fixed, column: indent.length + input.comment.length };
}

/** Every job by name. */
export const JOBS = {
  /** Lints a document with its config (async: the config may load plugins). */
  analyze: (input: DocumentInput): Promise<Analysis> => analyzeDocument(input),
  fix: fixOne,
  insertComment,
  /** What `--fix` makes of the text: every safe autofix, repeatedly. */
  fixAll: (input: { text: string; options: LintTextOptions }): { text: string } => ({
    text: fixText(input.text, input.options).text,
  }),
  /** The key or value at an offset, for hovers. */
  place: (input: { text: string; format: 'json' | 'yaml'; offset: number }): Place | null => {
    // Parsers see the text without a byte order mark; offsets move by one with it.
    const bom = input.text.charCodeAt(0) === 0xfeff ? 1 : 0;
    return placeAt(parseSource(input.text.slice(bom), input.format), input.offset - bom) ?? null;
  },
};

/** The name of a job. */
export type JobName = keyof typeof JOBS;
/** A job's input. */
export type JobInput<N extends JobName> = Parameters<(typeof JOBS)[N]>[0];
/** A job's result. */
export type JobOutput<N extends JobName> = Awaited<ReturnType<(typeof JOBS)[N]>>;

/** Runs a job by name (in whichever thread calls it). */
export function runJob<N extends JobName>(name: N, input: JobInput<N>): JobOutput<N> | Promise<JobOutput<N>> {
  return (JOBS[name] as (i: JobInput<N>) => JobOutput<N> | Promise<JobOutput<N>>)(input);
}
