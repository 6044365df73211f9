/**
 * The language server: findings on open and on each change (at once, see doc-lints.ts), quick
 * fixes and fix-all, rule and field documentation on hover, and a new lint of every open document
 * when a config or ignore file changes. Each document is linted exactly as `svc-admin-spec lint`
 * would lint its file — but for the config's plugins, which run only when the user's setting
 * trusts them (settings.ts), and documents over the size limit, which get one finding instead.
 */
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type ClientCapabilities,
  type Connection,
  type Hover,
  type Position,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isObject } from '../util/pointer';
import { VERSION } from '../util/version';
import { CONFIG_NAMES } from '../config/config';
import { IGNORE_FILE_NAME } from '../config/suppress';
import { isSettingsFile } from '../config/tool-files';
import { formatFor, internalFailure, tooLargeAnalysis, type Analysis, type DocumentInput } from './analyze';
import { codeActions, FIX_ALL_KIND, WRITE_REASON_COMMAND } from './code-actions';
import { toLspDiagnostic } from './convert';
import { fieldHover, findingHover } from './hover';
import { DocumentLints } from './doc-lints';
import { contains, toLspRange } from './positions';
import { JobCancelled, JobRunner, type RunnerOptions } from './runner';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_SECTION, type LspSettings } from './settings';

/** How the server runs its work. */
export interface ServerOptions {
  /** The worker script for large documents; without it everything runs in the server's thread. */
  workerFile?: string;
  /** Documents of at least this many characters are linted in the worker. */
  largeFrom?: number;
  /** Runs a job in the server's thread (tests substitute one that fails). */
  runJob?: RunnerOptions['runJob'];
}

/**
 * Files the server asks the client to watch: config and ignore files. Plugin files can be anywhere:
 * a lint notices an edited one by its modification time, and saving one (or a watched change to
 * one) lints every document again at once.
 */
export const WATCHED_GLOBS = [`**/{${CONFIG_NAMES.join(',')}}`, `**/${IGNORE_FILE_NAME}`];

