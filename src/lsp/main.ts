/** The language server bundle (dist/lsp.cjs), loaded by `svc-admin-spec lsp --stdio`. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { describeFailure, startServer } from './server';

/** Serves LSP on the given streams; the process exits when the client ends the session. */
export function serve(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<number> {
  const connection = createConnection(ProposedFeatures.all, input, output);
  // Standard output is the protocol channel: anything printed goes to the client's log instead.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.info = console.log;
  console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
  // A failure outside any request is logged by class and frames, and the server goes on.
  const report = (error: unknown) => connection.console.error(`Internal error: ${describeFailure(error)}`);
  process.on('uncaughtException', report);
  process.on('unhandledRejection', report);
  const worker = join(__dirname, 'lsp-worker.cjs');
  startServer(connection, existsSync(worker) ? { workerFile: worker } : {});
  connection.listen();
  // The connection ends the process (exit notification, or the client closing the streams).
  return new Promise<number>(() => undefined);
}
