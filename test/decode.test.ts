/** The server's JSON decoding, reproduced: the canonical document and where each part is written. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, decodeDocument, keepsFormatted } from '../src/decode/decode';
import { exampleKind } from '../src/lint/rule-examples';
import { rules } from '../src/rules/index';
import { validateStructure } from '../src/validate/structural';
import { FUZZ_LIMIT, chooser, fuzzRuns, fuzzSeed } from './support/fuzz';
import { lint } from '../src/lint/lint';
import { int32FromString, parseServerDuration, parseServerTimestamp } from '../src/model/server-scalars';

describe('canonicalize', () => {
  it('reads every spelling the server accepts as the spec writes it', () => {
    const written = {
      shadow_link: {
        name: 'dr',
        configurations: {
          client_options: { bootstrap_servers: ['a:1'], fetch_max_bytes: ' +1024 ', tls_settings: null },
          topic_metadata_sync_options: {
            interval: '007s',
            auto_create_shadow_topic_filters: [null, { filter_type: 1, name: 'x', pattern_type: 2 }],
            start_at_timestamp: '2026-1-31t12:00:00+0100',
          },
        },
      },
    };
    expect(canonicalize('CreateShadowLinkRequest', written)).toEqual({
      shadowLink: {
        name: 'dr',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'], fetchMaxBytes: 1024 },
          topicMetadataSyncOptions: {
            interval: '7s',
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'x', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
            startAtTimestamp: '2026-01-31t12:00:00+01:00',
          },
        },
      },
    });
  });

  it('returns the value itself when it is already canonical, and never mutates it', () => {
    const doc = { name: 'dr', configurations: { clientOptions: { bootstrapServers: ['a:1'] } } };
    const copy = structuredClone(doc);
    expect(canonicalize('ShadowLink', doc)).toBe(doc);
    const snake = { name: 'dr', configurations: { client_options: { bootstrap_servers: ['a:1'] } } };
    const before = structuredClone(snake);
    canonicalize('ShadowLink', snake);
    expect(snake).toEqual(before);
    expect(doc).toEqual(copy);
  });

  it('joins lists given under both spellings and keeps the later value of anything else', () => {
    const doc = {
      name: 'dr',
      configurations: {
        clientOptions: { bootstrapServers: ['a:1'], bootstrap_servers: ['b:1'], fetchMaxBytes: 1, fetch_max_bytes: 2 },
      },
    };
    expect(canonicalize('ShadowLink', doc)).toEqual({
      name: 'dr',
      configurations: { clientOptions: { bootstrapServers: ['a:1', 'b:1'], fetchMaxBytes: 2 } },
    });
  });

  it('maps every place in the canonical document back to where it is written', () => {
    const doc = {
      name: 'dr',
      configurations: { client_options: { bootstrapServers: ['a:1'], bootstrap_servers: ['b:1', 'c:1'] } },
    };
    const d = decodeDocument('ShadowLink', doc);
    expect(d.written('/configurations/clientOptions/bootstrapServers/0')).toBe(
      '/configurations/client_options/bootstrapServers/0',
    );
    expect(d.written('/configurations/clientOptions/bootstrapServers/2')).toBe(
      '/configurations/client_options/bootstrap_servers/1',
    );
    // A place that is missing (a required field) maps through the written parents.
    expect(d.written('/configurations/clientOptions/missing')).toBe('/configurations/client_options/missing');
  });

  it('leaves what the server refuses for the checks to report', () => {
    for (const bad of [{ nodeId: null }, { nodeId: '1e3' }, { nodeId: 1.5 }, { nodeId: '2147483648' }])
      expect(canonicalize('GetBrokerRequest', bad)).toEqual(bad);
    expect(lint('GetBrokerRequest', { nodeId: '7' }).diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['integer-as-string', 'info'],
    ]);
  });
});

describe('server scalars', () => {
  it('reads int32 strings as absl::SimpleAtoi does', () => {
    expect([' 12', '+5', '007', '-0', '2147483647'].map(int32FromString)).toEqual([12, 5, 7, 0, 2147483647]);
    for (const bad of ['1e3', '1.0', '0x10', '', ' ', '1 2', '2147483648', '-2147483649'])
      expect(int32FromString(bad), bad).toBe(undefined);
  });

  it('reads Durations as json.cc does: "" is zero, leading zeros are fine, the range is inclusive', () => {
    expect(parseServerDuration('')).toEqual({ seconds: 0, nanos: 0 });
    expect(parseServerDuration('007s')).toEqual({ seconds: 7, nanos: 0 });
    expect(parseServerDuration('-0.5s')).toEqual({ seconds: 0, nanos: -500_000_000 });
    expect(parseServerDuration('315576000000.999999999s')).toBeDefined();
    for (const bad of ['315576000001s', '+1s', '.5s', '1.s', '1S', '1', '1ms', '1s ', '1.0123456789s'])
      expect(parseServerDuration(bad), bad).toBe(undefined);
  });

  it('reads Timestamps as absl::ParseTime does, and gives the RFC 3339 spelling of the same instant', () => {
    expect(parseServerTimestamp('')!.epochMillis).toBe(0);
    expect(parseServerTimestamp(' 2026-01-31T12:00:00Z ')!.canonical).toBe('2026-01-31T12:00:00Z');
    // RFC 3339 takes any number of fraction digits (`1*DIGIT`): ten are already canonical.
    expect(parseServerTimestamp('2026-01-31T12:00:00.1234567891Z')!.canonical).toBe('2026-01-31T12:00:00.1234567891Z');
    expect(parseServerTimestamp('2026-1-31T12:00:00.1234567891Z')!.canonical).toBe('2026-01-31T12:00:00.1234567891Z');
    expect(parseServerTimestamp('2026-01-31T12:00:00+0530')!.epochMillis).toBe(Date.parse('2026-01-31T06:30:00Z'));
    expect(parseServerTimestamp('2016-12-31T23:59:60Z')!.canonical).toBe('2017-01-01T00:00:00Z');
    expect(parseServerTimestamp('0000-01-01T00:00:00Z')!.canonical).toBeUndefined();
    expect(parseServerTimestamp('infinite-future')!.epochMillis).toBe(Infinity);
    for (const bad of ['2026-02-30T00:00:00Z', '2026-01-31 12:00:00Z', '2026-01-31T12:00:00', '2026-01-31T12:00:00.Z'])
      expect(parseServerTimestamp(bad), bad).toBe(undefined);
  });
});

describe('decoding only where the structure check refused something', () => {
  /** Spellings the decoder rewrites, and values it leaves, put at random places of the rules' example documents. */
  const SPELLINGS: unknown[] = [
    null,
    1,
    2,
    '7',
    ' +12 ',
    '007s',
    '30s',
    '-0s',
    '1.50s',
    '2026-1-31t12:00:00+0100',
    'x',
    true,
  ];
  const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

  /** A copy of `doc` with one value replaced, or one key respelt snake_case, chosen by `pick`. */
  function mutate(doc: unknown, pick: (n: number) => number): unknown {
    const copy = structuredClone(doc);
    const places: [Record<string, unknown> | unknown[], string | number][] = [];
    const walk = (n: unknown) => {
      if (typeof n !== 'object' || n === null) return;
      for (const [k, v] of Object.entries(n)) {
        places.push([n as Record<string, unknown>, Array.isArray(n) ? Number(k) : k]);
        walk(v);
      }
    };
    walk(copy);
    if (places.length === 0) return copy;
    const [parent, key] = places[pick(places.length)]!;
    if (typeof key === 'string' && !Array.isArray(parent) && pick(3) === 0 && snake(key) !== key) {
      parent[snake(key)] = parent[key];
      delete parent[key];
    } else (parent as Record<string | number, unknown>)[key] = SPELLINGS[pick(SPELLINGS.length)];
    return copy;
  }

  let compared = 0;
  let sameValues = 0;

  /** Every pointer of a value's containers and leaves. */
  const pointersOf = (v: unknown, at = ''): string[] =>
    typeof v !== 'object' || v === null
      ? [at]
      : [
          at,
          ...Object.entries(v).flatMap(([k, x]) =>
            pointersOf(x, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
          ),
        ];
  it('finds what decoding everything finds, except alternative spellings that the structure check accepts', () => {
    const docs = rules.flatMap((rule) =>
      [...(rule.examples?.valid ?? []), ...(rule.examples?.invalid ?? [])].map(
        (ex) => [exampleKind(rule, ex), ex.doc] as const,
      ),
    );
    fc.assert(
      fc.property(fc.nat(docs.length - 1), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(3), (i, seed, rounds) => {
        const pick = chooser(seed);
        const [kind, original] = docs[i]!;
        let doc: unknown = original;
        for (let r = 0; r <= rounds; r++) doc = mutate(doc, pick);
        const refused = validateStructure(kind, doc).map((d) => d.pointer);
        if (refused.length === 0) return;
        compared++;
        const full = decodeDocument(kind, doc);
        const focused = decodeDocument(kind, doc, refused);
        const key = (d: { code: string; pointer: string; message: string }) => `${d.code} ${d.pointer} ${d.message}`;
        const focusedKeys = new Set(focused.diagnostics.map(key));
        // Everything found is found by the full decoding too, and at the same written place.
        for (const d of focused.diagnostics) expect(full.diagnostics.map(key)).toContain(key(d));
        // What only the full decoding finds is a value the structure check accepted as written.
        for (const d of full.diagnostics) {
          if (focusedKeys.has(key(d))) continue;
          expect(
            refused.some((p) => d.pointer === p || d.pointer.startsWith(`${p}/`)),
            key(d),
          ).toBe(false);
          expect(validateStructure(kind, doc).some((s) => s.pointer === d.pointer)).toBe(false);
        }
        // Where both find the same, both read the same document, and map its places back alike.
        if (full.diagnostics.length === focused.diagnostics.length) {
          sameValues++;
          expect(focused.value).toEqual(full.value);
          for (const p of pointersOf(full.value)) expect(focused.written(p), p).toBe(full.written(p));
        }
      }),
      { numRuns: fuzzRuns(1500, 0.05), seed: fuzzSeed(17_0601), interruptAfterTimeLimit: FUZZ_LIMIT },
    );
    // Most generated documents have something refused: the comparison is made, not skipped.
    expect(compared).toBeGreaterThan(750);
    expect(sameValues).toBeGreaterThan(compared / 2);
  });

  it('leaves a canonical-form value alone even when another part of the document is refused', () => {
    const doc = {
      name: 'dr',
      configurations: {
        clientOptions: { bootstrapServers: ['a:1'], fetchMaxBytes: 'lots' },
        topicMetadataSyncOptions: { interval: '-0s' },
      },
    };
    const codes = lint('ShadowLink', doc).diagnostics.map((d) => `${d.code} ${d.pointer}`);
    expect(codes).toContain('schema/type /configurations/clientOptions/fetchMaxBytes');
    // `-0s` passes the structure check as written, alone or not: no spelling finding either way.
    expect(codes.filter((c) => c.includes('/interval'))).toEqual([]);
  });
});

