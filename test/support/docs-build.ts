/**
 * Generated docs that some tests need (`docs/api`, the built site): made once when missing, even
 * when several test files ask at the same time (vitest runs files in parallel processes), under a
 * lock directory, so that two builds never write the same folder at once. The API pages are made
 * only when missing (never rewritten while another file reads them), the site from them.
 */

/** `docs/api`, TypeDoc's pages. */
export const API_PAGES = ['npm', 'run', 'docs:api'] as const;
/** The built site, from the pages as they are (`docs:build` without regenerating docs/api). */
export const SITE = ['npx', 'vitepress', 'build', 'docs'] as const;
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const LOCK = join(ROOT, 'node_modules', '.cache', 'svc-admin-spec-docs-build.lock');
/** A lock older than this was left by a killed run. */
const STALE_MS = 10 * 60_000;

/** Runs `command` (npx or npm arguments) unless `done()` holds, with the lock held; waits for a build another file started. */
export function ensureBuilt(command: readonly string[], done: () => boolean): void {
  mkdirSync(join(LOCK, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Removed meanwhile by its holder: try again.
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    if (!done()) execFileSync(command[0]!, command.slice(1), { cwd: ROOT, stdio: 'ignore' });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
