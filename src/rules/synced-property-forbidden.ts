import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { TOPIC_PROPERTY_SETS } from '../facts/topic-properties';

/** Internal properties a link may not sync. */
export default defineRule({
  id: 'synced-property-forbidden',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      '`syncedShadowTopicProperties` must not name the internal properties `svc.remote.readreplica`, `svc.remote.recovery`, `svc.remote.allowgaps`, `svc.virtual.cluster.id` and `svc.leaders.preference`; on 25.3 also `svc.cloud_topic.enabled`. (`svc.storage.mode` is allowed on 26.1: it is synced by default.)',
    rationale:
      'These properties describe how a topic is stored on one cluster; copying them would break the shadow topic. The server refuses the request with "Failed to create cluster link: cluster::cluster_link::errc::topic_property_excluded_from_mirroring" (src/v/cluster/cluster_link/frontend.cc checks the list of src/v/cluster_link/model/types.h) — without naming the property, and only after it has connected to the source cluster, so the mistake surfaces late. The list depends on the server version (set `targetVersion`). The 26.1 API reference and .proto comment still list `svc.storage.mode` as forbidden, but the 26.1 server syncs it by default and accepts it (commit 69fadb757f); the linter follows the server.',
  },
  messages: {
    forbidden:
      '"{name}" may not be synced to shadow topics: a {version} server refuses the request (topic_property_excluded_from_mirroring). Remove it from syncedShadowTopicProperties.',
  },
  visit: {
    TopicMetadataSyncOptions(opts, ctx) {
      const list = opts.syncedShadowTopicProperties;
      if (!Array.isArray(list) || list.length === 0) return;
      const forbidden = TOPIC_PROPERTY_SETS[ctx.targetVersion].forbidden;
      // The list's pointer, built at the first report.
      let at: string | undefined;
      for (let i = 0; i < list.length; i++) {
        const name: unknown = list[i];
        if (typeof name === 'string' && forbidden.has(name)) {
          const pointer = `${(at ??= `${ctx.here()}/syncedShadowTopicProperties`)}/${i}`;
          ctx.report({
            messageId: 'forbidden',
            pointer,
            data: { name, version: ctx.targetVersion },
            fix: { kind: 'remove', pointer },
          });
        }
      }
    },
  },
  examples: {
    valid: [
      { doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['segment.ms'] } }) },
      {
        title: 'svc.storage.mode is synced by default on 26.1, and accepted',
        doc: exampleLink({
          topicMetadataSyncOptions: { excludeDefault: true, syncedShadowTopicProperties: ['svc.storage.mode'] },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            syncedShadowTopicProperties: ['segment.ms', 'svc.remote.recovery', 'svc.leaders.preference'],
          },
        }),
        errors: [
          { messageId: 'forbidden', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/1' },
          { messageId: 'forbidden', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/2' },
        ],
        output: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['segment.ms'] } }),
      },
      {
        targetVersion: '25.3',
        doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['svc.cloud_topic.enabled'] } }),
        errors: [
          { messageId: 'forbidden', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/0' },
        ],
        output: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: [] } }),
      },
    ],
  },
});
