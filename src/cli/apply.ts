/**
 * `svc-admin-spec apply`: lint every file like `lint` does, send nothing when any has an error,
 * then create each link through the validating client and print what was created.
 */
import { resolve } from 'node:path';
import { createAdminClient, type DiagnosticsEvent } from '../client/index';
import type { PlaceholderError } from '../client/placeholders';
import { PRELINTED, type PrelintedCallOptions } from '../client/client';
import { toWire } from '../client/wire';
import { SERVER_FACTS } from '../facts/server-versions';
import { NEWEST_TARGET_VERSION, TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import { format } from '../format/index';
import { printable } from '../format/ansi';
import { lintText } from '../lint/lint-text';
import { aKind } from '../model/kind-article';
import { isMappedKind, kindOf, type KindName } from '../model/kinds';
import { METHODS } from '../model/methods';
import { type FileResult } from '../core/diagnostics';
import { isPlaceholder } from '../util/placeholder';
import { collectSecrets, maskValue } from '../secrets/redact';
import { decode } from '../source/index';
import { isObject } from '../util/pointer';
import { APPLY_KINDS, type ApplyArgs } from './client-args';
import { answerField, clientOptions, connectionSecrets, reportFailure } from './client-connection';
import { fileLintOptions } from '../config/config';
import { useColor } from './color';
import { docsOption } from './docs-base';
import { catalogOf, commandConfigs, ConfigError, type Config } from './config';
import { readRegularFile } from '../config/fs-safe';
import type { CliIO } from './io';
import { VERSION } from '../util/version';
import { readRpkConfig } from '../rpk/read';
import { isCloudFile, rpkToApi } from '../rpk/mapper';

interface Loaded {
  file: string;
  absolute: string;
  result: FileResult<KindName>;
  /** The document as linted, when it parsed; for an rpk file, the request rpk would send for it. */
  value?: unknown;
  /** An rpk config file, sent as the request rpk builds from it. */
  rpk?: boolean;
}

/** The request for a file: a ShadowLink is wrapped, without its editor-only `$schema` key. */
function asRequest(kind: KindName | null, value: unknown): unknown {
  // A file that is the link alone is wrapped as the request.
  if (kind === null || kindOf(kind).link?.pointer !== '') return value;
  if (isObject(value) && typeof value['$schema'] === 'string') {
    const { $schema: _ignored, ...rest } = value;
    return { shadowLink: rest };
  }
  return { shadowLink: value };
}

/** Why a placeholder could not be filled, by the variable's name only (a template by its field). */
function unfilledNote(file: string, p: PlaceholderError, env: CliIO['env']): string {
  const where = `${printable(file)}: ${printable(p.pointer)}`;
  if (p.variable.startsWith('{{'))
    return `a {{ template }} expression (${where}) cannot be filled; apply without --dry-run refuses to send it.`;
  const state = env[p.variable] === undefined ? 'not set' : 'empty';
  return `${p.variable} is ${state} (${where}); apply without --dry-run refuses to send until it is set.`;
}

/**
 * The client options; a dry run, which connects to nothing, only notes an unset credential
 * variable or an unreadable TLS file that a real run would stop on.
 */
function connectionFor(args: ApplyArgs, io: CliIO): ReturnType<typeof clientOptions> | undefined {
  try {
    return clientOptions(args, io);
  } catch (error) {
    if (!args.dryRun || !(error instanceof ConfigError)) throw error;
    io.stderr.write(`svc-admin-spec apply: --dry-run: ${error.message} apply without --dry-run stops there.\n`);
    return undefined;
  }
}

/** Runs `apply`; returns the exit code. */
export async function runApply(args: ApplyArgs, io: CliIO): Promise<number> {
  // Each file's own config, as `lint` finds it (the nearest from the file's directory up): what `lint` passes, apply sends.
  const configs = await commandConfigs(args, io.cwd);
  const fileConfigs = new Map<string, Config>();
  for (const file of args.files) {
    const absolute = resolve(io.cwd, file);
    fileConfigs.set(absolute, (await configs.forFile(absolute)).config);
  }
  const catalog = catalogOf(configs);
  const options = connectionFor(args, io);
  const secrets = options ? connectionSecrets(options) : [];
  const diagnosticsEvents: { file: string; event: DiagnosticsEvent }[] = [];
  let currentFile = '';
  // The findings' links: read from the environment once for the run.
  const docs = docsOption(io.env);
  const client = args.dryRun
    ? undefined
    : createAdminClient({
        ...options!,
        ...docs,
        ...(catalog.custom.length > 0 ? { customRules: catalog.custom } : {}),
        targetVersion: args.targetVersion,
        onDiagnostics: (event) => diagnosticsEvents.push({ file: currentFile, event }),
      });

  const lintAll = (target: TargetVersion): Loaded[] => {
    const loaded: Loaded[] = [];
    for (const file of args.files) {
      const absolute = resolve(io.cwd, file);
      let bytes: Uint8Array;
      try {
        bytes = readRegularFile(absolute, 'The file');
      } catch (error) {
        throw new ConfigError((error as Error).message);
      }
      const decoded = decode(bytes);
      if ('diagnostic' in decoded) {
        loaded.push({ file, absolute, result: { file, kind: null, diagnostics: [decoded.diagnostic] } });
        continue;
      }
      const options = fileLintOptions(fileConfigs.get(absolute)!, absolute, file, {
        rules: args.rules,
        targetVersion: target,
        ...(args.kind ? { kind: args.kind } : {}),
        ...(io.now ? { now: io.now() } : {}),
      });
      Object.assign(options, docs);
      const linted = lintText(decoded.text, options);
      if (linted.kind !== null && !APPLY_KINDS.includes(linted.kind))
        throw new ConfigError(
          `${printable(file)} is ${aKind(linted.kind)}; apply sends ${APPLY_KINDS.join(' or ')} files (see --kind).`,
        );
      const entry: Loaded = { file, absolute, result: { file, kind: linted.kind, diagnostics: linted.diagnostics } };
      if (isMappedKind(linted.kind)) {
        // rpk's file: sent as the request rpk builds from it, unless it is a cloud file.
        const read = readRpkConfig(decoded.text, linted.source.yamlDocument);
        const rpk = options.rpkVersion ?? target;
        if (isCloudFile(read.value, rpk))
          throw new ConfigError(
            `${printable(file)} is an rpk file for Redpanda Cloud (it has cloud_options): rpk sends it to the cloud's control plane, not to the Admin API. Use rpk shadow create with a cloud profile.`,
          );
        entry.rpk = true;
        entry.value = { shadowLink: rpkToApi(read.value, rpk).value };
      } else if (linted.source.ok) entry.value = linted.source.value;
      loaded.push(entry);
    }
    return loaded;
  };

  // A cluster holds a set number of shadow links (one on every known version): more files than
  // that would be refused from the one past it, so none is sent (with auto: when every known
  // version refuses them, the server is not even asked its version).
  const maxLinks =
    args.targetVersion === 'auto'
      ? Math.max(...TARGET_VERSIONS.map((v) => SERVER_FACTS[v].maxShadowLinks))
      : SERVER_FACTS[args.targetVersion].maxShadowLinks;
  const tooMany = args.files.length > maxLinks;

  // The facts to lint with: the flag, else (auto) the server's version, asked once. Files with an
  // error whatever the version are reported before the server is asked anything.
  let target: TargetVersion;
  let loaded: Loaded[] | undefined;
  if (args.targetVersion !== 'auto') target = args.targetVersion;
  else if (!client) {
    target = NEWEST_TARGET_VERSION;
    io.stderr.write(
      `svc-admin-spec: --dry-run does not ask the server for its version; linting with the ${NEWEST_TARGET_VERSION} facts (use --target-version to choose).\n`,
    );
  } else {
    const byVersion = TARGET_VERSIONS.map(lintAll);
    const hasError = (l: Loaded) =>
      (l.result.kind === null && !l.rpk) || l.result.diagnostics.some((d) => d.severity === 'error');
    if (tooMany || args.files.some((_, i) => byVersion.every((files) => hasError(files[i]!)))) {
      loaded = byVersion[byVersion.length - 1]!;
      target = NEWEST_TARGET_VERSION;
    } else {
      try {
        target = await client.resolveTargetVersion();
      } catch (error) {
        return reportFailure(error, io, secrets, `GetBroker at ${args.adminUrl}`);
      }
    }
  }
  loaded ??= lintAll(target);
  const results = loaded.map((l) => l.result);
  const failing = loaded.some(
    (l) => (l.result.kind === null && !l.rpk) || l.result.diagnostics.some((d) => d.severity === 'error'),
  );
  // Colour decided as for every command that prints findings (the flag, FORCE_COLOR / NO_COLOR, a terminal).
  const writeText = () =>
    io.stdout.write(
      format(results, args.format, { color: useColor(args.color, io), cwd: io.cwd, version: VERSION, ...docs }),
    );
  const report = (extra?: Record<string, unknown>): void => {
    if (args.format === 'json') {
      const base = JSON.parse(format(results, 'json', { cwd: io.cwd, version: VERSION, ...docs })) as object;
      io.stdout.write(`${JSON.stringify({ ...base, ...extra }, null, 2)}\n`);
    } else writeText();
  };
  if (failing) {
    report({ applied: [] });
    io.stderr.write('svc-admin-spec: apply: lint errors; nothing was sent.\n');
    return 1;
  }
  if (tooMany) {
    const message = `${args.files.map(printable).join(', ')}: ${args.files.length} shadow links for the one cluster at --admin-url, which holds ${maxLinks === 1 ? 'a single shadow link' : `at most ${maxLinks}`}${args.targetVersion === 'auto' ? '' : ` (server ${args.targetVersion})`}: the server would refuse every link past the first${maxLinks === 1 ? '' : ` ${maxLinks}`} (resource_exhausted, cluster::cluster_link::errc::limit_exceeded), so nothing was sent. Apply each file to its own cluster.`;
    report({ applied: [], failure: { message, notSent: args.files } });
    io.stderr.write(`svc-admin-spec: apply: ${message}\n`);
    return 1;
  }

  // Placeholders are filled for every file before the first is sent, so a missing variable sends
  // nothing. A dry run keeps them as written and only names the variables a real run would miss.
  const unfilled: { file: string; problems: PlaceholderError[] }[] = [];
  const requests = loaded.map((l) => {
    const request = l.rpk ? l.value : asRequest(l.result.kind, l.value);
    const problems: PlaceholderError[] = [];
    const wire = toWire(METHODS.CreateShadowLink.request, request, io.env, args.dryRun ? { unfilled: problems } : {});
    // Said where the fill found placeholders to fill (or, in a dry run, to name).
    if (l.rpk && (wire.secrets.length > 0 || problems.length > 0))
      io.stderr.write(
        `svc-admin-spec apply: ${printable(l.file)}: \${NAME} placeholders are filled from the environment, as for API documents (rpk itself would send them as written).\n`,
      );
    if (problems.length > 0) unfilled.push({ file: l.file, problems });
    return { ...l, request, wire };
  });

  if (args.dryRun) {
    const shown = requests.map((r) => {
      const inFile = collectSecrets(r.wire.value).filter((x) => !isPlaceholder(x));
      return { file: r.file, request: maskValue(r.wire.value, [...inFile, ...secrets]) };
    });
    if (args.format === 'json') report({ dryRun: shown });
    else {
      writeText();
      for (const s of shown)
        io.stdout.write(`# ${printable(s.file)}: would send (secrets masked)\n${JSON.stringify(s.request, null, 2)}\n`);
    }
    for (const { file, problems } of unfilled)
      for (const p of problems) io.stderr.write(`svc-admin-spec apply: --dry-run: ${unfilledNote(file, p, io.env)}\n`);
    return 0;
  }

  const applied: Record<string, unknown>[] = [];
  const lines: string[] = [];
  let exit = 0;
  let failure: Record<string, unknown> | undefined;
  for (const [i, r] of requests.entries()) {
    currentFile = r.file;
    try {
      // The file's own verdict (config, overrides, directives) stands: the client does not lint it again.
      const call: PrelintedCallOptions = { [PRELINTED]: r.result.diagnostics };
      const response = await client!.createShadowLink(r.request as never, call);
      // The server's answer: a field may be missing, of another type, or echo a secret of the request.
      const link = response.shadowLink as Record<string, unknown>;
      const echoed = [...secrets, ...r.wire.secrets, ...collectSecrets(r.wire.value)];
      const field = (v: unknown) => answerField(v, echoed);
      const shown = {
        name: field(link['name']),
        uid: field(link['uid']),
        state: field(isObject(link['status']) ? link['status']['state'] : undefined),
      };
      const findings = diagnosticsEvents
        .filter((e) => e.file === r.file && (e.event.phase === 'exchange' || e.event.phase === 'response'))
        .flatMap((e) => e.event.diagnostics);
      applied.push({ file: r.file, ...shown, findings });
      lines.push(
        `${printable(r.file)}: created shadow link ${shown.name === undefined ? '?' : printable(JSON.stringify(shown.name))} (uid ${printable(shown.uid ?? '?')}, state ${printable(shown.state ?? '?')})`,
      );
      for (const d of findings) lines.push(`  ${d.severity}  ${printable(d.message)}  ${d.code}`);
    } catch (error) {
      const rest = requests.slice(i + 1).map((x) => x.file);
      const captured: string[] = [];
      const stderr = { write: (t: string) => void captured.push(t) };
      exit = reportFailure(error, { ...io, stderr }, [...secrets, ...r.wire.secrets], `${r.file}: CreateShadowLink`);
      failure = { file: r.file, message: captured.join('').trim(), notSent: rest };
      if (rest.length > 0) captured.push(`svc-admin-spec: not sent: ${rest.map(printable).join(', ')}\n`);
      for (const t of captured) io.stderr.write(t);
      break;
    }
  }
  if (args.format === 'json') report({ applied, ...(failure ? { failure } : {}) });
  else {
    writeText();
    if (lines.length > 0) io.stdout.write(`${lines.join('\n')}\n`);
  }
  return exit;
}
