/** Topic-property facts of the server: what always syncs, what syncs by default, what is forbidden. */
import type { TargetVersion } from '../engine/types';

/** Replicated to every shadow topic whatever the settings (with the partition count). */
export const ALWAYS_REPLICATED_PROPERTIES = ['cleanup.policy', 'max.message.bytes', 'message.timestamp.type'] as const;

/** Synced unless `excludeDefault` is true. */
export const DEFAULT_SYNCED_PROPERTIES = [
  'compression.type',
  'delete.retention.ms',
  'max.compaction.lag.ms',
  'min.compaction.lag.ms',
  'replication.factor',
  'retention.bytes',
  'retention.ms',
] as const;

/** Properties a link may not sync, per server version (25.3 forbade `svc.cloud_topic.enabled` where 26.1 forbids `svc.storage.mode`). */
export const FORBIDDEN_SYNCED_PROPERTIES: Readonly<Record<TargetVersion, readonly string[]>> = {
  '25.3': [
    'svc.remote.readreplica',
    'svc.remote.recovery',
    'svc.remote.allowgaps',
    'svc.virtual.cluster.id',
    'svc.leaders.preference',
    'svc.cloud_topic.enabled',
  ],
  '26.1': [
    'svc.remote.readreplica',
    'svc.remote.recovery',
    'svc.remote.allowgaps',
    'svc.virtual.cluster.id',
    'svc.leaders.preference',
    'svc.storage.mode',
  ],
};

/** Topic properties the server knows (Kafka topic configs and the service's own `svc.*` ones). */
export const KNOWN_TOPIC_PROPERTIES: readonly string[] = [
  ...ALWAYS_REPLICATED_PROPERTIES,
  ...DEFAULT_SYNCED_PROPERTIES,
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
  'svc.cloud_topic.enabled',
  'svc.storage.mode',
  'svc.remote.readreplica',
  'svc.remote.recovery',
  'svc.remote.allowgaps',
  'svc.virtual.cluster.id',
  'svc.leaders.preference',
];

/** Names users write for a property the server spells differently. */
export const PROPERTY_SPELLINGS: Readonly<Record<string, string>> = {
  'timestamp.type': 'message.timestamp.type',
  replication_factor: 'replication.factor',
};

/**
 * The `status.syncedShadowTopicProperties` a correct server reports for a request: the
 * always-replicated set, the defaults unless excluded, and the requested list, sorted and unique.
 */
export function expectedSyncedProperties(excludeDefault: boolean, requested: readonly string[]): string[] {
  const set = new Set<string>([
    ...ALWAYS_REPLICATED_PROPERTIES,
    ...(excludeDefault ? [] : DEFAULT_SYNCED_PROPERTIES),
    ...requested,
  ]);
  return [...set].sort();
}
