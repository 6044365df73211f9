import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { ALWAYS_REPLICATED_PROPERTIES, TOPIC_PROPERTY_SETS } from '../facts/topic-properties';

const always: ReadonlySet<string> = new Set(ALWAYS_REPLICATED_PROPERTIES);

/** Lists up to this long find a name's first index by `indexOf`; longer ones use a map. */
const SMALL_LIST = 32;

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
  visit: {
    TopicMetadataSyncOptions(opts, ctx) {
      const list = opts.syncedShadowTopicProperties;
      if (!Array.isArray(list) || list.length === 0) return;
      // The default-synced names, unless excludeDefault is true (then listing them is the point).
      const defaults = opts.excludeDefault === true ? undefined : TOPIC_PROPERTY_SETS[ctx.targetVersion].defaults;
      const seen = list.length > SMALL_LIST ? new Map<string, number>() : undefined;
      // The list's pointer, built at the first report.
      let at: string | undefined;
      for (let i = 0; i < list.length; i++) {
        const name: unknown = list[i];
        if (typeof name !== 'string') continue;
        // The index of the name's first occurrence: `i` itself unless it is a duplicate.
        const first = seen ? (seen.get(name) ?? i) : list.indexOf(name);
        if (first === i) seen?.set(name, i);
        const messageId =
          first !== i ? 'duplicate' : always.has(name) ? 'always' : defaults?.has(name) ? 'defaulted' : undefined;
        if (!messageId) continue;
        const pointer = `${(at ??= `${ctx.here()}/syncedShadowTopicProperties`)}/${i}`;
        const data = { name, first };
        if (messageId === 'duplicate') ctx.report({ messageId, pointer, data, fix: { kind: 'remove', pointer } });
        else ctx.report({ messageId, pointer, data });
      }
    },
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
