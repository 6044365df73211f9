/**
 * The TypeScript that protoc-gen-es generates from proto/: buf runs into a scratch directory
 * (offline: buf.yaml has no dependencies, the plugin comes from node_modules/.bin) and the
 * files it writes are returned, so that `npm run gen` writes them and `gen:check` compares them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';

/** Where the generated protobuf code lives, relative to the repository root. */
export const PROTO_GEN_DIR = 'src/client/gen';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Path (relative to the root, forward slashes) → content of every file buf generates. */
export function protoGeneratedFiles(root: string): Map<string, string> {
  const out = mkdtempSync(join(tmpdir(), 'svc-proto-gen-'));
  try {
    const bin = join(root, 'node_modules', '.bin');
    execFileSync(join(bin, 'buf'), ['generate', '--template', 'proto/buf.gen.yaml', '-o', out], {
      cwd: root,
      env: { ...process.env, PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}` },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const files = new Map<string, string>();
    for (const file of listFiles(join(out, PROTO_GEN_DIR)).sort()) {
      files.set(relative(out, file).split('\\').join('/'), readFileSync(file, 'utf8'));
    }
    return files;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
