/**
 * Runs jobs without ever blocking the server on a large document: ordinary documents are linted in
 * the server's thread (a few milliseconds, no hand-off), large ones in a worker thread, one at a time.
 * Closing a document drops its queued and running jobs (a running one restarts the worker). Typing
 * in a huge file piles up no stale work because DocumentLints (doc-lints.ts) runs at most one lint
 * per document and queues at most one more, not because of anything here.
 */
import { Worker } from 'node:worker_threads';
import { runJob, type JobInput, type JobName, type JobOutput } from './jobs';

/** The reason a job's promise is rejected when its document was closed or the server is stopping. */
export class JobCancelled extends Error {
  override readonly name = 'JobCancelled';
}

/** A worker that failed or died while running a job. */
export class JobFailed extends Error {
  override readonly name = 'JobFailed';
}

interface Task {
  id: number;
  name: JobName;
  input: unknown;
  key: string | undefined;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** Where jobs run. */
export interface RunnerOptions {
  /** The worker script (dist/lsp-worker.cjs); without one every job runs in the calling thread. */
  workerFile?: string;
  /** Inputs of at least this many characters go to the worker. */
  largeFrom: number;
  /** Runs a job in this thread (tests substitute one that fails). */
  runJob?: typeof runJob;
}

/** Runs jobs here or in the worker, by input size. */
export class JobRunner {
  private worker: Worker | undefined;
  private running: Task | undefined;
  private readonly queue: Task[] = [];
  private nextId = 1;

  constructor(private readonly options: RunnerOptions) {}

  /** True when an input of this size is handed to the worker. */
  isLarge(size: number): boolean {
    return this.options.workerFile !== undefined && size >= this.options.largeFrom;
  }

  /** Runs a job; `key` names the document, so that `cancel` can drop the job when the document closes. */
  run<N extends JobName>(name: N, input: JobInput<N>, size: number, key?: string): Promise<JobOutput<N>> {
    if (!this.isLarge(size)) {
      const here = this.options.runJob ?? runJob;
      return new Promise((resolve) => resolve(here(name, input)));
    }
    return new Promise<JobOutput<N>>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        name,
        input,
        key,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  /** Drops the queued and running work of a document (closed). */
  cancel(key: string): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.key === key) this.queue.splice(i, 1)[0]!.reject(new JobCancelled('superseded'));
    }
    if (this.running?.key === key) {
      const task = this.running;
      this.running = undefined;
      this.stopWorker();
      task.reject(new JobCancelled('superseded'));
      this.pump();
    }
  }

  /** Stops the worker; queued jobs are rejected. */
  dispose(): void {
    for (const t of this.queue.splice(0)) t.reject(new JobCancelled('server stopping'));
    this.running?.reject(new JobCancelled('server stopping'));
    this.running = undefined;
    this.stopWorker();
  }

  private stopWorker(): void {
    const w = this.worker;
    this.worker = undefined;
    if (w) {
      w.removeAllListeners();
      w.on('error', () => undefined);
      void w.terminate();
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // The worker's stdout is the server's protocol channel: keep anything it might print off it.
    const w = new Worker(this.options.workerFile!, { stdout: true, stderr: true });
    w.stdout.resume();
    w.stderr.resume();
    w.unref();
    w.on('message', (reply: Reply) => {
      const task = this.running;
      if (!task || task.id !== reply.id) return;
      this.running = undefined;
      if (reply.ok) task.resolve(reply.value);
      else task.reject(new JobFailed(reply.error));
      this.pump();
    });
    const failed = (why: string) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      const task = this.running;
      this.running = undefined;
      task?.reject(new JobFailed(why));
      this.pump();
    };
    w.on('error', (error) => failed(error.name));
    w.on('exit', (code) => failed(`the worker exited with code ${code}`));
    return (this.worker = w);
  }

  private pump(): void {
    if (this.running) return;
    const task = this.queue.shift();
    if (!task) return;
    this.running = task;
    try {
      this.ensureWorker().postMessage({ id: task.id, name: task.name, input: task.input });
    } catch (error) {
      this.running = undefined;
      task.reject(new JobFailed(error instanceof Error ? error.name : 'worker start failed'));
      this.pump();
    }
  }
}
