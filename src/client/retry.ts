/** The retry stage: an idempotent method (method table) is tried again after `unavailable`; no other is. */
import { Code } from '@connectrpc/connect';
import { METHODS } from '../model/methods';
import { AdminApiError, type AdminMethod } from './errors';

/** How often and how soon to try again. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  readonly attempts: number;
  /** Wait before the first retry; doubled for each further one, at most 5 s. */
  readonly initialDelayMs: number;
}

const MAX_DELAY_MS = 5000;

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** How many tries `method` gets under `policy`: one unless the method is idempotent. */
export const attemptsFor = (method: AdminMethod, policy: RetryPolicy): number =>
  METHODS[method].idempotent ? policy.attempts : 1;

/**
 * Runs `attempt` until it succeeds, fails with anything but an `unavailable` `AdminApiError`, or
 * has used the tries `method` gets; then throws the last error.
 */
export async function withRetries<T>(
  method: AdminMethod,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  const attempts = attemptsFor(method, policy);
  let last: AdminApiError | undefined;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await sleep(Math.min(policy.initialDelayMs * 2 ** (i - 1), MAX_DELAY_MS), signal);
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof AdminApiError) || error.code !== Code.Unavailable) throw error;
      last = error;
    }
  }
  throw last!;
}
