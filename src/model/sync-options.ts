/** The four background sync tasks of a shadow link and their filters. */
import type { Static, TProperties } from '@sinclair/typebox';
import { AclOperation, AclPatternType, AclPermissionType, AclResourceType, FilterType, PatternType } from './enums';
import { duration, emptyObject, enumField, opt, strictObject, timestamp, Type } from './primitives';

/** Default sync interval of every task (the spec's Limits table). */
export const DEFAULT_SYNC_INTERVAL_SECONDS = 30;

/** A name-based filter selecting topics or consumer groups. */
export const NameFilter = strictObject(
  {
    filterType: opt(
      enumField(FilterType, 'INCLUDE selects matching names; EXCLUDE keeps them out (EXCLUDE always wins).'),
    ),
    name: opt(
      Type.String({
        description:
          'A topic or group name, a prefix, or a lone `*` (only with `PATTERN_TYPE_LITERAL`, where it matches every name).',
        examples: ['orders', 'orders.', '*'],
      }),
    ),
    patternType: opt(
      enumField(
        PatternType,
        'LITERAL matches the exact name (or all names for `*`); PREFIX matches names starting with `name`.',
      ),
    ),
  },
  {
    $id: 'NameFilter',
    title: 'Name filter',
    description: 'Selects names: literal or prefix match, included or excluded.',
  },
);
/** A name-based filter selecting topics or consumer groups. */
export type NameFilter = Static<typeof NameFilter>;

const interval = (task: string) =>
  opt(
    duration({
      description: `How often the ${task} task syncs, a protobuf Duration such as \`"30s"\`. \`"0s"\` or unset means the default, 30 seconds.`,
      examples: ['30s', '60s'],
    }),
  );
const paused = (what: string) =>
  opt(Type.Boolean({ description: `When true the task is paused and ${what}.`, default: false }));
const effectiveInterval = opt(
  duration({ description: 'The interval in use, after the default is applied (response only).' }),
);

/** Builds the request and response forms of a sync-options message (the response adds `effectiveInterval`). */
function syncOptionsPair<P extends TProperties>(id: string, title: string, description: string, props: P) {
  const request = strictObject(props, { $id: id, title, description });
  const response = strictObject(
    { ...props, effectiveInterval },
    { $id: `${id}Response`, title: `${title} (response)`, description: `${description} As returned by the server.` },
  );
  return [request, response] as const;
}

const [consumerOffsetRequest, consumerOffsetResponse] = syncOptionsPair(
  'ConsumerOffsetSyncOptions',
  'Consumer offset sync',
  'Which consumer groups have their committed offsets copied from the source cluster, and how often.',
  {
    groupFilters: opt(
      Type.Array(NameFilter, { description: 'Filters selecting the consumer groups whose offsets are synced.' }),
    ),
    interval: interval('consumer offset'),
    paused: paused('no consumer offsets are synced'),
  },
);
/** Consumer offset sync options (request form). */
export const ConsumerOffsetSyncOptions = consumerOffsetRequest;
/** Consumer offset sync options (request form). */
export type ConsumerOffsetSyncOptions = Static<typeof ConsumerOffsetSyncOptions>;
/** Consumer offset sync options (response form). */
export const ConsumerOffsetSyncOptionsResponse = consumerOffsetResponse;
/** Consumer offset sync options (response form). */
export type ConsumerOffsetSyncOptionsResponse = Static<typeof ConsumerOffsetSyncOptionsResponse>;

/** Schema Registry topic shadowing. */
export const SchemaRegistrySyncOptions = strictObject(
  {
    shadowSchemaRegistryTopic: opt(
      emptyObject({
        description:
          'Present (`{}`) to shadow the source `_schemas` topic byte for byte. It is added only if it exists on the source and is absent or empty on the shadow cluster; unsetting it later does not stop shadowing.',
      }),
    ),
  },
  {
    $id: 'SchemaRegistrySyncOptions',
    title: 'Schema Registry sync',
    description: 'Shadowing of the source Schema Registry topic (`_schemas`).',
  },
);
/** Schema Registry topic shadowing. */
export type SchemaRegistrySyncOptions = Static<typeof SchemaRegistrySyncOptions>;

/** The access part of an ACL filter. */
export const AclAccessFilter = strictObject(
  {
    host: opt(
      Type.String({
        description:
          'Host of the ACLs to match, literally (no CIDR or globs). Unset matches all hosts; `*` matches only ACLs whose host is `*`.',
      }),
    ),
    operation: opt(enumField(AclOperation, 'Operation of the ACLs to match. Use `ACL_OPERATION_ANY` for all.')),
    permissionType: opt(
      enumField(AclPermissionType, 'Permission type of the ACLs to match. Use `ACL_PERMISSION_TYPE_ANY` for both.'),
    ),
    principal: opt(
      Type.String({
        description: 'Principal of the ACLs to match, `Type:name` (e.g. `User:alice`). Unset matches all principals.',
      }),
    ),
  },
  {
    $id: 'AclAccessFilter',
    title: 'ACL access filter',
    description: 'Matches ACLs by principal, host, operation and permission.',
  },
);
/** The access part of an ACL filter. */
export type AclAccessFilter = Static<typeof AclAccessFilter>;

