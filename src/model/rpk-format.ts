/**
 * rpk's shadow-link config file (`rpk shadow create --config-file`): the Go structs rpk decodes it
 * into, as a table. The reader (src/rpk) decodes a file through it exactly as yaml.v2 decodes into
 * those structs; the key names, Go types and versions come from the server repository's
 * `src/go/rpk/pkg/cli/shadow/types.go` (newest rpk, checked against 26.1 and 25.3).
 */

/** The rpk releases whose file format differs: keys are only ever added. `next` is the newest rpk (after 26.1). */
export type RpkVersion = '25.3' | '26.1' | 'next';

/** The name of the JSON Schema of rpk's file (`schemas/RpkShadowLinkConfig.schema.json`); a `$schema` or modeline naming it marks an rpk file. */
export const RPK_SCHEMA_NAME = 'RpkShadowLinkConfig';

/** File names the editor catalog gives rpk's schema (rpk's own default, `shadow-link.yaml`, is also an API file's name: not matched). */
export const RPK_FILE_PATTERNS = ['*.rpk.yaml', '*.rpk.yml'] as const;

/** Each release in words, for messages and docs. */
export const RPK_RELEASE_TEXT: Readonly<Record<RpkVersion, string>> = {
  '25.3': 'rpk 25.3',
  '26.1': 'rpk 26.1',
  next: 'the rpk release after 26.1',
};

/** The rpk versions a config may name (`rpkVersion`), oldest first. */
export const RPK_VERSIONS = ['25.3', '26.1', 'next'] as const satisfies readonly RpkVersion[];

/**
 * Where rpk's mapper puts a top-level key of the file: `name` on the link itself, `cloud_options`
 * nowhere in the Admin API's link (it goes to the cloud's control plane), every other block under
 * the link's `configurations`.
 */
export const rpkTopLevelPlace = (key: string): 'link' | 'cloud' | 'configurations' =>
  key === 'name' ? 'link' : key === 'cloud_options' ? 'cloud' : 'configurations';

/**
 * The one-of groups of rpk's structs, by struct: rpk's mapper sends the first member set, in this
 * order (mapper.go's switches); its own checks refuse a file that sets two (create.go).
 */
export const RPK_ONE_OF: Readonly<Record<string, readonly string[]>> = {
  'shadow.TopicMetadataSyncOptions': ['start_at_earliest', 'start_at_latest', 'start_at_timestamp'],
  'shadow.TLSSettings': ['tls_file_settings', 'tls_pem_settings'],
  'shadow.AuthenticationConfiguration': ['scram_configuration', 'plain_configuration'],
  'shadow.SchemaRegistrySyncOptions': ['shadow_schema_registry_topic', 'shadow_schema_registry_api'],
  'shadow.SchemaRegistryContextDestination': ['identity', 'exact'],
};

/** The releases in order: a key is read by every release from its `since` on. */
export const RPK_VERSION_ORDER: Readonly<Record<RpkVersion, number>> = { '25.3': 0, '26.1': 1, next: 2 };

/** A Go type of rpk's config structs, as yaml.v2 decodes a YAML node into it. */
export type GoType =
  /** A Go string, or a named string type (an enum: any string decodes; `values` are the ones rpk maps). */
  | { readonly kind: 'string'; readonly name?: string; readonly values?: readonly string[] }
  | { readonly kind: 'bool' }
  | { readonly kind: 'int32' }
  /** `time.Duration`: an int64 of nanoseconds, or a string for `time.ParseDuration`. */
  | { readonly kind: 'duration' }
  /** A `*time.Time`: nil when unset. */
  | { readonly kind: 'time' }
  | { readonly kind: 'slice'; readonly of: GoType }
  /** A pointer to a struct: nil when unset. */
  | { readonly kind: 'ptr'; readonly to: GoStruct }
  | GoStruct;

/** A Go struct: its fields by YAML key, in declaration order. */
export interface GoStruct {
  readonly kind: 'struct';
  /** Its Go name as yaml.v2's errors print it (`shadow.TLSSettings`). */
  readonly name: string;
  readonly fields: readonly RpkField[];
}

/** A field of an rpk struct. */
export interface RpkField {
  /** The YAML key (the struct tag). */
  readonly key: string;
  readonly type: GoType;
  /** The first rpk release that reads it. */
  readonly since: RpkVersion;
}

const str: GoType = { kind: 'string' };
const bool: GoType = { kind: 'bool' };
const int32: GoType = { kind: 'int32' };
const duration: GoType = { kind: 'duration' };
const strings: GoType = { kind: 'slice', of: str };

const struct = (name: string, fields: readonly RpkField[]): GoStruct => ({
  kind: 'struct',
  name: `shadow.${name}`,
  fields,
});
const ptr = (to: GoStruct): GoType => ({ kind: 'ptr', to });
const list = (of: GoStruct): GoType => ({ kind: 'slice', of: ptr(of) });
const f = (key: string, type: GoType, since: RpkVersion = '25.3'): RpkField => ({ key, type, since });
const enumType = (name: string, values: readonly string[]): GoType => ({
  kind: 'string',
  name: `shadow.${name}`,
  values,
});
/** An empty struct behind a pointer: set by `key: {}`, unset when absent or null. */
const marker = (name: string): GoType => ptr(struct(name, []));