/** The file path of a `file:` URI; undefined for other schemes (unsaved documents) and for anything that is not one. */
function pathOf(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Logs a failure by its class and stack frames only: an exception message could quote a document. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const frames = (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return [error.name, ...frames.slice(0, 8)].join('\n');
}

/** What every handler shares: the connection, the open documents, where jobs run, the workspace. */
interface Server {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  runner: JobRunner;
  lints: DocumentLints;
  /** The workspace folders' paths (their configs are found from each file, so they matter for unsaved documents only). */
  roots: string[];
  capabilities: ClientCapabilities;
  settings: LspSettings;
  /** The configs whose skipped plugins the user was told about (once each per session). */
  warnedConfigs: Set<string>;
  /** The documents (and why) already logged as not linted by their config's globs: said once, not at every edit. */
  loggedExcluded: Set<string>;
  log(what: string, error: unknown): void;
}

/** The workspace folder holding a path (the innermost), or the first folder for an unsaved document. */
function rootOf(roots: readonly string[], path: string | undefined): string | undefined {
  if (!path) return roots[0];
  let best: string | undefined;
  for (const r of roots)
    if ((path === r || path.startsWith(r.endsWith(sep) ? r : `${r}${sep}`)) && (!best || r.length > best.length))
      best = r;
  return best;
}

/** Lints one version of a document in the right thread; a failure becomes an `internal-error` finding. */
async function analyze(server: Server, document: TextDocument, wasOwned: boolean, generation: number) {
  const path = pathOf(document.uri);
  const root = rootOf(server.roots, path);
  const input: DocumentInput = {
    uri: document.uri,
    languageId: document.languageId,
    text: document.getText(),
    wasOwned,
    settingsGeneration: generation,
    trustPlugins: server.settings.trustPlugins,
    ...(path ? { path } : {}),
    ...(root ? { root } : {}),
  };
  if (input.text.length > server.settings.maxDocumentSize)
    return tooLargeAnalysis(input, server.settings.maxDocumentSize);
  try {
    const analysis = await server.runner.run('analyze', input, input.text.length, `analyze:${document.uri}`);
    if (analysis.owned && analysis.skippedPlugins) warnSkippedPlugins(server, analysis.skippedPlugins);
    if (analysis.excluded) logExcluded(server, document.uri, analysis.excluded);
    return analysis;
  } catch (error) {
    if (error instanceof JobCancelled) throw error;
    server.log(`Linting ${document.uri} failed`, error);
    const analysis: Analysis = {
      owned: true,
      kind: null,
      format: formatFor(path ?? document.uri, document.languageId, input.text),
      diagnostics: [internalFailure(error)],
      options: {},
      dependencies: [],
    };
    return analysis;
  }
}

/**
 * Says once per config, as a warning the user sees, that its plugins were not loaded and how to
 * load them: a repository's code does not run because its folder was opened in an editor.
 */
function warnSkippedPlugins(server: Server, skipped: { config: string; plugins: string[] }): void {
  if (server.warnedConfigs.has(skipped.config)) return;
  server.warnedConfigs.add(skipped.config);
  const list = skipped.plugins.map((p) => JSON.stringify(p)).join(', ');
  void server.connection.sendNotification(ShowMessageNotification.type, {
    type: MessageType.Warning,
    message: `svc-admin-spec: the custom rules of ${skipped.config} (plugins ${list}) were not loaded: plugins are code from the workspace, and the language server runs them only when the setting ${SETTINGS_SECTION}.trustPlugins is true. Documents are checked with the built-in rules only.`,
  });
}

/** One informational line in the client's log per document and reason: the document gets no findings, as the command skips the file. */
function logExcluded(server: Server, uri: string, why: string): void {
  const key = `${uri}\n${why}`;
  if (server.loggedExcluded.has(key)) return;
  server.loggedExcluded.add(key);
  server.connection.console.info(`svc-admin-spec: ${uri} is not linted: ${why}.`);
}

/** The answer to a request its client cancelled (LSP's RequestCancelled, -32800). */
function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

let requestCount = 0;

/**
 * Runs a request's work until it is done or the client cancels it: then its jobs are stopped
 * (their worker restarts) and the request is answered with RequestCancelled at once.
 */
async function cancellable<T>(server: Server, token: CancellationToken, work: (key: string) => Promise<T>): Promise<T> {
  if (token.isCancellationRequested) throw cancelled();
  const key = `request:${++requestCount}`;
  let onCancel: (() => void) | undefined;
  const stop = new Promise<never>((_resolve, reject) => {
    onCancel = () => {
      server.runner.cancel(key, 'request cancelled');
      reject(cancelled());
    };
  });
  const listener = token.onCancellationRequested(() => onCancel?.());
  try {
    return await Promise.race([work(key), stop]);
  } finally {
    listener.dispose();
  }
}

/** The analysis of exactly this version of the document, linting it first when needed. */
async function analysisOf(server: Server, document: TextDocument): Promise<Analysis | undefined> {
  const analysis = await server.lints.lint(document.uri);
  return server.documents.get(document.uri)?.version === document.version ? analysis : undefined;
}

/** Takes the settings in `raw` (see settings.ts), logging values it cannot use; true when they changed. */
function applySettings(server: Server, raw: unknown): boolean {
  const { settings, problems } = readSettings(raw, server.settings);
  for (const p of problems) server.connection.console.warn(`Settings: ${p}; the value is ignored.`);
  const changed = JSON.stringify(settings) !== JSON.stringify(server.settings);
  server.settings = settings;
  return changed;
}

/** `initialize`: the workspace folders, the settings given as initialization options, and what the server offers. */
function onInitialize(server: Server): void {
  server.connection.onInitialize((params) => {
    server.capabilities = isObject(params.capabilities) ? params.capabilities : {};
    const folders = Array.isArray(params.workspaceFolders)
      ? params.workspaceFolders.map((f: unknown) => (isObject(f) ? f['uri'] : undefined))
      : [params.rootUri];
    server.roots = folders.map(pathOf).filter((p): p is string => p !== undefined);
    applySettings(server, params.initializationOptions);
    return {
      capabilities: {
        textDocumentSync: {
          openClose: true,
          change: TextDocumentSyncKind.Incremental,
          save: { includeText: false },
        },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND] },
        executeCommandProvider: { commands: [WRITE_REASON_COMMAND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'svc-admin-spec', version: VERSION },
    };
  });
}

/** `initialized`: watch the settings files, and follow workspace folders as they come and go. */
function onInitialized(server: Server): void {
  const { connection } = server;
  connection.onInitialized(() => {
    if (server.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })),
        })
        .catch((error: unknown) => server.log('Registering file watchers failed', error));
    }
    if (server.capabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((f) => pathOf(f.uri)));
        server.roots = [
          ...server.roots.filter((r) => !removed.has(r)),
          ...event.added.map((f) => pathOf(f.uri)),
        ].filter((p): p is string => p !== undefined);
        server.lints.relintAll();
      });
    }
  });
}

/** `workspace/didChangeConfiguration`: new settings; when they change what a lint does, every open document is linted again. */
function onConfigurationChange(server: Server): void {
  server.connection.onDidChangeConfiguration((params) => {
    if (applySettings(server, isObject(params) ? params.settings : undefined)) server.lints.relintAll();
  });
}

/** Open, change and close: each edit is linted at once (or queued behind the lint running for it). */
function onDocumentEvents(server: Server): void {
  const { documents, lints, runner, connection } = server;
  documents.onDidChangeContent((event) => void lints.lint(event.document.uri));
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    lints.close(uri);
    runner.cancel(`analyze:${uri}`);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });
}

/**
 * A config, plugin or ignore file saved in the editor or changed on disk: the configs found so far
 * are forgotten (in both threads) and every open document is linted again.
 */
function onSettingsChange(server: Server): void {
  const relevant = (uris: readonly string[]): boolean => {
    const dependencies = server.lints.dependencies();
    return uris.some((uri) => {
      const path = pathOf(uri);
      return path !== undefined && (isSettingsFile(path) || dependencies.has(path));
    });
  };
  server.documents.onDidSave((event) => {
    if (relevant([event.document.uri])) server.lints.relintAll();
  });
  server.connection.onDidChangeWatchedFiles((params) => {
    if (relevant(params.changes.map((c) => c.uri))) server.lints.relintAll();
  });
}

