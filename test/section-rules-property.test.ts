/**
 * The section rules read raw values and scan by character code on the happy path; their reports
 * must stay those of the implementations they replaced. The oracle: those check bodies as they
 * were (commit f19a25f), kept here verbatim over the Located helpers, run on the same generated
 * links (clean values, near misses, whitespace, non-ASCII, duplicates, wrong types, missing
 * sections). Also: `utf8Length` against TextEncoder, lone surrogates included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAUSABLE_TASKS,
  child,
  itemsAt,
  objectAt,
  path,
  section,
  stringAt,
  utf8Length,
  type Located,
} from '../src/rule-api/helpers';
import type { LinkLocation, Rule, RuleContext, RuleReport } from '../src/rule-api/types';
import { durationMillis, parseDuration } from '../src/model/formats';
import { parseServerTimestamp } from '../src/model/server-scalars';
import { ALWAYS_REPLICATED_PROPERTIES, PROPERTY_SPELLINGS, TOPIC_PROPERTIES } from '../src/facts/topic-properties';
import { describeAmount, SERVER_FACTS } from '../src/facts/server-versions';
import { nearest } from '../src/util/suggest';
import type { TargetVersion } from '../src/facts/target-version';
import bootstrapServers from '../src/rules/bootstrap-servers';
import shadowLinkName from '../src/rules/shadow-link-name';
import duration from '../src/rules/duration';
import startAtTimestamp from '../src/rules/start-at-timestamp';
import syncedPropertyRedundant from '../src/rules/synced-property-redundant';
import syncedPropertyUnknown from '../src/rules/synced-property-unknown';
import fetchSizeOrder from '../src/rules/fetch-size-order';
import startPositionAtMostOne from '../src/rules/start-position-at-most-one';
import { FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';
import { collectReports } from '../src/engine/run';
import { BUILTIN_CATALOG } from '../src/engine/catalog';

type Ctx = RuleContext;

// ---- The oracle: the check bodies before the raw reads. ----

function oldBootstrapServers(ctx: Ctx): void {
  if (!ctx.link) return;
  const configurations = section(ctx, '');
  const client = section(ctx, 'clientOptions');
  const list = path(client, 'bootstrapServers');
  if (!list) {
    const present = (key: string, parent: Located | undefined) => child(parent, key) !== undefined;
    const missing =
      !objectAt(ctx.link) || client
        ? undefined
        : !configurations
          ? present('configurations', ctx.link)
            ? undefined
            : '`configurations`'
          : present('clientOptions', configurations)
            ? undefined
            : '`clientOptions`';
    if (missing)
      ctx.report({
        messageId: 'missing',
        pointer: `${ctx.link.pointer}/configurations${configurations ? '/clientOptions' : ''}`,
        data: { missing },
      });
    return;
  }
  if (!Array.isArray(list.value)) return;
  if (list.value.length === 0) return ctx.report({ messageId: 'empty', pointer: list.pointer });
  const seen = new Set<string>();
  for (const [i, item] of itemsAt(client, 'bootstrapServers').entries()) {
    if (typeof item.value !== 'string') continue;
    const field = `\`bootstrapServers[${i}]\``;
    const raw = item.value;
    const value = JSON.stringify(raw.length > 80 ? `${raw.slice(0, 77)}...` : raw);
    if (seen.has(raw)) ctx.report({ messageId: 'duplicate', pointer: item.pointer, data: { field, value } });
    seen.add(raw);
    if (raw.trim().startsWith('[')) {
      ctx.report({ messageId: 'ipv6', pointer: item.pointer, data: { field, value } });
      continue;
    }
    const parts = raw.split(':');
    if (parts.length !== 2) {
      ctx.report({ messageId: 'shape', pointer: item.pointer, data: { field, value } });
      continue;
    }
    const [host, port] = parts as [string, string];
    if (host === '') ctx.report({ messageId: 'emptyHost', pointer: item.pointer, data: { field } });
    else if (/\s/.test(host)) ctx.report({ messageId: 'hostSpace', pointer: item.pointer, data: { field, value } });
    const m = /^[ \t\n\v\f\r]*\+?(\d{1,10})[ \t\n\v\f\r]*$/.exec(port);
    const number = m ? Number(m[1]) : NaN;
    if (!m || number > 65535) {
      ctx.report({
        messageId: 'port',
        pointer: item.pointer,
        data: { field, port: JSON.stringify(port.slice(0, 20)) },
      });
      continue;
    }
    if (number === 0) ctx.report({ messageId: 'portZero', pointer: item.pointer, data: { field } });
    const canonical = `${host}:${number}`;
    if (canonical !== raw && host !== '' && !/\s/.test(host))
      ctx.report({
        messageId: /^0\d/.test(port) ? 'leadingZero' : 'whitespace',
        pointer: item.pointer,
        data: { field, canonical: JSON.stringify(canonical) },
        fix: { kind: 'replace-value', pointer: item.pointer, value: canonical },
      });
  }
}

const NAME_RE = /^[A-Za-z0-9._-]+$/;

function oldShadowLinkName(ctx: Ctx): void {
  const name = stringAt(ctx.link, 'name');
  if (!name) return;
  if (name.value === '') return ctx.report({ messageId: 'empty', pointer: name.pointer });
  const bytes = new TextEncoder().encode(name.value).length;
  if (bytes > 128) ctx.report({ messageId: 'tooLong', pointer: name.pointer, data: { bytes } });
  if (!NAME_RE.test(name.value)) {
    const bad = [...new Set(name.value.replace(/[A-Za-z0-9._-]/g, ''))].slice(0, 5);
    ctx.report({
      messageId: 'chars',
      pointer: name.pointer,
      data: { chars: bad.map((c) => JSON.stringify(c)).join(', ') },
    });
  }
}

function oldDuration(ctx: Ctx): void {
  for (const task of PAUSABLE_TASKS) {
    const interval = stringAt(section(ctx, task), 'interval');
    if (!interval) continue;
    const d = parseDuration(interval.value);
    if (!d) continue;
    const ms = durationMillis(d);
    const data = { field: `${task}.interval`, value: JSON.stringify(interval.value) };
    if (ms < 0) ctx.report({ messageId: 'negative', pointer: interval.pointer, data });
    else if (ms > 0 && ms < 1000) ctx.report({ messageId: 'subSecond', pointer: interval.pointer, data });
  }
}

function oldStartAtTimestamp(ctx: Ctx): void {
  const ts = stringAt(section(ctx, 'topicMetadataSyncOptions'), 'startAtTimestamp');
  const parsed = ts && parseServerTimestamp(ts.value);
  if (!ts || !parsed) return;
  const data = { value: JSON.stringify(ts.value.slice(0, 60)) };
  if (parsed.epochMillis > ctx.now.getTime()) ctx.report({ messageId: 'future', pointer: ts.pointer, data });
  else if (parsed.epochMillis === -1) ctx.report({ messageId: 'sentinelLatest', pointer: ts.pointer, data });
  else if (parsed.epochMillis === -2) ctx.report({ messageId: 'sentinelEarliest', pointer: ts.pointer, data });
  else if (parsed.epochMillis < 0) ctx.report({ messageId: 'beforeEpoch', pointer: ts.pointer, data });
}

const always: readonly string[] = ALWAYS_REPLICATED_PROPERTIES;

function oldSyncedPropertyRedundant(ctx: Ctx): void {
  const opts = section(ctx, 'topicMetadataSyncOptions');
  const excludeDefault = child(opts, 'excludeDefault')?.value === true;
  const seen = new Map<string, number>();
  for (const [i, p] of itemsAt(opts, 'syncedShadowTopicProperties').entries()) {
    if (typeof p.value !== 'string') continue;
    const data = { name: p.value, first: seen.get(p.value) ?? i };
    if (seen.has(p.value))
      ctx.report({ messageId: 'duplicate', pointer: p.pointer, data, fix: { kind: 'remove', pointer: p.pointer } });
    else if (always.includes(p.value)) ctx.report({ messageId: 'always', pointer: p.pointer, data });
    else if (!excludeDefault && TOPIC_PROPERTIES[ctx.targetVersion].defaults.includes(p.value))
      ctx.report({ messageId: 'defaulted', pointer: p.pointer, data });
    if (!seen.has(p.value)) seen.set(p.value, i);
  }
}

function oldSyncedPropertyUnknown(ctx: Ctx): void {
  const extra = Array.isArray(ctx.options['knownProperties'])
    ? (ctx.options['knownProperties'] as unknown[]).filter((x): x is string => typeof x === 'string')
    : [];
  const known = [...TOPIC_PROPERTIES[ctx.targetVersion].known, ...extra];
  for (const p of itemsAt(section(ctx, 'topicMetadataSyncOptions'), 'syncedShadowTopicProperties')) {
    if (typeof p.value !== 'string' || known.includes(p.value)) continue;
    const spelled = Object.hasOwn(PROPERTY_SPELLINGS, p.value) ? PROPERTY_SPELLINGS[p.value] : undefined;
    if (spelled) {
      ctx.report({
        messageId: 'spelling',
        pointer: p.pointer,
        data: { name: p.value, suggestion: spelled },
        fix: { kind: 'replace-value', pointer: p.pointer, value: spelled },
      });
      continue;
    }
    const suggestion = nearest(p.value, known);
    if (suggestion)
      ctx.report({
        messageId: 'didYouMean',
        pointer: p.pointer,
        data: { name: p.value, suggestion },
        fix: { kind: 'replace-value', pointer: p.pointer, value: suggestion },
      });
    else ctx.report({ messageId: 'unknown', pointer: p.pointer, data: { name: p.value } });
  }
}

const show = (n: number) => describeAmount('fetchMaxBytes', n);

function oldFetchSizeOrder(ctx: Ctx): void {
  const client = section(ctx, 'clientOptions');
  if (!client) return;
  const defaults = SERVER_FACTS[ctx.targetVersion].clientOptionDefaults;
  const eff = (name: 'fetchMaxBytes' | 'fetchMinBytes' | 'fetchPartitionMaxBytes') => {
    const v = child(client, name)?.value;
    const given = typeof v === 'number' && v > 0;
    return { value: given ? v : defaults[name], defaulted: !given };
  };
  const max = eff('fetchMaxBytes');
  const defaultedAbove: ('fetchMinBytes' | 'fetchPartitionMaxBytes')[] = [];
  for (const small of ['fetchMinBytes', 'fetchPartitionMaxBytes'] as const) {
    const s = eff(small);
    if (s.value <= max.value || (s.defaulted && max.defaulted)) continue;
    if (s.defaulted) {
      defaultedAbove.push(small);
      continue;
    }
    ctx.report({
      messageId: 'order',
      pointer: `${client.pointer}/${small}`,
      data: {
        small,
        smallValue: show(s.value),
        maxValue: show(max.value),
        maxDefault: max.defaulted ? ' (the default)' : '',
      },
    });
  }
  if (defaultedAbove.length > 0) {
    ctx.report({
      messageId: 'belowDefaults',
      pointer: `${client.pointer}/fetchMaxBytes`,
      data: {
        maxValue: show(max.value),
        names: defaultedAbove.map((n) => `\`${n}\` (${show(defaults[n])})`).join(' and '),
        them: defaultedAbove.length > 1 ? 'them' : 'it',
      },
    });
  }
}

const START_FIELDS = ['startAtEarliest', 'startAtLatest', 'startAtTimestamp'];

function oldStartPositionAtMostOne(ctx: Ctx): void {
  const topic = section(ctx, 'topicMetadataSyncOptions');
  const present = START_FIELDS.filter((f) => {
    const v = child(topic, f);
    return v !== undefined && v.value !== null;
  });
  if (topic && present.length > 1) {
    ctx.report({
      messageId: 'several',
      pointer: `${topic.pointer}/${present[1]}`,
      data: { fields: present.map((f) => `\`${f}\``).join(' and ') },
      related: present.map((f) => ({ pointer: `${topic.pointer}/${f}`, message: `${f} is set here` })),
    });
  }
}

// ---- Running a check on a link, as the engine does (a fresh section cache per lint). ----

function reports(
  check: (ctx: Ctx) => void,
  link: unknown,
  settings: { targetVersion: TargetVersion; options: Record<string, unknown> | undefined; linkPointer: string },
): RuleReport[] {
  const out: RuleReport[] = [];
  const location: LinkLocation = { value: link, pointer: settings.linkPointer, sections: new Map() };
  check({
    kind: 'CreateShadowLinkRequest',
    doc: link,
    link: location,
    targetVersion: settings.targetVersion,
    now: new Date('2026-06-01T00:00:00Z'),
    isPast: (millis) => millis <= Date.parse('2026-06-01T00:00:00Z'),
    isFile: true,
    options: settings.options ?? {},
    report: (r) => out.push(r),
  });
  return out;
}

/**
 * A rule run as the engine runs it (its check, or its visitors over the document the link sits in:
 * a ShadowLink at the root, or a CreateShadowLinkRequest's `shadowLink`).
 */