/** rpk's enum spellings (exact, case-sensitive); any other string becomes the API's `*_UNSPECIFIED`. */
export const RPK_ENUMS = {
  ScramMechanism: ['SCRAM-SHA-256', 'SCRAM-SHA-512'],
  PatternType: ['LITERAL', 'PREFIX'],
  FilterType: ['INCLUDE', 'EXCLUDE'],
  ACLResource: ['ANY', 'CLUSTER', 'GROUP', 'TOPIC', 'TXN_ID', 'SUBJECT', 'REGISTRY', 'SR_ANY'],
  ACLPattern: ['ANY', 'LITERAL', 'PREFIXED', 'MATCH'],
  ACLOperation: [
    'ANY',
    'READ',
    'WRITE',
    'CREATE',
    'REMOVE',
    'ALTER',
    'DESCRIBE',
    'CLUSTER_ACTION',
    'DESCRIBE_CONFIGS',
    'ALTER_CONFIGS',
    'IDEMPOTENT_WRITE',
  ],
  ACLPermissionType: ['ANY', 'ALLOW', 'DENY'],
  UnsupportedSchemaFeaturePolicy: ['FAIL', 'REMOVE'],
} as const satisfies Record<string, readonly string[]>;

/** How rpk's mapper names each enum value in the API: a prefix, and the values it renames (ACL `SUBJECT` is `ACL_RESOURCE_SR_SUBJECT`). */
const API_NAMES: Record<keyof typeof RPK_ENUMS, { prefix: string; renamed?: Record<string, string> }> = {
  ScramMechanism: {
    prefix: 'SCRAM_MECHANISM_',
    renamed: { 'SCRAM-SHA-256': 'SCRAM_SHA_256', 'SCRAM-SHA-512': 'SCRAM_SHA_512' },
  },
  PatternType: { prefix: 'PATTERN_TYPE_' },
  FilterType: { prefix: 'FILTER_TYPE_' },
  ACLResource: { prefix: 'ACL_RESOURCE_', renamed: { SUBJECT: 'SR_SUBJECT', REGISTRY: 'SR_REGISTRY' } },
  ACLPattern: { prefix: 'ACL_PATTERN_' },
  ACLOperation: { prefix: 'ACL_OPERATION_' },
  ACLPermissionType: { prefix: 'ACL_PERMISSION_TYPE_' },
  UnsupportedSchemaFeaturePolicy: { prefix: 'UNSUPPORTED_SCHEMA_FEATURE_POLICY_' },
};

/** The API's name of an rpk enum value (`LITERAL` of a name filter is `PATTERN_TYPE_LITERAL`); undefined for a value rpk does not know, which it sends as UNSPECIFIED. */
export function apiEnumName(goName: string, value: string): string | undefined {
  const name = goName.replace(/^shadow\./, '') as keyof typeof RPK_ENUMS;
  if (!Object.hasOwn(RPK_ENUMS, name) || !(RPK_ENUMS[name] as readonly string[]).includes(value)) return undefined;
  const { prefix, renamed } = API_NAMES[name];
  return `${prefix}${renamed?.[value] ?? value}`;
}

let rpkSpellings: ReadonlyMap<string, string> | undefined;
/**
 * Text about the API in rpk's spellings: each API enum name rpk has a spelling for
 * (`FILTER_TYPE_INCLUDE`, `ACL_RESOURCE_ANY`) as rpk writes it (`INCLUDE`, `ANY`); names rpk has
 * none for (`*_UNSPECIFIED`) are left as they are.
 */
export function apiEnumsInRpkSpelling(text: string): string {
  rpkSpellings ??= new Map(
    (Object.keys(RPK_ENUMS) as (keyof typeof RPK_ENUMS)[]).flatMap((name) =>
      RPK_ENUMS[name].map((v) => [apiEnumName(name, v)!, v] as const),
    ),
  );
  const spellings = rpkSpellings;
  return text.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, (name) => spellings.get(name) ?? name);
}

const rpkEnum = (name: keyof typeof RPK_ENUMS): GoType => enumType(name, RPK_ENUMS[name]);

const TLSSettings = struct('TLSSettings', [
  f('enabled', bool),
  f('do_not_set_sni_hostname', bool),
  f('tls_file_settings', ptr(struct('TLSFileSettings', [f('ca_path', str), f('key_path', str), f('cert_path', str)]))),
  f('tls_pem_settings', ptr(struct('TLSPEMSettings', [f('ca', str), f('key', str), f('cert', str)]))),
]);

const NameFilter = struct('NameFilter', [
  f('pattern_type', rpkEnum('PatternType')),
  f('filter_type', rpkEnum('FilterType')),
  f('name', str),
]);

