/**
 * The response rules that read a status of thousands of partitions, or a broker's routes, walk the
 * raw values with index loops and parse int64 values by character code (partition-offsets'
 * `quickInt`) or find duplicate routes from cached route facts with one map per check (route-consistency). Their
 * checks as they were (Located walks, a regular expression, a bigint, a map per topic or per
 * check) are the oracle, kept here verbatim: every report — message id, pointer, data, order — is
 * the same on generated statuses and route lists (int64 spellings near the number/bigint boundary,
 * repeated and rising partition ids, well-formed, malformed, alternative, long and ever-new routes
 * that empty the route cache in the middle of a check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleContext, RuleReport } from '../src/rule-api/types';
import { child, itemsAt, objectAt, stringAt, type Located } from '../src/rule-api/helpers';
import int64Precision from '../src/rules/int64-precision';
import partitionOffsets from '../src/rules/partition-offsets';
import routeConsistency from '../src/rules/route-consistency';
import { FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';

/** The old checks' walk: partition information of every shadow topic, located (the helper they used). */
function partitionInfos(doc: unknown): { topic: Located; partitions: Located[] }[] {
  const status = objectAt({ value: doc, pointer: '' }, 'shadowLink', 'status');
  return itemsAt(status, 'shadowTopics').map((topic) => ({
    topic,
    partitions: itemsAt(objectAt(topic, 'status'), 'partitionInformation'),
  }));
}

// ---- The oracle: the checks before the raw walks (commit f19a25f). ----

const asBig = (v: unknown): number | bigint | undefined => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v !== 'string' || !/^-?\d{1,19}$/.test(v)) return undefined;
  return v.length <= 15 ? Number(v) : BigInt(v);
};

function oldPartitionOffsets(ctx: Pick<RuleContext, 'doc' | 'report'>): void {
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
        ctx.report({ messageId: 'duplicatePartition', pointer: `${p.pointer}/partitionId`, data: { id: key, first } });
      else seen.set(key, i);
    }
  }
}

const INT64_FIELDS = ['partitionId', 'highWatermark', 'sourceHighWatermark', 'sourceLastStableOffset'] as const;

function oldInt64Precision(ctx: Pick<RuleContext, 'doc' | 'report'>): void {
  for (const { partitions } of partitionInfos(ctx.doc)) {
    for (const p of partitions) {
      for (const field of INT64_FIELDS) {
        const v = child(p, field);
        if (!v || typeof v.value !== 'number' || !Number.isInteger(v.value) || Number.isSafeInteger(v.value)) continue;
        const outOfRange = v.value >= 2 ** 63 || v.value < -(2 ** 63);
        ctx.report({
          messageId: outOfRange ? 'outOfRange' : 'unsafe',
          pointer: v.pointer,
          data: { field, value: String(v.value) },
        });
      }
    }
  }
}

const HTTP_ROUTE = /^\/([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.([A-Za-z_]\w*)\/([A-Za-z_]\w*)$/;
const routeNames = (route: string) => {
  const m = HTTP_ROUTE.exec(route);
  return m ? { short: `${m[2]}.${m[3]}`, full: `${m[1]}.${m[2]}.${m[3]}` } : null;
};

function oldRouteConsistency(ctx: Pick<RuleContext, 'doc' | 'report'>): void {
  const list = itemsAt(objectAt({ value: ctx.doc, pointer: '' }, 'broker', 'adminServer'), 'routes');
  const primaryNames = new Set<string>();
  const parsed: {
    index: number;
    route: Located<string>;
    name: Located<string> | undefined;
    allowed: { short: string; full: string } | null;
  }[] = [];
  for (const [index, r] of list.entries()) {
    const route = stringAt(r, 'httpRoute');
    if (!route) continue;
    const name = stringAt(r, 'name');
    const allowed = routeNames(route.value);
    if (allowed && name && (name.value === allowed.short || name.value === allowed.full)) primaryNames.add(name.value);
    parsed.push({ index, route, name, allowed });
  }
  const seen = new Map<string, number>();
  for (const { index, route, name, allowed } of parsed) {
    const first = seen.get(route.value);
    if (first !== undefined)
      ctx.report({ messageId: 'duplicate', pointer: route.pointer, data: { route: route.value, first } });
    else seen.set(route.value, index);
    if (!allowed) {
      const alternative = route.value.startsWith('/') && name !== undefined && primaryNames.has(name.value);
      if (!alternative) ctx.report({ messageId: 'shape', pointer: route.pointer, data: { route: route.value } });
      continue;
    }
    const { short, full } = allowed;
    if (name && name.value !== short && name.value !== full)
      ctx.report({
        messageId: 'mismatch',
        pointer: name.pointer,
        data: { route: route.value, name: name.value, short, full },
      });
  }
}

// ---- Running a check and its oracle on one document. ----

function reports(check: (ctx: RuleContext) => void, doc: unknown): RuleReport[] {
  const out: RuleReport[] = [];
  const ctx = { doc, report: (r: RuleReport) => out.push(r) } as unknown as RuleContext;
  check(ctx);
  return out;
}

// ---- Generated documents. ----

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** int64 values as a server or a broken proxy writes them: near 15/16 characters, 2^53, 2^63 and not at all. */
const int64Value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 12 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('', '-'), digits(1, 21)).map(([s, d]) => s + d) },
  { weight: 1, arbitrary: fc.constantFrom('0000000000000001', '000000000000003', '-000000000000003', '-0', '00') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      -0,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
      2 ** 60,
      2 ** 63,
      -(2 ** 63),
      2 ** 64,
      1.5,
      Infinity,
      NaN,
      Number.MAX_SAFE_INTEGER,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('1152921504606846976', '9223372036854775807', '99999999999999999999') },
  // Either side of 15 characters and of 2^53, where a double stops being exact.
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '999999999999999',
      '-99999999999999',
      '-999999999999999',
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '9999999999999999',
      '-9007199254740993',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('', '-', '+1', ' 1', '1 ', '1a', '１', '1e3', null, true, {}, [1]) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const partition: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .record(
        {
          partitionId: int64Value,
          highWatermark: int64Value,
          sourceHighWatermark: int64Value,
          sourceLastStableOffset: int64Value,
        },
        { requiredKeys: [] },
      )
      .map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, 'p', 0, [], [{ partitionId: '0' }]) },
);