/** The resource part of an ACL filter. */
export const AclResourceFilter = strictObject(
  {
    name: opt(
      Type.String({ description: 'Resource name to match. Unset matches every resource of the type; `*` is literal.' }),
    ),
    patternType: opt(enumField(AclPatternType, 'Pattern type of the ACLs to match. Use `ACL_PATTERN_ANY` for all.')),
    resourceType: opt(
      enumField(AclResourceType, 'Resource type of the ACLs to match. Use `ACL_RESOURCE_ANY` for all.'),
    ),
  },
  {
    $id: 'AclResourceFilter',
    title: 'ACL resource filter',
    description: 'Matches ACLs by resource type, name and pattern type.',
  },
);
/** The resource part of an ACL filter. */
export type AclResourceFilter = Static<typeof AclResourceFilter>;

/** Selects ACLs to copy from the source cluster. */
export const AclFilter = strictObject(
  {
    accessFilter: opt(AclAccessFilter),
    resourceFilter: opt(AclResourceFilter),
  },
  {
    $id: 'AclFilter',
    title: 'ACL filter',
    description:
      'Selects ACLs to copy. Give both `resourceFilter` and `accessFilter`: a missing one is read as UNSPECIFIED and refused.',
  },
);
/** Selects ACLs to copy from the source cluster. */
export type AclFilter = Static<typeof AclFilter>;

const [securityRequest, securityResponse] = syncOptionsPair(
  'SecuritySyncOptions',
  'Security sync',
  'Which ACLs are copied from the source cluster, and how often.',
  {
    aclFilters: opt(Type.Array(AclFilter, { description: 'Filters selecting the ACLs to copy.' })),
    interval: interval('security'),
    paused: paused('no security settings are synced'),
  },
);
/** Security (ACL) sync options (request form). */
export const SecuritySyncOptions = securityRequest;
/** Security (ACL) sync options (request form). */
export type SecuritySyncOptions = Static<typeof SecuritySyncOptions>;
/** Security (ACL) sync options (response form). */
export const SecuritySyncOptionsResponse = securityResponse;
/** Security (ACL) sync options (response form). */
export type SecuritySyncOptionsResponse = Static<typeof SecuritySyncOptionsResponse>;

const [topicRequest, topicResponse] = syncOptionsPair(
  'TopicMetadataSyncOptions',
  'Topic metadata sync',
  'Which source topics become shadow topics, which topic properties are synced, and where replication starts.',
  {
    autoCreateShadowTopicFilters: opt(
      Type.Array(NameFilter, {
        description:
          'Filters selecting the source topics created automatically as shadow topics. Affects only creation, not topics already shadowed.',
      }),
    ),
    excludeDefault: opt(
      Type.Boolean({
        description:
          'false: the default properties (`compression.type`, `retention.bytes`, `retention.ms`, `delete.retention.ms`, replication factor, `min.compaction.lag.ms`, `max.compaction.lag.ms`) are synced. true: only `syncedShadowTopicProperties` are.',
        default: false,
      }),
    ),
    syncedShadowTopicProperties: opt(
      Type.Array(Type.String({ description: 'A topic property name, e.g. `segment.bytes`.' }), {
        description: 'Topic properties to sync beyond the defaults. `svc.*` internal properties are forbidden.',
      }),
    ),
    interval: interval('topic metadata'),
    paused: paused('no topics or properties are synced'),
    startAtEarliest: opt(
      emptyObject({
        description:
          'Present (`{}`): replicate from the earliest offset of each source partition (the default when no start position is given).',
      }),
    ),
    startAtLatest: opt(
      emptyObject({ description: 'Present (`{}`): replicate from the latest offset of each source partition.' }),
    ),
    startAtTimestamp: opt(
      timestamp({
        description: 'Replicate from the first record whose timestamp is at or after this RFC 3339 time.',
        examples: ['2026-01-01T00:00:00Z'],
      }),
    ),
  },
);
/** Topic metadata sync options (request form). */
export const TopicMetadataSyncOptions = topicRequest;
/** Topic metadata sync options (request form). */
export type TopicMetadataSyncOptions = Static<typeof TopicMetadataSyncOptions>;
/** Topic metadata sync options (response form). */
export const TopicMetadataSyncOptionsResponse = topicResponse;
/** Topic metadata sync options (response form). */
export type TopicMetadataSyncOptionsResponse = Static<typeof TopicMetadataSyncOptionsResponse>;
