import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';
import { MAX_DURATION_SECONDS } from '../model/formats';
import { scanDuration } from '../util/scan';

// One scratch for every read: `parseDuration` without the two objects it allocates per call.
const scratch = { seconds: 0, nanos: 0 };

/** Reports the `interval` of one task (a value of any JSON type) when it is negative or under one second. */
function interval(ctx: VisitContext, value: unknown, task: string): void {
  if (typeof value !== 'string') return;
  // What `parseDuration` accepts (anything else is the structural check's), and `durationMillis` of it.
  const sign = scanDuration(value, scratch);
  if (sign === 0) return;
  const seconds = scratch.seconds;
  const nanos = scratch.nanos;
  if (seconds > MAX_DURATION_SECONDS || (seconds === MAX_DURATION_SECONDS && nanos !== 0)) return;
  const ms = sign * seconds * 1000 + (sign * nanos) / 1e6;
  if (ms >= 1000 || ms === 0) return;
  const pointer = `${ctx.here()}/${task}/interval`;
  const data = { field: `${task}.interval`, value: JSON.stringify(value) };
  if (ms < 0) ctx.report({ messageId: 'negative', pointer, data });
  else ctx.report({ messageId: 'subSecond', pointer, data });
}

/** Sync intervals: Duration grammar (structural), negative values and sub-second intervals. */
export default defineRule({
  id: 'duration',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'Intervals must be protobuf Duration strings (`"30s"`, `"1.5s"`) within ±315,576,000,000 s, not negative; under one second is a warning.',
    rationale:
      'The server reads a Duration as an integer number of seconds (leading zeros allowed), an optional fraction of 1–9 digits and exactly `s`, within ±315,576,000,000 s; `""` means zero (src/v/serde/protobuf/json.cc, `duration_from_json`). Anything else — ISO-8601 `PT30S`, a bare number, `ms`, `1m` — is refused with "invalid request input". A zero or negative interval is silently replaced by the 30 s default (src/v/redpanda/admin/services/shadow_link/converter.cc stores only positive intervals), so a negative value never does what it says; a positive interval under one second hammers the source cluster. Fixes rewrite `PT30S`, `30`, `1m` and `500ms` into seconds, and `""` or `007s` into the canonical `0s`, `7s`.',
  },
  messages: {
    grammar: 'The interval is not a protobuf Duration.',
    empty: {
      text: '`{field}` is "": the server reads it as "0s", which means the default (30 seconds). Write "0s", or leave the field out.',
      severity: 'info',
    },
    nonCanonical: {
      text: '`{field}` is {value}: the server reads it as {canonical}. Write {canonical}.',
      severity: 'info',
    },
    negative:
      '`{field}` is negative ({value}); the server silently uses the 30 s default instead. Use a positive duration such as "30s", or "0s" for the default.',
    subSecond: {
      text: '`{field}` is {value}, under one second: the task would query the source cluster continuously. Use at least "1s".',
      severity: 'warning',
    },
  },
  structuralMessages: ['grammar', 'empty', 'nonCanonical'],
  // The visitors have nothing to say unless the acceptor's pass noted this (src/model/pass-notes).
  onlyWhen: ['short-duration'],
  visit: {
    // The three tasks from the section holding them, in PAUSABLE_TASKS' order (not one visitor
    // each): the reports keep the order they always had.
    ShadowLinkConfigurations(cfg, ctx) {
      const topic = cfg.topicMetadataSyncOptions;
      if (isObject(topic)) interval(ctx, topic.interval, 'topicMetadataSyncOptions');
      const group = cfg.consumerOffsetSyncOptions;
      if (isObject(group)) interval(ctx, group.interval, 'consumerOffsetSyncOptions');
      const security = cfg.securitySyncOptions;
      if (isObject(security)) interval(ctx, security.interval, 'securitySyncOptions');
    },
  },
  examples: {
    valid: [
      { doc: exampleLink({ securitySyncOptions: { interval: '30s' }, consumerOffsetSyncOptions: { interval: '0s' } }) },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: { interval: 'PT30S' },
          securitySyncOptions: { interval: '-5s' },
          consumerOffsetSyncOptions: { interval: '0.2s' },
        }),
        errors: [
          { messageId: 'grammar', pointer: '/configurations/topicMetadataSyncOptions/interval' },
          { messageId: 'negative', pointer: '/configurations/securitySyncOptions/interval' },
          { messageId: 'subSecond', pointer: '/configurations/consumerOffsetSyncOptions/interval' },
        ],
        output: exampleLink({
          topicMetadataSyncOptions: { interval: '30s' },
          securitySyncOptions: { interval: '-5s' },
          consumerOffsetSyncOptions: { interval: '0.2s' },
        }),
      },
      {
        title: 'accepted by the server, but not canonical',
        doc: exampleLink({ topicMetadataSyncOptions: { interval: '' }, securitySyncOptions: { interval: '060s' } }),
        errors: [
          { messageId: 'empty', pointer: '/configurations/topicMetadataSyncOptions/interval' },
          { messageId: 'nonCanonical', pointer: '/configurations/securitySyncOptions/interval' },
        ],
        output: exampleLink({ topicMetadataSyncOptions: { interval: '0s' }, securitySyncOptions: { interval: '60s' } }),
      },
      {
        title: 'a bare number of seconds',
        doc: exampleLink({ topicMetadataSyncOptions: { interval: 30 } }),
        errors: [{ messageId: 'grammar', pointer: '/configurations/topicMetadataSyncOptions/interval' }],
        output: exampleLink({ topicMetadataSyncOptions: { interval: '30s' } }),
      },
    ],
  },
});
