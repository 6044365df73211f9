/**
 * `svc-admin-spec convert FILE --to api|rpk`: an rpk config file as the CreateShadowLink request rpk
 * sends, or an API ShadowLink (or request) as the rpk config file rpk writes for it. The file is
 * read and linted first as `lint` does (`readDocument`: its config and ignore file; findings on
 * standard error, exit codes as `lint`); a file with errors is converted only with --force, one
 * that does not parse never. Secrets are masked on standard output; `-o` writes them, to a new file of mode
 * 0600 or over an existing one keeping its mode, atomically.
 */
import { resolve } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { decodeDocument } from '../decode/decode';
import { DEFAULT_TARGET_VERSION, TARGET_VERSIONS } from '../facts/target-version';
import { format } from '../format/index';
import { printable } from '../format/ansi';
import { lintText } from '../lint/lint-text';
import { isDocumentKind, isMappedKind, kindOf, kindsWith, type DocumentKind } from '../model/kinds';
import { canonicalPath, FileAccessError, writeFileAtomic } from '../config/fs-safe';
import { collectSecrets, maskValue } from '../secrets/redact';
import { getAt } from '../util/pointer';
import { readRpkConfig } from '../rpk/read';
import { errorsAdvice } from './refusal';
import { apiToRpk, RpkFormError, rpkToApi } from '../rpk/mapper';
import { parseCommandArgs } from './args';
import { CONVERT_FLAGS } from './client-flags';
import { docsOption } from './docs-base';
import type { CliIO } from './io';
import { targetVersionFlag } from './args';
import { readDocument } from './read-input';
import { asCommand, UsageError } from './usage-error';

/** Help of `convert`. */
const CONVERT_HELP = `Usage: svc-admin-spec convert <file> --to api|rpk [options]

Converts an rpk shadow-link config file (rpk shadow create --config-file) into the
CreateShadowLink request rpk sends for it (--to api), or an API ShadowLink or CreateShadowLink
request into the rpk config file rpk writes for it (--to rpk). The file is linted first, as lint
lints it (its config and ignore file): findings go to standard error, and a file with errors is not
converted unless --force (one that does not parse, never). <file> may be "-" (standard input).

Options:
  --to <api|rpk>              What to convert to (required)
  -o, --output <file>         Write the result to this file (new files get mode 0600; an existing
                              file keeps its mode), instead of standard output
  --output-format <json|yaml> Default: json for --to api, yaml for --to rpk
  --force                     Convert a file with errors too (the exit code is still 1)
  --target-version <v>        The server (and its rpk) version: ${TARGET_VERSIONS.join(', ')} (default: the config's, else ${DEFAULT_TARGET_VERSION})
  -h, --help                  Show this help

Secrets (passwords, private keys) are masked on standard output; write them with -o.
Exit codes: 0 converted; 1 the file has errors (converted only with --force); 2 usage error or
unreadable input.`;

/** Runs `convert` with its arguments (the command word removed). */
export function runConvert(argv: readonly string[], io: CliIO): Promise<number> {
  return asCommand('convert', () => convert(argv, io));
}

/** `runConvert`'s body: its usage errors point at `convert --help`. */
async function convert(argv: readonly string[], io: CliIO): Promise<number> {
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
  const targetVersion = targetVersionFlag(v['target-version']);
  // The findings' links, as lint's: a malformed base stops the run before anything is read.
  docsOption(io.env);
  const render = (value: unknown) =>
    outputFormat === 'json' ? `${JSON.stringify(value, null, 2)}\n` : toYaml(value, { version: '1.1' });

  const file = parsed.positionals[0]!;
  // The converted form replaces the file's comments and spelling: never written over its own source.
  if (
    v.output !== undefined &&
    file !== '-' &&
    canonicalPath(resolve(io.cwd, v.output)) === canonicalPath(resolve(io.cwd, file))
  )
    throw new UsageError(`-o ${printable(v.output)} is the file being converted; write the result to another file.`);
  // Read and linted as lint reads and lints it: its config, its ignore file (the baseline).
  const doc = await readDocument(file, io, targetVersion);
  const { text, result, rpkVersion: rpk } = doc;
  const shown = result.diagnostics;
  const report = () => {
    if (shown.length > 0) io.stderr.write(format([{ ...result, diagnostics: shown }], 'stylish', { color: false }));
  };
  // A file that does not parse has no kind to convert from: what lint says of it is the answer.
  if (!result.source.ok) {
    report();
    io.stderr.write(
      `svc-admin-spec: ${printable(doc.display)} has errors (above): not converted; ${errorsAdvice(shown, false)}.\n`,
    );
    return 1;
  }
  // --to rpk takes what carries a link in its request form: the kind table says which kinds.
  const linkKinds: readonly DocumentKind[] = kindsWith('request-link');
  const linkKind = isDocumentKind(result.kind) && linkKinds.includes(result.kind) ? result.kind : undefined;
  if (v.to === 'api' ? !isMappedKind(result.kind) : linkKind === undefined)
    throw new UsageError(
      v.to === 'api'
        ? `${printable(doc.display)} is not an rpk config file; --to api converts rpk files.`
        : `${printable(doc.display)} is not a ShadowLink or CreateShadowLink request; --to rpk converts those.`,
    );
  report();
  const errors = shown.some((d) => d.severity === 'error');
  if (errors && !v.force) {
    io.stderr.write(
      `svc-admin-spec: ${printable(doc.display)} has errors (above): not converted; ${errorsAdvice(shown, true)}.\n`,
    );
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
      io.stderr.write(
        `svc-admin-spec: ${printable(doc.display)} cannot be written as an rpk file: ${error.message}.\n`,
      );
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
    // What rpk will make of the new file (a ${NAME} placeholder it sends as written, keys its version drops):
    // the text written, in the format written (-o's extension need not say it), so positions are the file's.
    const rpkSays = lintText(out, {
      ...doc.options,
      // Where the new file goes: -o's path, else standard output (no file has that text yet).
      filename: v.output ?? '<stdout>',
      kind: 'RpkShadowLinkConfig',
      format: outputFormat,
    });
    const notes = rpkSays.diagnostics.filter((d) => d.code.startsWith('rpk/'));
    if (notes.length > 0) io.stderr.write(format([{ ...rpkSays, diagnostics: notes }], 'stylish', { color: false }));
  }
  if (v.output !== undefined) {
    try {
      writeFileAtomic(resolve(io.cwd, v.output), out, { newMode: 0o600 });
    } catch (error) {
      if (!(error instanceof FileAccessError)) throw error;
      io.stderr.write(`svc-admin-spec: cannot write ${printable(v.output)}: ${printable(error.message)}\n`);
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
