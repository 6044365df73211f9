/** What every formatter receives. */
import type { Rule } from '../rule-api/types';
import type { FileResult } from '../core/diagnostics';

/** Formatter inputs beyond the results. */
export interface FormatOptions {
  /** Use ANSI colours (stylish only). */
  color: boolean;
  /** The working directory the results' relative paths start from (SARIF's base URI, CI paths). */
  cwd: string;
  /** The tool version, for SARIF. */
  version: string;
  /** How many findings `--fix` could fix, for the stylish summary. */
  fixable?: number;
  /**
   * The repository root that CI wants paths relative to (github: `GITHUB_WORKSPACE`, gitlab:
   * `CI_PROJECT_DIR`); paths outside it are kept as they are.
   */
  workspace?: string;
  /** The custom rules the results were linted with, so that SARIF describes them (description, help URL). */
  customRules?: readonly Rule[];
  /** Where the package's documentation is served (SARIF's `helpUri`), as the lint's `docsBaseUrl`; default unpkg. */
  docsBaseUrl?: string;
}

/**
 * A formatter: results in, the report out as pieces whose concatenation is the text (a report can
 * be longer than the longest string, so it is never one string on the command's path).
 */
export type Formatter = (results: readonly FileResult[], options: FormatOptions) => string[];
