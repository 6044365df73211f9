import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const define = { __SVC_ADMIN_SPEC_VERSION__: JSON.stringify(version) };

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // No source maps: they would ship the sources again (most of the package); the output is readable as it is.
    sourcemap: false,
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
    // The executable: a small launcher that runs cli-main.cjs through V8's code cache.
    entry: { cli: 'src/cli/launch.ts' },
    format: ['cjs'],
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
