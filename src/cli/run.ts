/** The command: `run(argv, io)` returns an exit code; only the bin wrapper touches the process. */
import { existsSync, statSync, type BigIntStats } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { catalogAt, codeDocsUrl, type RuleCatalog } from '../engine/catalog';
import { DOCS_BASE_URL_ENV } from '../core/docs-url';
import { docsBaseFromEnv, docsOption } from './docs-base';
import { ruleKinds } from '../rule-api/types';
import { autofixes } from '../util/fix-value';
import { unifiedDiff } from '../fix/diff';
import { fixKey, fixText, unappliedFixes } from '../fix/fix-text';
import { printable } from '../format/ansi';
import { plural } from '../format/summary';
import { countBySeverity, SEVERITY_RANK, type Diagnostic, type FileCode } from '../core/diagnostics';
import { capFindings, DEFAULT_MAX_FINDINGS } from '../lint/findings-cap';
import { lintText, type LintTextOptions } from '../lint/lint-text';
import { timeDependentVerdicts } from '../engine/clock';
import { cacheFilePath, fileStamp, hashOf, LintCache, type CachedResult } from './cache';
import { FileStats, type FileStat } from './file-stats';
import { usageHint } from './usage-error';
import { type FileResult } from '../core/diagnostics';
import { decode, formatOf } from '../source/index';
import { unparsedUnrelatedText } from '../kind/relevance';
import {
  HELP,
  LSP_HELP,
  parseCommandLine,
  unknownCommandMessage,
  UsageError,
  type LintCommand,
  type PrintConfigCommand,
  type RulesCommand,
} from './args';
import { excludedBy, exclusionReason, fileLintOptions } from '../config/config';
import {
  canonicalPath,
  checkWritableTarget,
  FileAccessError,
  MAX_INPUT_BYTES,
  readRegularFile,
  writeFileAtomic,
} from '../config/fs-safe';
import {
  applyIgnoreFile,
  IGNORE_FILE_NAME,
  ignoredBy,
  ignoreFileSummary,
  writeIgnoreFile,
  type IgnoreFile,
} from '../config/suppress';
import { isSettingsFile } from '../config/tool-files';
import { catalogOf, commandConfigs, ConfigError, loadConfig, type CommandConfigs, type Config } from './config';
import { effectiveSettings } from './print-config';
import { expandInputs, type Input, type Skipped } from './files';
import { GitIgnores } from './gitignore';
import {
  EMPTY_UNRELATED,
  NOT_A_DOCUMENT,
  plainlyUnrelated,
  reportSkipped,
  UNPARSED_UNRELATED,
  UNRELATED_NAMED,
} from './skips';
import { VERSION } from '../util/version';
import { runLanguageServer } from '../lsp/start';
import type { CliIO } from './io';
import { useColor } from './color';
import { writeReports as emitReports } from './write-reports';

export type { CliIO } from './io';

interface Linted {
  result: FileResult;
  absolute?: string;
  /** The bytes as read, to detect an edit made while the command ran. */
  bytes?: Uint8Array;
  fixed?: { before: string; after: string; format: 'json' | 'yaml' };
  /** The ignore file that governs the file (set with `absolute`). */
  ignore?: IgnoreFile;
  /** Autofixes of its findings that `--fix` would not apply (`fixKey`), when the report counts what is fixable. */
  unfixed?: ReadonlySet<string>;
  /** Plainly not an Admin API document (see skips.ts): not reported, and nothing of it fixed. */
  unrelated?: true;
  /**
   * Does not parse (or is empty) and names nothing of ours, and no kind is fixed for it (`unparsedUnrelatedText`):
   * a walk skips it. Decided where the text is, and cached, so that a result reused unread says it too.
   */
  unparsed?: true;
}

/**
 * Largest files linted per format: parsing takes memory in proportion (YAML about 55 times the
 * file, the `yaml` package's tree most of it), and beyond these Node's default heap runs out.
 */
const MAX_LINT_BYTES = { yaml: 48 * 1024 * 1024, json: 128 * 1024 * 1024 } as const;

