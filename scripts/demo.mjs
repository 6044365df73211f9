// The README's first command ends here: lint the bundled examples with the built CLI and show the output.
// Exits 0 when the good examples pass (exit 0) and the bad ones are caught (exit 1); otherwise 1.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
let ok = true;
for (const [dir, expected] of [
  ['examples/good', 0],
  ['examples/bad', 1],
]) {
  console.log(`\n$ svc-admin-spec lint ${dir}`);
  const r = spawnSync(process.execPath, [cli, 'lint', dir], { cwd: root, stdio: 'inherit' });
  console.log(
    `(exit code ${r.status}; expected ${expected}${expected === 1 ? ': these files have problems on purpose' : ''})`,
  );
  if (r.status !== expected) ok = false;
}
process.exit(ok ? 0 : 1);
