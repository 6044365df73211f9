import { defineRule } from '../rule-api/types';
import { child, examplePartitions, exampleResponse, partitionInfos } from '../rule-api/helpers';

const INT64_FIELDS = ['partitionId', 'highWatermark', 'sourceHighWatermark', 'sourceLastStableOffset'] as const;

/** int64 values sent as JSON numbers beyond 2^53. */
export default defineRule({
  id: 'int64-precision',
  severity: 'warning',
  appliesTo: 'response-link',
  docs: {
    description:
      'int64 offsets sent as JSON numbers must stay within ±2^53 (larger values belong in strings, as the server sends them), and never leave the int64 range (error).',
    rationale:
      'Most JSON parsers (JavaScript, jq, many Go and Python defaults) read numbers as IEEE doubles, which lose integer precision beyond 2^53 − 1. The protobuf JSON mapping sends int64 as decimal strings for exactly this reason; a number this large has already been rounded somewhere.',
  },
  messages: {
    outOfRange: {
      text: '`{field}` is {value}, outside the 64-bit integer range (-9223372036854775808 to 9223372036854775807): the server cannot hold it (its JSON reader turns such a number into a double, whose conversion to int64 is undefined). Send the offset as a decimal string in range.',
      severity: 'error',
    },
    unsafe:
      '`{field}` is {value}, beyond 2^53 − 1: precision is lost in most JSON parsers. Send int64 values as decimal strings.',
  },
  check(ctx) {
    for (const { partitions } of partitionInfos(ctx.doc)) {
      for (const p of partitions) {
        for (const field of INT64_FIELDS) {
          const v = child(p, field);
          if (!v || typeof v.value !== 'number' || !Number.isInteger(v.value) || Number.isSafeInteger(v.value))
            continue;
          // As a double, 2^63 is the first value past int64's maximum; -2^63 is its minimum.
          const outOfRange = v.value >= 2 ** 63 || v.value < -(2 ** 63);
          ctx.report({
            messageId: outOfRange ? 'outOfRange' : 'unsafe',
            pointer: v.pointer,
            data: { field, value: String(v.value) },
          });
        }
      }
    }
  },
  examples: {
    valid: [{ doc: exampleResponse({}, examplePartitions({ partitionId: '0', highWatermark: '9007199254740993' })) }],
    invalid: [
      {
        doc: exampleResponse({}, examplePartitions({ partitionId: 0, highWatermark: 2 ** 53 + 2 })),
        errors: [
          {
            messageId: 'unsafe',
            pointer: '/shadowLink/status/shadowTopics/0/status/partitionInformation/0/highWatermark',
          },
        ],
      },
      {
        title: 'Beyond int64',
        doc: exampleResponse({}, examplePartitions({ partitionId: '0', sourceHighWatermark: 2 ** 64 })),
        errors: [
          {
            messageId: 'outOfRange',
            pointer: '/shadowLink/status/shadowTopics/0/status/partitionInformation/0/sourceHighWatermark',
          },
        ],
      },
    ],
  },
});