const inputProblem = (file: string, code: FileCode, message: string): Linted => ({
  result: { file, kind: null, diagnostics: [{ code, severity: 'error', pointer: '', message }] },
});

/** The file's own settings: its config and its ignore file (undefined for an input that is not linted). */
interface Governed {
  config: Config;
  ignore: IgnoreFile;
}

/** A file's `lintText` options but the time: what the command line and its config decide for it. */
function lintOptionsFor(
  cmd: LintCommand,
  config: Config,
  absolute: string | undefined,
  display: string,
  env: Readonly<Record<string, string | undefined>>,
): LintTextOptions {
  const options = fileLintOptions(config, absolute, display, {
    rules: cmd.rules,
    ...(cmd.kind ? { kind: cmd.kind } : {}),
    ...(cmd.targetVersion ? { targetVersion: cmd.targetVersion } : {}),
    // Capped only after the ignore file and --quiet (runLint): a baseline and the exit code see every finding.
    maxFindings: Number.MAX_SAFE_INTEGER,
  });
  // The findings' links (docsUrl), which the cache keeps: part of what decides a file's results.
  return Object.assign(options, docsOption(env));
}

function lintOne(
  cmd: LintCommand,
  io: CliIO,
  display: string,
  absolute: string | undefined,
  bytes: Uint8Array,
  { config, ignore }: Governed,
  countFixable: boolean,
  // What `lintOptionsFor` gives for this file, when the caller has it already (the cache's key).
  decided: LintTextOptions = lintOptionsFor(cmd, config, absolute, display, io.env),
): Linted {
  const decoded = decode(bytes);
  if ('diagnostic' in decoded) return { result: { file: display, kind: null, diagnostics: [decoded.diagnostic] } };
  const options = { ...decided, ...(io.now ? { now: io.now() } : {}) };
  const text = decoded.text;
  const format = formatOf(display, text);
  if (bytes.length > MAX_LINT_BYTES[format]) {
    const mib = (n: number) => Math.round(n / 1024 / 1024);
    return inputProblem(
      display,
      'input/too-large',
      `This ${format.toUpperCase()} file is ${mib(bytes.length)} MiB, more than the ${mib(MAX_LINT_BYTES[format])} MiB the linter reads for ${format.toUpperCase()} (parsing needs memory many times the file's size). Split it${format === 'yaml' ? `, or convert it to JSON (up to ${mib(MAX_LINT_BYTES.json)} MiB)` : ''}.`,
    );
  }
  const out: Linted = { result: { file: display, kind: null, diagnostics: [] }, bytes };
  // A kind fixed for the file (--kind, an override's kind, a Helm values file, JSONC) says it is ours.
  const unparsedUnrelated = (result: FileResult) =>
    options.kind === undefined && unparsedUnrelatedText(result, text, absolute ?? display);
  if (absolute) {
    out.absolute = absolute;
    out.ignore = ignore;
  }
  // What the ignore file suppresses is a recorded baseline: left as it is, not fixed.
  const choose = absolute ? { leave: ignoredBy(ignore, absolute) } : {};
  if (cmd.fix || cmd.fixDryRun) {
    const fixed = fixText(text, options, choose);
    if (fixed.text !== text) out.fixed = { before: text, after: fixed.text, format: fixed.result.source.format };
    // A dry run reports the file as it is on disk; --fix reports what is left after fixing.
    const shown = cmd.fix ? fixed.result : lintText(text, options);
    out.result = { file: display, kind: shown.kind, diagnostics: shown.diagnostics };
    if (plainlyUnrelated(shown)) out.unrelated = true;
    if (unparsedUnrelated(out.result)) out.unparsed = true;
    if (countFixable && !cmd.fix) out.unfixed = unappliedFixes(text, shown, choose);
    return out;
  }
  const linted = lintText(text, options);
  out.result = { file: display, kind: linted.kind, diagnostics: linted.diagnostics };
  if (plainlyUnrelated(linted)) out.unrelated = true;
  if (unparsedUnrelated(out.result)) out.unparsed = true;
  if (countFixable) out.unfixed = unappliedFixes(text, linted, choose);
  return out;
}

