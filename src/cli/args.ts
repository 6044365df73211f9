/** Command-line arguments: parsing and the help text. */
import { parseArgs } from 'node:util';
import { SEVERITIES, type Severity } from '../lint/diagnostics';
import { RULE_SETTINGS, TARGET_VERSIONS, type RuleSetting, type TargetVersion } from '../engine/types';
import { CUSTOM_RULE_ID } from '../engine/custom';
import { ruleById } from '../engine/registry';
import { DOCUMENT_KINDS, isDocumentKind, type DocumentKind } from '../model/kinds';
import { nearest } from '../util/suggest';
import type { RuleSettings } from './config';
import { FORMAT_NAMES, type FormatName } from '../format/index';
import { planOutputs, type ReportOutput } from './outputs';
import { UsageError } from './usage-error';

export { UsageError };

/** Options of `svc-admin-spec lint`. */
export interface LintCommand {
  command: 'lint';
  paths: string[];
  kind?: DocumentKind;
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
}

/** Options of `svc-admin-spec --print-config FILE`: the settings that would apply to one file. */
export interface PrintConfigCommand {
  command: 'print-config';
  file: string;
  kind?: DocumentKind;
  config?: string;
  noConfig: boolean;
  rules: RuleSettings;
  targetVersion?: TargetVersion;
}

/** `apply` and `get-broker`: their arguments are parsed by the client commands' own module. */
export interface ClientCommand {
  command: 'apply' | 'get-broker';
  argv: string[];
}

/** Any command. */
export type Command =
  | LintCommand
  | PrintConfigCommand
  | RulesCommand
  | ClientCommand
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'lsp' };

/** Options of `svc-admin-spec rules`: the built-in rules and the custom rules of the config's plugins. */
export interface RulesCommand {
  command: 'rules';
  format: 'stylish' | 'json';
  config?: string;
  noConfig: boolean;
}

/** Help text. */
export const HELP = `Usage: svc-admin-spec lint [options] [paths...]
       svc-admin-spec rules [--format json] [--config <file> | --no-config]
       svc-admin-spec --print-config <file> [--config <file>] [--kind <Kind>] [--rule <id>=<severity>]
       svc-admin-spec apply --admin-url <url> [options] <file>...   (see apply --help)
       svc-admin-spec get-broker --admin-url <url> [options]        (see get-broker --help)
       svc-admin-spec lsp --stdio        (the language server, for editors)
       svc-admin-spec --help | --version

Lints Admin API v2 documents (shadow link configs, CreateShadowLink and GetBroker
requests and responses, Connect errors) in JSON and YAML files.

Paths are files, directories (searched for .json, .yaml, .yml) and globs; "-" reads
standard input. With no path, the current directory is linted.

Options:
  --kind <Kind>                     Lint every input as this kind: ${DOCUMENT_KINDS.join(', ')}
  -f, --format <name>               stylish (default), json, sarif, github, junit, gitlab; repeatable
  -o, --output <file>               Write a report to a file; repeatable. Files go to the last formats
                                    given, in order: -f github -f sarif -o results.sarif prints github
                                    and writes sarif. With no report on standard output, a one-line
                                    summary is printed there
  --output.<format> <file>          Write that format's report to the file (adds the format)
  --fail-severity <level>           Exit 1 on findings at or above: error (default), warning, info
  --max-warnings <n>                Also exit 1 when there are more than n warnings
  -c, --config <file>               Use this config file (default: svc-admin-spec.config.{json,yaml,yml},
                                    searched upward from the working directory)
  --no-config                       Do not look for a config file
  --rule <id>=<severity>            Set a rule's severity (off, info, warning, error); repeatable
  --target-version <v>              Server version whose facts apply: ${TARGET_VERSIONS.join(', ')} (default 26.1)
  --stdin-filename <name>           Name standard input in reports (and pick its format by extension)
  --no-error-on-unmatched-pattern   A pattern or directory that matches no file is not an error
  --ignore-file <file>              Ignore file for findings (default: .svc-admin-spec-ignore.json
                                    beside the config file, or in the working directory)
  --write-ignore-file               Write the current findings to the ignore file (a baseline)
  --fix                             Apply machine-applicable fixes in place
  --fix-dry-run                     Print the changes --fix would make, without writing
  --color, --no-color               Force colour on or off (default: on for a terminal; NO_COLOR and
                                    FORCE_COLOR are honoured)
  --quiet                           Report errors only (the exit code still counts warnings)
  --max-findings <n>                Most findings listed per file (default 2000); the rest are counted
  --print-config <file>             Print the settings that apply to the file as JSON (kind, target
                                    version, rule severities and options, ignored) and exit
  -h, --help                        Show this help
  -v, --version                     Show the version

Exit codes: 0 no finding at or above the fail level; 1 findings at or above it (or too many
warnings); 2 usage error, unreadable input or internal error.`;

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
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** The long flags, for "did you mean". */
const LONG_FLAGS = Object.keys(OPTIONS).map((f) => `--${f}`);

