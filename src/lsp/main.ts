/** The language server bundle (dist/lsp.cjs), loaded by `svc-admin-spec lsp --stdio`. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, ProposedFeatures, StreamMessageWriter } from 'vscode-languageserver/node';
import { guardFrames } from './frames';
import { describeFailure, startServer } from './server';
import { docsBaseWarning } from './analyze';

/** Serves LSP on the given streams; the process exits when the client ends the session. */
export function serve(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<number> {
  // One writer for the connection's messages and the guard's error responses, so frames never interleave.
  const writer = new StreamMessageWriter(output);
  const messages = guardFrames(input, (problem) => {
    connection.console.error(problem.log);
    if (problem.reply) {
      const { id, code, message } = problem.reply;
      void writer.write({ jsonrpc: '2.0', id, error: { code, message } } as never).catch(() => undefined);
    }
  });
  // A stream in (the library then ends the process when it ends) and a writer out: the library
  // takes either for each side, though its overloads name only the pairs.
  const connection = createConnection(ProposedFeatures.all, messages, writer as unknown as NodeJS.WritableStream);
  // Standard output is the protocol channel: anything printed goes to the client's log instead.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.info = console.log;
  console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
  // A failure outside any request is logged by class and frames, and the server goes on.
  const report = (error: unknown) => connection.console.error(`Internal error: ${describeFailure(error)}`);
  process.on('uncaughtException', report);
  process.on('unhandledRejection', report);
  const docsBase = docsBaseWarning();
  if (docsBase) connection.console.warn(docsBase);
  const worker = join(__dirname, 'lsp-worker.cjs');
  startServer(connection, existsSync(worker) ? { workerFile: worker } : {});
  connection.listen();
  // The connection ends the process (exit notification, or the client closing the streams).
  return new Promise<number>(() => undefined);
}
