/**
 * The `svc-admin-spec` executable. It runs the bundled command (cli-main.cjs) with its compiled
 * code cached per user, in $XDG_CACHE_HOME/svc-admin-spec (default ~/.cache/svc-admin-spec):
 * compiling the bundle is most of a cold start. Node ≥ 22.1 keeps that cache itself
 * (`module.enableCompileCache`); on Node 20 a V8 code cache file is written, one per installed
 * version of the command, and all but the newest few are deleted when a new one is written.
 * SVC_ADMIN_SPEC_NO_CACHE=1 turns caching off.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { COMMAND_LIKE } from './commands';

const file = join(__dirname, 'cli-main.cjs');

/** Code cache files kept on Node 20: the current one and the most recent others (other installs, Node versions, kinds of run). */
const KEEP = 6;

/**
 * The kind of run, which names its code cache: a cache holds the code its run compiled, so a `lint`
 * run loading a cache that `--version` made would compile most of the linter on every start.
 */
const first = process.argv[2] ?? '';
const runKind = first !== 'lint' && COMMAND_LIKE.includes(first) ? first.replace(/^-+/, '') : 'lint';

// Plugins are loaded with import(), which a vm.Script cannot do on Node 20 without an experimental
// flag: the command uses this module's import() instead (see src/config/plugins.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for('svc-admin-spec.import')] = (url: string) => import(url);

const disabled = process.env['SVC_ADMIN_SPEC_NO_CACHE'] === '1';
const cacheDir = join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'svc-admin-spec');
const enableCompileCache = (Module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;

/** Deletes all but the newest code cache files (the one just written included). */
function prune(current: string): void {
  const others = readdirSync(cacheDir)
    .filter((name) => /^cli-.*\.v8$/.test(name) && name !== current)
    .map((name) => {
      try {
        return { name, mtime: statSync(join(cacheDir, name)).mtimeMs };
      } catch {
        return { name, mtime: 0 };
      }
    })
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of others.slice(KEEP - 1)) {
    try {
      unlinkSync(join(cacheDir, name));
    } catch {
      // Another process removed it, or the directory is read-only: nothing to do.
    }
  }
}

/** Runs the bundle through a V8 code cache file (Node 20). */
function runWithCodeCache(): void {
  let name: string | undefined;
  try {
    const stat = statSync(file);
    name = `cli-${process.version}-${stat.size}-${Math.floor(stat.mtimeMs)}-${runKind}.v8`;
  } catch {
    // The bundle cannot be stat'ed: run it uncached (reading it below reports the real problem).
  }
  const cache = name === undefined ? undefined : join(cacheDir, name);
  let cachedData: Buffer | undefined;
  try {
    if (cache) cachedData = readFileSync(cache);
  } catch {
    // No cache yet: compile normally and write one when the command is done.
  }
  // The bundle is ASCII (esbuild escapes everything else; the build checks it): read as Latin-1, it
  // becomes a string without a UTF-8 decoding pass or a copy, which is measurable at this size.
  const source = readFileSync(file, 'latin1');
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
  if (cache && name && (!cachedData || script.cachedDataRejected)) {
    process.once('beforeExit', () => {
      // Written aside and renamed: another run starting now reads a whole cache or none.
      const partial = `${cache}.${process.pid}.part`;
      try {
        mkdirSync(cacheDir, { recursive: true });
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cache);
        prune(name);
      } catch {
        // A read-only home or full disk only costs speed; a part written is not left behind.
        try {
          unlinkSync(partial);
        } catch {
          // Nothing was written.
        }
      }
    });
  }
}

if (disabled) {
  createRequire(file)(file);
} else if (enableCompileCache) {
  try {
    enableCompileCache(cacheDir);
  } catch {
    // A cache directory that cannot be made only costs speed.
  }
  createRequire(file)(file);
} else {
  runWithCodeCache();
}
