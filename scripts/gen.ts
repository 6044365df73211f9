/**
 * Writes every generated, committed file (JSON Schemas, rule docs, the README rule table, the protobuf code).
 * With --check it writes nothing and exits 1 when any of them is stale.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedDirs, generatedFiles } from './generated-files';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const stale: string[] = [];

const files = generatedFiles(root);
const listFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
      )
    : [];
// A file left in a generated directory that the generator no longer writes is stale as well.
for (const dir of generatedDirs) {
  for (const file of listFiles(join(root, dir))) {
    const path = relative(root, file).split('\\').join('/');
    if (files.has(path)) continue;
    if (check) stale.push(path);
    else {
      rmSync(file);
      console.log(`removed ${path}`);
    }
  }
}

for (const [path, content] of files) {
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