const checkOf =
  (rule: Rule<string>) =>
  (ctx: Ctx): void => {
    const link = ctx.link!;
    const kind = link.pointer === '' ? 'ShadowLink' : 'CreateShadowLinkRequest';
    const doc = kind === 'ShadowLink' ? link.value : { shadowLink: link.value };
    const settings = { ...ctx, kind, rules: {}, maxFindings: Infinity, catalog: BUILTIN_CATALOG } as const;
    for (const r of collectReports(rule, doc, settings, ctx.options)) ctx.report(r);
  };

// ---- Generators. ----

/** Strings from the given pieces: near misses of a clean value are far likelier than from arbitrary text. */
const pieces = (parts: string[], max: number) =>
  fc.array(fc.constantFrom(...parts), { maxLength: max }).map((p) => p.join(''));

const servers = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('kafka-1.example.com:9092', 'a:1', 'b:65535', 'kafka-1.example.com:9092') },
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        pieces(['kafka', '.', '-', 'a', '1', ' ', '\t', '\u00a0', '\u2003', 'é', '[', ']', '::1', '\u0001', '~'], 4),
        fc.constantFrom(':', ':', ':', '', '::', ':a:'),
        pieces(['0', '1', '9', '65535', '65536', '99999', '+', ' ', '\t', '\n', '\u00a0', '-', 'x', '00'], 4),
      )
      .map(([h, c, p]) => `${h}${c}${p}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 75, maxLength: 90 }) },
);

const notString = fc.constantFrom<unknown>(null, 9092, true, {}, []);

const serverList = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.array(fc.oneof({ weight: 8, arbitrary: servers }, { weight: 1, arbitrary: notString }), {
      maxLength: 6,
    }),
  },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('a:1', 'b:2', 'c:3', 'a:01'), { minLength: 30, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'a:1', null, {}) },
);

const linkNames = fc.oneof(
  pieces(['dr-link', 'a', '.', '_', '-', ' ', '/', 'é', '€', '😀', '\ud800', '\udc00', 'x'.repeat(60)], 6),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 50 }).map((c) => String.fromCharCode(...c)),
  fc.string({ unit: 'binary', maxLength: 140 }),
);

const intervals = fc.oneof(
  fc.constantFrom(
    '30s',
    '0s',
    '',
    '-0s',
    '0.5s',
    '-1s',
    '0.999999999s',
    '1s',
    '315576000000s',
    '315576000000.1s',
    '-0.000000001s',
    '007s',
    'PT30S',
    '30',
  ),
  pieces(['-', '0', '1', '9', '.', '5', 's', '315576000000', ' '], 6),
);

const timestamps = fc.oneof(
  fc.constantFrom(
    '2026-01-01T00:00:00Z',
    '2026-06-01T00:00:00Z',
    '2026-06-01T00:00:00.001Z',
    '2026-06-01T00:00:01+00:00',
    '2026-06-01T02:00:00+02:00',
    '1969-12-31T23:59:59.999Z',
    '1969-12-31T23:59:59.998Z',
    '1969-12-31T23:59:59.997Z',
    '1970-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '',
    ' 2026-01-01T00:00:00Z',
    '2026-1-1t0:0:0z',
    'infinite-future',
    'infinite-past',
    '2026-02-30T00:00:00Z',
    '1970-01-01T00:00:60Z',
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.constantFrom('T00:00:00Z', 't23:59:59.5z', 'T12:00:00-01:00', 'T12:00:00+0100', 'T24:00:00Z'),
    )
    .map(
      ([y, m, d, t]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}${t}`,
    ),
  fc.string({ maxLength: 30 }),
);

