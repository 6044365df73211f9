import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';

/** `excludeDefault: true` with nothing listed. */
export default defineRule({
  id: 'exclude-default-empty',
  severity: 'info',
  appliesTo: 'request-link',
  docs: {
    description:
      '`excludeDefault: true` with no `syncedShadowTopicProperties` syncs only the always-replicated properties.',
    rationale:
      'With the defaults excluded and nothing listed, retention, compression and replication factor are not copied; only the partition count, `max.message.bytes`, `cleanup.policy` and `message.timestamp.type` are. That may be intended, but it is easy to do by accident.',
  },
  messages: {
    empty:
      'excludeDefault is true and no syncedShadowTopicProperties are listed: only partition count, max.message.bytes, cleanup.policy and message.timestamp.type will sync. List the properties you need, or drop excludeDefault.',
  },
  visit: {
    TopicMetadataSyncOptions(opts, ctx) {
      if (opts.excludeDefault !== true) return;
      const list = opts.syncedShadowTopicProperties;
      if (list === undefined || list === null || (Array.isArray(list) && list.length === 0))
        ctx.report({ messageId: 'empty', pointer: `${ctx.here()}/excludeDefault` });
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: { excludeDefault: true, syncedShadowTopicProperties: ['retention.ms'] },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({ topicMetadataSyncOptions: { excludeDefault: true } }),
        errors: [{ messageId: 'empty', pointer: '/configurations/topicMetadataSyncOptions/excludeDefault' }],
      },
    ],
  },
});
