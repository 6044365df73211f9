// The library's API reference (docs/api/, Markdown for the docs site), from the doc comments of the
// package's public entry points: `npm run docs:api`, run by `npm run docs:build`.
import { OptionDefaults } from 'typedoc';

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions>} */
export default {
  entryPoints: ['src/index.ts', 'src/node.ts', 'src/client/index.ts'],
  tsconfig: 'tsconfig.json',
  // `tsc -p .` type-checks (npm test); checking again here would double TypeDoc's time.
  skipErrorChecking: true,
  plugin: ['typedoc-plugin-markdown'],
  out: 'docs/api',
  // The title of docs/api/index.md, the page listing the entry points.
  name: 'API reference',
  readme: 'none',
  entryFileName: 'index.md',
  excludeInternal: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeExternals: true,
  disableSources: true,
  hidePageHeader: true,
  // The sidebar shows where a page sits.
  hideBreadcrumbs: true,
  useCodeBlocks: true,
  sanitizeComments: true,
  // protoc-gen-es marks the generated services `@generated from service …`.
  blockTags: [...OptionDefaults.blockTags, '@generated'],
  // Strict: an undocumented export, a type the API uses but does not export, a broken {@link} fail the build.
  treatWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  // Referenced by the public API but not part of it: built-in rule machinery, the generic forms of
  // what the entry exports specialised, the tables behind exported unions, protobuf message schemas.
  intentionallyNotExported: [
    'src/rule-api/types.ts:NoInferFrom',
    'src/rule-api/types.ts:Visitors',
    'src/rule-api/types.ts:UnknownKeyClaim',
    'src/core/diagnostics.ts:FileResult',
    'src/format/index.ts:FORMATS',
    'src/model/formats.ts:FormatName',
    'src/model/methods.ts:MethodName',
    'GetBrokerRequestSchema',
    'GetBrokerResponseSchema',
    'CreateShadowLinkRequestSchema',
    'CreateShadowLinkResponseSchema',
  ],
  // Every export must say why it exists (CONTRIBUTING: one-line doc comments); their members may
  // speak for themselves (the schemas' properties are described in their TypeBox descriptions).
  requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias', 'Namespace'],
};
