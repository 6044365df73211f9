/**
 * Rules that JSON Schema can express, added to the exported editor schemas so that editors show
 * them as you type. The validator keeps them as rules (with better messages and severities); only
 * error-level facts are encoded here, so an editor never flags what the linter accepts.
 */
import { TOPIC_PROPERTIES } from '../facts/topic-properties';
import { SHA256_BASE64_RE } from '../facts/fingerprint';
import { NUMERIC_CLIENT_OPTIONS, UNAPPLIED_CLIENT_OPTIONS } from '../model/client-options';
import { INT64_STRING_RE } from '../model/formats';
import { RESERVED_FILTER_NAMES } from '../facts/filters';
import { kindOf, type DocumentKind } from '../model/kinds';
import { schemaAt } from '../util/schema-walk';
import type { JsonSchema } from './document';

/** The seconds of a Duration as the server reads them: leading zeros allowed, at most 12 significant digits. */
const SERVER_DURATION_MAGNITUDE = '0*\\d{1,12}(\\.\\d{1,9})?s';

/** Editor-facing patterns for the model's custom formats (editors ignore unknown formats). */
export const FORMAT_PATTERNS: Readonly<Record<string, { pattern: string; message: string; format?: string }>> = {
  // What the server's decoder accepts (src/v/serde/protobuf/json.cc); the linter flags non-canonical spellings.
  duration: {
    pattern: `^(-?${SERVER_DURATION_MAGNITUDE})?$`,
    message: 'A protobuf Duration: seconds with an "s" suffix, e.g. "30s" or "1.5s" (not "PT30S", "30" or "1m").',
  },
  timestamp: {
    pattern:
      '^([ \\t\\n\\v\\f\\r]*((-\\d{3}|\\d{4})-\\d{1,2}-\\d{1,2}[Tt]\\d{1,2}:\\d{1,2}:\\d{1,2}(\\.\\d+)?([Zz]|[+-]\\d{2}(:?\\d{2}(:?\\d{2})?)?)|infinite-future|infinite-past)[ \\t\\n\\v\\f\\r]*)?$',
    message: 'An RFC 3339 timestamp with a time zone, e.g. "2026-01-31T12:00:00Z".',
  },
  int64: { pattern: INT64_STRING_RE.source, message: 'A 64-bit integer as a decimal string, e.g. "42".' },
  base64: {
    pattern: '^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}(==)?|[A-Za-z0-9+/]{3}=?)?$',
    message: 'Standard base64, padded or not, e.g. "AAECAw==" or "AAECAw".',
  },
  uuid: {
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    message: 'A UUID.',
    format: 'uuid',
  },
};

const PORT = '(6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}|0)';

/** Replaces custom `format`s with patterns (and standard formats where one exists), everywhere. */
export function formatsToPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(formatsToPatterns);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === 'examples' || k === 'default' || k === 'enum' ? v : formatsToPatterns(v);
  const f = typeof out.format === 'string' ? FORMAT_PATTERNS[out.format] : undefined;
  if (f) {
    // A Duration or Timestamp is a message to protobuf: null leaves it unset.
    if ((out.format === 'duration' || out.format === 'timestamp') && out.type === 'string')
      out.type = ['string', 'null'];
    delete out.format;
    if (f.format) out.format = f.format;
    out.pattern = f.pattern;
    out.patternErrorMessage = f.message;
  }
  return out;
}

/**
 * The empty-message choices whose `null` unsets what was written (`startAtLatest`,
 * `shadowSchemaRegistryTopic`): null refused there, after the server's spellings let every message be
 * null. (`startAtEarliest: null` does what the default does: a warning, which a schema cannot give.)
 */
export function refuseNullChoices(doc: JsonSchema): void {
  for (const [owner, field] of [
    ['TopicMetadataSyncOptions', 'startAtLatest'],
    ['SchemaRegistrySyncOptions', 'shadowSchemaRegistryTopic'],
  ] as const) {
    const p = prop(def(doc, owner), field);
    if (!p || !Array.isArray(p.anyOf)) continue;
    p.anyOf = (p.anyOf as JsonSchema[]).filter((b) => b.type !== 'null');
    p.errorMessage = `Write {} (or leave ${field} out): null leaves the choice unset (null-value).`;
  }
}

const def = (doc: JsonSchema, name: string): JsonSchema | undefined =>
  (doc.$defs as Record<string, JsonSchema> | undefined)?.[name];
