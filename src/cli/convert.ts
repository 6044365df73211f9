/**
 * `svc-admin-spec convert FILE --to api|rpk`: an rpk config file as the CreateShadowLink request rpk
 * sends, or an API ShadowLink (or request) as the rpk config file rpk writes for it. The file is
 * linted first (findings on standard error, exit codes as `lint`); a file with errors is converted
 * only with --force. Secrets are masked on standard output; `-o` writes them, to a new file of mode
 * 0600 or over an existing one keeping its mode, atomically.
 */
import { resolve } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { decodeDocument } from '../decode/decode';
import { DEFAULT_TARGET_VERSION, TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import { format } from '../format/index';
import { lintText } from '../lint/lint-text';
import { isDocumentKind, isMappedKind, kindOf, kindsWith, type DocumentKind } from '../model/kinds';
import { resolveConfig } from '../config/resolve';
import { canonicalPath, FileAccessError, readRegularFile, writeFileAtomic } from '../config/fs-safe';
import { collectSecrets, maskValue } from '../secrets/redact';
import { decode } from '../source/index';
import { getAt } from '../util/pointer';
import { readRpkConfig } from '../rpk/read';
import { apiToRpk, RpkFormError, rpkToApi } from '../rpk/mapper';
import { parseCommandArgs } from './args';
import { CONVERT_FLAGS } from './client-flags';
import { docsOption } from './docs-base';
import type { CliIO } from './io';
import { UsageError } from './usage-error';

/** Help of `convert`. */
export const CONVERT_HELP = `Usage: svc-admin-spec convert <file> --to api|rpk [options]

Converts an rpk shadow-link config file (rpk shadow create --config-file) into the
CreateShadowLink request rpk sends for it (--to api), or an API ShadowLink or CreateShadowLink
request into the rpk config file rpk writes for it (--to rpk). The file is linted first: findings
go to standard error, and a file with errors is not converted unless --force.

Options:
  --to <api|rpk>              What to convert to (required)
  -o, --output <file>         Write the result to this file (new files get mode 0600; an existing
                              file keeps its mode), instead of standard output
  --output-format <json|yaml> Default: json for --to api, yaml for --to rpk
  --force                     Convert a file with errors too (the exit code is still 1)
  --target-version <v>        The server (and its rpk) version: ${TARGET_VERSIONS.join(', ')} (default 26.1)
  -h, --help                  Show this help

Secrets (passwords, private keys) are masked on standard output; write them with -o.
Exit codes: 0 converted; 1 the file has errors (converted only with --force); 2 usage error or
unreadable input.`;

/** Runs `convert` with its arguments (the command word removed). */
export async function runConvert(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs('convert', argv, CONVERT_FLAGS);
  const v = parsed.values as {
    to?: string;
    output?: string;
    'output-format'?: string;
    force?: boolean;
    'target-version'?: string;
    help?: boolean;
  };
  if (v.help) {
    io.stdout.write(`${CONVERT_HELP}\n`);
    return 0;
  }
  if (v.to !== 'api' && v.to !== 'rpk') throw new UsageError('convert needs --to api or --to rpk.');
  if (parsed.positionals.length !== 1) throw new UsageError('convert takes one file.');
  const outputFormat = v['output-format'] ?? (v.to === 'api' ? 'json' : 'yaml');
  if (outputFormat !== 'json' && outputFormat !== 'yaml') throw new UsageError('--output-format must be json or yaml.');
  if (v['target-version'] !== undefined && !(TARGET_VERSIONS as readonly string[]).includes(v['target-version']))
    throw new UsageError(`--target-version must be one of ${TARGET_VERSIONS.join(', ')}.`);
  // The findings' links, as lint's: a malformed base stops the run before anything is read.
  const docs = docsOption(io.env);
  const render = (value: unknown) =>
    outputFormat === 'json' ? `${JSON.stringify(value, null, 2)}\n` : toYaml(value, { version: '1.1' });

  const file = parsed.positionals[0]!;
  const path = resolve(io.cwd, file);
  // The converted form replaces the file's comments and spelling: never written over its own source.
  if (v.output !== undefined && canonicalPath(resolve(io.cwd, v.output)) === canonicalPath(path))
    throw new UsageError(`-o ${v.output} is the file being converted; write the result to another file.`);
  // As lint reads a file: only a regular file (a FIFO would never end), binary and BOM said.
  let read: ReturnType<typeof decode>;
  try {
    read = decode(readRegularFile(path, file));
  } catch (error) {
    io.stderr.write(`svc-admin-spec: ${(error as Error).message}\n`);
    return 2;
  }
  if ('diagnostic' in read) {
    io.stderr.write(`svc-admin-spec: ${file}: ${read.diagnostic.message}\n`);
    return 2;
  }
  const text = read.text;
  const config = await resolveConfig(path);
  const target =
    (v['target-version'] as TargetVersion | undefined) ?? config.options.targetVersion ?? DEFAULT_TARGET_VERSION;
  // The rpk release that reads the file: the config's rpkVersion, else the target's own.
  const rpk = config.options.rpkVersion ?? target;
  const result = lintText(text, { ...config.options, ...docs, filename: file, targetVersion: target });
  // --to rpk takes what carries a link in its request form: the kind table says which kinds.
  const linkKinds: readonly DocumentKind[] = kindsWith('request-link');
  const linkKind = isDocumentKind(result.kind) && linkKinds.includes(result.kind) ? result.kind : undefined;
  if (v.to === 'api' ? !isMappedKind(result.kind) : linkKind === undefined)
    throw new UsageError(
      v.to === 'api'
        ? `${file} is not an rpk config file; --to api converts rpk files.`
        : `${file} is not a ShadowLink or CreateShadowLink request; --to rpk converts those.`,
    );
  const shown = result.diagnostics;
  if (shown.length > 0) io.stderr.write(format([{ ...result, diagnostics: shown }], 'stylish', { color: false }));
  const errors = shown.some((d) => d.severity === 'error');
  if (errors && !v.force) {
    io.stderr.write(`svc-admin-spec: ${file} has errors: not converted (fix them, or use --force).\n`);
    return 1;
  }

  let value: unknown;
  let out: string;
  if (v.to === 'api') {
    value = { shadowLink: rpkToApi(readRpkConfig(text, result.source.yamlDocument).value, rpk).value };
    out = render(value);
  } else {
    // What the server reads (snake_case keys, enum numbers…), in the canonical form rpk's mapper knows.
    const kind = linkKind!;
    const decoded = decodeDocument(kind, result.source.value, ['']).value;
    try {
      value = apiToRpk(getAt(decoded, kindOf(kind).link!.pointer), rpk);
    } catch (error) {
      if (!(error instanceof RpkFormError)) throw error;
      io.stderr.write(`svc-admin-spec: ${file} cannot be written as an rpk file: ${error.message}.\n`);
      return 1;
    }
    const yamlText = toYaml(value, { version: '1.1' });
    // rpk must read back exactly what is written: otherwise nothing is written.
    const back = readRpkConfig(yamlText);
    if (
      back.errors.length > 0 ||
      JSON.stringify(apiToRpk(rpkToApi(back.value, rpk).value, rpk)) !== JSON.stringify(value)
    ) {
      io.stderr.write(
        `svc-admin-spec: internal error: the converted file would not read back as written; nothing was written. Please report it.\n`,
      );
      return 2;
    }
    out = outputFormat === 'yaml' ? yamlText : render(value);
    // What rpk will make of the new file (a ${NAME} placeholder it sends as written, keys its version drops).
    const rpkSays = lintText(yamlText, {
      ...config.options,
      ...docs,
      filename: v.output ?? 'converted.rpk.yaml',
      targetVersion: target,
      kind: 'RpkShadowLinkConfig',
    });
    const notes = rpkSays.diagnostics.filter((d) => d.code.startsWith('rpk/'));
    if (notes.length > 0) io.stderr.write(format([{ ...rpkSays, diagnostics: notes }], 'stylish', { color: false }));
  }
  if (v.output !== undefined) {
    try {
      writeFileAtomic(resolve(io.cwd, v.output), out, { newMode: 0o600 });
    } catch (error) {
      if (!(error instanceof FileAccessError)) throw error;
      io.stderr.write(`svc-admin-spec: cannot write ${v.output}: ${error.message}\n`);
      return 2;
    }
  } else {
    // Masked in the value, before it is written out: no escape or encoding can hide a secret from the mask.
    const masked = maskValue(value, collectSecrets(value));
    if (JSON.stringify(masked) !== JSON.stringify(value)) {
      out = render(masked);
      io.stderr.write('svc-admin-spec: secrets are masked on standard output; write them with -o <file>.\n');
    }
    io.stdout.write(out);
  }
  return errors ? 1 : 0;
}