/** Quick fixes and fix-all for the findings under the cursor. */
function onCodeAction(server: Server): void {
  server.connection.onCodeAction(async (params, token) => {
    try {
      return await cancellable(server, token, async (key) => {
        const document = server.documents.get(params.textDocument.uri);
        if (!document) return [];
        const analysis = await analysisOf(server, document);
        if (!analysis) return [];
        const size = document.getText().length;
        return await codeActions({
          document,
          analysis,
          range: params.range,
          ...(params.context?.only ? { only: params.context.only } : {}),
          disabledSupport: server.capabilities.textDocument?.codeAction?.disabledSupport === true,
          run: (name, input) => server.runner.run(name, input, size, key),
        });
      });
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      server.log('Code actions failed', error);
      return [];
    }
  });
}

/**
 * The analysis a hover uses: of this version, waiting for its lint — unless the document is large
 * and linted before, then the last one at once (its kind and ownership; its findings only when of
 * this version), so that a hover never waits for a long lint.
 */
async function hoverAnalysis(
  server: Server,
  document: TextDocument,
): Promise<(Analysis & { version: number }) | undefined> {
  const last = server.lints.latest(document.uri);
  if (last && (last.version === document.version || server.runner.isLarge(document.getText().length)))
    return { ...last.analysis, version: last.version };
  const analysis = await analysisOf(server, document);
  return analysis && { ...analysis, version: document.version };
}

/** Hover: the rules of the findings under the cursor, then the field's documentation. */
function onHover(server: Server): void {
  server.connection.onHover(async (params, token): Promise<Hover | null> => {
    try {
      return await cancellable(server, token, async (key) => {
        const document = server.documents.get(params.textDocument.uri);
        if (!document) return null;
        const analysis = await hoverAnalysis(server, document);
        if (!analysis?.owned) return null;
        const parts: string[] = [];
        if (analysis.version === document.version) {
          const findings = analysis.diagnostics.filter((d) => contains(toLspRange(d.range), params.position));
          const rules = findingHover(findings);
          if (rules) parts.push(rules);
        }
        if (analysis.kind) {
          const text = document.getText();
          const place = await server.runner.run(
            'place',
            { text, format: analysis.format, offset: document.offsetAt(params.position) },
            text.length,
            key,
          );
          const field = place ? fieldHover(analysis.kind, place.pointer, place.value) : undefined;
          if (field) parts.push(field);
        }
        if (parts.length === 0) return null;
        return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
      });
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      server.log('Hover failed', error);
      return null;
    }
  });
}

/** The "write the reason" command of a directive quick fix: shows the place to type it. */
function onExecuteCommand(server: Server): void {
  const { connection } = server;
  connection.onExecuteCommand(async (params) => {
    if (params.command !== WRITE_REASON_COMMAND || !server.capabilities.window?.showDocument?.support) return null;
    const [uri, position] = (params.arguments ?? []) as [unknown, Position | undefined];
    if (typeof uri !== 'string' || !position) return null;
    try {
      await connection.window.showDocument({ uri, takeFocus: true, selection: { start: position, end: position } });
    } catch (error) {
      server.log('Showing the directive failed', error);
    }
    return null;
  });
}

/** Wires the server's behaviour to a connection (not yet listening). */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const runner = new JobRunner({
    ...(options.workerFile ? { workerFile: options.workerFile } : {}),
    // YAML lints at about 2 ms per KiB here: below 32 KiB the server's thread is busy for well under 100 ms.
    largeFrom: options.largeFrom ?? 32 * 1024,
    ...(options.runJob ? { runJob: options.runJob } : {}),
  });
  const lints = new DocumentLints(
    {
      document: (uri) => documents.get(uri),
      analyze: (document, wasOwned, generation) => analyze(server, document, wasOwned, generation),
      publish: (uri, version, analysis) =>
        void connection.sendDiagnostics({
          uri,
          version,
          diagnostics: analysis.owned ? analysis.diagnostics.map((d) => toLspDiagnostic(d, uri)) : [],
        }),
      failed: (uri, error) => server.log(`Linting ${uri} failed`, error),
      supersede: (uri) => runner.cancel(`analyze:${uri}`),
    },
    (error) => error instanceof JobCancelled,
  );
  const server: Server = {
    connection,
    documents,
    runner,
    lints,
    roots: [],
    capabilities: {},
    settings: DEFAULT_SETTINGS,
    warnedConfigs: new Set(),
    loggedExcluded: new Set(),
    log: (what, error) => connection.console.error(`${what}: ${describeFailure(error)}`),
  };
  onInitialize(server);
  onInitialized(server);
  onDocumentEvents(server);
  onSettingsChange(server);
  onConfigurationChange(server);
  onCodeAction(server);
  onHover(server);
  onExecuteCommand(server);
  connection.onShutdown(() => runner.dispose());
  documents.listen(connection);
}
