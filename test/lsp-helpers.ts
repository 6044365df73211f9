/** A real LSP client over stdio (vscode-languageserver-protocol) driving the built `svc-admin-spec lsp --stdio`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ExitNotification,
  FileChangeType,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import {
  createConnection,
  ProposedFeatures,
  StreamMessageReader as ServerReader,
  StreamMessageWriter as ServerWriter,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startServer, type ServerOptions } from '../src/lsp/server';
import { CLI, ROOT } from './cli-helpers';

/** A `file:` URI for a path. */
export const uriOf = (path: string): string => pathToFileURL(path).href;

/** What a test client advertises: what VS Code does for the features the server uses. */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    synchronization: { didSave: true },
    publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, versionSupport: true },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } },
      disabledSupport: true,
      isPreferredSupport: true,
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
  },
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true },
  window: { showDocument: { support: true } },
};

/** A running server with a client connection and the documents the client holds. */
export class LspSession {
  readonly connection: ProtocolConnection;
  readonly documents = new Map<string, TextDocument>();
  /** Every publishDiagnostics, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** Messages the server logged (window/logMessage). */
  readonly logs: string[] = [];
  /** Messages the server showed the user (window/showMessage). */
  readonly shown: { type: number; message: string }[] = [];
  /** Registrations the server asked for. */
  readonly registrations: unknown[] = [];
  /** Requests the server sent to the client, by method. */
  readonly serverRequests: { method: string; params: unknown }[] = [];
  private readonly waiters: { uri: string; version?: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  private stderrText = '';

  private constructor(
    input: NodeJS.ReadableStream,
    output: NodeJS.WritableStream,
    readonly child?: ChildProcess,
  ) {
    this.connection = createProtocolConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
    child?.stderr!.on('data', (d: Buffer) => (this.stderrText += d.toString()));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i]!;
        if (w.uri === p.uri && (w.version === undefined || p.version === w.version)) {
          this.waiters.splice(i, 1);
          w.resolve(p);
        }
      }
    });
    this.connection.onNotification('window/logMessage', (p: { message: string }) => {
      this.logs.push(p.message);
    });
    this.connection.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.shown.push(p);
    });
    this.connection.onRequest('client/registerCapability', (p: { registrations: unknown[] }) => {
      this.registrations.push(...p.registrations);
      return null;
    });
    this.connection.onRequest('window/showDocument', (params: unknown) => {
      this.serverRequests.push({ method: 'window/showDocument', params });
      return { success: true };
    });
    this.connection.listen();
  }

  /** Starts `svc-admin-spec lsp --stdio` and initializes it for a workspace folder (with the server's settings as initialization options). */
  static async start(
    workspace: string = ROOT,
    capabilities: ClientCapabilities = CLIENT_CAPABILITIES,
    env: Record<string, string> = {},
    initializationOptions?: unknown,
  ): Promise<LspSession> {
    const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], {
      cwd: workspace,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const session = new LspSession(child.stdout!, child.stdin!, child);
    await session.initialize(workspace, capabilities, process.pid, initializationOptions);
    return session;
  }

  /** Runs the server in this process over in-memory streams (to substitute its jobs). */
  static async inProcess(workspace: string, options: ServerOptions): Promise<LspSession> {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const server = createConnection(ProposedFeatures.all, new ServerReader(toServer), new ServerWriter(toClient));
    startServer(server, options);
    server.listen();
    const session = new LspSession(toClient, toServer);
    await session.initialize(workspace, CLIENT_CAPABILITIES, null);
    return session;
  }

  private async initialize(
    workspace: string,
    capabilities: ClientCapabilities,
    processId: number | null,
    initializationOptions?: unknown,
  ) {
    await this.connection.sendRequest(InitializeRequest.type, {
      processId,
      rootUri: uriOf(workspace),
      workspaceFolders: [{ uri: uriOf(workspace), name: 'workspace' }],
      capabilities,
      ...(initializationOptions === undefined ? {} : { initializationOptions }),
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** What the server wrote to standard error. */
  get stderr(): string {
    return this.stderrText;
  }

  /** Resolves with the next diagnostics published for a document (for a version, when given). */
  nextDiagnostics(uri: string, version?: number): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.waiters.push({ uri, ...(version === undefined ? {} : { version }), resolve }));
  }

  /** Opens a document and waits for its first diagnostics. */
  async open(uri: string, text: string, languageId = /\.json$/.test(uri) ? 'json' : 'yaml'): Promise<Diagnostic[]> {
    const doc = TextDocument.create(uri, languageId, 1, text);
    this.documents.set(uri, doc);
    const next = this.nextDiagnostics(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
    return (await next).diagnostics;
  }

  /** Sends incremental changes (applied to the client's copy too) without waiting for diagnostics. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const doc = this.documents.get(uri)!;
    const version = doc.version + 1;
    const next = TextDocument.update(doc, changes, version);
    this.documents.set(uri, next);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return version;
  }

  /** Changes a document and waits for the diagnostics of the new version. */
  async changeAndWait(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<Diagnostic[]> {
    const doc = this.documents.get(uri)!;
    const wait = this.nextDiagnostics(uri, doc.version + 1);
    await this.change(uri, changes);
    return (await wait).diagnostics;
  }

  /** Applies text edits (of a code action) as a client does: one change per edit, last first, then waits for the findings. */
  async applyAndWait(uri: string, edits: { range: Diagnostic['range']; newText: string }[]): Promise<Diagnostic[]> {
    const ordered = [...edits].sort(
      (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
    );
    return this.changeAndWait(
      uri,
      ordered.map((e) => ({ range: e.range, text: e.newText })),
    );
  }

  /** Closes a document. */
  async close(uri: string): Promise<void> {
    this.documents.delete(uri);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** Tells the server an open document was saved. */
  async save(uri: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** Tells the server files changed on disk. */
  async filesChanged(uris: string[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: uris.map((uri) => ({ uri, type: FileChangeType.Changed as FileChangeType })),
    });
  }

  /** Shuts the server down; resolves with its exit code. */
  async stop(): Promise<number | null> {
    if (!this.child) {
      await this.connection.sendRequest(ShutdownRequest.type);
      this.connection.dispose();
      return null;
    }
    const child = this.child;
    const exited = new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });
    try {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      child.kill();
    }
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}

/** Applies LSP text edits to a text (as a client does). */
export function applyEdits(text: string, edits: { range: Diagnostic['range']; newText: string }[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 0, text), edits);
}
