/** Topic-property facts of the server: what always syncs, what syncs by default, what is forbidden. */
import type { TargetVersion } from './target-version';

/**
 * Replicated to every shadow topic whatever the settings (with the partition count); the same on
 * 25.3 and 26.1 (src/v/cluster_link/model/types.h, `required_topic_properties_to_sync`).
 */
export const ALWAYS_REPLICATED_PROPERTIES = ['cleanup.policy', 'max.message.bytes', 'message.timestamp.type'] as const;

/** Which properties a server version syncs by default and which it refuses. */
export interface TopicPropertyFacts {
  /** Synced unless `excludeDefault` is true (`default_synced_topic_properties`). */
  readonly defaults: readonly string[];
  /** Refused in `syncedShadowTopicProperties` (`disallowed_topic_properties`). */
  readonly forbidden: readonly string[];
  /** Topic properties this version knows. */
  readonly known: readonly string[];
}

const DEFAULTS_25_3 = [
  'compression.type',
  'delete.retention.ms',
  'max.compaction.lag.ms',
  'min.compaction.lag.ms',
  'replication.factor',
  'retention.bytes',
  'retention.ms',
];
const FORBIDDEN_BOTH = [
  'svc.remote.readreplica',
  'svc.remote.recovery',
  'svc.remote.allowgaps',
  'svc.virtual.cluster.id',
  'svc.leaders.preference',
];

/** Topic properties both versions know (Kafka topic configs and the service's own `svc.*` ones). */
const KNOWN_BOTH: readonly string[] = [
  ...ALWAYS_REPLICATED_PROPERTIES,
  ...DEFAULTS_25_3,
  'file.delete.delay.ms',
  'flush.bytes',
  'flush.messages',
  'flush.ms',
  'follower.replication.throttled.replicas',
  'index.interval.bytes',
  'initial.retention.local.target.bytes',
  'initial.retention.local.target.ms',
  'leader.replication.throttled.replicas',
  'local.retention.bytes',
  'local.retention.ms',
  'message.downconversion.enable',
  'message.format.version',
  'message.timestamp.after.max.ms',
  'message.timestamp.before.max.ms',
  'message.timestamp.difference.max.ms',
  'min.cleanable.dirty.ratio',
  'min.insync.replicas',
  'preallocate',
  'remote.storage.enable',
  'retention.local.target.bytes',
  'retention.local.target.ms',
  'segment.bytes',
  'segment.index.bytes',
  'segment.jitter.ms',
  'segment.ms',
  'unclean.leader.election.enable',
  'write.caching',
  'svc.remote.read',
  'svc.remote.write',
  'svc.remote.delete',
  'svc.iceberg.mode',
  'svc.iceberg.delete',
  'svc.iceberg.partition.spec',
  'svc.iceberg.invalid.record.action',
  'svc.iceberg.target.lag.ms',
  'svc.key.schema.id.validation',
  'svc.value.schema.id.validation',
  ...FORBIDDEN_BOTH,
];

/**
 * The topic-property facts of each server version, re-derived from src/v/cluster_link/model/types.h:
 * 25.3 forbids `svc.cloud_topic.enabled` and has no `svc.storage.mode`; by the 26.1 reference the
 * cloud-topic property is gone and `svc.storage.mode` is synced by default (commit 69fadb757f moved
 * it there from the disallowed list). The 26.1 API reference and .proto comment still call
 * `svc.storage.mode` forbidden: the server's code decides.
 */
export const TOPIC_PROPERTIES: Readonly<Record<TargetVersion, TopicPropertyFacts>> = {
  '25.3': {
    defaults: DEFAULTS_25_3,
    forbidden: [...FORBIDDEN_BOTH, 'svc.cloud_topic.enabled'],
    known: [...KNOWN_BOTH, 'svc.cloud_topic.enabled'],
  },
  '26.1': {
    defaults: [...DEFAULTS_25_3, 'svc.storage.mode'].sort(),
    forbidden: FORBIDDEN_BOTH,
    known: [...KNOWN_BOTH, 'svc.storage.mode'],
  },
};

/** Names users write for a property the server spells differently. */
export const PROPERTY_SPELLINGS: Readonly<Record<string, string>> = {
  'timestamp.type': 'message.timestamp.type',
  replication_factor: 'replication.factor',
};

/**
 * The `status.syncedShadowTopicProperties` a correct server reports for a request: the
 * always-replicated set, the version's defaults unless excluded, and the requested list, unique,
 * sorted byte-wise (26.1 sorts it; 25.3 returns it in hash-set order, so compare it as a set there).
 */
export function expectedSyncedProperties(
  version: TargetVersion,
  excludeDefault: boolean,
  requested: readonly string[],
): string[] {
  const set = new Set<string>([
    ...ALWAYS_REPLICATED_PROPERTIES,
    ...(excludeDefault ? [] : TOPIC_PROPERTIES[version].defaults),
    ...requested,
  ]);
  return [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** One version's facts as sets, for lookups. */
type TopicPropertySets = { readonly [F in keyof TopicPropertyFacts]: ReadonlySet<string> };

const setsOf = (facts: TopicPropertyFacts): TopicPropertySets => ({
  defaults: new Set(facts.defaults),
  forbidden: new Set(facts.forbidden),
  known: new Set(facts.known),
});

/** The facts of each target version as sets (what rules look names up in), built once. */
export const TOPIC_PROPERTY_SETS: Readonly<Record<TargetVersion, TopicPropertySets>> = {
  '25.3': setsOf(TOPIC_PROPERTIES['25.3']),
  '26.1': setsOf(TOPIC_PROPERTIES['26.1']),
};
