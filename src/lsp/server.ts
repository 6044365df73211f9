/**
 * The language server: findings on open and change (debounced), quick fixes and fix-all, rule and
 * field documentation on hover, and a new lint of every open document when a config or ignore file
 * changes. Each document is linted exactly as `svc-admin-spec lint` would lint its file.
 */
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DidChangeWatchedFilesNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type Hover,
  type Position,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { VERSION } from '../util/version';
import { CONFIG_NAMES } from '../cli/config';
import { IGNORE_FILE_NAME } from '../cli/suppress';
import { formatFor, internalFailure, isSettingsFile, type Analysis, type DocumentInput } from './analyze';
import { codeActions, FIX_ALL_KIND, WRITE_REASON_COMMAND } from './code-actions';
import { toLspDiagnostic } from './convert';
import { fieldHover, findingHover } from './hover';
import type { JobInput, JobName } from './jobs';
import { contains, toLspRange } from './positions';
import { JobCancelled, JobRunner, type RunnerOptions } from './runner';

/** How the server runs its work. */
export interface ServerOptions {
  /** The worker script for large documents; without it everything runs in the server's thread. */
  workerFile?: string;
  /** Documents of at least this many characters are linted in the worker. */
  largeFrom?: number;
  /** Quiet time after an edit before linting: short for ordinary documents, longer for large ones. */
  debounceMs?: { small: number; large: number };
  /** Runs a job in the server's thread (tests substitute one that fails). */
  runJob?: RunnerOptions['runJob'];
}

/** Files the server asks the client to watch: config and ignore files (a plugin's files would join them). */
export const WATCHED_GLOBS = [`**/{${CONFIG_NAMES.join(',')}}`, `**/${IGNORE_FILE_NAME}`];

interface DocState {
  timer?: NodeJS.Timeout | undefined;
  /** The document was this linter's once: it stays so while being edited into shape. */
  wasOwned: boolean;
  current?: { version: number; generation: number; analysis: Analysis };
  pending?: { version: number; generation: number; promise: Promise<Analysis | undefined> } | undefined;
}

/** The file path of a `file:` URI; undefined for other schemes (unsaved documents). */
function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
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

