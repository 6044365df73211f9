/** The command: `run(argv, io)` returns an exit code; only the bin wrapper touches the process. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { countBySeverity, SEVERITY_RANK, type Diagnostic } from '../lint/diagnostics';
import { allRules } from '../engine/registry';
import { applyFixesOnce, autofixes } from '../fix/apply';
import { lineDiff } from '../fix/diff';
import { FORMATTERS } from '../format/index';
import { lintText, type FileResult } from '../lint/lint-text';
import { mask, secretsInText } from '../secrets/redact';
import { decode, type ParsedSource } from '../source/index';
import { HELP, parseCommandLine, UsageError, type LintCommand } from './args';
import { ConfigError, emptyConfig, findConfig, isIgnored, readConfig, settingsFor, type Config } from './config';
import { expandInputs } from './files';
import {
  applyDirectives,
  applyIgnoreFile,
  IGNORE_FILE_NAME,
  readIgnoreFile,
  writeIgnoreFile,
  type IgnoreFile,
} from './suppress';
import { VERSION } from './version';

/** What the command may touch: arguments, directories, streams, the clock. */
export interface CliIO {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: { write(text: string): void; isTTY?: boolean };
  stderr: { write(text: string): void };
  readStdin(): Promise<Uint8Array>;
  now?: () => Date;
}

const MAX_FIX_PASSES = 10;

/** Decides colour: the flag, else FORCE_COLOR / NO_COLOR, else whether stdout is a terminal. */
function useColor(cmd: LintCommand, io: CliIO): boolean {
  if (cmd.color !== undefined) return cmd.color;
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  return Boolean(io.stdout.isTTY);
}

interface Linted {
  result: FileResult;
  absolute?: string;
  fixed?: { before: string; after: string };
}

function lintOne(
  cmd: LintCommand,
  config: Config,
  io: CliIO,
  display: string,
  absolute: string | undefined,
  bytes: Uint8Array,
): Linted {
  const decoded = decode(bytes);
  if ('diagnostic' in decoded) return { result: { file: display, kind: null, diagnostics: [decoded.diagnostic] } };
  const settings = settingsFor(config, absolute, cmd.rules);
  const kind = cmd.kind ?? settings.kind;
  const targetVersion = cmd.targetVersion ?? settings.targetVersion;
  const options = {
    filename: display,
    rules: settings.rules,
    ...(kind ? { kind } : {}),
    ...(targetVersion ? { targetVersion } : {}),
    ...(io.now ? { now: io.now() } : {}),
  };
  let text = decoded.text;
  let linted = lintText(text, options);
  const before = text;
  if (cmd.fix || cmd.fixDryRun) {
    for (let pass = 0; pass < MAX_FIX_PASSES && linted.source.ok; pass++) {
      const fixes = autofixes(linted.diagnostics);
      if (fixes.length === 0) break;
      const out = applyFixesOnce(text, linted.source, fixes);
      if (out.applied === 0 || out.text === text) break;
      text = out.text;
      linted = lintText(text, options);
    }
  }
  const diagnostics = finishDiagnostics(linted.diagnostics, linted.source);
  const out: Linted = { result: { file: display, kind: linted.kind, diagnostics } };
  if (absolute) out.absolute = absolute;
  if (text !== before) out.fixed = { before, after: text };
  return out;
}

function finishDiagnostics(diagnostics: Diagnostic[], source: ParsedSource): Diagnostic[] {
  return source.format === 'yaml' && source.ok ? applyDirectives(diagnostics, source) : diagnostics;
}

function ignoreFilePath(cmd: LintCommand, config: Config, cwd: string): string {
  if (cmd.ignoreFile) return resolve(cwd, cmd.ignoreFile);
  return join(config.path ? config.root : cwd, IGNORE_FILE_NAME);
}

