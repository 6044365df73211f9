/**
 * The layers of src/, lowest first: a module may import its own folder and the folders below it,
 * never one above, so folders cannot import each other in a circle; cycles between modules are
 * refused too. `npm test` runs this (`npm run layers`).
 */
const LAYERS = [
  'core', // the finding types: import nothing
  'util',
  'model', // TypeBox schemas, the kind table and the method table
  'generated', // ajv's standalone validators and the per-kind acceptors, generated at build time from the model
  'facts', // what the server does, by target version
  'secrets',
  'source', // the JSON and YAML readers with positions, and secrets found in raw text
  'rpk', // rpk's shadow-link config files: read as rpk reads them (yaml.v2)
  'kind',
  'rule-api', // what a rule module may import: defineRule, the rule types, helpers
  'rules',
  'passes', // generated from the rules: per kind, the hooks that call each rule's visitors directly
  'engine', // the rule registry, catalogue, settings and the run
  'validate',
  'decode',
  'lint',
  'config', // config discovery, ignore file, suppression: shared by the CLI, the language server and the library
  'codes', // what each code means (for docs, SARIF and the language server)
  'fix',
  'format',
  'schema',
  'conformance',
  'client',
  'lsp',
  'cli', // the launcher: starts the language server and the client commands
];
// One folder per layer, in a total order: an import may only point down, so no two folders can import each other.
const upward = LAYERS.slice(0, -1).map((folder, i) => ({
  name: `layer-${folder}`,
  comment: `src/${folder} may import only the layers below it: ${LAYERS.slice(0, i).join(', ') || 'none'}`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: `^src/(${LAYERS.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'no import cycle between modules',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'known-layer',
      comment: 'every folder of src/ has a layer in .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${LAYERS.join('|')})/|^src/[^/]+\\.ts$` },
      to: {},
    },
    {
      name: 'src-stays-in-src',
      comment: 'the library never imports tests, scripts or files outside src/',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|scripts|examples)/' },
    },
    ...upward,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/client/gen/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.d.ts'] },
  },
};
