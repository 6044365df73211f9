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

/** One output format: every list of formats (flags, help, `-o` checks, the README, tests) reads it from here. */
export interface FormatDescriptor {
  /** Writes the report. */
  readonly formatter: Formatter;
  /** One line of Markdown for the README's list of formats. */
  readonly description: string;
  /**
   * The file extensions a report of this format may be written to, among those that announce a
   * kind of report (`.json`, `.sarif`, `.xml`): `-o` refuses a file whose extension announces
   * another kind, so that text never lands in `results.sarif`. Empty for text formats.
   */
  readonly extensions: readonly string[];
  /** The CI's environment variable naming the repository root that this format's paths are made relative to. */
  readonly workspaceVariable?: string;
}

/** The output formats by `--format` name, the default first (the order of help texts and messages). */
export const FORMATS = {
  stylish: {
    formatter: formatStylish,
    description: 'Text for people: findings grouped by file, `line:col  severity  message  code`, and a summary.',
    extensions: [],
  },
  json: {
    formatter: formatJson,
    description: 'One stable, versioned JSON object: every file with its findings, and a summary.',
    extensions: ['.json'],
  },
  sarif: {
    formatter: formatSarif,
    description: 'SARIF 2.1.0 for GitHub code scanning and other viewers.',
    extensions: ['.sarif', '.json'],
  },
  github: {
    formatter: formatGithub,
    description: 'GitHub Actions workflow commands: annotations shown inline on pull requests.',
    extensions: [],
    workspaceVariable: 'GITHUB_WORKSPACE',
  },
  junit: {
    formatter: formatJunit,
    description: 'JUnit XML for Jenkins, GitLab and other test views: a test case per finding.',
    extensions: ['.xml'],
  },
  gitlab: {
    formatter: formatGitlab,
    description: 'GitLab Code Quality JSON, for the merge request widget.',
    extensions: ['.json'],
    workspaceVariable: 'CI_PROJECT_DIR',
  },
} as const satisfies Record<string, FormatDescriptor>;

/** The name of an output format: the table's keys, so every exhaustive map over formats misses none. */
export type FormatName = keyof typeof FORMATS;

/** The descriptor of a format, typed as the interface (the table's literal types are narrower). */
export const formatDescriptor = (name: FormatName): FormatDescriptor => FORMATS[name];

/** The output format names, default first. */
export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

/** Every file extension that announces a kind of report (what `-o` checks a file name against), in table order. */
export const REPORT_EXTENSIONS: readonly string[] = [...new Set(FORMAT_NAMES.flatMap((f) => FORMATS[f].extensions))];

/** The format used when none is given. */
export const DEFAULT_FORMAT: FormatName = FORMAT_NAMES[0]!;

/** True when `name` is an output format. */
export const isFormatName = (name: unknown): name is FormatName =>
  typeof name === 'string' && Object.hasOwn(FORMATS, name);

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
  const { formatter, workspaceVariable: variable } = formatDescriptor(name);
  const workspace = options.workspace ?? (variable ? proc?.env?.[variable] || undefined : undefined);
  const full: FormatOptions = {
    color: options.color ?? false,
    cwd: options.cwd ?? proc?.cwd?.() ?? '',
    version: options.version ?? VERSION,
    ...(options.fixable !== undefined ? { fixable: options.fixable } : {}),
    ...(workspace ? { workspace } : {}),
    ...(options.customRules ? { customRules: options.customRules } : {}),
    ...(options.docsBaseUrl !== undefined ? { docsBaseUrl: options.docsBaseUrl } : {}),
  };
  return formatter(results, full).join('');
}
