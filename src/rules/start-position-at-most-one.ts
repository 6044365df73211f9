import { defineRule } from '../rule-api/types';
import { child, exampleLink, section } from '../rule-api/helpers';

const FIELDS = ['startAtEarliest', 'startAtLatest', 'startAtTimestamp'];

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
  check(ctx) {
    const topic = section(ctx, 'topicMetadataSyncOptions');
    const present = FIELDS.filter((f) => {
      const v = child(topic, f);
      return v !== undefined && v.value !== null;
    });
    if (topic && present.length > 1) {
      ctx.report({
        messageId: 'several',
        pointer: `${topic.pointer}/${present[1]}`,
        data: { fields: present.map((f) => `\`${f}\``).join(' and ') },
        related: present.map((f) => ({ pointer: `${topic.pointer}/${f}`, message: `${f} is set here` })),
      });
    }
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