const propertyNames = fc.oneof(
  fc.constantFrom(
    'retention.ms',
    'cleanup.policy',
    'segment.ms',
    'min.insync.replicas',
    'retention.msec',
    'timestamp.type',
    'compression.type',
    'svc.storage.mode',
    'my.own.property',
    'zzzzzzzzzz',
  ),
  fc.string({ maxLength: 12 }),
);

const propertyList = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.oneof({ weight: 8, arbitrary: propertyNames }, { weight: 1, arbitrary: notString }), {
      maxLength: 6,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom('retention.ms', 'segment.ms', 'flush.ms'), { minLength: 30, maxLength: 40 }),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'retention.ms', {}) },
);

const fetchSize = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<unknown>(0, -1, 1, 1024 * 1024, 5 * 1024 * 1024, 20 * 1024 * 1024, 30 * 1024 * 1024, '1048576', null),
  fc.integer({ min: -10, max: 40 * 1024 * 1024 }),
);

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });

/** A link with each part present, absent, or of a wrong type. */
const links = fc
  .record({
    name: maybe(fc.oneof(linkNames, notString)),
    servers: maybe(serverList),
    fetchMaxBytes: fetchSize,
    fetchMinBytes: fetchSize,
    fetchPartitionMaxBytes: fetchSize,
    topicInterval: maybe(fc.oneof(intervals, notString)),
    groupInterval: maybe(intervals),
    securityInterval: maybe(intervals),
    startAtTimestamp: maybe(fc.oneof(timestamps, notString)),
    startAtEarliest: fc.constantFrom<unknown>(undefined, {}, null),
    startAtLatest: fc.constantFrom<unknown>(undefined, {}, null),
    excludeDefault: fc.constantFrom<unknown>(undefined, true, false, 'true'),
    properties: maybe(propertyList),
    shape: fc.constantFrom(
      'full',
      'full',
      'full',
      'no-client',
      'client-array',
      'no-configurations',
      'configurations-null',
      'link-array',
    ),
  })
  .map((r) => {
    const client: Record<string, unknown> = {};
    if (r.servers !== undefined) client['bootstrapServers'] = r.servers;
    for (const k of ['fetchMaxBytes', 'fetchMinBytes', 'fetchPartitionMaxBytes'] as const)
      if (r[k] !== undefined) client[k] = r[k];
    const topic: Record<string, unknown> = {};
    if (r.topicInterval !== undefined) topic['interval'] = r.topicInterval;
    if (r.startAtTimestamp !== undefined) topic['startAtTimestamp'] = r.startAtTimestamp;
    if (r.startAtEarliest !== undefined) topic['startAtEarliest'] = r.startAtEarliest;
    if (r.startAtLatest !== undefined) topic['startAtLatest'] = r.startAtLatest;
    if (r.excludeDefault !== undefined) topic['excludeDefault'] = r.excludeDefault;
    if (r.properties !== undefined) topic['syncedShadowTopicProperties'] = r.properties;
    const configurations: Record<string, unknown> = {
      topicMetadataSyncOptions: topic,
      consumerOffsetSyncOptions: r.groupInterval === undefined ? {} : { interval: r.groupInterval },
      securitySyncOptions: r.securityInterval === undefined ? {} : { interval: r.securityInterval },
    };
    if (r.shape === 'full') configurations['clientOptions'] = client;
    if (r.shape === 'client-array') configurations['clientOptions'] = [client];
    const link: Record<string, unknown> = {};
    if (r.name !== undefined) link['name'] = r.name;
    if (r.shape !== 'no-configurations')
      link['configurations'] = r.shape === 'configurations-null' ? null : configurations;
    return r.shape === 'link-array' ? [link] : link;
  });

