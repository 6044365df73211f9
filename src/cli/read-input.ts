/**
 * Input of the commands that take documents by name (`preview`, `convert`, `check-exchange`): one
 * regular file or standard input, read as `lint` reads it (the safe reader, its size limit, binary
 * and UTF-8 checks), then linted with the config that governs the file, for its kind and positions,
 * less what its ignore file suppresses.
 */
import { printable } from '../format/ansi';
import { join, resolve } from 'node:path';
import { DEFAULT_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import type { Diagnostic } from '../core/diagnostics';
import type { KindName } from '../model/kinds';
import type { RpkVersion } from '../model/rpk-format';
import { ConfigError } from '../config/config';
import { resolveConfig } from '../config/resolve';
import { IGNORE_FILE_NAME, ignoredBy, readIgnoreFile } from '../config/suppress';
import { MAX_INPUT_BYTES, readRegularFile } from '../config/fs-safe';
import { lintText, type LintTextOptions, type TextResult } from '../lint/lint-text';
import { decode } from '../source/index';
import { docsOption } from './docs-base';
import type { CliIO } from './io';

/**
 * An input that cannot be read (missing, not a regular file, too large, binary): a `ConfigError`,
 * so that the command's one handler says its message and exits 2, as for every command.
 */
export class InputError extends ConfigError {}

/** The text of `file` (`-`: standard input); `what` names it in messages. Throws `InputError`. */
export async function readInputText(file: string, io: CliIO, named: string): Promise<string> {
  // A file name is shown with its control characters escaped: an escape sequence never reaches the terminal.
  const what = printable(named);
  let bytes: Uint8Array;
  if (file === '-') {
    bytes = await io.readStdin();
    if (bytes.length > MAX_INPUT_BYTES)
      throw new InputError(`Standard input is larger than the ${MAX_INPUT_BYTES / 1024 / 1024} MiB the linter reads.`);
  } else {
    try {
      bytes = readRegularFile(resolve(io.cwd, file), what);
    } catch (error) {
      throw new InputError((error as Error).message);
    }
  }
  const decoded = decode(bytes);
  if ('diagnostic' in decoded) throw new InputError(`${what}: ${decoded.diagnostic.message}`);
  return decoded.text;
}

/** A document read and linted as `lint` would lint it (its config's rules; standard input under the working directory's config). */
export interface ReadDocument {
  /** The name shown in reports. */
  display: string;
  text: string;
  result: TextResult;
  targetVersion: TargetVersion;
  /** The rpk release that reads it, when it is rpk's config file. */
  rpkVersion: RpkVersion;
  /** The options it was linted with: its config's rules and settings, the target version, the docs base. */
  options: LintTextOptions;
  /** Lints the text again as a kind given by the command (its kind could not be told from itself). */
  lintAs(kind: KindName): TextResult;
}

/**
 * Reads and lints one document; `display` is its name in reports. Its findings' links follow
 * SVC_ADMIN_SPEC_DOCS_URL, as `lint`'s do, and the findings its ignore file records (the baseline
 * `lint --write-ignore-file` wrote) are dropped, as `lint` drops them. Throws `InputError`, a
 * `ConfigError` for a malformed config or ignore file, or a `UsageError` for a malformed docs base URL.
 */
export async function readDocument(
  file: string,
  io: CliIO,
  targetVersion: TargetVersion | undefined,
): Promise<ReadDocument> {
  const display = file === '-' ? '<stdin>' : file;
  const text = await readInputText(file, io, file === '-' ? 'Standard input' : file);
  const absolute = resolve(io.cwd, file === '-' ? '<stdin>' : file);
  const config = await resolveConfig(absolute);
  const target = targetVersion ?? config.options.targetVersion ?? DEFAULT_TARGET_VERSION;
  const options: LintTextOptions = {
    ...config.options,
    filename: display,
    targetVersion: target,
    ...docsOption(io.env),
  };
  // The ignore file lint reads for it (with no config or ignore file up the tree, the working
  // directory's); standard input has no file name for an entry to name, as for lint.
  let ignored: ((d: Diagnostic) => boolean) | undefined;
  if (file !== '-') {
    try {
      ignored = ignoredBy(readIgnoreFile(config.ignoreFile ?? join(io.cwd, IGNORE_FILE_NAME)), absolute);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  // Only suppressed here: whether an entry still suppresses anything is for lint to say, with the
  // config's custom rules (not loaded here) in force.
  const lint = (kind?: KindName): TextResult => {
    const result = lintText(text, kind === undefined ? options : { ...options, kind });
    return ignored ? { ...result, diagnostics: result.diagnostics.filter((d) => !ignored(d)) } : result;
  };
  return {
    display,
    text,
    result: lint(),
    targetVersion: target,
    rpkVersion: config.options.rpkVersion ?? target,
    options,
    lintAs: (kind) => lint(kind),
  };
}
