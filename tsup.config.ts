import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const define = { __SVC_ADMIN_SPEC_VERSION__: JSON.stringify(version) };

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    define,
  },
  {
    // The command: one CommonJS file with its dependencies bundled, for a fast cold start.
    entry: { 'cli-main': 'src/cli/bin.ts' },
    format: ['cjs'],
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    noExternal: [/.*/],
    shims: true,
    minify: true,
    define,
  },
  {
    // The language server (`svc-admin-spec lsp --stdio`) and its worker thread for large documents:
    // separate bundles, so that `lint` never loads them.
    entry: { lsp: 'src/lsp/main.ts', 'lsp-worker': 'src/lsp/worker.ts' },
    format: ['cjs'],
    target: 'node20',
    noExternal: [/.*/],
    minify: true,
    define,
  },
  {
    // The executable: a small launcher that runs cli-main.cjs through V8's code cache.
    entry: { cli: 'src/cli/launch.ts' },
    format: ['cjs'],
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
