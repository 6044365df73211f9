import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { canonicalTimestampMillis } from '../util/scan';
import { parseServerTimestampByPattern } from '../model/server-scalars';

/** `startAtTimestamp`: RFC 3339 within 0001–9999 (structural), not in the future, not before 1970. */
export default defineRule({
  id: 'start-at-timestamp',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      '`startAtTimestamp` must be a timestamp the server can read; it should be RFC 3339 (`2026-01-31T12:00:00Z`). `""`, a time in the future or before 1970 are warnings, except −1 ms, which Kafka reads as "latest" (an error).',
    rationale:
      'The server parses the value with absl::ParseTime (src/v/serde/protobuf/json.cc, `timestamp_from_json`): it also accepts a lowercase `t` or `z`, one-digit fields, any number of fraction digits, offsets without a colon, years 0000 to 9999 and `infinite-past`/`infinite-future`, and reads `""` as the Unix epoch. Anything else is refused with "invalid request input". The lenient spellings work but are not RFC 3339, which other tools expect (fix: the same instant in RFC 3339). `""` starts at the earliest record, like `startAtEarliest`, which says so plainly. A start time in the future replicates nothing until then; one before 1970 is a warning: the server turns the time into Kafka milliseconds, rounding down (src/v/redpanda/admin/services/shadow_link/converter.cc, the start offset conversion), and sends it to the source cluster as it is, where a time before every record starts at the earliest offset — `startAtEarliest` says that plainly. Two such times are not times at all: −1 ms (1969-12-31T23:59:59.999Z, or any instant in that millisecond) and −2 ms (…59.998Z) are Kafka\'s "latest" and "earliest" sentinels (src/v/cluster_link/model/types.h): −1 ms starts at the newest offset, the opposite of a time in the past (an error), −2 ms at the earliest (a warning: write `startAtEarliest`). A Kafka source of 3.0 or later also reads −3 ms to −5 ms as sentinels of its own (the newest timestamp, the tiered-storage offsets); the before-1970 warning covers them. Any number of fraction digits is RFC 3339 (`time-secfrac = "." 1*DIGIT`); the server keeps milliseconds.',
  },
  messages: {
    format: 'The timestamp is not one the server can read.',
    nonCanonical: {
      text: '`startAtTimestamp` {value} is not RFC 3339; the server reads it as {canonical}. Write that.',
      severity: 'warning',
    },
    empty: {
      text: '`startAtTimestamp` is "": the server reads it as 1970-01-01T00:00:00Z, so replication starts at the earliest record. Use `startAtEarliest: {}` to say so.',
      severity: 'warning',
    },
    future: {
      text: '`startAtTimestamp` {value} is in the future: nothing is replicated until then. Use a past time or `startAtLatest`.',
      severity: 'warning',
    },
    beforeEpoch: {
      text: '`startAtTimestamp` {value} is before 1970, older than any record: use `startAtEarliest` instead.',
      severity: 'warning',
    },
    sentinelLatest:
      '`startAtTimestamp` {value} is −1 ms, which Kafka reads as "latest": replication starts at the newest offset, not at that time. Write `startAtLatest: {}` if that is meant, or a time after 1970.',
    sentinelEarliest: {
      text: '`startAtTimestamp` {value} is −2 ms, which Kafka reads as "earliest": replication starts at the earliest offset. Write `startAtEarliest: {}` to say so.',
      severity: 'warning',
    },
  },
  structuralMessages: ['format', 'nonCanonical', 'empty'],
  // Nothing to say about a timestamp plainly in the past, which the acceptor's pass does not note.
  onlyWhen: ['timestamp-near-now'],
  visit: {
    TopicMetadataSyncOptions(opts, ctx) {
      const value = opts.startAtTimestamp;
      if (typeof value !== 'string') return;
      // The canonical spelling is read as `parseServerTimestamp`'s fast path reads it, without its result object.
      let millis = value === '' ? NaN : canonicalTimestampMillis(value);
      if (Number.isNaN(millis)) {
        const parsed = parseServerTimestampByPattern(value);
        if (!parsed) return;
        millis = parsed.epochMillis;
      }
      if (millis >= 0 && ctx.isPast(millis)) return;
      const pointer = `${ctx.here()}/startAtTimestamp`;
      const data = { value: JSON.stringify(value.slice(0, 60)) };
      if (!ctx.isPast(millis)) ctx.report({ messageId: 'future', pointer, data });
      else if (millis === -1) ctx.report({ messageId: 'sentinelLatest', pointer, data });
      else if (millis === -2) ctx.report({ messageId: 'sentinelEarliest', pointer, data });
      else if (millis < 0) ctx.report({ messageId: 'beforeEpoch', pointer, data });
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2026-01-01T00:00:00Z' } }),
        now: '2026-11-22T00:00:00Z',
      },
      {
        title: 'any number of fraction digits is RFC 3339 (the server keeps milliseconds)',
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2026-01-01T00:00:00.1234567891Z' } }),
        now: '2026-11-22T00:00:00Z',
      },
    ],
    invalid: [
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2026-01-31 12:00:00Z' } }),
        errors: [{ messageId: 'format', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '' } }),
        errors: [{ messageId: 'empty', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
      {
        title: 'accepted by the server, but not RFC 3339',
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2026-1-31t12:00:00+0100' } }),
        errors: [{ messageId: 'nonCanonical', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
        output: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '2026-01-31t12:00:00+01:00' } }),
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
      {
        title: "Kafka's sentinels: −1 ms is latest, −2 ms earliest",
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '1969-12-31T23:59:59.999Z' } }),
        errors: [{ messageId: 'sentinelLatest', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' }],
      },
      {
        doc: exampleLink({ topicMetadataSyncOptions: { startAtTimestamp: '1969-12-31T23:59:59.998Z' } }),
        errors: [
          { messageId: 'sentinelEarliest', pointer: '/configurations/topicMetadataSyncOptions/startAtTimestamp' },
        ],
      },
    ],
  },
});
