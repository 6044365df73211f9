/**
 * The `svc-admin-spec` executable. It runs the bundled command (cli-main.cjs) through V8's code
 * cache, kept per user under ~/.cache/svc-admin-spec: compiling the bundle is most of a cold start,
 * and Node 20 has no built-in compile cache. Set SVC_ADMIN_SPEC_NO_CACHE=1 to bypass it.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

const file = join(__dirname, 'cli-main.cjs');

function cachePath(): string | undefined {
  if (process.env['SVC_ADMIN_SPEC_NO_CACHE'] === '1') return undefined;
  try {
    const stat = statSync(file);
    const base = process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
    return join(base, 'svc-admin-spec', `cli-${process.version}-${stat.size}-${Math.floor(stat.mtimeMs)}.v8`);
  } catch {
    return undefined;
  }
}

const source = readFileSync(file, 'utf8').replace(/^#!/, '//');
const cache = cachePath();
let cachedData: Buffer | undefined;
try {
  if (cache) cachedData = readFileSync(cache);
} catch {
  // No cache yet: compile normally and write one when the command is done.
}
const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
const mod = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void).call(
  mod.exports,
  mod.exports,
  createRequire(file),
  mod,
  file,
  dirname(file),
);
if (cache && (!cachedData || script.cachedDataRejected)) {
  process.once('beforeExit', () => {
    try {
      mkdirSync(dirname(cache), { recursive: true });
      writeFileSync(cache, script.createCachedData());
    } catch {
      // A read-only home or full disk only costs speed.
    }
  });
}
