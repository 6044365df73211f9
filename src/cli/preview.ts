/**
 * `svc-admin-spec preview FILE --topics <file|-> [--groups <file|->]`: which of the given topics and
 * consumer groups the shadow link in FILE would shadow, and what decided each (`previewFilters`), as
 * a table or `-f json`. FILE is linted first as `lint` lints it (its ignore file too); a link with
 * errors is not previewed: not every error is one the server refuses (it ignores unknown fields), so
 * the message says what to do, not why the server would object. Secrets of the link are masked in everything printed.
 */
import { decodeDocument } from '../decode/decode';
import { previewFilters, type PreviewEntry } from '../facts/filters';
import { format } from '../format/index';
import { printable } from '../format/ansi';
import { plural } from '../format/summary';
import { aKind } from '../model/kind-article';
import { isDocumentKind, isMappedKind, kindOf } from '../model/kinds';
import { readRpkConfig } from '../rpk/read';
import { errorsAdvice } from './refusal';
import { rpkToApi } from '../rpk/mapper';
import { collectSecrets, mask } from '../secrets/redact';
import { getAt, isObject, own } from '../util/pointer';
import { parseCommandArgs } from './args';
import { PREVIEW_FLAGS } from './client-flags';
import type { CliIO } from './io';
import { targetVersionFlag } from './args';
import { readDocument, readInputText } from './read-input';
import { asCommand, UsageError } from './usage-error';

/** Help of `preview`. */
const PREVIEW_HELP = `Usage: svc-admin-spec preview <link-file> --topics <file|-> [--groups <file|->] [options]

Shows which of the given topics and consumer groups the shadow link would shadow, and what decided
each, per the server's filter semantics: the filter (autoCreateShadowTopicFilters[i],
groupFilters[i]) or the special rule (internal _svc/__svc topics, topics never shadowed, _schemas).
<link-file> is a ShadowLink, a CreateShadowLinkRequest or Response, or an rpk config file. It is
linted first, as lint lints it (its config and ignore file): findings go to standard error, and a
link with errors is not previewed.

Options:
  --topics <file|->           Topic names, one per line ("-": standard input); blank lines and
                              lines starting with # are skipped
  --groups <file|->           Consumer group names, the same way
  -f, --format <name>         stylish (default: a table) or json
  --target-version <v>        Server version whose facts apply to the lint (default: the config's, else 26.1)
  -h, --help                  Show this help

Exit codes: 0 previewed; 1 the link has errors (not previewed); 2 usage error or unreadable input.`;

