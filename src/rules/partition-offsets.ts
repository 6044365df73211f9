import { defineRule } from '../rule-api/types';
import {
  examplePartitions,
  exampleResponse,
  inheritedAny,
  partitionPointer,
  partitionsOf,
  readsOwn,
  shadowTopicsOf,
} from '../rule-api/helpers';
import { isObject, own } from '../util/pointer';

/** An int64 as a number when that is exact (the common case), else as a bigint. */
const asBig = (v: unknown): number | bigint | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v !== 'string' || !/^-?\d{1,19}$/.test(v)) return undefined;
  return v.length <= 15 ? Number(v) : BigInt(v);
};

/** The keys the check reads of each partition. */
const KEYS: readonly string[] = ['sourceLastStableOffset', 'sourceHighWatermark', 'partitionId'];

/** What `quickInt` returns where `asBig` gives a bigint: the caller then asks `asBig` for the exact value. */
const BIG = Infinity;

/**
 * `asBig` without a regular expression or a bigint, for the happy path: the same number where
 * `asBig` gives one, NaN where it gives undefined, and `BIG` where it gives a bigint.
 */
function quickInt(v: unknown): number {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : Number.isInteger(v) ? BIG : NaN;
  if (typeof v !== 'string') return NaN;
  const n = v.length;
  const start = n > 0 && v.charCodeAt(0) === 45 ? 1 : 0;
  if (n - start < 1 || n - start > 19) return NaN;
  let x = 0;
  for (let i = start; i < n; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    x = x * 10 + d;
  }
  // Up to 15 characters (sign included) `asBig` reads a number, and 15 digits are exact in a double.
  if (n > 15) return BIG;
  return start === 1 ? -x : x;
}

/**
 * The first index of each partition id before `end`, keyed as the check keys them. Built only when
 * ids stop rising: until then they are all distinct (the common case, 0, 1, 2, …, needs no map).
 */
function seenBefore(partitions: readonly unknown[], end: number): Map<string, number> {
  const seen = new Map<string, number>();
  for (let j = 0; j < end; j++) {
    const id = asBig(own(partitions[j], 'partitionId'));
    if (id !== undefined) seen.set(String(id), j);
  }
  return seen;
}

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
    const topics = shadowTopicsOf(ctx.doc);
    if (!topics) return;
    const inherited = inheritedAny(KEYS);
    for (let t = 0; t < topics.length; t++) {
      const partitions = partitionsOf(topics[t]);
      if (!partitions) continue;
      // While the ids rise, none repeats: `last` is the latest; `seen` exists only once they stop rising.
      let last = -Infinity;
      let seen: Map<string, number> | undefined;
      for (let i = 0; i < partitions.length; i++) {
        const p = partitions[i];
        if (!isObject(p)) continue;
        const direct = readsOwn(p, inherited);
        const lsoValue = direct ? p['sourceLastStableOffset'] : own(p, 'sourceLastStableOffset');
        const hwmValue = direct ? p['sourceHighWatermark'] : own(p, 'sourceHighWatermark');
        const lsoQuick = quickInt(lsoValue);
        const hwmQuick = quickInt(hwmValue);
        if (lsoQuick === BIG || hwmQuick === BIG) {
          const lso = asBig(lsoValue);
          const hwm = asBig(hwmValue);
          if (lso !== undefined && hwm !== undefined && lso > hwm)
            ctx.report({
              messageId: 'lsoAboveHwm',
              pointer: `${partitionPointer(t, i)}/sourceLastStableOffset`,
              data: { lso: String(lso), hwm: String(hwm) },
            });
        } else if (lsoQuick > hwmQuick) {
          // NaN (not an int64) compares false, as undefined did.
          ctx.report({
            messageId: 'lsoAboveHwm',
            pointer: `${partitionPointer(t, i)}/sourceLastStableOffset`,
            data: { lso: String(lsoQuick), hwm: String(hwmQuick) },
          });
        }
        const idValue = direct ? p['partitionId'] : own(p, 'partitionId');
        const idQuick = quickInt(idValue);
        if (Number.isNaN(idQuick)) continue;
        if (seen === undefined) {
          if (idQuick !== BIG && idQuick > last) {
            last = idQuick;
            continue;
          }
          seen = seenBefore(partitions, i);
        }
        const key = String(asBig(idValue));
        const first = seen.get(key);
        if (first !== undefined)
          ctx.report({
            messageId: 'duplicatePartition',
            pointer: `${partitionPointer(t, i)}/partitionId`,
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
