/**
 * Runs jobs without ever blocking the server on a large document: ordinary documents are linted in
 * the server's thread (a few milliseconds, no hand-off), large ones in worker threads. Lints and
 * the jobs of requests (hovers, fixes) have a worker each, so that a hover never waits behind a
 * long lint; each worker runs one job at a time. Cancelling a key (a document closed or edited, a
 * request cancelled) drops its queued jobs and stops its running one (that worker restarts).
 */
import { Worker } from 'node:worker_threads';
import { runJob, type JobInput, type JobName, type JobOutput } from './jobs';

/** The reason a job's promise is rejected when its document was closed or edited, its request cancelled, or the server is stopping. */
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

/** One worker and its queue: runs one job at a time. */
class Lane {
  private worker: Worker | undefined;
  private running: Task | undefined;
  private readonly queue: Task[] = [];

  constructor(private readonly workerFile: string) {}

  push(task: Task): void {
    this.queue.push(task);
    this.pump();
  }

  /** Drops the queued and running tasks of a key; true when there was one. */
  cancel(key: string, why: string): boolean {
    let found = false;
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.key === key) {
        this.queue.splice(i, 1)[0]!.reject(new JobCancelled(why));
        found = true;
      }
    }
    if (this.running?.key === key) {
      const task = this.running;
      this.running = undefined;
      this.stopWorker();
      task.reject(new JobCancelled(why));
      this.pump();
      found = true;
    }
    return found;
  }

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
    const w = new Worker(this.workerFile, { stdout: true, stderr: true });
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

/** Runs jobs here or in a worker, by input size. */
export class JobRunner {
  private lanes: { lint: Lane; requests: Lane } | undefined;
  private nextId = 1;

  constructor(private readonly options: RunnerOptions) {
    if (options.workerFile) this.lanes = { lint: new Lane(options.workerFile), requests: new Lane(options.workerFile) };
  }

  /** True when an input of this size is handed to a worker. */
  isLarge(size: number): boolean {
    return this.lanes !== undefined && size >= this.options.largeFrom;
  }

  /**
   * Runs a job; `key` names what it is for (a document's lint, a request), so that `cancel` can
   * stop it. Lints (`analyze`) and the other jobs run in separate workers.
   */
  run<N extends JobName>(name: N, input: JobInput<N>, size: number, key?: string): Promise<JobOutput<N>> {
    if (!this.lanes || !this.isLarge(size)) {
      const here = this.options.runJob ?? runJob;
      return new Promise((resolve) => resolve(here(name, input)));
    }
    const lane = name === 'analyze' ? this.lanes.lint : this.lanes.requests;
    return new Promise<JobOutput<N>>((resolve, reject) =>
      lane.push({ id: this.nextId++, name, input, key, resolve: resolve as (v: unknown) => void, reject }),
    );
  }

  /** Drops the queued and running work of a key (a document closed or edited, a request cancelled); true when there was some. */
  cancel(key: string, why = 'superseded'): boolean {
    if (!this.lanes) return false;
    const a = this.lanes.lint.cancel(key, why);
    const b = this.lanes.requests.cancel(key, why);
    return a || b;
  }

  /** Stops the workers; queued jobs are rejected. */
  dispose(): void {
    this.lanes?.lint.dispose();
    this.lanes?.requests.dispose();
  }
}
