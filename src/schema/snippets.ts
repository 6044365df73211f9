/** `defaultSnippets` for the objects people type most, shown by editors on completion. */
import type { JsonSchema } from './document';

/** Snippets by `$defs` name (or `''` for the document root). */
const SNIPPETS: Readonly<Record<string, JsonSchema[]>> = {
  ShadowLink: [
    {
      label: 'Minimal shadow link',
      description: 'A name and the bootstrap servers of the source cluster; everything else has defaults.',
      body: {
        name: '${1:dr-link}',
        configurations: { clientOptions: { bootstrapServers: ['${2:kafka-1.source.example.com:9092}'] } },
      },
    },
  ],
  TopicFilter: [
    {
      label: 'Include all topics',
      body: { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
    },
    {
      label: 'Include topics by prefix',
      body: { filterType: 'FILTER_TYPE_INCLUDE', name: '${1:orders.}', patternType: 'PATTERN_TYPE_PREFIX' },
    },
    {
      label: 'Exclude topics by prefix',
      body: { filterType: 'FILTER_TYPE_EXCLUDE', name: '${1:scratch.}', patternType: 'PATTERN_TYPE_PREFIX' },
    },
  ],
  NameFilter: [
    {
      label: 'Include all',
      body: { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
    },
  ],
  AuthenticationConfiguration: [
    {
      label: 'SASL/SCRAM-SHA-512',
      description: 'Password from an environment variable, filled in at deploy time.',
      body: {
        scramConfiguration: {
          username: '${1:shadow-link}',
          password: '^\\${${2:SHADOW_LINK_PASSWORD}}',
          scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
        },
      },
    },
  ],
  ScramConfiguration: [
    {
      label: 'SCRAM-SHA-512',
      body: {
        username: '${1:shadow-link}',
        password: '^\\${${2:SHADOW_LINK_PASSWORD}}',
        scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
      },
    },
  ],
  TlsSettings: [
    { label: 'TLS with a CA file', body: { enabled: true, tlsFileSettings: { caPath: '${1:/etc/svc/tls/ca.pem}' } } },
    {
      label: 'Mutual TLS with inline PEM',
      body: {
        enabled: true,
        tlsPemSettings: { ca: '^\\${${1:TLS_CA}}', cert: '^\\${${2:TLS_CERT}}', key: '^\\${${3:TLS_KEY}}' },
      },
    },
  ],
  AclFilter: [
    {
      label: 'All ACLs',
      body: {
        resourceFilter: { resourceType: 'ACL_RESOURCE_ANY', patternType: 'ACL_PATTERN_ANY' },
        accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
      },
    },
  ],
};

/** Adds the snippets to the defs (and the root, when it is one of them) of an exported document. */
export function addSnippets(doc: JsonSchema, rootName: string): void {
  const defs = (doc.$defs as Record<string, JsonSchema> | undefined) ?? {};
  for (const [name, snippets] of Object.entries(SNIPPETS)) {
    const target = name === rootName ? doc : defs[name];
    if (target) target.defaultSnippets = snippets;
  }
}