const settings = fc.record({
  targetVersion: fc.constantFrom<TargetVersion>('25.3', '26.1'),
  options: fc.constantFrom<Record<string, unknown> | undefined>(
    undefined,
    { knownProperties: ['my.own.property', 3] },
    { knownProperties: 'my.own.property' },
  ),
  linkPointer: fc.constantFrom('', '/shadowLink'),
});

// ---- Properties. ----

const PAIRS: [string, (ctx: Ctx) => void, (ctx: Ctx) => void][] = [
  ['bootstrap-servers', checkOf(bootstrapServers), oldBootstrapServers],
  ['shadow-link-name', checkOf(shadowLinkName), oldShadowLinkName],
  ['duration', checkOf(duration), oldDuration],
  ['start-at-timestamp', checkOf(startAtTimestamp), oldStartAtTimestamp],
  ['synced-property-redundant', checkOf(syncedPropertyRedundant), oldSyncedPropertyRedundant],
  ['synced-property-unknown', checkOf(syncedPropertyUnknown), oldSyncedPropertyUnknown],
  ['fetch-size-order', checkOf(fetchSizeOrder), oldFetchSizeOrder],
  ['start-position-at-most-one', checkOf(startPositionAtMostOne), oldStartPositionAtMostOne],
];

describe('section rules report what their Located implementations reported', () => {
  it('the generated links reach the rules: each of them reports on some', () => {
    const sample = fc.sample(fc.tuple(links, settings), { numRuns: 2000, seed: 42 });
    for (const [id, check] of PAIRS)
      expect(
        sample.some(([link, s]) => reports(check, link, s).length > 0),
        id,
      ).toBe(true);
  });

  for (const [id, check, old] of PAIRS)
    it(
      id,
      () => {
        fc.assert(
          fc.property(links, settings, (link, s) => {
            expect(reports(check, link, s)).toEqual(reports(old, link, s));
          }),
          { numRuns: fuzzRuns(3_000, 0.02), seed: fuzzSeed(42_0101) },
        );
      },
      LIMIT,
    );

  it(
    'utf8Length is the length of the TextEncoder encoding, lone surrogates included',
    () => {
      const encoder = new TextEncoder();
      fc.assert(
        fc.property(
          fc.oneof(
            fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((c) => String.fromCharCode(...c)),
            pieces(['a', 'é', '€', '😀', '\ud800', '\udbff', '\udc00', '\udfff', '\u07ff', '\u0800', '\u007f'], 8),
            fc.string({ unit: 'binary', maxLength: 40 }),
          ),
          (s) => {
            expect(utf8Length(s), JSON.stringify(s)).toBe(encoder.encode(s).length);
          },
        ),
        { numRuns: fuzzRuns(5_000, 0.02), seed: fuzzSeed(42_0102) },
      );
    },
    LIMIT,
  );
});