/** Wires the server's behaviour to a connection (not yet listening). */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const runner = new JobRunner({
    ...(options.workerFile ? { workerFile: options.workerFile } : {}),
    // YAML lints at about 2 ms per KiB here: below 32 KiB the server's thread is busy for well under 100 ms.
    largeFrom: options.largeFrom ?? 32 * 1024,
    ...(options.runJob ? { runJob: options.runJob } : {}),
  });
  const debounce = options.debounceMs ?? { small: 20, large: 250 };
  const states = new Map<string, DocState>();
  let roots: string[] = [];
  let capabilities: ClientCapabilities = {};
  // Bumped when a config or ignore file changes: every open document is linted again.
  let generation = 0;

  const log = (what: string, error: unknown) => connection.console.error(`${what}: ${describeFailure(error)}`);

  const rootOf = (path: string | undefined): string | undefined => {
    if (!path) return roots[0];
    let best: string | undefined;
    for (const r of roots)
      if ((path === r || path.startsWith(r.endsWith(sep) ? r : `${r}${sep}`)) && (!best || r.length > best.length))
        best = r;
    return best;
  };

  const run = <N extends JobName>(name: N, input: JobInput<N>, size: number, key?: string) =>
    runner.run(name, input, size, key);

  async function analyze(document: TextDocument, state: DocState): Promise<Analysis> {
    const path = pathOf(document.uri);
    const root = rootOf(path);
    const input: DocumentInput = {
      uri: document.uri,
      languageId: document.languageId,
      text: document.getText(),
      wasOwned: state.wasOwned,
      ...(path ? { path } : {}),
      ...(root ? { root } : {}),
    };
    try {
      return await run('analyze', input, input.text.length, `analyze:${document.uri}`);
    } catch (error) {
      if (error instanceof JobCancelled) throw error;
      log(`Linting ${document.uri} failed`, error);
      return {
        owned: true,
        kind: null,
        format: formatFor(path ?? document.uri, document.languageId, input.text),
        diagnostics: [internalFailure(error)],
        options: {},
        dependencies: [],
      };
    }
  }

  function publish(uri: string, version: number, analysis: Analysis): void {
    void connection.sendDiagnostics({
      uri,
      version,
      diagnostics: analysis.owned ? analysis.diagnostics.map((d) => toLspDiagnostic(d, uri)) : [],
    });
  }

  /** Lints the document's current text now (or joins the lint already running for it). */
  function lintNow(uri: string): Promise<Analysis | undefined> {
    const document = documents.get(uri);
    const state = states.get(uri);
    if (!document || !state) return Promise.resolve(undefined);
    if (state.timer) clearTimeout(state.timer);
    state.timer = undefined;
    const version = document.version;
    const gen = generation;
    if (state.current?.version === version && state.current.generation === gen)
      return Promise.resolve(state.current.analysis);
    if (state.pending?.version === version && state.pending.generation === gen) return state.pending.promise;
    const promise = analyze(document, state).then(
      (analysis) => {
        if (states.get(uri) !== state) return undefined;
        if (state.pending?.promise === promise) state.pending = undefined;
        if (documents.get(uri)?.version !== version) return undefined;
        state.wasOwned ||= analysis.owned;
        state.current = { version, generation: gen, analysis };
        publish(uri, version, analysis);
        return analysis;
      },
      (error: unknown) => {
        if (state.pending?.promise === promise) state.pending = undefined;
        if (!(error instanceof JobCancelled)) log(`Linting ${uri} failed`, error);
        return undefined;
      },
    );
    state.pending = { version, generation: gen, promise };
    return promise;
  }

  function schedule(uri: string, delay: number): void {
    const state = states.get(uri);
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => void lintNow(uri), delay);
  }

  /** The analysis of exactly this version of the document, linting it first when needed. */
  async function analysisOf(document: TextDocument): Promise<Analysis | undefined> {
    const analysis = await lintNow(document.uri);
    return documents.get(document.uri)?.version === document.version ? analysis : undefined;
  }

  function relintAll(): void {
    generation++;
    for (const uri of states.keys()) schedule(uri, 0);
  }

  connection.onInitialize((params) => {
    capabilities = params.capabilities;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    roots = folders.map(pathOf).filter((p): p is string => p !== undefined);
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

  connection.onInitialized(() => {
    if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })),
        })
        .catch((error: unknown) => log('Registering file watchers failed', error));
    }
    if (capabilities.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((f) => pathOf(f.uri)));
        roots = [...roots.filter((r) => !removed.has(r)), ...event.added.map((f) => pathOf(f.uri))].filter(
          (p): p is string => p !== undefined,
        );
        relintAll();
      });
    }
  });

  documents.onDidChangeContent((event) => {
    const uri = event.document.uri;
    let state = states.get(uri);
    if (!state) {
      states.set(uri, (state = { wasOwned: false }));
      schedule(uri, 0);
      return;
    }
    schedule(uri, runner.isLarge(event.document.getText().length) ? debounce.large : debounce.small);
  });

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    const state = states.get(uri);
    if (state?.timer) clearTimeout(state.timer);
    states.delete(uri);
    runner.cancel(`analyze:${uri}`);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  documents.onDidSave((event) => {
    const path = pathOf(event.document.uri);
    if (path && isSettingsFile(path)) relintAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    const dependencies = new Set<string>();
    for (const s of states.values()) for (const d of s.current?.analysis.dependencies ?? []) dependencies.add(d);
    const relevant = params.changes.some((c) => {
      const path = pathOf(c.uri);
      return path !== undefined && (isSettingsFile(path) || dependencies.has(path));
    });
    if (relevant) relintAll();
  });

  connection.onCodeAction(async (params) => {
    try {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      const analysis = await analysisOf(document);
      if (!analysis) return [];
      const size = document.getText().length;
      return await codeActions({
        document,
        analysis,
        range: params.range,
        ...(params.context.only ? { only: params.context.only } : {}),
        disabledSupport: capabilities.textDocument?.codeAction?.disabledSupport === true,
        run: (name, input) => run(name, input, size),
      });
    } catch (error) {
      log('Code actions failed', error);
      return [];
    }
  });

  connection.onHover(async (params): Promise<Hover | null> => {
    try {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      const analysis = await analysisOf(document);
      if (!analysis?.owned) return null;
      const parts: string[] = [];
      const findings = analysis.diagnostics.filter((d) => contains(toLspRange(d.range), params.position));
      const rules = findingHover(findings);
      if (rules) parts.push(rules);
      if (analysis.kind) {
        const text = document.getText();
        const place = await run(
          'place',
          { text, format: analysis.format, offset: document.offsetAt(params.position) },
          text.length,
        );
        const field = place ? fieldHover(analysis.kind, place.pointer, place.value) : undefined;
        if (field) parts.push(field);
      }
      if (parts.length === 0) return null;
      return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } };
    } catch (error) {
      log('Hover failed', error);
      return null;
    }
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command !== WRITE_REASON_COMMAND || !capabilities.window?.showDocument?.support) return null;
    const [uri, position] = (params.arguments ?? []) as [unknown, Position | undefined];
    if (typeof uri !== 'string' || !position) return null;
    try {
      await connection.window.showDocument({ uri, takeFocus: true, selection: { start: position, end: position } });
    } catch (error) {
      log('Showing the directive failed', error);
    }
    return null;
  });

  connection.onShutdown(() => runner.dispose());

  documents.listen(connection);
}