/** Names from a list file: one per line, surrounding spaces trimmed, blank lines and `#` comments skipped. */
export function parseNameList(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A filter of the link as printed: its type, pattern and name (what the table and `-f json` show). */
interface ShownFilter {
  filterType: string;
  patternType: string;
  name: string;
}

/** One row of `-f json`: `previewFilters`' entry, with the filter that decided it when one did. */
type PreviewRow = PreviewEntry & { filter?: ShownFilter };

const strip = (v: unknown, prefix: string): string =>
  typeof v === 'string' ? (v.startsWith(prefix) ? v.slice(prefix.length) : v) : String(v);

/** The rows of one list, names and filter names masked. */
function rows(entries: readonly PreviewEntry[], filters: unknown, secrets: readonly string[]): PreviewRow[] {
  return entries.map((e) => {
    const f = e.filterIndex !== undefined && Array.isArray(filters) ? (filters[e.filterIndex] as unknown) : undefined;
    // Key order is the documented shape: name, selected, reason, filterIndex?, filter?, explanation.
    return {
      name: mask(e.name, secrets),
      selected: e.selected,
      reason: e.reason,
      ...(e.filterIndex !== undefined ? { filterIndex: e.filterIndex } : {}),
      ...(isObject(f)
        ? {
            filter: {
              filterType: String(own(f, 'filterType')),
              patternType: String(own(f, 'patternType')),
              name: mask(String(own(f, 'name')), secrets),
            },
          }
        : {}),
      explanation: mask(e.explanation, secrets),
    };
  });
}

/** One table: a header, then a row per name, columns aligned. */
function table(heading: string, list: readonly PreviewRow[]): string[] {
  const cells = list.map((r) => [
    printable(r.name),
    r.selected ? 'yes' : 'no',
    printable(
      r.filter
        ? `${r.explanation}: ${strip(r.filter.filterType, 'FILTER_TYPE_')} ${strip(r.filter.patternType, 'PATTERN_TYPE_')} ${JSON.stringify(r.filter.name)}`
        : r.explanation,
    ),
  ]);
  const head = [heading, 'shadowed', 'decided by'];
  const w0 = Math.max(head[0]!.length, ...cells.map((c) => c[0]!.length));
  const w1 = head[1]!.length;
  return [head, ...cells].map(([a, b, c]) => `${a!.padEnd(w0)}  ${b!.padEnd(w1)}  ${c}`.trimEnd());
}

/** Runs `preview` with its arguments (the command word removed); returns the exit code. */
export function runPreview(argv: readonly string[], io: CliIO): Promise<number> {
  return asCommand('preview', () => preview(argv, io));
}

/** `runPreview`'s body: its usage errors point at `preview --help`. */
async function preview(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs('preview', argv, PREVIEW_FLAGS);
  const v = parsed.values as {
    topics?: string;
    groups?: string;
    format?: string;
    'target-version'?: string;
    help?: boolean;
  };
  if (v.help) {
    io.stdout.write(`${PREVIEW_HELP}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 1)
    throw new UsageError('preview takes one link file (a ShadowLink, CreateShadowLink request or rpk config file).');
  const file = parsed.positionals[0]!;
  if (file === '-')
    throw new UsageError('preview reads the link from a file; standard input is for --topics or --groups.');
  if (v.topics === undefined && v.groups === undefined)
    throw new UsageError('preview needs --topics <file|-> or --groups <file|-> (names, one per line).');
  if (v.topics === '-' && v.groups === '-')
    throw new UsageError('Standard input ("-") can be given only once: give --topics or --groups a file.');
  const outputFormat = v.format ?? 'stylish';
  if (outputFormat !== 'stylish' && outputFormat !== 'json')
    throw new UsageError('preview supports --format stylish or json.');
  const target = targetVersionFlag(v['target-version']);

  // An unreadable input is an InputError: the command's handler says it and exits 2.
  const doc = await readDocument(file, io, target);
  const topics =
    v.topics === undefined ? undefined : parseNameList(await readInputText(v.topics, io, `--topics ${v.topics}`));
  const groups =
    v.groups === undefined ? undefined : parseNameList(await readInputText(v.groups, io, `--groups ${v.groups}`));
  const { result } = doc;
  const kind = result.kind;
  const carriesLink = isDocumentKind(kind) && kindOf(kind).link !== undefined;
  if (result.source.ok && kind !== null && !carriesLink && !isMappedKind(kind))
    throw new UsageError(
      `${printable(file)} is ${aKind(kind)}, not a shadow link; preview takes a ShadowLink, a CreateShadowLink request or response, or an rpk config file.`,
    );
  // What lint says goes to standard error, so that -f json stays clean.
  if (result.diagnostics.length > 0) io.stderr.write(format([result], 'stylish', { color: false }));
  if (result.diagnostics.some((d) => d.severity === 'error')) {
    io.stderr.write(
      `svc-admin-spec: ${printable(file)} has errors (above): not previewed; ${errorsAdvice(result.diagnostics, false)}.\n`,
    );
    return 1;
  }

  // The link as the server reads it (snake_case keys, enum numbers, rpk's file mapped).
  let link: unknown;
  if (isMappedKind(kind))
    link = rpkToApi(readRpkConfig(doc.text, result.source.yamlDocument).value, doc.rpkVersion).value;
  else if (isDocumentKind(kind))
    link = getAt(decodeDocument(kind, result.source.value, ['']).value, kindOf(kind).link!.pointer);
  const secrets = collectSecrets(result.source.value);
  const preview = previewFilters(link, { ...(topics ? { topics } : {}), ...(groups ? { groups } : {}) });
  const cfg = own(link, 'configurations');
  const topicRows = rows(
    preview.topics,
    own(own(cfg, 'topicMetadataSyncOptions'), 'autoCreateShadowTopicFilters'),
    secrets,
  );
  const groupRows = rows(preview.groups, own(own(cfg, 'consumerOffsetSyncOptions'), 'groupFilters'), secrets);
  const shadowed = (list: readonly PreviewRow[]) => list.filter((r) => r.selected).length;
  if (outputFormat === 'json') {
    const shown = {
      version: 1,
      file,
      kind,
      ...(topics ? { topics: topicRows } : {}),
      ...(groups ? { groups: groupRows } : {}),
      summary: {
        ...(topics ? { topics: topicRows.length, topicsShadowed: shadowed(topicRows) } : {}),
        ...(groups ? { groups: groupRows.length, groupsShadowed: shadowed(groupRows) } : {}),
      },
    };
    io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    return 0;
  }
  const out: string[] = [];
  const said: string[] = [];
  if (topics) {
    out.push(...table('topic', topicRows), '');
    said.push(`${shadowed(topicRows)} of ${plural(topicRows.length, 'topic')}`);
  }
  if (groups) {
    out.push(...table('group', groupRows), '');
    said.push(`${shadowed(groupRows)} of ${plural(groupRows.length, 'group')}`);
  }
  out.push(`${said.join(' and ')} would be shadowed.`);
  io.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
