import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import ts from 'typescript';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const define = { __SVC_ADMIN_SPEC_VERSION__: JSON.stringify(version) };

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * In the CLI bundle, `import('./client-commands')` becomes a `require('./cli-client.cjs')` run only
 * when the import runs (the launcher's vm.Script cannot run a real dynamic import).
 */
const lazyClientCommands: Plugin = {
  name: 'lazy-client-commands',
  setup(build) {
    build.onResolve({ filter: /^\.\/client-commands$/ }, () => ({ path: 'cli-client', namespace: 'lazy' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = require('./cli-client.cjs');",
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/cli-client\.cjs$/ }, () => ({ path: './cli-client.cjs', external: true }));
  },
};

/**
 * fdir (tinyglobby's directory walker) loads picomatch at run time when it can find one, for a glob
 * API this project never calls: in a checkout that is 3 ms of every command's start-up, and the
 * bundle would behave differently wherever a picomatch happens to be installed. The bundles skip it.
 */
const noRuntimePicomatch: Plugin = {
  name: 'no-runtime-picomatch',
  setup(build) {
    build.onLoad({ filter: /[\\/]fdir[\\/]dist[\\/]index\.(c|m)?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const contents = text.replace(/(?:__)?require\.resolve\("picomatch"\);/, 'throw 0;');
      if (contents === text) throw new Error(`${args.path}: fdir's optional picomatch require was not found`);
      return { contents, loader: 'js' };
    });
  },
};

/**
 * In the CLI bundle, the ajv validators (a fifth of it) load on first use from cli-validators.cjs:
 * a document the kind's acceptor passes never needs them, so a clean lint does not pay to load them.
 * The stand-in module knows the validators' names (the document kinds) without loading them.
 */
const lazyValidators: Plugin = {
  name: 'lazy-validators',
  setup(build) {
    build.onResolve({ filter: /\/generated\/validators\.js$/ }, () => ({
      path: 'validators',
      namespace: 'lazy-validators',
    }));
    build.onLoad({ filter: /^validators$/, namespace: 'lazy-validators' }, () => ({
      contents: [
        "const { DOCUMENT_KINDS } = require('../model/kinds');",
        'let loaded;',
        "const load = () => (loaded ??= require('./cli-validators.cjs'));",
        'for (const kind of DOCUMENT_KINDS)',
        '  Object.defineProperty(exports, kind, { enumerable: true, get: () => load()[kind] });',
      ].join('\n'),
      loader: 'js',
      resolveDir: join(process.cwd(), 'src', 'generated'),
    }));
    build.onResolve({ filter: /^\.\/cli-validators\.cjs$/ }, () => ({ path: './cli-validators.cjs', external: true }));
  },
};

/**
 * In the CLI bundle, the built-in rules lose their `examples` (their tests and docs pages, a tenth
 * of the bundle with what building them costs at start-up): no command reads them. The property is
 * found with TypeScript's parser, in the object given to `defineRule`; a rule without one is left
 * as it is, and a rule whose examples cannot be found that way fails the build.
 */
const noRuleExamples: Plugin = {
  name: 'no-rule-examples',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]rules[\\/][^\\/]+\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('examples:')) return { contents: text, loader: 'ts' };
      const file = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, true);
      let cut: [number, number] | undefined;
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'defineRule' &&
          node.arguments[0] !== undefined &&
          ts.isObjectLiteralExpression(node.arguments[0])
        ) {
          const literal = node.arguments[0];
          const prop = literal.properties.find(
            (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'examples',
          );
          if (prop) {
            const next = literal.properties[literal.properties.indexOf(prop) + 1];
            // Up to the next property, or past the last one's trailing comma.
            let end = next ? next.getFullStart() : prop.getEnd();
            if (!next && text[end] === ',') end++;
            cut = [prop.getFullStart(), end];
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      if (!cut) throw new Error(`${args.path}: no examples property found in defineRule({...})`);
      return { contents: text.slice(0, cut[0]) + text.slice(cut[1]), loader: 'ts' };
    });
  },
};

export default defineConfig([
  {
    // The library, its client and its Node-only helpers (`svc-admin-spec/node`): the main entry never
    // imports the client's connect dependencies or a Node built-in.
    entry: { index: 'src/index.ts', client: 'src/client/index.ts', node: 'src/node.ts' },
    format: ['esm', 'cjs'],
    // Shared chunks in both formats: one ValidationError class for both entries.
    splitting: true,
    dts: true,
    // No source maps: they would ship the sources again (most of the package); the output is readable as it is.
    sourcemap: false,
    clean: false,
    target: 'node20',
    define,
  },
  {
    // The client for browsers (connect-web over fetch); the package's `browser` condition picks it.
    entry: { 'client.browser': 'src/client/browser.ts' },
    format: ['esm'],
    platform: 'browser',
    dts: true,
    sourcemap: false,
    clean: false,
    target: 'es2022',
    define,
  },
  {
    // The command: one CommonJS file with its dependencies bundled, for a fast cold start.
    // No `#!` line: the launcher runs it, and reads it as it is (ASCII only, checked at build: see launch.ts).
    entry: { 'cli-main': 'src/cli/bin.ts' },
    format: ['cjs'],
    target: 'node20',
    esbuildOptions(options) {
      options.charset = 'ascii';
    },
    onSuccess: async () => {
      const bytes = readFileSync(join('dist', 'cli-main.cjs'));
      if (bytes.some((b) => b > 0x7f))
        throw new Error('dist/cli-main.cjs is not ASCII: the launcher reads it as Latin-1');
    },
    noExternal: [/.*/],
    shims: true,
    minify: true,
    define,
    esbuildPlugins: [noRuleExamples, lazyClientCommands, noRuntimePicomatch, lazyValidators],
  },
  {
    // The ajv validators, loaded by cli-main.cjs only for a document its acceptor refuses.
    entry: { 'cli-validators': 'src/generated/validators.js' },
    format: ['cjs'],
    target: 'node20',
    noExternal: [/.*/],
    minify: true,
    define,
  },
  {
    // `apply` and `get-broker`: the client and connect, loaded by cli-main.cjs only for them.
    entry: { 'cli-client': 'src/cli/client-commands.ts' },
    format: ['cjs'],
    target: 'node20',
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
    esbuildPlugins: [noRuntimePicomatch],
  },
  {
    // The executable: a small launcher that runs cli-main.cjs through V8's code cache.
    entry: { cli: 'src/cli/launch.ts' },
    format: ['cjs'],
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
