/** The language server's worker thread (dist/lsp-worker.cjs): runs jobs on large documents off the server's thread. */
import { parentPort } from 'node:worker_threads';
import { runJob, type JobName } from './jobs';

parentPort?.on('message', async (message: { id: number; name: JobName; input: never }) => {
  try {
    parentPort!.postMessage({ id: message.id, ok: true, value: await runJob(message.name, message.input) });
  } catch (error) {
    // Only the error's class crosses over: a message could quote the document.
    parentPort!.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.name : typeof error });
  }
});
