/**
 * Browser bundle sizes of the library (`npm run size`): esbuild bundles the shipped ES module
 * (`dist/index.js`, what a web app's bundler gets from the package; `npm run build` first) for
 * `platform: 'browser'`, minified, once with only `lint` imported and once with `lint` and
 * `lintText`, and prints raw and gzip bytes with the biggest contributors of each.
 */
import { buildSync } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One measured bundle. */
export interface BundleSize {
  /** The names imported from the library. */
  imports: readonly string[];
  raw: number;
  gzip: number;
  /** Bytes in the output per input file (relative to the repository), largest first. */
  inputs: [string, number][];
}

/**
 * Bundles a module that imports `names` from the library, as a browser app would, and measures it:
 * from the shipped `dist/index.js` (the figure users get), or from `src/index.ts` (what the
 * module structure allows, which the shipped build does not yet keep: see the README).
 */
export function bundleSize(names: readonly string[], from: 'dist' | 'src' = 'dist'): BundleSize {
  const entry = from === 'dist' ? './dist/index.js' : './src/index';
  const result = buildSync({
    stdin: { contents: `export { ${names.join(', ')} } from '${entry}';`, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]): [string, number] => [file, bytesInOutput])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
  return { imports: names, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs };
}

/** The npm package an input file belongs to (`yaml`, `@sinclair/typebox`), or undefined for the project's own. */
export function packageOf(file: string): string | undefined {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  return parts.slice(at + 1, at + (parts[at + 1]!.startsWith('@') ? 3 : 2)).join('/');
}

/** Groups input files by package (node_modules) or by source folder. */
function byGroup(inputs: readonly [string, number][]): [string, number][] {
  const groups = new Map<string, number>();
  for (const [file, bytes] of inputs) {
    const parts = file.split('/');
    const group = packageOf(file) ?? (parts.slice(0, Math.min(2, parts.length - 1)).join('/') || file);
    groups.set(group, (groups.get(group) ?? 0) + bytes);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const names of [['lint'], ['lint', 'lintText']]) {
    const size = bundleSize(names);
    console.log(`import { ${names.join(', ')} }: ${kb(size.raw)} raw, ${kb(size.gzip)} gzip`);
    for (const [group, bytes] of byGroup(size.inputs).slice(0, 8)) {
      console.log(`  ${group.padEnd(36)} ${kb(bytes).padStart(9)} raw`);
    }
  }
}
