/** Command-line arguments: parsing and the help text. */
import { parseArgs } from 'node:util';
import { SEVERITIES, type Severity } from '../core/diagnostics';
import { type RuleSetting } from '../rule-api/types';
import { severityOf } from '../engine/settings';
import { TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import { KIND_NAMES, isKindName, type KindName } from '../model/kinds';
import { editDistance, nearest } from '../util/suggest';
import type { RuleSettings } from './config';
import { DEFAULT_FORMAT, FORMAT_NAMES, type FormatName } from '../format/index';
import {
  APPLY_FLAGS,
  CHECK_EXCHANGE_FLAGS,
  CONVERT_FLAGS,
  GET_BROKER_FLAGS,
  INIT_FLAGS,
  PREVIEW_FLAGS,
  type FlagSpec,
} from './client-flags';
import { outputsOf, type ReportOutput } from './outputs';
import { UsageError } from './usage-error';
import { COMMANDS, COMMAND_LIKE } from './commands';

export { UsageError };

/** Options of `svc-admin-spec lint`. */
export interface LintCommand {
  command: 'lint';
  paths: string[];
  kind?: KindName;
  /** Each report: its format and the file it goes to (none: standard output, at most one). */
  outputs: ReportOutput[];
  failSeverity: Severity;
  maxWarnings?: number;
  config?: string;
  noConfig: boolean;
  rules: RuleSettings;
  targetVersion?: TargetVersion;
  stdinFilename?: string;
  errorOnUnmatchedPattern: boolean;
  ignoreFile?: string;
  writeIgnoreFile: boolean;
  fix: boolean;
  fixDryRun: boolean;
  color?: boolean;
  quiet: boolean;
  maxFindings?: number;
  /** List each file a walk or glob left out, and why, on standard error. */
  verbose?: true;
  /** Print the files that would be linted, one a line, instead of a report. */
  listFiles?: true;
  /** --cache: reuse each unchanged file's results from the cache file. */
  cache: boolean;
  /** --cache-location as given: the cache file, or a directory for it (default: the working directory's). */
  cacheLocation?: string;
  /**
   * No command was named and the first path is a bare word (`lnit`): unless such a file exists,
   * the run checks it, it is a misspelt command.
   */
  bareWord?: string;
}

/** Options of `svc-admin-spec --print-config FILE`: the settings that would apply to one file. */
export interface PrintConfigCommand {
  command: 'print-config';
  file: string;
  kind?: KindName;
  config?: string;
  noConfig: boolean;
  rules: RuleSettings;
  targetVersion?: TargetVersion;
}

/** Commands whose arguments are parsed by their own modules. */
export type OwnArgsCommandName = 'apply' | 'get-broker' | 'convert' | 'init' | 'preview' | 'check-exchange';

/** `apply`, `get-broker`, `convert`, `init`, `preview` and `check-exchange`: their arguments are parsed by their own modules. */
export interface ClientCommand {
  command: OwnArgsCommandName;
  argv: string[];
}

/** Any command. */
export type Command =
  | LintCommand
  | PrintConfigCommand
  | RulesCommand
  | ClientCommand
  | { command: 'help'; topic?: 'lsp' }
  | { command: 'version' }
  | { command: 'lsp' };

/** Options of `svc-admin-spec rules`: the built-in rules and the custom rules of the config's plugins. */
export interface RulesCommand {
  command: 'rules';
  format: 'stylish' | 'json';
  config?: string;
  noConfig: boolean;
}

/** The formats for the help, the default marked. */
const FORMAT_LIST = FORMAT_NAMES.map((f) => (f === DEFAULT_FORMAT ? `${f} (default)` : f)).join(', ');

/** Help text. */
export const HELP = `Usage: svc-admin-spec lint [options] [paths...]
       svc-admin-spec rules [--format json] [--config <file> | --no-config]
       svc-admin-spec --print-config <file> [--config <file>] [--kind <Kind>] [--rule <id>=<severity>]
       svc-admin-spec init [--format yaml|json]   (writes a starter config, see init --help)
       svc-admin-spec convert <file> --to api|rpk [options]         (see convert --help)
       svc-admin-spec preview <link-file> --topics <file|-> [--groups <file|->] [-f json]
                                                                    (see preview --help)
       svc-admin-spec check-exchange <request> <response> [-f <format>] (see check-exchange --help)
       svc-admin-spec apply --admin-url <url> [options] <file>...   (see apply --help)
       svc-admin-spec get-broker --admin-url <url> [options]        (see get-broker --help)
       svc-admin-spec lsp --stdio        (the language server, for editors)
       svc-admin-spec --help | --version

Lints Admin API v2 documents (shadow link configs, CreateShadowLink and GetBroker
requests and responses, Connect errors) in JSON and YAML files.

Paths are files, directories (searched for .json, .yaml, .yml) and globs; "-" reads
standard input. With no path, the current directory is linted. Directories and globs skip
what git ignores (.gitignore, .git/info/exclude), the config's "ignore" globs, files outside
its "files" globs, and files plainly not Admin API documents (counted; --verbose lists them).
A file named on the command line is linted even when git ignores it; one the config's globs
leave out, or plainly not an Admin API document, gets a one-line note on stderr instead and does
not change the exit code.

Options:
  --kind <Kind>                     Lint every input as this kind: ${KIND_NAMES.join(', ')}
  -f, --format <name>               ${FORMAT_LIST}; repeatable
  -o, --output <file>               Write a report to a file; repeatable. Files go to the last formats
                                    given, in order: -f github -f sarif -o results.sarif prints github
                                    and writes sarif. With no report on standard output, a one-line
                                    summary is printed there
  --output.<format> <file>          Write that format's report to the file (adds the format)
  --fail-severity <level>           Exit 1 on findings at or above: error (default), warning, info
  --max-warnings <n>                Also exit 1 when there are more than n warnings
  -c, --config <file>               Use this config file for every file (default: each file's nearest
                                    svc-admin-spec.config.{json,yaml,yml}, from its directory upward)
  --no-config                       Do not look for a config file
  --rule <id>=<severity>            Set a rule's severity (off, info, warning|warn, error, 0-2); repeatable
  --target-version <v>              Server version whose facts apply: ${TARGET_VERSIONS.join(', ')} (default 26.1)
  --stdin-filename <name>           Name standard input in reports (and pick its format by extension)
  --no-error-on-unmatched-pattern   A pattern or directory that matches no file is not an error
  --ignore-file <file>              Ignore file for findings (default: .svc-admin-spec-ignore.json
                                    beside each file's config, or the nearest one up without a config)
  --write-ignore-file               Write the current findings to the ignore file (a baseline)
  --fix                             Apply machine-applicable fixes in place
  --fix-dry-run                     Print the changes --fix would make, without writing
  --color, --no-color               Force colour on or off (default: on for a terminal; NO_COLOR and
                                    FORCE_COLOR are honoured)
  --quiet                           Report errors only (the exit code still counts warnings)
  --max-findings <n>                Most findings listed per file (default 2000); the rest are counted
  --list-files                      Print the files that would be linted, one a line, and exit
  --verbose                         List on stderr each file a walk skipped and why (git ignores it,
                                    the config's "ignore" or "files", not an Admin API document)
  --cache                           Reuse the results of files unchanged since the last run (their
                                    content, config, plugins, ignore file, flags and version)
  --cache-location <path>           The cache file, or a directory for it (ending in /); default
                                    .svc-admin-spec-cache in the working directory
  --print-config <file>             Print the settings that apply to the file as JSON (kind, target
                                    version, rule severities and options, ignored) and exit
  -h, --help                        Show this help
  -v, --version                     Show the version

Exit codes: 0 no finding at or above the fail level; 1 findings at or above it (or too many
warnings); 2 usage error, unreadable input or internal error.`;

/** Help of `lsp`. */
export const LSP_HELP = `Usage: svc-admin-spec lsp --stdio

Runs the language server: Language Server Protocol over standard input and output. Editors start
it (see docs/language-server.md); it lints each open Admin API v2 document as you type,
with the config file, quick fixes and hovers, as \`svc-admin-spec lint\` would.

Options:
  --stdio                     Speak LSP over standard input and output (required)
  --clientProcessId <pid>     Exit when that process ends (editors pass it)
  -h, --help                  Show this help`;

/** The usage error for a first argument that is neither a command nor an existing file: did you mean a command? */
export function unknownCommandMessage(word: string): string {
  // Command names are short: two edits (a swapped pair, as in "lnit") still name one.
  const guess = nearest(word, COMMAND_LIKE) ?? COMMAND_LIKE.find((c) => editDistance(word.toLowerCase(), c, 2) <= 2);
  // "lnit" is one edit from init and a swap from lint: both are named when both are that close.
  const close = COMMAND_LIKE.filter((c) => editDistance(word.toLowerCase(), c, 2) <= 2);
  const named = guess && close.includes(guess) && close.length > 1 ? close : guess ? [guess] : [];
  return guess
    ? `"${word}" is neither a command nor a file or directory; did you mean ${named.map((c) => `"${c}"`).join(' or ')}?`
    : `"${word}" is neither a command (${COMMANDS.join(', ')}) nor a file or directory.`;
}

/** `--output.<format>` for every format, so each is a known flag. */
const KEYED_OUTPUT_OPTIONS = Object.fromEntries(
  FORMAT_NAMES.map((f) => [`output.${f}`, { type: 'string' as const }]),
) as Record<`output.${FormatName}`, { type: 'string' }>;

/** The flags `parseArgs` accepts. */
const OPTIONS = {
  kind: { type: 'string' },
  format: { type: 'string', short: 'f', multiple: true },
  output: { type: 'string', short: 'o', multiple: true },
  ...KEYED_OUTPUT_OPTIONS,
  'print-config': { type: 'string' },
  'fail-severity': { type: 'string' },
  'max-warnings': { type: 'string' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  'target-version': { type: 'string' },
  'stdin-filename': { type: 'string' },
  'no-error-on-unmatched-pattern': { type: 'boolean' },
  'ignore-file': { type: 'string' },
  'write-ignore-file': { type: 'boolean' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  quiet: { type: 'boolean' },
  'max-findings': { type: 'string' },
  'list-files': { type: 'boolean' },
  verbose: { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Each command's flags. */
const FLAGS_OF: Readonly<Record<'lint' | OwnArgsCommandName, Readonly<Record<string, FlagSpec>>>> = {
  lint: OPTIONS,
  apply: APPLY_FLAGS,
  'get-broker': GET_BROKER_FLAGS,
  convert: CONVERT_FLAGS,
  init: INIT_FLAGS,
  preview: PREVIEW_FLAGS,
  'check-exchange': CHECK_EXCHANGE_FLAGS,
};

/**
 * A readable message for what `parseArgs` rejected for `command`: an unknown flag gets a
 * did-you-mean among that command's flags, or names the commands that have it.
 */
export function argumentProblem(error: Error & { code?: string }, command: keyof typeof FLAGS_OF = 'lint'): string {
  const text = error.message;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /Unknown option '([^']*)'/.exec(text)?.[1] ?? '';
    const bare = flag.replace(/=.*$/s, '');
    // A long flag by its name, a short one (`-f`) by the letter: either may belong to other commands.
    const has = (flags: Readonly<Record<string, FlagSpec>>): boolean =>
      bare.startsWith('--')
        ? Object.hasOwn(flags, bare.slice(2))
        : /^-[^-]$/.test(bare) && Object.values(flags).some((f) => f.short === bare.slice(1));
    const owners = (Object.keys(FLAGS_OF) as (keyof typeof FLAGS_OF)[]).filter((c) => has(FLAGS_OF[c]));
    if (owners.length > 0) {
      const list = owners.join(' and ');
      return command === 'lint'
        ? `Unknown option "${bare}": it is an option of ${list}; put it after the command.`
        : `Unknown option "${bare}": ${command} does not take it (it is an option of ${list}).`;
    }
    const long = Object.keys(FLAGS_OF[command]).map((f) => `--${f}`);
    const guess = bare.startsWith('--') ? nearest(bare, long) : undefined;
    return `Unknown option "${bare.slice(0, 60)}"${guess ? `; did you mean "${guess}"?` : '.'}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /'(?:-\w, )?(--[\w.-]+)/.exec(text)?.[1] ?? 'this option';
    if (/argument missing/.test(text)) return `${flag} needs a value.`;
    if (/does not take an argument/.test(text)) return `${flag} does not take a value.`;
  }
  return text.replace(/^TypeError \[\w+\]: /, '');
}

/** Parses a command's own arguments with `parseArgs`; an unknown flag gets a did-you-mean among that command's flags. */
export function parseCommandArgs(
  command: OwnArgsCommandName,
  argv: readonly string[],
  options: Record<string, FlagSpec>,
): { values: Record<string, unknown>; positionals: string[] } {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError(argumentProblem(error as Error & { code?: string }, command));
  }
}

/** `lsp --stdio`; LSP clients may add `--clientProcessId=<pid>` (the server exits when that process ends). */
function parseLsp(args: readonly string[]): Command {
  let stdio = false;
  if (args.includes('--help') || args.includes('-h')) return { command: 'help', topic: 'lsp' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--stdio') stdio = true;
    else if (/^--clientProcessId=\d+$/.test(a)) continue;
    else if (a === '--clientProcessId' && /^\d+$/.test(args[i + 1] ?? '')) i++;
    else
      throw new UsageError(
        `lsp: unknown argument "${a.slice(0, 60)}"; the language server runs with --stdio (see lsp --help).`,
      );
  }
  if (!stdio)
    throw new UsageError('lsp: pass --stdio (the language server speaks LSP over standard input and output).');
  return { command: 'lsp' };
}

/**
 * The `--rule <id>=<severity>` flags, as written. Ids and severities are checked by `loadConfig`,
 * against the catalogue with the config's plugins (custom rules are known only then), with the
 * config file's checks and did-you-means (`warn` → "warning", a misspelt id → the rule).
 */
export function parseRuleFlags(flags: readonly string[] | undefined): RuleSettings {
  const rules: RuleSettings = {};
  for (const r of flags ?? []) {
    const m = /^([^=]+)=(.+)$/.exec(r);
    if (!m) throw new UsageError(`--rule expects <id>=<severity>, got "${r.slice(0, 80)}".`);
    const [, id, level] = m as unknown as [string, string, string];
    // ESLint's spellings (`warn`, `0`-`2`) as ours, so --print-config shows what applies; others are checked later.
    rules[id] = severityOf(/^[012]$/.test(level) ? Number(level) : level) ?? (level as RuleSetting);
  }
  return rules;
}

/** Long flags (of any command) that take a value, so that a value is never taken for a command. */
const VALUE_FLAGS = new Set(
  Object.entries({
    ...OPTIONS,
    ...APPLY_FLAGS,
    ...GET_BROKER_FLAGS,
    ...CONVERT_FLAGS,
    ...INIT_FLAGS,
    ...PREVIEW_FLAGS,
    ...CHECK_EXCHANGE_FLAGS,
  } as Record<string, FlagSpec>)
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => name),
);

/** Where the first positional argument (the command, if any) is, after global flags and their values; -1 if none. */
function firstPositional(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return -1;
    if (a === '-' || !a.startsWith('-')) return i;
    if (a.includes('=')) continue;
    if (a.startsWith('--') ? VALUE_FLAGS.has(a.slice(2)) : a === '-f' || a === '-o' || a === '-c') i++;
  }
  return -1;
}

/** Parses argv (without `node` and the script). */
export function parseCommandLine(argv: readonly string[]): Command {
  // A command after global flags (`--no-color apply …`) takes them as its own.
  const at = firstPositional(argv);
  const first = at >= 0 ? argv[at] : undefined;
  if (
    first === 'apply' ||
    first === 'get-broker' ||
    first === 'convert' ||
    first === 'init' ||
    first === 'preview' ||
    first === 'check-exchange' ||
    first === 'lsp'
  ) {
    const rest = [...argv.slice(0, at), ...argv.slice(at + 1)];
    return first === 'lsp' ? parseLsp(rest) : { command: first, argv: rest };
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    throw new UsageError(argumentProblem(error as Error & { code?: string }));
  }
  const v = parsed.values;
  if (v.help) return { command: 'help' };
  if (v.version) return { command: 'version' };
  const [command = 'lint', ...rest] = parsed.positionals;
  const known = ['lint', 'rules', 'help'];
  // `svc-admin-spec file.yaml` is taken as `svc-admin-spec lint file.yaml`.
  const isCommand = known.includes(command);
  const name = isCommand ? command : 'lint';
  const paths = isCommand ? rest : parsed.positionals;
  if (name === 'help') return { command: 'help' };
  if (name === 'rules') {
    const formats = v.format ?? ['stylish'];
    const format = formats[0];
    if (formats.length !== 1 || (format !== 'stylish' && format !== 'json'))
      throw new UsageError('`rules` supports one --format, stylish or json.');
    if (v.config && v['no-config']) throw new UsageError('Use either --config or --no-config, not both.');
    return { command: 'rules', format, noConfig: v['no-config'] ?? false, ...(v.config ? { config: v.config } : {}) };
  }
  if (v.kind !== undefined && !isKindName(v.kind))
    throw new UsageError(`Unknown kind "${v.kind}"; use one of ${KIND_NAMES.join(', ')}.`);
  const failSeverity = v['fail-severity'] ?? 'error';
  if (!(SEVERITIES as readonly string[]).includes(failSeverity))
    throw new UsageError(`--fail-severity must be one of ${SEVERITIES.join(', ')}.`);
  let maxWarnings: number | undefined;
  if (v['max-warnings'] !== undefined) {
    if (!/^\d+$/.test(v['max-warnings'])) throw new UsageError('--max-warnings must be a whole number ≥ 0.');
    maxWarnings = Number(v['max-warnings']);
  }
  let maxFindings: number | undefined;
  if (v['max-findings'] !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(v['max-findings'])) throw new UsageError('--max-findings must be a whole number ≥ 1.');
    maxFindings = Number(v['max-findings']);
  }
  const rules = parseRuleFlags(v.rule);
  const tv = targetVersionFlag(v['target-version']);
  if (v.fix && v['fix-dry-run']) throw new UsageError('Use either --fix or --fix-dry-run, not both.');
  if (v.color && v['no-color']) throw new UsageError('Use either --color or --no-color, not both.');
  if (v['list-files'] && (v.fix || v['fix-dry-run'] || v['write-ignore-file'] || v.output))
    throw new UsageError(
      '--list-files only lists the files; it cannot be combined with --fix, --fix-dry-run, --write-ignore-file or --output.',
    );
  if (v.config && v['no-config']) throw new UsageError('Use either --config or --no-config, not both.');
  const cacheLocation = v['cache-location'];
  if (cacheLocation !== undefined && !v.cache)
    throw new UsageError('--cache-location names where --cache keeps its file; pass --cache too.');
  if (cacheLocation !== undefined && cacheLocation.trim() === '')
    throw new UsageError('--cache-location needs the cache file or a directory for it.');
  const printConfig = v['print-config'];
  if (printConfig !== undefined) {
    if (printConfig.trim() === '') throw new UsageError('--print-config needs the file whose settings to print.');
    if (paths.length > 0)
      throw new UsageError(
        `--print-config takes one file, but paths were given too (${paths.slice(0, 3).join(', ')}); pass only --print-config <file>.`,
      );
    const pc: PrintConfigCommand = {
      command: 'print-config',
      file: printConfig,
      noConfig: v['no-config'] ?? false,
      rules,
    };
    if (v.kind !== undefined) pc.kind = v.kind as KindName;
    if (v.config !== undefined) pc.config = v.config;
    if (tv !== undefined) pc.targetVersion = tv;
    return pc;
  }
  const cmd: LintCommand = {
    command: 'lint',
    paths,
    outputs: outputsOf(v),
    failSeverity: failSeverity as Severity,
    noConfig: v['no-config'] ?? false,
    rules,
    errorOnUnmatchedPattern: !v['no-error-on-unmatched-pattern'],
    writeIgnoreFile: v['write-ignore-file'] ?? false,
    fix: v.fix ?? false,
    fixDryRun: v['fix-dry-run'] ?? false,
    quiet: v.quiet ?? false,
    cache: v.cache ?? false,
  };
  if (cacheLocation !== undefined) cmd.cacheLocation = cacheLocation;
  if (v.kind !== undefined) cmd.kind = v.kind as KindName;
  if (maxWarnings !== undefined) cmd.maxWarnings = maxWarnings;
  if (maxFindings !== undefined) cmd.maxFindings = maxFindings;
  if (v.config !== undefined) cmd.config = v.config;
  if (tv !== undefined) cmd.targetVersion = tv;
  if (v['stdin-filename'] !== undefined) cmd.stdinFilename = v['stdin-filename'];
  if (v['ignore-file'] !== undefined) cmd.ignoreFile = v['ignore-file'];
  if (v.color) cmd.color = true;
  if (v['no-color']) cmd.color = false;
  if (v.verbose) cmd.verbose = true;
  if (v['list-files']) cmd.listFiles = true;
  if (!isCommand && /^[A-Za-z][\w-]*$/.test(command)) cmd.bareWord = command;
  return cmd;
}

/** `--target-version` as given, checked; undefined when not given. */
export function targetVersionFlag(value: string | undefined): TargetVersion | undefined {
  if (value !== undefined && !(TARGET_VERSIONS as readonly string[]).includes(value))
    throw new UsageError(`--target-version must be one of ${TARGET_VERSIONS.join(', ')}.`);
  return value as TargetVersion | undefined;
}
