/** What every formatter receives. */
import type { FileResult } from '../lint/lint-text';

/** Formatter inputs beyond the results. */
export interface FormatOptions {
  /** Use ANSI colours (stylish only). */
  color: boolean;
  /** The working directory, for SARIF's base URI. */
  cwd: string;
  /** The tool version, for SARIF. */
  version: string;
  /** How many findings `--fix` could fix, for the stylish summary. */
  fixable?: number;
}

/** A formatter: results in, text out. */
export type Formatter = (results: readonly FileResult[], options: FormatOptions) => string;
