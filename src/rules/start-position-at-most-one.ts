import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';

/** A start position is set when present and not null. */
const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** Reports the start positions set (at least two), in the order of the fields; built only then. */
function several(ctx: VisitContext, earliest: boolean, latest: boolean, timestamp: boolean): void {
  const present: string[] = [];
  if (earliest) present.push('startAtEarliest');
  if (latest) present.push('startAtLatest');
  if (timestamp) present.push('startAtTimestamp');
  const here = ctx.here();
  ctx.report({
    messageId: 'several',
    pointer: `${here}/${present[1]}`,
    data: { fields: present.map((f) => `\`${f}\``).join(' and ') },
    related: present.map((f) => ({ pointer: `${here}/${f}`, message: `${f} is set here` })),
  });
}

/** At most one replication start position. */
export default defineRule({
  id: 'start-position-at-most-one',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description: 'Give at most one of `startAtEarliest`, `startAtLatest` and `startAtTimestamp` (none means earliest).',
    rationale:
      'The spec marks all three "required", but they form a oneof: with several, the JSON decoder silently keeps the last one, so where replication starts depends on key order.',
  },
  messages: { several: '`topicMetadataSyncOptions` sets {fields}; keep only one start position.' },
  visit: {
    TopicMetadataSyncOptions(topic, ctx) {
      const earliest = isSet(topic.startAtEarliest);
      const latest = isSet(topic.startAtLatest);
      const timestamp = isSet(topic.startAtTimestamp);
      // Reported when at least two are set: the decoder would keep only the last of them.
      if ((earliest && latest) || (timestamp && (earliest || latest))) several(ctx, earliest, latest, timestamp);
    },
  },
  examples: {
    valid: [{ doc: exampleLink({ topicMetadataSyncOptions: { startAtLatest: {} } }) }],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: { startAtEarliest: {}, startAtTimestamp: '2026-01-01T00:00:00Z' },
        }),
        errors: [{ messageId: 'several', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
    ],
  },
});
