import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { own, type JsonObject } from '../util/pointer';

const FIELDS = ['startAtEarliest', 'startAtLatest', 'startAtTimestamp'];

/** A start position is set when present and not null. */
const isSet = (topic: JsonObject, field: string): boolean => {
  const v = own(topic, field);
  return v !== undefined && v !== null;
};

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
      let count = 0;
      for (let i = 0; i < FIELDS.length; i++) if (isSet(topic, FIELDS[i]!)) count++;
      if (count < 2) return;
      const present = FIELDS.filter((f) => isSet(topic, f));
      const here = ctx.here();
      ctx.report({
        messageId: 'several',
        pointer: `${here}/${present[1]}`,
        data: { fields: present.map((f) => `\`${f}\``).join(' and ') },
        related: present.map((f) => ({ pointer: `${here}/${f}`, message: `${f} is set here` })),
      });
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