const prop = (schema: JsonSchema | undefined, name: string): JsonSchema | undefined =>
  (schema?.properties as Record<string, JsonSchema> | undefined)?.[name];

/** Adds `extra` to the property schema (keeping its `$ref` and docs). */
function constrain(schema: JsonSchema | undefined, name: string, extra: JsonSchema): void {
  const p = prop(schema, name);
  if (p) Object.assign(p, extra);
}

/** A key and its certificate: an empty one is none to the server, so the other must be empty or absent too (tls-key-cert-pair). */
function emptyIsAbsent(schema: JsonSchema | undefined, key: string, cert: string): void {
  if (!schema) return;
  const emptyThen = (empty: string, other: string): JsonSchema => ({
    if: { type: 'object', required: [empty], properties: { [empty]: { const: '' } } },
    then: {
      type: 'object',
      properties: {
        [other]: {
          type: 'string',
          maxLength: 0,
          errorMessage: `${empty} is empty, which the server reads as none: give both ${key} and ${cert}, or neither (tls-key-cert-pair).`,
        },
      },
    },
  });
  schema.allOf = [...((schema.allOf as JsonSchema[] | undefined) ?? []), emptyThen(key, cert), emptyThen(cert, key)];
}

function require(schema: JsonSchema | undefined, ...names: string[]): void {
  if (!schema) return;
  schema.required = [...new Set([...((schema.required as string[] | undefined) ?? []), ...names])];
}

// UNSPECIFIED is also the number 0, which the server reads as that value.
const notUnspecified = (value: string, hint: string): JsonSchema => ({
  not: { enum: [value, 0] },
  errorMessage: `${value} is refused by the server: ${hint}`,
});

/** Enum fields that must be set and not UNSPECIFIED: definition, field, the refused value, what to use. */
const REQUIRED_ENUMS: readonly [string, string, string, string][] = [
  ['ScramConfiguration', 'scramMechanism', 'SCRAM_MECHANISM_UNSPECIFIED', 'use SCRAM_MECHANISM_SCRAM_SHA_256 or _512.'],
  ['NameFilter', 'filterType', 'FILTER_TYPE_UNSPECIFIED', 'use FILTER_TYPE_INCLUDE or FILTER_TYPE_EXCLUDE.'],
  ['NameFilter', 'patternType', 'PATTERN_TYPE_UNSPECIFIED', 'use PATTERN_TYPE_LITERAL or PATTERN_TYPE_PREFIX.'],
  ['AclResourceFilter', 'resourceType', 'ACL_RESOURCE_UNSPECIFIED', 'use ACL_RESOURCE_ANY to match every type.'],
  ['AclResourceFilter', 'patternType', 'ACL_PATTERN_UNSPECIFIED', 'use ACL_PATTERN_ANY to match every pattern type.'],
  ['AclAccessFilter', 'operation', 'ACL_OPERATION_UNSPECIFIED', 'use ACL_OPERATION_ANY to match every operation.'],
  [
    'AclAccessFilter',
    'permissionType',
    'ACL_PERMISSION_TYPE_UNSPECIFIED',
    'use ACL_PERMISSION_TYPE_ANY to match both.',
  ],
];

/** At most one of the given properties (a protobuf oneof). */
function atMostOne(schema: JsonSchema | undefined, names: string[], message: string): void {
  if (!schema) return;
  const pairs: JsonSchema[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++)
      pairs.push({
        type: 'object',
        properties: { [names[i]!]: true, [names[j]!]: true },
        required: [names[i], names[j]],
      });
  }
  const rule = { not: pairs.length === 1 ? pairs[0] : { anyOf: pairs }, errorMessage: message };
  schema.allOf = [...((schema.allOf as JsonSchema[] | undefined) ?? []), rule];
}