/** Lints the inputs and reports; returns the exit code. */
async function runLint(cmd: LintCommand, io: CliIO): Promise<number> {
  const config = cmd.noConfig
    ? emptyConfig(io.cwd)
    : cmd.config
      ? readConfig(resolve(io.cwd, cmd.config))
      : findConfig(io.cwd);
  const paths = cmd.paths.length > 0 ? cmd.paths : ['.'];
  const { inputs, unmatched } = expandInputs(paths, io.cwd);
  if (unmatched.length > 0 && cmd.errorOnUnmatchedPattern) {
    throw new UsageError(
      `No files matched ${unmatched.map((u) => `"${u}"`).join(', ')} (looking for .json, .yaml and .yml files). Pass --no-error-on-unmatched-pattern to allow this.`,
    );
  }
  if (inputs.filter((i) => i.kind === 'stdin').length > 1)
    throw new UsageError('Standard input ("-") can be given only once.');
  if (cmd.fix && inputs.some((i) => i.kind === 'stdin'))
    throw new UsageError('--fix cannot rewrite standard input; use --fix-dry-run to see the changes.');
  const ignore: IgnoreFile | undefined = (() => {
    try {
      return readIgnoreFile(ignoreFilePath(cmd, config, io.cwd));
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  })();

  const linted: Linted[] = [];
  for (const input of inputs) {
    if (input.kind === 'missing') {
      linted.push({
        result: {
          file: input.display,
          kind: null,
          diagnostics: [{ code: 'input/not-found', severity: 'error', pointer: '', message: `${input.message}.` }],
        },
      });
      continue;
    }
    if (input.kind === 'stdin') {
      const name = cmd.stdinFilename ?? '<stdin>';
      const bytes = await io.readStdin();
      linted.push(
        lintOne(cmd, config, io, name, cmd.stdinFilename ? resolve(io.cwd, cmd.stdinFilename) : undefined, bytes),
      );
      continue;
    }
    if (isIgnored(config, input.absolute)) continue;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(input.absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      linted.push({
        result: {
          file: input.display,
          kind: null,
          diagnostics: [
            {
              code: 'input/unreadable',
              severity: 'error',
              pointer: '',
              message: `The file cannot be read (${code}): ${(error as Error).message.replace(/^\w+: /, '')}.`,
            },
          ],
        },
        absolute: input.absolute,
      });
      continue;
    }
    linted.push(lintOne(cmd, config, io, input.display, input.absolute, bytes));
  }

  // Fixes: written in place (--fix) or shown (--fix-dry-run), never with a secret in the diff.
  for (const l of linted) {
    if (!l.fixed) continue;
    if (cmd.fix && l.absolute) {
      try {
        writeFileSync(l.absolute, l.fixed.after);
      } catch (error) {
        l.result.diagnostics.push({
          code: 'input/unwritable',
          severity: 'error',
          pointer: '',
          message: `The fixes could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'}); the file is unchanged.`,
        });
      }
    }
    if (cmd.fixDryRun) {
      const secrets = [...secretsInText(l.fixed.before), ...secretsInText(l.fixed.after)];
      io.stdout.write(mask(lineDiff(l.fixed.before, l.fixed.after, l.result.file), secrets));
    }
  }

  if (cmd.writeIgnoreFile && ignore) {
    ignore.entries = writeIgnoreFile(
      ignore.path,
      linted.filter((l) => l.absolute).map((l) => ({ absolute: l.absolute!, diagnostics: l.result.diagnostics })),
      io.now?.() ?? new Date(),
    );
    const count = ignore.entries.length;
    io.stderr.write(`Wrote ${count} entr${count === 1 ? 'y' : 'ies'} to ${ignore.path}.\n`);
  }
  const results = linted.map((l) => {
    let diagnostics = l.result.diagnostics;
    if (ignore && l.absolute) diagnostics = applyIgnoreFile(diagnostics, ignore, l.absolute);
    if (cmd.quiet) diagnostics = diagnostics.filter((d) => d.severity === 'error');
    return { ...l.result, diagnostics };
  });

  const fixable = cmd.fix ? 0 : results.reduce((n, r) => n + autofixes(r.diagnostics).length, 0);
  const report = FORMATTERS[cmd.format]!(results, {
    color: useColor(cmd, io) && !cmd.output,
    cwd: io.cwd,
    version: VERSION,
    fixable,
  });
  if (cmd.output) {
    const path = resolve(io.cwd, cmd.output);
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, report);
    } catch (error) {
      throw new ConfigError(`Cannot write the report to ${cmd.output}: ${(error as Error).message}`);
    }
  } else io.stdout.write(report);

  const all = results.flatMap((r) => r.diagnostics);
  if (all.some((d) => d.code.startsWith('input/'))) return 2;
  const { warnings } = countBySeverity(all);
  if (all.some((d) => SEVERITY_RANK[d.severity] <= SEVERITY_RANK[cmd.failSeverity])) return 1;
  if (cmd.maxWarnings !== undefined && warnings > cmd.maxWarnings) {
    io.stderr.write(`svc-admin-spec found ${warnings} warnings (more than --max-warnings ${cmd.maxWarnings}).\n`);
    return 1;
  }
  return 0;
}

function listRules(format: 'stylish' | 'json', io: CliIO): number {
  if (format === 'json') {
    io.stdout.write(
      `${JSON.stringify(
        allRules.map((r) => ({ id: r.id, severity: r.severity, kinds: r.kinds, description: r.docs.description })),
        null,
        2,
      )}\n`,
    );
  } else {
    const w = Math.max(...allRules.map((r) => r.id.length));
    for (const r of allRules) io.stdout.write(`${r.id.padEnd(w)}  ${r.severity.padEnd(7)}  ${r.docs.description}\n`);
  }
  return 0;
}

/** Runs the command line; never throws, never exits the process. */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    const cmd = parseCommandLine(argv);
    switch (cmd.command) {
      case 'help':
        io.stdout.write(`${HELP}\n`);
        return 0;
      case 'version':
        io.stdout.write(`${VERSION}\n`);
        return 0;
      case 'rules':
        return listRules(cmd.format, io);
      case 'lint':
        return await runLint(cmd, io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`svc-admin-spec: ${error.message}\nRun "svc-admin-spec --help" for usage.\n`);
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