/**
 * `lintOne` through the cache: results kept for the same content and settings are reused, except
 * by --fix and --fix-dry-run for a file that had findings (it may have something to fix, as in
 * ESLint). Kept: the results of a file that nothing was fixed in, unless a verdict of its lint could
 * change with time (a timestamp not yet past, a certificate's validity): those are made afresh.
 * The file is read (`read`) only when its stamp does not find its results.
 */
function lintCached(
  cache: LintCache,
  cmd: LintCommand,
  io: CliIO,
  display: string,
  absolute: string,
  seen: FileStat | undefined,
  read: () => Uint8Array | Linted,
  governed: Governed,
  countFixable: boolean,
): Linted {
  // The name is the key's own part (`display`): the rest is shared by the files of one config.
  const options = lintOptionsFor(cmd, governed.config, absolute, display, io.env);
  const { customRules, filename: _, ...decided } = options;
  const settings = cache.settingsKey(governed.config, governed.ignore, display, {
    ...decided,
    customRules: customRules?.map((r) => r.id),
    flags: { rules: cmd.rules, kind: cmd.kind, targetVersion: cmd.targetVersion },
  });
  const fixing = cmd.fix || cmd.fixDryRun;
  const reuse = (kept: CachedResult | undefined, bytes?: Uint8Array): Linted | undefined => {
    if (!kept || (countFixable && !kept.unfixed) || (fixing && kept.diagnostics.length > 0)) return undefined;
    const out: Linted = {
      result: { file: display, kind: kept.kind, diagnostics: kept.diagnostics },
      absolute,
      ignore: governed.ignore,
    };
    // Without bytes: a file without findings, which nothing is written to.
    if (bytes) out.bytes = bytes;
    if (countFixable) out.unfixed = new Set(kept.unfixed);
    if (kept.unrelated) out.unrelated = true;
    if (kept.unparsed) out.unparsed = true;
    return out;
  };
  // Too large a file is read, to report it (its size is in the stamp, but the limit may have changed).
  const stamp = seen && seen.stat.size <= MAX_INPUT_BYTES ? fileStamp(seen.stat, seen.at) : undefined;
  const byStamp = stamp === undefined ? undefined : reuse(cache.byStamp(absolute, stamp, settings));
  if (byStamp) return byStamp;
  const bytes = read();
  if (!(bytes instanceof Uint8Array)) return bytes;
  const content = hashOf(bytes);
  const kept = reuse(cache.get(absolute, content, settings, stamp), bytes);
  if (kept) return kept;
  const before = timeDependentVerdicts();
  const out = lintOne(cmd, io, display, absolute, bytes, governed, countFixable, options);
  if (out.fixed || timeDependentVerdicts() !== before) cache.delete(absolute);
  else
    cache.set(absolute, content, settings, stamp, {
      kind: out.result.kind,
      diagnostics: out.result.diagnostics,
      ...(out.unfixed ? { unfixed: [...out.unfixed] } : {}),
      ...(out.unrelated ? { unrelated: true as const } : {}),
      ...(out.unparsed ? { unparsed: true as const } : {}),
    });
  return out;
}

/** A report's destination: a file, or standard output when `path` is undefined. */
type Output = LintCommand['outputs'][number] & { path: string | undefined };

/**
 * The cache file's stat, or undefined when there is none to stat: missing, or a path that cannot be
 * one (a file as a directory, too long, a loop, no permission). Opening and saving the cache say why.
 */
