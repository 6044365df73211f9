import { defineRule } from '../src/engine/types';
import { exampleLink, itemsAt, section } from '../src/engine/helpers';
import { FORBIDDEN_SYNCED_PROPERTIES } from '../src/facts/topic-properties';

/** Internal properties a link may not sync. */
export default defineRule({
  id: 'synced-property-forbidden',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      '`syncedShadowTopicProperties` must not name the internal properties `svc.remote.readreplica`, `svc.remote.recovery`, `svc.remote.allowgaps`, `svc.virtual.cluster.id`, `svc.leaders.preference` and `svc.storage.mode` (on 25.3: `svc.cloud_topic.enabled` instead of `svc.storage.mode`).',
    rationale:
      'These properties describe how a topic is stored on one cluster; copying them would break the shadow topic. The server refuses the request with "invalid request input", but only after it has connected to the source cluster, so the mistake surfaces late. The list depends on the server version: set `targetVersion`.',
  },
  messages: {
    forbidden:
      '"{name}" may not be synced to shadow topics (forbidden on server {version}); remove it from syncedShadowTopicProperties.',
  },
  check(ctx) {
    const forbidden = FORBIDDEN_SYNCED_PROPERTIES[ctx.targetVersion];
    for (const p of itemsAt(section(ctx, 'topicMetadataSyncOptions'), 'syncedShadowTopicProperties')) {
      if (typeof p.value === 'string' && forbidden.includes(p.value)) {
        ctx.report({
          messageId: 'forbidden',
          pointer: p.pointer,
          data: { name: p.value, version: ctx.targetVersion },
          fix: { kind: 'remove', pointer: p.pointer },
        });
      }
    }
  },
  examples: {
    valid: [
      { doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['segment.ms'] } }) },
      {
        title: 'svc.storage.mode was allowed on 25.3',
        targetVersion: '25.3',
        doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['svc.storage.mode'] } }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            syncedShadowTopicProperties: ['segment.ms', 'svc.remote.recovery', 'svc.storage.mode'],
          },
        }),
        errors: [
          { messageId: 'forbidden', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/1' },
          { messageId: 'forbidden', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/2' },
        ],
      },
      {
        targetVersion: '25.3',
        doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['svc.cloud_topic.enabled'] } }),
        errors: [
          { messageId: 'forbidden', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/0' },
        ],
      },
    ],
  },
});
