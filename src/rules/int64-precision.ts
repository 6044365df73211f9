import { defineRule, type RuleContext } from '../rule-api/types';
import {
  examplePartitions,
  exampleResponse,
  partitionPointer,
  partitionsOf,
  shadowTopicsOf,
} from '../rule-api/helpers';
import { isObject, own, type JsonObject } from '../util/pointer';

const INT64_FIELDS: readonly string[] = [
  'partitionId',
  'highWatermark',
  'sourceHighWatermark',
  'sourceLastStableOffset',
];

/** An integer number that a double does not hold exactly. */
const unsafe = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v);

/** Reports the int64 fields of partition `i` of topic `t` sent as numbers beyond 2^53, in field order. */
function reportUnsafe(ctx: RuleContext<'outOfRange' | 'unsafe'>, p: JsonObject, t: number, i: number): void {
  for (let f = 0; f < INT64_FIELDS.length; f++) {
    const field = INT64_FIELDS[f]!;
    const v = own(p, field);
    if (typeof v !== 'number' || !unsafe(v)) continue;
    // As a double, 2^63 is the first value past int64's maximum; -2^63 is its minimum.
    const outOfRange = v >= 2 ** 63 || v < -(2 ** 63);
    ctx.report({
      messageId: outOfRange ? 'outOfRange' : 'unsafe',
      pointer: `${partitionPointer(t, i)}/${field}`,
      data: { field, value: String(v) },
    });
  }
}

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
  // Nothing to say unless the structure check met an integer number beyond ±(2^53 − 1) (src/model/pass-notes).
  onlyWhen: ['unsafe-integer'],
  check(ctx) {
    const topics = shadowTopicsOf(ctx.doc);
    if (!topics) return;
    for (let t = 0; t < topics.length; t++) {
      const partitions = partitionsOf(topics[t]);
      if (!partitions) continue;
      for (let i = 0; i < partitions.length; i++) {
        const p = partitions[i];
        if (!isObject(p)) continue;
        // Offsets are strings as the server writes them: direct reads (named, each a fast load) rule
        // most partitions out; one with a number past 2^53 is read again field by field, as own properties.
        if (
          unsafe(p['partitionId']) ||
          unsafe(p['highWatermark']) ||
          unsafe(p['sourceHighWatermark']) ||
          unsafe(p['sourceLastStableOffset'])
        )
          reportUnsafe(ctx, p, t, i);
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
