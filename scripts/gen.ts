/**
 * Writes every generated, committed file (JSON Schemas, rule docs, the README rule table).
 * With --check it writes nothing and exits 1 when any of them is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generated-files';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const stale: string[] = [];

for (const [path, content] of generatedFiles(root)) {
  const file = join(root, path);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current === content) continue;
  if (check) {
    stale.push(path);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    console.log(`wrote ${path}`);
  }
}
if (check && stale.length > 0) {
  console.error(`Generated files are stale: ${stale.join(', ')}.\nRun \`npm run gen\` and commit the result.`);
  process.exit(1);
}
if (check) console.log('generated files are current');