function statOrNothing(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Expands the inputs and checks the command line against them; nothing is read yet. */
function planRun(
  cmd: LintCommand,
  io: CliIO,
  stats: FileStats,
): { inputs: Input[]; outputs: Output[]; skipped: Skipped[]; cachePath: string } {
  const paths = cmd.paths.length > 0 ? cmd.paths : ['.'];
  const display = (absolute: string) => relative(io.cwd, absolute) || absolute;
  const gitIgnores = new GitIgnores(io.cwd, display);
  const { inputs, unmatched, skipped } = expandInputs(paths, io.cwd, { gitIgnores });
  if (unmatched.length > 0 && cmd.errorOnUnmatchedPattern) {
    const ignored = skipped.length > 0 ? ' Git ignores some of what was found: name a file to lint it anyway.' : '';
    throw new UsageError(
      `No files matched ${unmatched.map((u) => `"${u}"`).join(', ')} (looking for .json, .yaml and .yml files).${ignored} Pass --no-error-on-unmatched-pattern to allow this.`,
    );
  }
  if (inputs.filter((i) => i.kind === 'stdin').length > 1)
    throw new UsageError('Standard input ("-") can be given only once.');
  if (cmd.fix && inputs.some((i) => i.kind === 'stdin'))
    throw new UsageError('--fix cannot rewrite standard input; use --fix-dry-run to see the changes.');
  const outputs = cmd.outputs.map((o) => ({ ...o, path: o.file === undefined ? undefined : resolve(io.cwd, o.file) }));
  for (const o of outputs) {
    if (o.path === undefined) continue;
    const out = canonicalPath(o.path);
    const clash = inputs.find((i) => i.kind === 'file' && canonicalPath(i.absolute) === out);
    if (clash && clash.kind === 'file')
      throw new UsageError(`--output ${o.file} is also an input (${clash.display}); write the report elsewhere.`);
    try {
      checkWritableTarget(o.path, `--output ${o.file}`);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  const cachePath = cacheFilePath(io.cwd, cmd.cacheLocation);
  // Only an input that is the cache file's inode can be its path: the others are not resolved.
  const cacheStat = cmd.cache ? statOrNothing(cachePath) : undefined;
  if (cacheStat) {
    const at = canonicalPath(cachePath);
    const clash = inputs.find((i) => {
      if (i.kind !== 'file') return false;
      const stat = stats.get(i.absolute)?.stat;
      return stat?.ino === cacheStat.ino && stat.dev === cacheStat.dev && canonicalPath(i.absolute) === at;
    });
    if (clash && clash.kind === 'file')
      throw new UsageError(
        `The cache file ${cachePath} is also an input (${clash.display}); keep the cache elsewhere.`,
      );
  }
  return { inputs, outputs, skipped, cachePath };
}

/**
 * Each input's config and ignore file, all read before any file is linted: a broken config or
 * ignore file stops the run before it reports anything. Each file is read once however many inputs share it.
 */
async function governInputs(
  cmd: LintCommand,
  io: CliIO,
  inputs: readonly Input[],
  configs: CommandConfigs,
): Promise<(Governed | undefined)[]> {
  const govern = async (absolute: string | undefined): Promise<Governed> => {
    const { config, ignoreFile } = await configs.forFile(absolute);
    try {
      return { config, ignore: configs.ignoreFor(ignoreFile) };
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  };
  const governed: (Governed | undefined)[] = [];
  for (const input of inputs) {
    if (input.kind === 'stdin')
      governed.push(await govern(cmd.stdinFilename ? resolve(io.cwd, cmd.stdinFilename) : undefined));
    else governed.push(input.kind === 'file' ? await govern(input.absolute) : undefined);
  }
  return governed;
}

/** The input already met that is this file (by device and inode), else undefined after noting this one. */
function sameFileSeen(seen: Map<string, string>, file: FileStat | undefined, display: string): string | undefined {
  // Not stat'ed: reading it reports the problem.
  if (!file) return undefined;
  const key = `${file.stat.dev}:${file.stat.ino}`;
  const first = seen.get(key);
  if (first === undefined) seen.set(key, display);
  return first;
}

/**
 * Reads and lints (or fixes) each input; a file named on the command line that is not linted is
 * said, one a walk found is added to `skipped` (the config's globs leave it out, or it is plainly
 * not an Admin API document). A path that does not exist is said on stderr and added to `missing`
 * (the run exits 2).
 */
async function lintInputs(
  cmd: LintCommand,
  io: CliIO,
  inputs: readonly Input[],
  governed: readonly (Governed | undefined)[],
  countFixable: boolean,
  skipped: Skipped[],
  missing: string[],
  cache: LintCache | undefined,
  stats: FileStats,
): Promise<Linted[]> {
  const linted: Linted[] = [];
  // Never skipped silently (but not said with --quiet).
  const notLinted = (display: string, why: string) => {
    if (!cmd.quiet) io.stderr.write(`svc-admin-spec: ${printable(display)} was not linted: ${why}\n`);
  };
  const configName = (config: Config) =>
    config.path ? printable(relative(io.cwd, config.path) || config.path) : 'the config';
  // A file reached by two paths (a symbolic link and its target, two hard links) is linted, fixed and reported once.
  const seen = new Map<string, string>();
  for (const [i, input] of inputs.entries()) {
    if (input.kind === 'tool-config') {
      // This linter's own config and ignore files: a hook's `files` pattern passes them with the
      // documents beside them, and nobody names them to have them linted; no note, but --verbose lists them.
      if (input.helmChart === undefined && isSettingsFile(input.display)) {
        const what = basename(input.display) === IGNORE_FILE_NAME ? 'ignore' : 'config';
        skipped.push({ display: input.display, reason: `this linter's own ${what} file` });
        continue;
      }
      notLinted(
        input.display,
        input.helmChart !== undefined
          ? `it is a template of the Helm chart ${printable(input.helmChart)}, never an Admin API document.`
          : `it is a tool's config file (${printable(basename(input.display))}), never an Admin API document.`,
      );
      continue;
    }
    if (input.kind === 'missing') {
      // Said on stderr, not as a finding of a file that is not there: reports list files that exist.
      missing.push(input.display);
      io.stderr.write(
        `svc-admin-spec: ${printable(input.display)}: no such file or directory (paths are relative to ${printable(io.cwd)}); check the path, or leave it out.\n`,
      );
      continue;
    }
    if (input.kind === 'problem') {
      linted.push(inputProblem(input.display, input.code, input.message));
      continue;
    }
    const settings = governed[i]!;
    if (input.kind === 'stdin') {
      const name = cmd.stdinFilename ?? '<stdin>';
      const bytes = await io.readStdin();
      if (bytes.length > MAX_INPUT_BYTES) {
        linted.push(
          inputProblem(
            name,
            'input/too-large',
            `Standard input is larger than the ${MAX_INPUT_BYTES / 1024 / 1024} MiB the linter reads.`,
          ),
        );
        continue;
      }
      const absolute = cmd.stdinFilename ? resolve(io.cwd, cmd.stdinFilename) : undefined;
      linted.push(lintOne(cmd, io, name, absolute, bytes, settings, countFixable));
      continue;
    }
    const { config } = settings;
    const excluded = excludedBy(config, input.absolute);
    if (excluded) {
      const why = exclusionReason(excluded, configName(config));
      if (input.named) notLinted(input.display, `${why}.`);
      else skipped.push({ display: input.display, reason: why });
      continue;
    }
    const stat = stats.get(input.absolute);
    const first = sameFileSeen(seen, stat, input.display);
    if (first !== undefined) {
      notLinted(input.display, `it is the same file as ${printable(first)}, which is linted once.`);
      continue;
    }
    const read = (): Uint8Array | Linted => {
      try {
        return readRegularFile(input.absolute, 'The file');
      } catch (error) {
        const code = error instanceof FileAccessError ? error.code : '';
        const finding =
          code === 'not-a-file' ? 'input/not-a-file' : code === 'too-large' ? 'input/too-large' : 'input/unreadable';
        return { ...inputProblem(input.display, finding, (error as Error).message), absolute: input.absolute };
      }
    };
    let one: Linted;
    if (cache) one = lintCached(cache, cmd, io, input.display, input.absolute, stat, read, settings, countFixable);
    else {
      const bytes = read();
      one =
        bytes instanceof Uint8Array
          ? lintOne(cmd, io, input.display, input.absolute, bytes, settings, countFixable)
          : bytes;
    }
    if (one.unrelated) {
      if (input.named) notLinted(input.display, UNRELATED_NAMED);
      else skipped.push({ display: input.display, reason: NOT_A_DOCUMENT, unrelated: true });
      continue;
    }
    // A walk's file that does not parse, or is empty, is reported only when it looks meant as ours; a named one always is.
    if (!input.named && one.unparsed) {
      const empty = one.result.diagnostics.some((d) => d.code === 'input/empty');
      skipped.push({ display: input.display, reason: empty ? EMPTY_UNRELATED : UNPARSED_UNRELATED, unrelated: true });
      continue;
    }
    linted.push(one);
  }
  return linted;
}

/**
 * Fixes: written in place (--fix) or shown (--fix-dry-run), never with a secret in the diff. The
 * diff goes to stderr when stdout carries a machine-readable report, which it would corrupt.
 */
async function writeFixes(
  cmd: LintCommand,
  io: CliIO,
  linted: readonly Linted[],
  outputs: readonly Output[],
): Promise<void> {
  const onStdout = outputs.find((o) => o.path === undefined);
  const diffTo = !onStdout || onStdout.format === 'stylish' ? io.stdout : io.stderr;
  let written = 0;
  for (const l of linted) {
    if (!l.fixed) continue;
    if (cmd.fix && l.absolute) {
      // Between two files, a signal that stops the command is handled (see writeFileAtomic): the
      // files written are whole, the others untouched.
      if (written++ > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        writeFileAtomic(l.absolute, l.fixed.after, l.bytes ? { expected: l.bytes } : {});
      } catch (error) {
        const changed = error instanceof FileAccessError && error.code === 'changed';
        l.result.diagnostics.push({
          code: changed ? 'input/changed' : 'input/unwritable',
          severity: 'error',
          pointer: '',
          message: `${(error as Error).message} No fix was written to this file.`,
        });
      }
    }
    if (cmd.fixDryRun) diffTo.write(unifiedDiff(l.fixed.before, l.fixed.after, l.result.file, l.fixed.format));
  }
}

/**
 * The baseline: --write-ignore-file records each file's findings in its own ignore file (the one
 * beside its config; the working directory's when no file was linted), then every ignore file drops
 * what it records. Returns every finding left, which decides the exit code, and the rules of every
 * config used (the reports name custom rules from it).
 */
async function applyBaseline(
  cmd: LintCommand,
  io: CliIO,
  linted: readonly Linted[],
  configs: CommandConfigs,
): Promise<{ complete: Diagnostic[][]; catalog: RuleCatalog }> {
  let catalog: RuleCatalog | undefined;
  if (cmd.writeIgnoreFile) {
    const groups = new Map<IgnoreFile, Linted[]>();
    for (const l of linted) {
      if (!l.ignore) continue;
      const group = groups.get(l.ignore);
      if (group) group.push(l);
      else groups.set(l.ignore, [l]);
    }
    if (groups.size === 0) {
      const { ignoreFile } = await configs.forFile(undefined);
      try {
        groups.set(configs.ignoreFor(ignoreFile), []);
      } catch (error) {
        throw new ConfigError((error as Error).message);
      }
    }
    // Built after the working directory's config (when no file was linted) counts as used.
    catalog = catalogAt(catalogOf(configs), docsBaseFromEnv(io.env), DOCS_BASE_URL_ENV);
    for (const [ignore, files] of [...groups].sort(([a], [b]) => (a.path < b.path ? -1 : 1))) {
      let change;
      try {
        change = writeIgnoreFile(
          ignore.path,
          ignore.entries,
          files.map((l) => ({ absolute: l.absolute!, diagnostics: l.result.diagnostics })),
          io.now?.() ?? new Date(),
          catalog,
          cmd.failSeverity,
        );
      } catch (error) {
        throw new ConfigError(`Cannot write the ignore file: ${(error as Error).message}`);
      }
      ignore.entries = change.entries;
      ignore.used.clear();
      delete ignore.index;
      io.stderr.write(ignoreFileSummary(ignore.path, change));
    }
  }
  catalog ??= catalogAt(catalogOf(configs), docsBaseFromEnv(io.env), DOCS_BASE_URL_ENV);
  const complete = linted.map((l) =>
    l.ignore && l.absolute
      ? applyIgnoreFile(l.result.diagnostics, l.ignore, l.absolute, catalog)
      : l.result.diagnostics,
  );
  return { complete, catalog };
}

/** Writes each report: the findings --quiet keeps, capped; a console summary when every report went to a file. */
function writeReports(
  cmd: LintCommand,
  io: CliIO,
  linted: readonly Linted[],
  complete: readonly Diagnostic[][],
  outputs: readonly Output[],
  catalog: RuleCatalog,
): void {
  const limit = cmd.maxFindings ?? DEFAULT_MAX_FINDINGS;
  const results = linted.map((l, i) => {
    const shown = cmd.quiet ? complete[i]!.filter((d) => d.severity === 'error') : complete[i]!;
    return { ...l.result, diagnostics: capFindings(shown, limit) };
  });
  // Exactly the fixes --fix would apply to the findings listed.
  let fixable = 0;
  for (const [i, r] of results.entries()) {
    const unfixed = linted[i]!.unfixed;
    if (unfixed) for (const f of autofixes(r.diagnostics)) if (!unfixed.has(fixKey(f))) fixable++;
  }
  emitReports(io, results, outputs, () => useColor(cmd.color, io), {
    fixable,
    ...(catalog.custom.length > 0 ? { customRules: catalog.custom } : {}),
    docsBaseUrl: catalog.docsBaseUrl,
  });
}

/** Lints the inputs and reports: read → lint/fix → baseline → report; returns the exit code. */
async function runLint(cmd: LintCommand, io: CliIO): Promise<number> {
  // `svc-admin-spec lnit x.yaml`: a misspelt command, unless a file of that name is meant.
  if (cmd.bareWord !== undefined && !existsSync(resolve(io.cwd, cmd.bareWord)))
    throw new UsageError(unknownCommandMessage(cmd.bareWord));
  // A malformed docs base URL stops the run before anything is read.
  docsBaseFromEnv(io.env);
  const configs = await commandConfigs(cmd, io.cwd);
  const stats = new FileStats();
  const { inputs, outputs, skipped, cachePath } = planRun(cmd, io, stats);
  const governed = await governInputs(cmd, io, inputs, configs);
  // Only the stylish report says how many problems --fix would fix; counting costs a fix's check.
  const countFixable = !cmd.listFiles && !cmd.fix && outputs.some((o) => o.format === 'stylish');
  const missing: string[] = [];
  // Standard input is never cached: it has no file whose edits the cache could notice.
  const warn = (message: string) => io.stderr.write(`svc-admin-spec: ${message}\n`);
  const cache = cmd.cache && !cmd.listFiles ? LintCache.open(cachePath, warn) : undefined;
  const linted = await lintInputs(cmd, io, inputs, governed, countFixable, skipped, missing, cache, stats);
  const how = { verbose: cmd.verbose === true, quiet: cmd.quiet };
  if (cmd.listFiles) {
    reportSkipped(io, skipped, how);
    const listed = listFiles(io, linted);
    return missing.length > 0 ? 2 : listed;
  }
  await writeFixes(cmd, io, linted, outputs);
  cache?.save(warn);
  const { complete, catalog } = await applyBaseline(cmd, io, linted, configs);
  writeReports(cmd, io, linted, complete, outputs, catalog);
  reportSkipped(io, skipped, how);
  const code = exitCode(cmd, complete, io);
  // The files that exist are linted and reported as usual; a path that does not is a usage problem.
  return missing.length > 0 ? 2 : code;
}

/**
 * `--list-files`: each file that would be linted, one a line, on standard output; an input that
 * cannot be read is said on standard error, and makes the exit code 2.
 */
function listFiles(io: CliIO, linted: readonly Linted[]): number {
  let code = 0;
  for (const { result } of linted) {
    const problem = result.diagnostics.find((d) => d.code.startsWith('input/'));
    if (problem) {
      io.stderr.write(`svc-admin-spec: ${printable(result.file)}: ${problem.message}\n`);
      code = 2;
    } else io.stdout.write(`${printable(result.file)}\n`);
  }
  return code;
}

/** 2 for an input problem, 1 for findings at or above the fail level or too many warnings, else 0. */
function exitCode(cmd: LintCommand, complete: readonly Diagnostic[][], io: CliIO): number {
  let inputErrors = false;
  let failing = 0;
  let failingErrors = 0;
  let warnings = 0;
  for (const diagnostics of complete) {
    for (const d of diagnostics) {
      if (d.code.startsWith('input/')) inputErrors = true;
      if (SEVERITY_RANK[d.severity] <= SEVERITY_RANK[cmd.failSeverity]) {
        failing++;
        if (d.severity === 'error') failingErrors++;
      }
    }
    warnings += countBySeverity(diagnostics).warnings;
  }
  if (inputErrors) return 2;
  if (failing > 0) {
    // Nothing listed explains the exit code: say what --quiet hid.
    if (cmd.quiet && failingErrors === 0) {
      const found = plural(failing, cmd.failSeverity === 'info' ? 'finding' : 'warning');
      io.stderr.write(
        `svc-admin-spec found ${found} at or above --fail-severity ${cmd.failSeverity}; --quiet lists errors only.\n`,
      );
    }
    return 1;
  }
  if (cmd.maxWarnings !== undefined && warnings > cmd.maxWarnings) {
    io.stderr.write(
      `svc-admin-spec found ${plural(warnings, 'warning')} (more than --max-warnings ${cmd.maxWarnings}).\n`,
    );
    return 1;
  }
  return 0;
}

/** Prints the settings that apply to one file as JSON. */
async function printConfig(cmd: PrintConfigCommand, io: CliIO): Promise<number> {
  const absolute = resolve(io.cwd, cmd.file);
  const { config } = await (await commandConfigs(cmd, io.cwd)).forFile(absolute);
  const settings = effectiveSettings(config, absolute, cmd);
  const shown = {
    file: cmd.file,
    config: config.path ? relative(io.cwd, config.path) || config.path : null,
    ...settings,
  };
  io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  return 0;
}

/** `svc-admin-spec rules`: the built-in rules, then the custom rules of the config's plugins. */
async function listRules(cmd: RulesCommand, io: CliIO): Promise<number> {
  const catalog = catalogAt((await loadConfig(cmd, io.cwd)).catalog, docsBaseFromEnv(io.env), DOCS_BASE_URL_ENV);
  const all = catalog.all;
  if (cmd.format === 'json') {
    const list = all.map((r) => {
      const url = codeDocsUrl(r.id, catalog);
      return {
        id: r.id,
        severity: r.severity,
        kinds: ruleKinds(r),
        description: r.docs.description,
        custom: r.id.startsWith('@'),
        ...(url ? { docsUrl: url } : {}),
      };
    });
    io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  } else {
    const w = Math.max(...all.map((r) => r.id.length));
    for (const r of all)
      io.stdout.write(`${r.id.padEnd(w)}  ${r.severity.padEnd(7)}  ${printable(r.docs.description)}\n`);
  }
  return 0;
}

/** Runs the command line; never throws, never exits the process. */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    const cmd = parseCommandLine(argv);
    switch (cmd.command) {
      case 'help':
        io.stdout.write(`${cmd.topic === 'lsp' ? LSP_HELP : HELP}\n`);
        return 0;
      case 'version':
        io.stdout.write(`${VERSION}\n`);
        return 0;
      case 'rules':
        return await listRules(cmd, io);
      case 'lint':
        return await runLint(cmd, io);
      case 'print-config':
        return await printConfig(cmd, io);
      case 'init': {
        const { runInit } = await import('./init');
        return runInit(cmd.argv, io);
      }
      case 'convert': {
        const { runConvert } = await import('./convert');
        return await runConvert(cmd.argv, io);
      }
      case 'preview': {
        const { runPreview } = await import('./preview');
        return await runPreview(cmd.argv, io);
      }
      case 'check-exchange': {
        const { runCheckExchange } = await import('./check-exchange');
        return await runCheckExchange(cmd.argv, io);
      }
      case 'apply':
      case 'get-broker': {
        // Loaded only for these commands (a bundle of its own), so that `lint` starts as fast as before.
        const { runClientCommand } = await import('./client-commands');
        return await runClientCommand(cmd.command, cmd.argv, io);
      }
      case 'lsp':
        return await runLanguageServer(io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`svc-admin-spec: ${error.message}\n${usageHint(error)}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`svc-admin-spec: ${error.message}\n`);
      return 2;
    }
    io.stderr.write(
      `svc-admin-spec: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nPlease report it.\n`,
    );
    return 2;
  }
}
