/**
 * `svc-admin-spec lsp --stdio`: loads the language server from its own bundle (dist/lsp.cjs), so
 * that the `lint` command never pays for loading it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** What `lsp --stdio` needs from the process. */
export interface LanguageServerIO {
  stderr: { write(text: string): void };
  stdio?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream };
}

/** The bundled server's entry point (see src/lsp/main.ts). */
type ServerBundle = { serve(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<number> };

/** Serves LSP on the process's standard streams until the client ends the session; returns the exit code. */
export async function runLanguageServer(io: LanguageServerIO): Promise<number> {
  // In the bundle this file is dist/cli-main.cjs; the server bundle sits beside it.
  const bundle = typeof __dirname === 'string' ? join(__dirname, 'lsp.cjs') : undefined;
  if (!io.stdio || !bundle || !existsSync(bundle)) {
    io.stderr.write(
      'svc-admin-spec: the language server is not available here (dist/lsp.cjs is missing; run npm run build).\n',
    );
    return 2;
  }
  const server = createRequire(bundle)(bundle) as ServerBundle;
  return await server.serve(io.stdio.input, io.stdio.output);
}