/** The request-side rules expressible in JSON Schema, applied to a request document. */
function constrainRequest(doc: JsonSchema, link: JsonSchema): void {
  constrain(link, 'name', {
    minLength: 1,
    maxLength: 128,
    pattern: '^[A-Za-z0-9._-]+$',
    patternErrorMessage: 'Use 1–128 characters from A-Z a-z 0-9 . _ - (shadow-link-name).',
  });
  // The server refuses a link without bootstrap servers, also when the sections holding them are missing.
  require(link, 'configurations');
  require(def(doc, 'ShadowLinkConfigurations'), 'clientOptions');
  const client = def(doc, 'ClientOptions');
  constrain(client, 'bootstrapServers', { minItems: 1 });
  const servers = prop(client, 'bootstrapServers');
  if (servers?.items) {
    Object.assign(servers.items as JsonSchema, {
      pattern: `^[^\\s:\\[\\]]+:[ \\t\\n\\v\\f\\r]*\\+?0*${PORT}[ \\t\\n\\v\\f\\r]*$`,
      patternErrorMessage:
        'host:port with a port from 0 to 65535, e.g. "kafka-1.example.com:9092" (IPv6 literals cannot be parsed by the server).',
    });
  }
  for (const field of NUMERIC_CLIENT_OPTIONS)
    if (!UNAPPLIED_CLIENT_OPTIONS.includes(field)) constrain(client, field, { minimum: 0 });
  const auth = def(doc, 'AuthenticationConfiguration');
  if (auth) auth.minProperties = 1;
  atMostOne(
    auth,
    ['plainConfiguration', 'scramConfiguration'],
    'Give exactly one of plainConfiguration and scramConfiguration (auth-exactly-one).',
  );
  for (const name of ['PlainConfiguration', 'ScramConfiguration']) {
    const s = def(doc, name);
    require(s, 'username', 'password');
    constrain(s, 'username', { minLength: 1 });
    constrain(s, 'password', { minLength: 1 });
  }
  atMostOne(
    def(doc, 'TlsSettings'),
    ['tlsFileSettings', 'tlsPemSettings'],
    'Give at most one of tlsFileSettings and tlsPemSettings (tls-at-most-one).',
  );
  const files = def(doc, 'TlsFileSettings');
  if (files) files.dependentRequired = { keyPath: ['certPath'], certPath: ['keyPath'] };
  emptyIsAbsent(files, 'keyPath', 'certPath');
  const pem = def(doc, 'TlsPemSettings');
  if (pem) pem.dependentRequired = { key: ['cert'], cert: ['key'] };
  emptyIsAbsent(pem, 'key', 'cert');

  // Enums the server refuses when UNSPECIFIED, explicitly or by omission (name filters cover topics and groups).
  for (const [name, field, unspecified, hint] of REQUIRED_ENUMS) {
    require(def(doc, name), field);
    constrain(def(doc, name), field, notUnspecified(unspecified, hint));
  }
  // Alias names the spec lists but the server's decoder does not know: read as UNSPECIFIED and refused.
  for (const [name, alias, use] of [
    ['NameFilter', 'PATTERN_TYPE_PREFIXED', 'PATTERN_TYPE_PREFIX'],
    ['AclResourceFilter', 'ACL_PATTERN_PREFIX', 'ACL_PATTERN_PREFIXED'],
  ] as const) {
    const field = prop(def(doc, name), 'patternType');
    if (field)
      field.allOf = [
        {
          not: { const: alias },
          errorMessage: `${alias} is not known to the server (read as UNSPECIFIED and refused): use ${use} (enum-alias).`,
        },
      ];
  }
  // Topic filters only: the name rules the server enforces.
  const defs = doc.$defs as Record<string, JsonSchema>;
  defs['TopicFilter'] = {
    title: 'Topic filter',
    description:
      'A name filter for topics: a topic name (A-Z a-z 0-9 . _ -), a prefix, or a lone * with PATTERN_TYPE_LITERAL. Reserved topics cannot be named.',
    markdownDescription:
      'A name filter for topics: a topic name (`A-Z a-z 0-9 . _ -`), a prefix, or a lone `*` with `PATTERN_TYPE_LITERAL`. Reserved topics cannot be named.',
    allOf: [
      { $ref: '#/$defs/NameFilter' },
      {
        type: 'object',
        // An absent name is the empty one to protobuf, which the server refuses.
        required: ['name'],
        properties: {
          name: {
            minLength: 1,
            pattern: '^(\\*|[A-Za-z0-9._-]+)$',
            patternErrorMessage:
              'A topic name uses only A-Z a-z 0-9 . _ -; "*" alone matches every topic (with PATTERN_TYPE_LITERAL). Filters are not globs (topic-filter-name).',
            type: 'string',
            not: { enum: [...RESERVED_FILTER_NAMES].sort() },
            errorMessage: 'This topic is reserved and cannot be named by a filter (reserved-topic-filter).',
          },
        },
      },
      {
        type: 'object',
        if: {
          type: 'object',
          required: ['patternType'],
          properties: { patternType: { const: 'PATTERN_TYPE_PREFIX' } },
        },
        then: {
          type: 'object',
          properties: {
            name: {
              type: 'string',
              not: { enum: ['*', '_svc', '__svc'] },
              errorMessage:
                'A PREFIX filter may not be "*", "_svc" or "__svc" (topic-filter-name, reserved-topic-filter).',
            },
          },
        },
      },
    ],
  };
  const topics = def(doc, 'TopicMetadataSyncOptions');
  // −1 ms in UTC, the spelling editors can match (the linter reads every spelling of the instant).
  constrain(topics, 'startAtTimestamp', {
    not: { type: 'string', pattern: '^1969-12-31[Tt]23:59:59\\.9990*[Zz]$' },
    errorMessage:
      'This is −1 ms, which Kafka reads as "latest": replication starts at the newest offset. Use startAtLatest, or a time after 1970 (start-at-timestamp).',
  });
  const list = prop(topics, 'autoCreateShadowTopicFilters');
  if (list) list.items = { $ref: '#/$defs/TopicFilter' };
  const synced = prop(topics, 'syncedShadowTopicProperties');
  if (synced?.items) {
    Object.assign(synced.items as JsonSchema, {
      not: { enum: [...TOPIC_PROPERTIES['26.1'].forbidden] },
      errorMessage:
        'This internal property may not be synced to shadow topics (synced-property-forbidden, server 26.1).',
    });
  }
  atMostOne(
    topics,
    ['startAtEarliest', 'startAtLatest', 'startAtTimestamp'],
    'Give at most one of startAtEarliest, startAtLatest and startAtTimestamp (start-position-at-most-one).',
  );
  for (const name of ['ConsumerOffsetSyncOptions', 'SecuritySyncOptions', 'TopicMetadataSyncOptions']) {
    const interval = prop(def(doc, name), 'interval');
    if (interval) {
      interval.pattern = `^(${SERVER_DURATION_MAGNITUDE})?$`;
      interval.patternErrorMessage =
        'A non-negative protobuf Duration: seconds with an "s" suffix, e.g. "30s"; "0s" means the default (duration).';
    }
  }
  // ACL filters: both halves (their enums are in REQUIRED_ENUMS).
  require(def(doc, 'AclFilter'), 'resourceFilter', 'accessFilter');
}

