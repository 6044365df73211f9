/** ShadowLinkStatus and its parts (response only). */
import type { Static } from '@sinclair/typebox';
import { ShadowLinkState, ShadowTopicState, TaskState } from './enums';
import { enumField, int32, int64, opt, strictObject, timestamp, Type } from './primitives';

/** Replication progress of one partition of a shadow topic. */
export const PartitionInformation = strictObject(
  {
    partitionId: opt(int64({ description: 'Partition number.' })),
    highWatermark: opt(
      int64({ description: 'High watermark of the shadow partition (int64; often a decimal string).' }),
    ),
    sourceHighWatermark: opt(int64({ description: 'High watermark of the source partition.' })),
    sourceLastStableOffset: opt(
      int64({ description: 'Last stable offset of the source partition; never above its high watermark.' }),
    ),
    sourceLastUpdatedTimestamp: opt(timestamp({ description: 'When the source offsets were last read.' })),
  },
  {
    $id: 'PartitionInformation',
    title: 'Partition information',
    description: 'Replication progress of one partition.',
  },
);
/** Replication progress of one partition of a shadow topic. */
export type PartitionInformation = Static<typeof PartitionInformation>;

/** Status of one shadow topic. */
export const ShadowTopicStatus = strictObject(
  {
    state: opt(enumField(ShadowTopicState, 'State of the shadow topic.')),
    partitionInformation: opt(Type.Array(PartitionInformation, { description: 'Progress per partition.' })),
  },
  {
    $id: 'ShadowTopicStatus',
    title: 'Shadow topic status',
    description: 'State and per-partition progress of a shadow topic.',
  },
);
/** Status of one shadow topic. */
export type ShadowTopicStatus = Static<typeof ShadowTopicStatus>;

/** A topic shadowed by the link. */
export const ShadowTopic = strictObject(
  {
    name: opt(Type.String({ description: 'Name of the shadow topic.' })),
    topicId: opt(Type.String({ description: 'ID of the shadow topic.' })),
    sourceTopicId: opt(Type.String({ description: 'ID of the source topic.' })),
    sourceTopicName: opt(Type.String({ description: 'Name of the source topic.' })),
    status: opt(ShadowTopicStatus),
  },
  { $id: 'ShadowTopic', title: 'Shadow topic', description: 'A topic replicated from the source cluster.' },
);
/** A topic shadowed by the link. */
export type ShadowTopic = Static<typeof ShadowTopic>;

/** Status of one background sync task. */
export const TaskStatus = strictObject(
  {
    name: opt(Type.String({ description: 'Name of the task.' })),
    state: opt(enumField(TaskState, 'State of the task.')),
    reason: opt(Type.String({ description: 'Why the task is in this state.' })),
    brokerId: opt(int32({ description: 'Node ID of the broker running the task.' })),
    shard: opt(int32({ description: 'Shard running the task.' })),
  },
  { $id: 'TaskStatus', title: 'Task status', description: 'State of one background sync task.' },
);
/** Status of one background sync task. */
export type TaskStatus = Static<typeof TaskStatus>;

/** Status of a shadow link (response only). */
export const ShadowLinkStatus = strictObject(
  {
    state: opt(enumField(ShadowLinkState, 'State of the link; `SHADOW_LINK_STATE_ACTIVE` right after creation.')),
    syncedShadowTopicProperties: opt(
      Type.Array(Type.String(), {
        description:
          'Topic properties being synced: always-replicated, defaults (unless excluded) and requested ones, sorted.',
      }),
    ),
    shadowTopics: opt(Type.Array(ShadowTopic, { description: 'Topics shadowed so far (empty right after creation).' })),
    taskStatuses: opt(Type.Array(TaskStatus, { description: 'Background task states (empty right after creation).' })),
  },
  {
    $id: 'ShadowLinkStatus',
    title: 'Shadow link status',
    description: 'Runtime status of a shadow link. Set by the server; never part of a request.',
  },
);
/** Status of a shadow link (response only). */
export type ShadowLinkStatus = Static<typeof ShadowLinkStatus>;
