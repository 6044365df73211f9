import { defineRule } from '../rule-api/types';
import { child, examplePartitions, exampleResponse, partitionInfos } from '../rule-api/helpers';

/** An int64 as a number when that is exact (the common case), else as a bigint. */
const asBig = (v: unknown): number | bigint | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v !== 'string' || !/^-?\d{1,19}$/.test(v)) return undefined;
  return v.length <= 15 ? Number(v) : BigInt(v);
};

/** Offsets of a shadow topic's partitions are consistent. */
export default defineRule({
  id: 'partition-offsets',
  severity: 'warning',
  appliesTo: 'response-link',
  docs: {
    description:
      'In each shadow topic, `sourceLastStableOffset` must not exceed `sourceHighWatermark`, and each `partitionId` appears once.',
    rationale:
      'The last stable offset is at most the high watermark by definition, and a partition reported twice makes lag calculations wrong. Either points at a broken status report rather than a configuration problem.',
  },
  messages: {
    lsoAboveHwm:
      'sourceLastStableOffset ({lso}) is above sourceHighWatermark ({hwm}); the last stable offset can never exceed the high watermark.',
    duplicatePartition: 'Partition {id} is reported more than once in this topic (first at index {first}).',
  },
  check(ctx) {
    for (const { partitions } of partitionInfos(ctx.doc)) {
      const seen = new Map<string, number>();
      for (const [i, p] of partitions.entries()) {
        const lso = asBig(child(p, 'sourceLastStableOffset')?.value);
        const hwm = asBig(child(p, 'sourceHighWatermark')?.value);
        if (lso !== undefined && hwm !== undefined && lso > hwm) {
          ctx.report({
            messageId: 'lsoAboveHwm',
            pointer: `${p.pointer}/sourceLastStableOffset`,
            data: { lso: String(lso), hwm: String(hwm) },
          });
        }
        const id = asBig(child(p, 'partitionId')?.value);
        if (id === undefined) continue;
        const key = String(id);
        const first = seen.get(key);
        if (first !== undefined)
          ctx.report({
            messageId: 'duplicatePartition',
            pointer: `${p.pointer}/partitionId`,
            data: { id: key, first },
          });
        else seen.set(key, i);
      }
    }
  },
  examples: {
    valid: [
      {
        doc: exampleResponse(
          {},
          examplePartitions(
            { partitionId: '0', sourceHighWatermark: '10', sourceLastStableOffset: '10' },
            { partitionId: '1' },
          ),
        ),
      },
    ],
    invalid: [
      {
        doc: exampleResponse(
          {},
          examplePartitions(
            { partitionId: '0', sourceHighWatermark: '10', sourceLastStableOffset: '12' },
            { partitionId: 0 },
          ),
        ),
        errors: [
          {
            messageId: 'lsoAboveHwm',
            pointer: '/shadowLink/status/shadowTopics/0/status/partitionInformation/0/sourceLastStableOffset',
          },
          {
            messageId: 'duplicatePartition',
            pointer: '/shadowLink/status/shadowTopics/0/status/partitionInformation/1/partitionId',
          },
        ],
      },
    ],
  },
});
