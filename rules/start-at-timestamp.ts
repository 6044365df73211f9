import { defineRule } from '../src/engine/types';
import { exampleLink, section, stringAt } from '../src/engine/helpers';
import { parseTimestamp } from '../src/model/formats';

/** `startAtTimestamp`: RFC 3339 within 0001–9999 (structural), not in the future, not before 1970. */
export default defineRule({
  id: 'start-at-timestamp',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      '`startAtTimestamp` must be an RFC 3339 timestamp with a zone and a year in 0001–9999, and not `""`; a time in the future or before 1970 is a warning.',
    rationale:
      'The server reads `""` as the Unix epoch and refuses other malformed values with "invalid request input". A start time in the future replicates nothing until then; one before 1970 predates every Kafka record, so it is the same as `startAtEarliest` and probably a typo.',
  },
  messages: {
    format: 'The timestamp is not RFC 3339.',
    future: {
      text: '`startAtTimestamp` {value} is in the future: nothing is replicated until then. Use a past time or `startAtLatest`.',
      severity: 'warning',
    },
    beforeEpoch: {
      text: '`startAtTimestamp` {value} is before 1970, older than any record: use `startAtEarliest` instead.',
      severity: 'warning',
    },
  },
  structuralMessages: ['format'],
  check(ctx) {
    const ts = stringAt(section(ctx, 'topicMetadataSyncOptions'), 'startAtTimestamp');
    const parsed = ts && parseTimestamp(ts.value);
    if (!ts || !parsed) return;
    const data = { value: JSON.stringify(ts.value) };
    if (parsed.epochMillis > ctx.now.getTime()) ctx.report({ messageId: 'future', pointer: ts.pointer, data });
    else if (parsed.epochMillis < 0) ctx.report({ messageId: 'beforeEpoch', pointer: ts.pointer, data });
  },
  examples: {
    valid: [
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2026-01-01T00:00:00Z' } }),
        now: '2026-11-22T00:00:00Z',
      },
    ],
    invalid: [
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '' } }),
        errors: [{ messageId: 'format', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2027-06-01T00:00:00+02:00' } }),
        now: '2026-11-22T00:00:00Z',
        errors: [{ messageId: 'future', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '1969-12-31T23:59:59Z' } }),
        errors: [{ messageId: 'beforeEpoch', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
    ],
  },
});
