/** What parsing a file yields: the value, where each part of it is, and the problems found on the way. */
import type { Document } from 'yaml';
import type { Diagnostic, Range } from '../core/diagnostics';

/** Offsets `[start, end)` of a key and of a value in the text (a parser's own: shared by every caller, never changed). */
export interface NodeSpan {
  readonly key?: readonly [number, number];
  readonly value: readonly [number, number];
  /** YAML only: how the value is written, so that fixes keep the text valid or skip with a reason. */
  readonly yaml?: {
    /** The value is an alias (`*x`), or is reached through one: it is shared with another place. */
    alias?: boolean;
    /** The value carries this anchor (`&x`), which aliases may use elsewhere. */
    anchor?: string;
    /** A block scalar (`|` or `>`). */
    block?: boolean;
    /** The value is an entry of a flow collection (`[a, b]`, `{a: 1}`). */
    flowParent?: boolean;
    /** The key has no value written (`key:`), so the span is the key's. */
    empty?: boolean;
  };
}

/** A parsed file. */
export interface ParsedSource {
  format: 'json' | 'yaml';
  /** False when the text could not be turned into a value; only `diagnostics` then matter. */
  ok: boolean;
  value: unknown;
  /** Syntax and encoding findings, with ranges. */
  diagnostics: Diagnostic[];
  /** The span of the node at a JSON Pointer, or undefined when no such node exists. */
  span(pointer: string): NodeSpan | undefined;
  /** Offsets to line/column. */
  range(start: number, end: number): Range;
  /** YAML only: the value repeats nodes through aliases (`*x`), so it may be far larger than the text. */
  aliases?: true;
  /** YAML only, when it parsed: the composed document (rpk's reader reads its nodes instead of parsing again). */
  yamlDocument?: Document;
  /** The `$schema` named by a `# yaml-language-server: $schema=` modeline, if any. */
  modelineSchema?: string;
  /**
   * The YAML comments of the text (1-based line, offset, text from `#`; `trailing` when something
   * precedes it on its line), for directives and fix checks.
   */
  comments: { line: number; text: string; offset: number; trailing?: boolean }[];
}

/** Deepest nesting a file may have; deeper files get one diagnostic instead of a stack overflow. */
export const MAX_FILE_DEPTH = 512;

/** The finding for a file nested deeper than MAX_FILE_DEPTH. */
export const tooDeep = (range: Range): Diagnostic => ({
  code: 'parse/too-deep',
  severity: 'error',
  pointer: '',
  range,
  message: `The document nests deeper than ${MAX_FILE_DEPTH} levels; no Admin API message is that deep. It was not linted further.`,
});

/** The finding for a file with no document in it. */
export const emptyFile = (range: Range, what: string): Diagnostic => ({
  code: 'input/empty',
  severity: 'error',
  pointer: '',
  range,
  message: `The file is empty${what}: there is no document to lint.`,
});
