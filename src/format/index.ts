/** The output formats by name, and `format` for library users. */
import type { FileResult } from '../core/diagnostics';
import { VERSION } from '../util/version';
import { nearest } from '../util/suggest';
import { formatGithub } from './github';
import { formatGitlab } from './gitlab';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatSarif } from './sarif';
import { formatStylish } from './stylish';
import type { FormatOptions, Formatter } from './types';

export type { Formatter, FormatOptions } from './types';
export { summaryLine } from './summary';

/** Formatters by `--format` name. */
export const FORMATTERS = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  junit: formatJunit,
  gitlab: formatGitlab,
} as const satisfies Record<string, Formatter>;

/** The name of an output format. */
export type FormatName = keyof typeof FORMATTERS;

/** The output format names, default first. */
export const FORMAT_NAMES = Object.keys(FORMATTERS) as FormatName[];

/** True when `name` is an output format. */
export const isFormatName = (name: unknown): name is FormatName =>
  typeof name === 'string' && Object.hasOwn(FORMATTERS, name);

/** The environment variable that names the repository root each CI format wants paths relative to. */
export const WORKSPACE_VARIABLE: Partial<Record<FormatName, string>> = {
  github: 'GITHUB_WORKSPACE',
  gitlab: 'CI_PROJECT_DIR',
};

/** What the host tells, when there is one: `process` is absent in a browser. */
const host = (): { cwd?: () => string; env?: Record<string, string | undefined> } | undefined =>
  (globalThis as { process?: { cwd?: () => string; env?: Record<string, string | undefined> } }).process;

/** "Unknown format" with a did-you-mean and the list. */
export function unknownFormatMessage(name: string): string {
  const guess = nearest(name, FORMAT_NAMES);
  return `Unknown format ${JSON.stringify(name.slice(0, 60))}${guess ? `; did you mean "${guess}"?` : '.'} The formats are ${FORMAT_NAMES.join(', ')}.`;
}

/**
 * Formats results (from `lintText`) as the CLI's `--format <name>` does. Options default to no
 * colour, `process.cwd()` (none in a browser), this package's version and, for github and
 * gitlab, the CI's workspace variable; pass `customRules` for SARIF to describe them. Throws
 * `TypeError` for an unknown format.
 */
export function format(results: readonly FileResult[], name: FormatName, options: Partial<FormatOptions> = {}): string {
  if (!isFormatName(name)) throw new TypeError(unknownFormatMessage(String(name)));
  if (!Array.isArray(results))
    throw new TypeError('format: results must be an array of { file, kind, diagnostics }, as lintText returns.');
  const proc = host();
  const variable = WORKSPACE_VARIABLE[name];
  const workspace = options.workspace ?? (variable ? proc?.env?.[variable] || undefined : undefined);
  const full: FormatOptions = {
    color: options.color ?? false,
    cwd: options.cwd ?? proc?.cwd?.() ?? '',
    version: options.version ?? VERSION,
    ...(options.fixable !== undefined ? { fixable: options.fixable } : {}),
    ...(workspace ? { workspace } : {}),
    ...(options.customRules ? { customRules: options.customRules } : {}),
  };
  return FORMATTERS[name](results, full).join('');
}
