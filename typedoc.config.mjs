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
  readme: 'none',
  entryFileName: 'index.md',
  excludeInternal: true,
  excludePrivate: true,
  excludeProtected: true,
  excludeExternals: true,
  disableSources: true,
  hidePageHeader: true,
  useCodeBlocks: true,
  sanitizeComments: true,
  // protoc-gen-es marks the generated services `@generated from service …`.
  blockTags: [...OptionDefaults.blockTags, '@generated'],
  treatWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  // Every export must say why it exists (CONTRIBUTING: one-line doc comments); their members may
  // speak for themselves (the schemas' properties are described in their TypeBox descriptions).
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
  requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias', 'Namespace'],
};
