/**
 * Seeded mutants of documents: values the rules look at put in place of any node, keys removed,
 * renamed or added, subtrees copied elsewhere. The engine's before/after snapshot
 * (scripts/findings-snapshot.ts) and the tests that hold two ways of running the rules to the same
 * findings use them, on documents nobody wrote down.
 */

/** A value as JSON writes it (undefined fields dropped). */
const asJson = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Values the rules look at, and wrong ones. */
export const VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483648,
  2 ** 53 + 2,
  '',
  ' ',
  'x',
  '*',
  'orders*',
  'a.b',
  '30',
  '0s',
  '-1s',
  '30s',
  '1h',
  '90000000000s',
  '2026-01-01T00:00:00Z',
  '2099-01-01T00:00:00Z',
  '2026-01-01t00:00:00z',
  'not-a-date',
  'FILTER_TYPE_UNSPECIFIED',
  'FILTER_TYPE_INCLUDE',
  'FILTER_TYPE_EXCLUDE',
  'PATTERN_TYPE_UNSPECIFIED',
  'PATTERN_TYPE_PREFIX',
  'PATTERN_TYPE_LITERAL',
  'PATTERN_TYPE_PREFIXED',
  'ACL_RESOURCE_ANY',
  'ACL_RESOURCE_TOPIC',
  'ACL_RESOURCE_CLUSTER',
  'ACL_PATTERN_MATCH',
  'ACL_PATTERN_PREFIXED',
  'ACL_PATTERN_LITERAL',
  'ACL_OPERATION_ANY',
  'ACL_OPERATION_UNSPECIFIED',
  'ACL_PERMISSION_TYPE_ANY',
  'ACL_PERMISSION_TYPE_DENY',
  'SCRAM_MECHANISM_UNSPECIFIED',
  'SCRAM_MECHANISM_SCRAM_SHA_256',
  'User:alice',
  'alice',
  '__consumer_offsets',
  '_schemas',
  '_svc.audit_log',
  'segment.ms',
  'cleanup.policy',
  'retention.bytes',
  'host:9092',
  'host',
  '[::1]:9092',
  'hunter2',
  '${PASS}',
  '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----',
  '/etc/tls/ca.pem',
  'dr-link',
  'Dr Link!',
  [],
  {},
  ['a:1'],
  ['a:1', 'a:1'],
  [{}],
  { enabled: false },
  { enabled: true },
  { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
  { filterType: 'FILTER_TYPE_EXCLUDE', name: 'orders', patternType: 'PATTERN_TYPE_PREFIX' },
  { resourceFilter: { resourceType: 'ACL_RESOURCE_ANY', patternType: 'ACL_PATTERN_ANY' } },
];

/** Every (parent, key) of a value, and every key name it uses. */
export function places(v: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (typeof v !== 'object' || v === null) return out;
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([v, i]);
      places(x, out);
    });
  else
    for (const k of Object.keys(v)) {
      out.push([v as Record<string, unknown>, k]);
      places((v as Record<string, unknown>)[k], out);
    }
  return out;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One to three mutations of a copy of `doc`. */
export function mutant(doc: unknown, keys: readonly string[], pick: (n: number) => number): unknown {
  const root = { doc: asJson(doc) };
  for (let m = 1 + pick(3); m > 0; m--) {
    const all = places(root);
    if (all.length === 0) break;
    const [parent, key] = all[pick(all.length)]!;
    const obj = parent as Record<string | number, unknown>;
    switch (pick(6)) {
      case 0:
        obj[key] = asJson(VALUES[pick(VALUES.length)]);
        break;
      case 1:
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete obj[key];
        break;
      case 2:
        if (!Array.isArray(parent) && key !== 'doc') {
          const value = obj[key];
          delete obj[key];
          obj[pick(2) === 0 ? snake(key as string) : `${key as string}s`] = value;
        }
        break;
      case 3: {
        const target = obj[key];
        if (typeof target === 'object' && target !== null && !Array.isArray(target))
          (target as Record<string, unknown>)[keys[pick(keys.length)]!] = asJson(VALUES[pick(VALUES.length)]);
        else if (Array.isArray(target) && target.length > 0) target.push(asJson(target[pick(target.length)]));
        break;
      }
      default: {
        const [from, fromKey] = all[pick(all.length)]!;
        obj[key] = asJson((from as Record<string | number, unknown>)[fromKey]);
      }
    }
  }
  return root.doc;
}