describe('keepsFormatted', () => {
  it('says whether the decoder keeps a string under a duration or timestamp field, as decodeDocument does', () => {
    // lint skips the decoder for a document refused only by formats when it keeps every such string.
    const durations = ['30', '30s', '30.0s', ' 30s', '1m', '', '-0s', 'PT30S', '0.5s', '1e3s', '+5s', '30S'];
    const timestamps = ['', '2026-01-01T00:00:00Z', '2026-1-1t00:00:00z', 'infinite-future', 'infinite-past', 'x'];
    const cases = [
      ...durations.map((s) => ['duration', { interval: s }, s] as const),
      ...timestamps.map((s) => ['timestamp', { startAtTimestamp: s }, s] as const),
    ];
    for (const [format, options, s] of cases) {
      const doc = { shadowLink: { name: 'x', configurations: { topicMetadataSyncOptions: options } } };
      expect(keepsFormatted(format, s), `${format} ${JSON.stringify(s)}`).toBe(
        decodeDocument('CreateShadowLinkRequest', doc).value === doc,
      );
    }
    expect(cases.filter(([format, , s]) => !keepsFormatted(format, s)).length).toBeGreaterThan(3);
    expect(keepsFormatted('uuid', 'not-a-uuid')).toBe(true);
  });
});
