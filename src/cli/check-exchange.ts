/**
 * `svc-admin-spec check-exchange REQUEST RESPONSE`: does the response honour the request
 * (`checkExchange`)? Its findings are reported as `lint` reports its own — every format, `-o`,
 * `--output.<format>` — with `lint`'s exit codes: 0 none, 1 findings, 2 usage or unreadable input.
 * Each document is only read here (for its kind and positions): `lint` judges it on its own.
 */
import { resolve } from 'node:path';
import { checkExchange } from '../conformance/check';
import type { Diagnostic, FileResult } from '../core/diagnostics';
import { canonicalPath, checkWritableTarget } from '../config/fs-safe';
import { FORMAT_NAMES } from '../format/index';
import { printable } from '../format/ansi';
import { locate } from '../lint/lint-text';
import { aKind } from '../model/kind-article';
import { METHOD_NAMES, METHODS } from '../model/methods';
import { parseCommandArgs } from './args';
import { CHECK_EXCHANGE_FLAGS } from './client-flags';
import { useColor } from './color';
import { ConfigError } from './config';
import { docsOption } from './docs-base';
import type { CliIO } from './io';
import { outputsOf } from './outputs';
import { writeReports } from './write-reports';
import { targetVersionFlag } from './args';
import { readDocument, type ReadDocument } from './read-input';
import { asCommand, UsageError } from './usage-error';

/** Help of `check-exchange`. */
const CHECK_EXCHANGE_HELP = `Usage: svc-admin-spec check-exchange <request> <response> [options]

Checks that a response honours the request it answers: a CreateShadowLinkResponse against its
CreateShadowLinkRequest (name, clientId, bootstrap servers, effective values and intervals, the key
fingerprint, synced properties, state, uid), or a GetBrokerResponse against its GetBrokerRequest
(the node id). Findings are conformance/* errors pointing into the response. Each document is
judged only against the other: lint them with "svc-admin-spec lint" for everything else.
Either file may be "-" (standard input), not both.

Options:
  -f, --format <name>         ${FORMAT_NAMES.join(', ')}; repeatable (as for lint)
  -o, --output <file>         Write a report to a file; repeatable (as for lint)
  --output.<format> <file>    Write that format's report to the file
  --target-version <v>        Server version whose behaviour the response is compared with
                              (defaults, clientId, sorting); default: the config's, else 26.1
  --color, --no-color         Force colour on or off
  -h, --help                  Show this help

Secrets of either document are masked in every finding.
Exit codes: 0 the response honours the request; 1 findings (or a document that does not parse);
2 usage error or unreadable input.`;

/** Runs `check-exchange` with its arguments (the command word removed); returns the exit code. */
export function runCheckExchange(argv: readonly string[], io: CliIO): Promise<number> {
  return asCommand('check-exchange', () => checkExchangeCommand(argv, io));
}

/** `runCheckExchange`'s body: its usage errors point at `check-exchange --help`. */
async function checkExchangeCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const parsed = parseCommandArgs('check-exchange', argv, CHECK_EXCHANGE_FLAGS);
  const v = parsed.values as Record<string, unknown> & {
    format?: string[];
    output?: string[];
    'target-version'?: string;
    color?: boolean;
    'no-color'?: boolean;
    help?: boolean;
  };
  if (v.help) {
    io.stdout.write(`${CHECK_EXCHANGE_HELP}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 2)
    throw new UsageError('check-exchange takes two files: the request, then the response.');
  const [requestFile, responseFile] = parsed.positionals as [string, string];
  if (requestFile === '-' && responseFile === '-') throw new UsageError('Standard input ("-") can be given only once.');
  if (v.color && v['no-color']) throw new UsageError('Use either --color or --no-color, not both.');
  const outputs = outputsOf(v).map((o) => ({
    ...o,
    path: o.file === undefined ? undefined : resolve(io.cwd, o.file),
  }));
  const inputs = [requestFile, responseFile].filter((f) => f !== '-').map((f) => canonicalPath(resolve(io.cwd, f)));
  for (const o of outputs) {
    if (o.path === undefined) continue;
    if (inputs.includes(canonicalPath(o.path)))
      throw new UsageError(`--output ${printable(o.file!)} is also an input; write the report elsewhere.`);
    try {
      checkWritableTarget(o.path, `--output ${printable(o.file!)}`);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  const target = targetVersionFlag(v['target-version']);
  // The findings' links and SARIF's helpUri, as lint's: a malformed base stops the run before anything is read.
  const docs = docsOption(io.env);

  // An unreadable input is an InputError: the command's handler says it and exits 2.
  const request = await readDocument(requestFile, io, target);
  const response = await readDocument(responseFile, io, target);
  // `{}` is a GetBrokerRequest, but could be any kind: a document whose kind is not told by itself
  // is read as the counterpart of the other (a request of the response's method, and the reverse).
  const counterpart = (other: ReadDocument, side: 'request' | 'response') =>
    METHOD_NAMES.map((m) => METHODS[m]).find(
      (m) => m[side === 'request' ? 'response' : 'request'] === other.result.kind,
    )?.[side];
  for (const [doc, other, side] of [
    [request, response, 'request'],
    [response, request, 'response'],
  ] as const) {
    const kind = doc.result.kind === null && doc.result.source.ok ? counterpart(other, side) : undefined;
    if (kind !== undefined) doc.result = doc.lintAs(kind);
  }
  const results: FileResult[] = [request, response].map((d) => ({
    file: d.display,
    kind: d.result.kind,
    // A document that is not JSON or YAML, or of no kind, cannot be compared: what lint says of it is the finding.
    diagnostics: d.result.kind === null ? d.result.diagnostics : [],
  }));
  if (request.result.kind !== null && response.result.kind !== null) {
    const method = METHOD_NAMES.find(
      (m) => METHODS[m].request === request.result.kind && METHODS[m].response === response.result.kind,
    );
    if (method === undefined)
      throw new UsageError(
        `${printable(requestFile)} is ${aKind(request.result.kind)} and ${printable(responseFile)} ${aKind(response.result.kind)}; check-exchange compares ${METHOD_NAMES.map((m) => `${aKind(METHODS[m].request)} with ${aKind(METHODS[m].response)}`).join(', or ')}.`,
      );
    const found = checkExchange(
      { kind: method, request: request.result.source.value, response: response.result.source.value },
      { targetVersion: response.targetVersion, ...docs },
    );
    // Placed in the response; a related note points into the request, another file: its pointer says where.
    results[1]!.diagnostics = found.diagnostics.map((d): Diagnostic => {
      const range = locate(response.result.source, d.pointer, false);
      return range ? { ...d, range } : d;
    });
  }
  writeReports(io, results, outputs, () => useColor(v.color ? true : v['no-color'] ? false : undefined, io), docs);
  return results.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}