const ACLFilter = struct('ACLFilter', [
  f(
    'resource_filter',
    ptr(
      struct('ACLResourceFilter', [
        f('resource_type', rpkEnum('ACLResource')),
        f('pattern_type', rpkEnum('ACLPattern')),
        f('name', str),
      ]),
    ),
  ),
  f(
    'access_filter',
    ptr(
      struct('ACLAccessFilter', [
        f('principal', str),
        f('operation', rpkEnum('ACLOperation')),
        f('permission_type', rpkEnum('ACLPermissionType')),
        f('host', str),
      ]),
    ),
  ),
]);

const ShadowSchemaRegistryAPI = struct('ShadowSchemaRegistryAPI', [
  f('source_url', str),
  f(
    'auth_options',
    ptr(
      struct('SchemaRegistryAuthOptions', [
        f('basic', ptr(struct('HTTPBasicAuthOptions', [f('username', str), f('password', str)]))),
      ]),
    ),
  ),
  f('tls_settings', ptr(TLSSettings)),
  f('tail_interval', duration),
  f('full_sync_interval', duration),
  f('max_source_requests_per_second', int32),
  f('source_filter', ptr(struct('SchemaRegistrySourceFilter', [f('contexts', strings), f('subjects', strings)]))),
  f(
    'destination',
    ptr(
      struct('SchemaRegistryContextDestination', [
        f('identity', marker('SchemaRegistryIdentityContextMapping')),
        f(
          'exact',
          ptr(
            struct('SchemaRegistryExactContextMappings', [
              f('mappings', list(struct('SchemaRegistryContextMap', [f('source', str), f('destination', str)]))),
            ]),
          ),
        ),
      ]),
    ),
  ),
  f('unsupported_schema_feature_policy', rpkEnum('UnsupportedSchemaFeaturePolicy')),
]);

/** The whole file: rpk's `ShadowLinkConfig`. */
export const RPK_CONFIG: GoStruct = struct('ShadowLinkConfig', [
  f('name', str),
  f(
    'cloud_options',
    ptr(struct('CloudShadowLinkOptions', [f('source_redpanda_id', str), f('shadow_redpanda_id', str)])),
    '26.1',
  ),
  f(
    'client_options',
    ptr(
      struct('ShadowLinkClientOptions', [
        f('bootstrap_servers', strings),
        f('source_cluster_id', str),
        f('tls_settings', ptr(TLSSettings)),
        f(
          'authentication_configuration',
          ptr(
            struct('AuthenticationConfiguration', [
              f(
                'scram_configuration',
                ptr(
                  struct('ScramConfiguration', [
                    f('username', str),
                    f('password', str),
                    f('scram_mechanism', rpkEnum('ScramMechanism')),
                  ]),
                ),
              ),
              f(
                'plain_configuration',
                ptr(struct('PlainConfiguration', [f('username', str), f('password', str)])),
                '26.1',
              ),
            ]),
          ),
        ),
        f('metadata_max_age_ms', int32),
        f('connection_timeout_ms', int32),
        f('retry_backoff_ms', int32),
        f('fetch_wait_max_ms', int32),
        f('fetch_min_bytes', int32),
        f('fetch_max_bytes', int32),
        f('fetch_partition_max_bytes', int32),
      ]),
    ),
  ),
  f(
    'topic_metadata_sync_options',
    ptr(
      struct('TopicMetadataSyncOptions', [
        f('interval', duration),
        f('paused', bool),
        f('auto_create_shadow_topic_filters', list(NameFilter)),
        f('synced_shadow_topic_properties', strings),
        f('exclude_default', bool),
        f('start_at_earliest', marker('StartAtEarliest')),
        f('start_at_latest', marker('StartAtLatest')),
        f('start_at_timestamp', { kind: 'time' }),
      ]),
    ),
  ),
  f(
    'consumer_offset_sync_options',
    ptr(
      struct('ConsumerOffsetSyncOptions', [
        f('interval', duration),
        f('paused', bool),
        f('group_filters', list(NameFilter)),
      ]),
    ),
  ),
  f(
    'security_sync_options',
    ptr(
      struct('SecuritySettingsSyncOptions', [
        f('interval', duration),
        f('paused', bool),
        f('acl_filters', list(ACLFilter)),
      ]),
    ),
  ),
  f(
    'schema_registry_sync_options',
    ptr(
      struct('SchemaRegistrySyncOptions', [
        f('shadow_schema_registry_topic', marker('ShadowSchemaRegistryTopic')),
        f('shadow_schema_registry_api', ptr(ShadowSchemaRegistryAPI), 'next'),
      ]),
    ),
  ),
  f(
    'role_sync_options',
    ptr(
      struct('RoleSyncOptions', [f('interval', duration), f('paused', bool), f('role_name_filters', list(NameFilter))]),
    ),
    'next',
  ),
]);

/** How yaml.v2's messages name a Go type (`[]*shadow.NameFilter`, `time.Duration`). */
export function goTypeName(t: GoType): string {
  switch (t.kind) {
    case 'string':
      return t.name ?? 'string';
    case 'bool':
    case 'int32':
      return t.kind;
    case 'duration':
      return 'time.Duration';
    case 'time':
      return 'time.Time';
    case 'slice':
      return `[]${goTypeName(t.of)}`;
    case 'ptr':
      return `*${t.to.name}`;
    case 'struct':
      return t.name;
  }
}
