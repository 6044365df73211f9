/** Every enum of the Admin API v2, each value with a description an editor shows beside it. */
import type { Static } from '@sinclair/typebox';
import { stringEnum } from './primitives';

/** SASL/SCRAM mechanism of the shadow cluster's client. */
export const ScramMechanism = stringEnum(
  'ScramMechanism',
  'SCRAM mechanism',
  'SASL/SCRAM mechanism the shadow cluster uses to authenticate to the source cluster.',
  {
    SCRAM_MECHANISM_UNSPECIFIED: 'Not set. The server refuses it: name SHA-256 or SHA-512.',
    SCRAM_MECHANISM_SCRAM_SHA_256: 'SCRAM-SHA-256.',
    SCRAM_MECHANISM_SCRAM_SHA_512: 'SCRAM-SHA-512.',
  },
);
/** SASL/SCRAM mechanism of the shadow cluster's client. */
export type ScramMechanism = Static<typeof ScramMechanism>;

/** Whether a name filter includes or excludes what it matches. */
export const FilterType = stringEnum(
  'FilterType',
  'Filter type',
  'Whether names matched by this filter are selected (INCLUDE) or never selected (EXCLUDE). An EXCLUDE match always wins.',
  {
    FILTER_TYPE_UNSPECIFIED: 'Not set. The server refuses it in a topic filter: use INCLUDE or EXCLUDE.',
    FILTER_TYPE_INCLUDE: 'Select the names this filter matches (unless an EXCLUDE filter also matches them).',
    FILTER_TYPE_EXCLUDE: 'Never select the names this filter matches, whatever the INCLUDE filters say.',
  },
);
/** Whether a name filter includes or excludes what it matches. */
export type FilterType = Static<typeof FilterType>;

/** How a name filter's `name` is matched. */
export const PatternType = stringEnum(
  'PatternType',
  'Pattern type',
  'How the filter name is matched: LITERAL (the exact name, or every name for `*`) or PREFIX (names starting with it).',
  {
    PATTERN_TYPE_UNSPECIFIED: 'Not set. The server refuses it in a topic filter: use LITERAL or PREFIX.',
    PATTERN_TYPE_LITERAL: 'Matches the exact name; the lone name `*` matches every name.',
    PATTERN_TYPE_PREFIX: 'Matches every name that starts with the filter name.',
    PATTERN_TYPE_PREFIXED:
      'Listed by the spec as an alias of PREFIX, but the server does not recognise it and reads it as UNSPECIFIED: use PATTERN_TYPE_PREFIX.',
  },
);
/** How a name filter's `name` is matched. */
export type PatternType = Static<typeof PatternType>;

/** ACL operation matched by an ACL access filter. */
export const AclOperation = stringEnum('AclOperation', 'ACL operation', 'The operation an ACL grants or denies.', {
  ACL_OPERATION_UNSPECIFIED: 'Not set. The server refuses it: use ACL_OPERATION_ANY to match every operation.',
  ACL_OPERATION_ANY: 'Matches ACLs for any operation.',
  ACL_OPERATION_READ: 'Read (fetch from topics, join groups).',
  ACL_OPERATION_WRITE: 'Write (produce to topics).',
  ACL_OPERATION_CREATE: 'Create topics.',
  ACL_OPERATION_REMOVE: 'Delete resources.',
  ACL_OPERATION_ALTER: 'Alter resources.',
  ACL_OPERATION_DESCRIBE: 'Describe resources.',
  ACL_OPERATION_CLUSTER_ACTION: 'Cluster-internal actions (cluster resource only).',
  ACL_OPERATION_DESCRIBE_CONFIGS: 'Describe configuration.',
  ACL_OPERATION_ALTER_CONFIGS: 'Alter configuration.',
  ACL_OPERATION_IDEMPOTENT_WRITE: 'Idempotent produce (cluster resource only).',
});
/** ACL operation matched by an ACL access filter. */
export type AclOperation = Static<typeof AclOperation>;

/** ACL permission type matched by an ACL access filter. */
export const AclPermissionType = stringEnum(
  'AclPermissionType',
  'ACL permission type',
  'Whether the ACLs to match allow or deny.',
  {
    ACL_PERMISSION_TYPE_UNSPECIFIED: 'Not set. The server refuses it: use ACL_PERMISSION_TYPE_ANY to match both.',
    ACL_PERMISSION_TYPE_ANY: 'Matches ALLOW and DENY ACLs.',
    ACL_PERMISSION_TYPE_ALLOW: 'Matches ALLOW ACLs.',
    ACL_PERMISSION_TYPE_DENY: 'Matches DENY ACLs.',
  },
);
/** ACL permission type matched by an ACL access filter. */
export type AclPermissionType = Static<typeof AclPermissionType>;

/** How an ACL resource filter's `name` is matched. */
export const AclPatternType = stringEnum(
  'AclPatternType',
  'ACL pattern type',
  'Which ACL resource patterns to match.',
  {
    ACL_PATTERN_UNSPECIFIED: 'Not set. The server refuses it: use ACL_PATTERN_ANY to match every pattern type.',
    ACL_PATTERN_ANY: 'Matches ACLs of any pattern type.',
    ACL_PATTERN_LITERAL: 'Matches ACLs whose resource pattern is literal.',
    ACL_PATTERN_PREFIXED: 'Matches ACLs whose resource pattern is a prefix.',
    ACL_PATTERN_PREFIX:
      'Listed by the spec as an alias of PREFIXED, but the server does not recognise it and reads it as UNSPECIFIED: use ACL_PATTERN_PREFIXED.',
    ACL_PATTERN_MATCH: 'Matches every ACL that would apply to the named resource (literal, prefixed and `*`).',
  },
);
/** How an ACL resource filter's `name` is matched. */
export type AclPatternType = Static<typeof AclPatternType>;

