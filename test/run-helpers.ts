/** Runs the command in this process (`run` from src/cli/run.ts): the same code as the executable, without a process start. */
import { run } from '../src/cli/run';
import type { CliRun } from './cli-helpers';

/** Runs `svc-admin-spec ...args` in-process, in `cwd`, with `stdin` as standard input. */
export async function runInProcess(
  args: readonly string[],
  options: { cwd: string; stdin?: string | Uint8Array; env?: Record<string, string> },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    cwd: options.cwd,
    env: options.env ?? {},
    stdout: { write: (t: string) => void (stdout += t) },
    stderr: { write: (t: string) => void (stderr += t) },
    readStdin: async () =>
      typeof options.stdin === 'string' ? Buffer.from(options.stdin, 'utf8') : (options.stdin ?? new Uint8Array()),
    now: () => new Date('2026-11-22T12:00:00Z'),
  });
  return { code, stdout, stderr };
}