/** The response-side rules expressible in JSON Schema. */
function constrainResponse(doc: JsonSchema): void {
  for (const name of ['PlainConfigurationResponse', 'ScramConfigurationResponse']) {
    constrain(def(doc, name), 'password', {
      maxLength: 0,
      errorMessage: 'A response must never carry a password; expected "" (response-secret-leak).',
    });
  }
  const pem = def(doc, 'TlsPemSettingsResponse');
  constrain(pem, 'key', {
    maxLength: 0,
    errorMessage: 'A response must never carry the private key; expected "" (response-secret-leak).',
  });
  constrain(pem, 'keyFingerprint', {
    pattern: SHA256_BASE64_RE.source,
    patternErrorMessage: 'Padded base64 of a SHA-256 digest: 44 characters ending in "=" (key-fingerprint).',
  });
}

/** The spelling this server uses for `canceled` is accepted by the linter (an info), so editors accept it too. */
function acceptCancelled(doc: JsonSchema): void {
  const codes = def(doc, 'ConnectErrorCode');
  if (!codes || !Array.isArray(codes.enum)) return;
  codes.enum = [...(codes.enum as string[]), 'cancelled'];
  const note =
    'How this server spells canceled (it sends it with HTTP 422); Connect clients read it as an unknown code.';
  for (const key of ['enumDescriptions', 'markdownEnumDescriptions'])
    if (Array.isArray(codes[key])) codes[key] = [...(codes[key] as string[]), note];
}

/** Applies the expressible rules of a kind to its exported document (in place), chosen by its row in the kind table. */
export function addEditorConstraints(kind: DocumentKind, doc: JsonSchema): void {
  const d = kindOf(kind);
  if (d.link?.form === 'request') {
    const link = d.link.pointer === '' ? doc : def(doc, schemaAt(d.schema, d.link.pointer)!.$id as string);
    constrainRequest(doc, link!);
  } else if (d.link?.form === 'response') constrainResponse(doc);
  if (d.codec === 'connect-error') acceptCancelled(doc);
}
