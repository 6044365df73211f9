import { defineRule } from '../rule-api/types';
import { child, exampleLink, itemsAt, section } from '../rule-api/helpers';
import { ALWAYS_REPLICATED_PROPERTIES, TOPIC_PROPERTIES } from '../facts/topic-properties';

const always: readonly string[] = ALWAYS_REPLICATED_PROPERTIES;

/** Synced properties that change nothing. */
export default defineRule({
  id: 'synced-property-redundant',
  severity: 'info',
  appliesTo: 'request-link',
  docs: {
    description:
      'Flags entries of `syncedShadowTopicProperties` that change nothing: a property that is always replicated, a default-synced property while `excludeDefault` is false (info), and the same property listed twice (warning).',
    rationale:
      'Always replicated: the partition count, `max.message.bytes`, `cleanup.policy`, `message.timestamp.type`. Synced by default unless `excludeDefault` is true: `compression.type`, `retention.bytes`, `retention.ms`, `delete.retention.ms`, `replication.factor`, `min.compaction.lag.ms`, `max.compaction.lag.ms`, and on 26.1 also `svc.storage.mode` (src/v/cluster_link/model/types.h; the server takes the union of these and the list, src/v/cluster_link/model/types.cc). Listing them is harmless but suggests a misunderstanding; duplicates collapse into one (the list is stored as a set).',
  },
  messages: {
    always: '"{name}" is always replicated; listing it changes nothing.',
    defaulted: '"{name}" is synced by default while excludeDefault is false; listing it changes nothing.',
    duplicate: {
      text: '"{name}" is listed more than once (first at index {first}); remove the duplicate.',
      severity: 'warning',
    },
  },
  check(ctx) {
    const opts = section(ctx, 'topicMetadataSyncOptions');
    const excludeDefault = child(opts, 'excludeDefault')?.value === true;
    const seen = new Map<string, number>();
    for (const [i, p] of itemsAt(opts, 'syncedShadowTopicProperties').entries()) {
      if (typeof p.value !== 'string') continue;
      const data = { name: p.value, first: seen.get(p.value) ?? i };
      if (seen.has(p.value))
        ctx.report({ messageId: 'duplicate', pointer: p.pointer, data, fix: { kind: 'remove', pointer: p.pointer } });
      else if (always.includes(p.value)) ctx.report({ messageId: 'always', pointer: p.pointer, data });
      else if (!excludeDefault && TOPIC_PROPERTIES[ctx.targetVersion].defaults.includes(p.value))
        ctx.report({ messageId: 'defaulted', pointer: p.pointer, data });
      if (!seen.has(p.value)) seen.set(p.value, i);
    }
  },
  examples: {
    valid: [
      { doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['segment.ms'] } }) },
      {
        title: 'defaults listed explicitly while excluding the rest',
        doc: exampleLink({
          topicMetadataSyncOptions: { excludeDefault: true, syncedShadowTopicProperties: ['retention.ms'] },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            syncedShadowTopicProperties: ['cleanup.policy', 'retention.ms', 'segment.ms', 'segment.ms'],
          },
        }),
        errors: [
          { messageId: 'always', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/0' },
          { messageId: 'defaulted', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/1' },
          { messageId: 'duplicate', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/3' },
        ],
        output: exampleLink({
          topicMetadataSyncOptions: { syncedShadowTopicProperties: ['cleanup.policy', 'retention.ms', 'segment.ms'] },
        }),
      },
    ],
  },
});
