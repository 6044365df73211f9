// prepare: build dist/ in a git checkout, where dist/ is not committed: after `npm install` in the
// repository, and when npm installs the package from git (pre-commit installs hooks that way; npm
// runs `prepare` for git dependencies, with their devDependencies). Installs of the published
// tarball run no script at all: it ships dist/.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fromSource = existsSync(join(root, 'src', 'index.ts')) && existsSync(join(root, 'node_modules', '.bin', 'tsup'));
if (fromSource && !existsSync(join(root, 'dist', 'cli.cjs'))) {
  // Output goes to stderr: `npm pack` callers (pre-commit) read the tarball name from stdout.
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] });
  process.exit(r.status ?? 1);
}