/** A readable message for what `parseArgs` rejected: an unknown flag gets a did-you-mean. */
function argumentProblem(error: Error & { code?: string }): string {
  const text = error.message;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /Unknown option '([^']*)'/.exec(text)?.[1] ?? '';
    const bare = flag.replace(/=.*$/s, '');
    const guess = bare.startsWith('--') ? nearest(bare, LONG_FLAGS) : undefined;
    return `Unknown option "${bare.slice(0, 60)}"${guess ? `; did you mean "${guess}"?` : '.'}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /'(?:-\w, )?(--[\w.-]+)/.exec(text)?.[1] ?? 'this option';
    if (/argument missing/.test(text)) return `${flag} needs a value.`;
    if (/does not take an argument/.test(text)) return `${flag} does not take a value.`;
  }
  return text.replace(/^TypeError \[\w+\]: /, '');
}

/** `lsp --stdio`; LSP clients may add `--clientProcessId=<pid>` (the server exits when that process ends). */
function parseLsp(args: readonly string[]): Command {
  let stdio = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--stdio') stdio = true;
    else if (/^--clientProcessId=\d+$/.test(a)) continue;
    else if (a === '--clientProcessId' && /^\d+$/.test(args[i + 1] ?? '')) i++;
    else throw new UsageError(`lsp: unknown argument "${a.slice(0, 60)}"; the language server runs with --stdio.`);
  }
  if (!stdio)
    throw new UsageError('lsp: pass --stdio (the language server speaks LSP over standard input and output).');
  return { command: 'lsp' };
}

/**
 * The `--rule <id>=<severity>` flags. Custom rules (`@namespace/name`) are known only once the
 * config's plugins are loaded; `loadConfig` checks every id against the catalogue then.
 */
export function parseRuleFlags(flags: readonly string[] | undefined): RuleSettings {
  const rules: RuleSettings = {};
  for (const r of flags ?? []) {
    const m = /^([^=]+)=(.+)$/.exec(r);
    if (!m) throw new UsageError(`--rule expects <id>=<severity>, got "${r}".`);
    const [, id, level] = m as unknown as [string, string, string];
    if (!ruleById.has(id) && !CUSTOM_RULE_ID.test(id))
      throw new UsageError(`Unknown rule "${id}" in --rule; run \`svc-admin-spec rules\` to list them.`);
    if (!(RULE_SETTINGS as readonly string[]).includes(level))
      throw new UsageError(`--rule ${id}: severity must be one of ${RULE_SETTINGS.join(', ')}.`);
    rules[id] = level as RuleSetting;
  }
  return rules;
}

/** Parses argv (without `node` and the script). */
export function parseCommandLine(argv: readonly string[]): Command {
  const first = argv[0];
  if (first === 'apply' || first === 'get-broker') return { command: first, argv: argv.slice(1) };
  if (first === 'lsp') return parseLsp(argv.slice(1));
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
  if (v.kind !== undefined && !isDocumentKind(v.kind))
    throw new UsageError(`Unknown kind "${v.kind}"; use one of ${DOCUMENT_KINDS.join(', ')}.`);
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
  const tv = v['target-version'];
  if (tv !== undefined && !(TARGET_VERSIONS as readonly string[]).includes(tv))
    throw new UsageError(`--target-version must be one of ${TARGET_VERSIONS.join(', ')}.`);
  if (v.fix && v['fix-dry-run']) throw new UsageError('Use either --fix or --fix-dry-run, not both.');
  if (v.color && v['no-color']) throw new UsageError('Use either --color or --no-color, not both.');
  if (v.config && v['no-config']) throw new UsageError('Use either --config or --no-config, not both.');
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
    if (v.kind !== undefined) pc.kind = v.kind as DocumentKind;
    if (v.config !== undefined) pc.config = v.config;
    if (tv !== undefined) pc.targetVersion = tv as TargetVersion;
    return pc;
  }
  const keyed: [string, string][] = [];
  for (const [key, value] of Object.entries(v))
    if (key.startsWith('output.') && typeof value === 'string') keyed.push([key.slice('output.'.length), value]);
  const cmd: LintCommand = {
    command: 'lint',
    paths,
    outputs: planOutputs(v.format ?? [], v.output ?? [], keyed),
    failSeverity: failSeverity as Severity,
    noConfig: v['no-config'] ?? false,
    rules,
    errorOnUnmatchedPattern: !v['no-error-on-unmatched-pattern'],
    writeIgnoreFile: v['write-ignore-file'] ?? false,
    fix: v.fix ?? false,
    fixDryRun: v['fix-dry-run'] ?? false,
    quiet: v.quiet ?? false,
  };
  if (v.kind !== undefined) cmd.kind = v.kind as DocumentKind;
  if (maxWarnings !== undefined) cmd.maxWarnings = maxWarnings;
  if (maxFindings !== undefined) cmd.maxFindings = maxFindings;
  if (v.config !== undefined) cmd.config = v.config;
  if (tv !== undefined) cmd.targetVersion = tv as TargetVersion;
  if (v['stdin-filename'] !== undefined) cmd.stdinFilename = v['stdin-filename'];
  if (v['ignore-file'] !== undefined) cmd.ignoreFile = v['ignore-file'];
  if (v.color) cmd.color = true;
  if (v['no-color']) cmd.color = false;
  return cmd;
}