/** Mostly rising ids (0, 1, 2, … as a server sends them) with a few changed: where the fast path gives way. */
const risingPartitions = fc
  .tuple(
    fc.integer({ min: 0, max: 20 }),
    fc.constantFrom('string', 'number'),
    fc.array(fc.tuple(fc.nat(), partition), { maxLength: 3 }),
  )
  .map(([n, as, changes]) => {
    const list: unknown[] = Array.from({ length: n }, (_, i) => ({
      partitionId: as === 'string' ? String(i) : i,
      sourceHighWatermark: String(100 + i),
      sourceLastStableOffset: String(95 + i),
    }));
    for (const [at, p] of changes) if (list.length > 0) list[at % list.length] = p;
    return list;
  });

const topic = fc
  .oneof(
    { weight: 6, arbitrary: fc.oneof(fc.array(partition, { maxLength: 12 }), risingPartitions) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, {}, 'x') },
  )
  .map((partitions) =>
    partitions === undefined ? { name: 't' } : { name: 't', status: { partitionInformation: partitions } },
  );

const response = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.array(topic, { maxLength: 6 }).map((shadowTopics) => ({ shadowLink: { status: { shadowTopics } } })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, [], {}, { shadowLink: [] }, { shadowLink: { status: { shadowTopics: {} } } }),
  },
);

const GOOD_ROUTES = [
  '/svc.core.admin.v2.BrokerService/GetBroker',
  '/svc.core.admin.v2.BrokerService/ListBrokers',
  '/svc.core.admin.v2.ShadowLinkService/CreateShadowLink',
  `/svc.${'p'.repeat(260)}.Service/Method`,
];
const NAMES = [
  'BrokerService.GetBroker',
  'svc.core.admin.v2.BrokerService.GetBroker',
  'BrokerService.ListBrokers',
  'ShadowLinkService.CreateShadowLink',
  'Service.Method',
  'Nope.Nope',
];

const routeString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...GOOD_ROUTES) },
  { weight: 2, arbitrary: fc.constantFrom('/api/v2/broker', 'svc.BrokerService.GetBroker', '', '/x') },
  // Routes never seen before: enough of them empty the route cache, sometimes in the middle of a check.
  { weight: 3, arbitrary: fc.nat({ max: 1_000_000 }).map((n) => `/p${n}.Service/Method`) },
);

const routeEntry = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record(
      {
        httpRoute: fc.oneof({ weight: 9, arbitrary: routeString }, { weight: 1, arbitrary: fc.constantFrom(1, null) }),
        name: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.constant(2) }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, 'r', []) },
);

const brokerResponse = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .array(routeEntry, { maxLength: 40, size: 'max' })
      .map((routes) => ({ broker: { adminServer: { routes } } })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, {}, { broker: { adminServer: [] } }, { broker: { adminServer: { routes: {} } } }),
  },
);

describe('response rules walk raw values and report as before', () => {
  it('partition-offsets', () => {
    fc.assert(
      fc.property(response, (doc) => {
        expect(reports(partitionOffsets.check! as (ctx: RuleContext) => void, doc)).toEqual(
          reports(oldPartitionOffsets, doc),
        );
      }),
      { numRuns: fuzzRuns(3_000, 0.3), seed: fuzzSeed(17_0401), interruptAfterTimeLimit: LIMIT },
    );
  });

  it('int64-precision', () => {
    fc.assert(
      fc.property(response, (doc) => {
        expect(reports(int64Precision.check! as (ctx: RuleContext) => void, doc)).toEqual(
          reports(oldInt64Precision, doc),
        );
      }),
      { numRuns: fuzzRuns(2_000, 0.2), seed: fuzzSeed(17_0402), interruptAfterTimeLimit: LIMIT },
    );
  });

  it('route-consistency, the route cache emptied now and then', () => {
    let duplicates = 0;
    fc.assert(
      fc.property(brokerResponse, (doc) => {
        const found = reports(routeConsistency.check! as (ctx: RuleContext) => void, doc);
        duplicates += found.filter((r) => r.messageId === 'duplicate').length;
        expect(found).toEqual(reports(oldRouteConsistency, doc));
      }),
      { numRuns: fuzzRuns(3_000, 0.3), seed: fuzzSeed(17_0403), interruptAfterTimeLimit: LIMIT },
    );
    // The generated lists repeat routes: the duplicate path was taken, not only the clean one.
    expect(duplicates).toBeGreaterThan(100);
  });
});