/** Resource type matched by an ACL resource filter. */
export const AclResourceType = stringEnum(
  'AclResourceType',
  'ACL resource type',
  'The kind of resource whose ACLs are matched.',
  {
    ACL_RESOURCE_UNSPECIFIED: 'Not set. The server refuses it: use ACL_RESOURCE_ANY to match every resource type.',
    ACL_RESOURCE_ANY: 'Any resource type.',
    ACL_RESOURCE_CLUSTER: 'The cluster.',
    ACL_RESOURCE_GROUP: 'Consumer groups.',
    ACL_RESOURCE_TOPIC: 'Topics.',
    ACL_RESOURCE_TXN_ID: 'Transactional IDs.',
    ACL_RESOURCE_SR_SUBJECT: 'Schema Registry subjects.',
    ACL_RESOURCE_SR_REGISTRY: 'The Schema Registry itself.',
    ACL_RESOURCE_SR_ANY: 'Any Schema Registry resource.',
  },
);
/** Resource type matched by an ACL resource filter. */
export type AclResourceType = Static<typeof AclResourceType>;

/** State of a shadow link. */
export const ShadowLinkState = stringEnum('ShadowLinkState', 'Shadow link state', 'State of the shadow link.', {
  SHADOW_LINK_STATE_UNSPECIFIED: 'Unknown state.',
  SHADOW_LINK_STATE_ACTIVE: 'The link is running; a newly created link is ACTIVE.',
  SHADOW_LINK_STATE_PAUSED: 'The link is paused.',
});
/** State of a shadow link. */
export type ShadowLinkState = Static<typeof ShadowLinkState>;

/** State of one shadow topic. */
export const ShadowTopicState = stringEnum('ShadowTopicState', 'Shadow topic state', 'State of a shadow topic.', {
  SHADOW_TOPIC_STATE_UNSPECIFIED: 'Unknown state.',
  SHADOW_TOPIC_STATE_ACTIVE: 'Replicating from the source topic.',
  SHADOW_TOPIC_STATE_FAULTED: 'Replication failed; see the task statuses.',
  SHADOW_TOPIC_STATE_PAUSED: 'Replication is paused.',
  SHADOW_TOPIC_STATE_FAILING_OVER: 'Failover to the shadow cluster is in progress.',
  SHADOW_TOPIC_STATE_FAILED_OVER: 'Failed over: the shadow topic no longer follows the source.',
  SHADOW_TOPIC_STATE_PROMOTING: 'Promotion to a regular topic is in progress.',
  SHADOW_TOPIC_STATE_PROMOTED: 'Promoted to a regular, writable topic.',
});
/** State of one shadow topic. */
export type ShadowTopicState = Static<typeof ShadowTopicState>;

/** State of a background sync task. */
export const TaskState = stringEnum('TaskState', 'Task state', 'State of a background sync task.', {
  TASK_STATE_UNSPECIFIED: 'Unknown state.',
  TASK_STATE_ACTIVE: 'Running and syncing.',
  TASK_STATE_PAUSED: 'Paused by its `paused` option.',
  TASK_STATE_LINK_UNAVAILABLE: 'The source cluster cannot be reached.',
  TASK_STATE_NOT_RUNNING: 'Not running on this broker.',
  TASK_STATE_FAULTED: 'Failed; `reason` says why.',
});
/** State of a background sync task. */
export type TaskState = Static<typeof TaskState>;

/** Connect error code (lowercase names of the standard RPC status codes). */
export const ConnectErrorCode = stringEnum(
  'ConnectErrorCode',
  'Connect error code',
  'The Connect protocol error code: the lowercase name of a standard RPC status code.',
  {
    canceled: 'The call was cancelled (HTTP 499).',
    unknown: 'Unknown error (HTTP 500).',
    invalid_argument: 'The request is invalid, e.g. "invalid request input" (HTTP 400).',
    deadline_exceeded: 'The deadline passed before the call completed (HTTP 504).',
    not_found: 'The resource does not exist (HTTP 404).',
    already_exists: 'A resource with that name exists already (HTTP 409).',
    permission_denied: 'The caller may not do this (HTTP 403).',
    resource_exhausted: 'A limit was reached, e.g. a second shadow link (HTTP 429).',
    failed_precondition: 'The system is not in a state that allows it, e.g. the source is unreachable (HTTP 400).',
    aborted: 'The operation was aborted (HTTP 409).',
    out_of_range: 'A value is out of range (HTTP 400).',
    unimplemented: 'Not implemented or not supported, e.g. a wrong Content-Type (HTTP 501).',
    internal: 'Internal error (HTTP 500).',
    unavailable: 'The service is unavailable; retry later (HTTP 503).',
    data_loss: 'Unrecoverable data loss (HTTP 500).',
    unauthenticated: 'No valid credentials (HTTP 401).',
  },
);
/** Connect error code (lowercase names of the standard RPC status codes). */
export type ConnectErrorCode = Static<typeof ConnectErrorCode>;
