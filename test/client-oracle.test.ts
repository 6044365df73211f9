/**
 * protobuf-es's fromJson/toJson as an independent ProtoJSON oracle: any request the linter passes
 * without an error parses with fromJson (unknown fields ignored), and what the client sends for it
 * means the same to protobuf-es, and to the server's decoder (the loopback's reproduction), as the
 * document that was linted. Where the server deviates from standard ProtoJSON, a test names it.
 */
import { fromJson, toJson, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toWire } from '../src/client/wire';
import { GetBrokerRequestSchema } from '../src/client/gen/svc/core/admin/v2/broker_pb';
import { CreateShadowLinkRequestSchema } from '../src/client/gen/svc/core/admin/v2/shadow_link_pb';
import { lint } from '../src/lint/lint';
import { decodeBody, DecodeError } from './support/loopback/decode';

const Schema = CreateShadowLinkRequestSchema;
const es = (doc: unknown) => toJson(Schema, fromJson(Schema, doc as JsonValue, { ignoreUnknownFields: true }));
const server = (doc: unknown) => toJson(Schema, decodeBody(Schema, JSON.stringify(doc)));

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
/** Mostly a valid value, now and then an invalid one. */
const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: invalid, weight: 1 });
const enumOf = (...names: string[]) => fc.constantFrom(...names);
const interval = mostly(
  fc.constantFrom('30s', '1.5s', '0s', '60s', '315576000000s', '2.000000001s'),
  fc.constantFrom('-1s', '1', ''),
);
const nameFilter = fc.record(
  {
    patternType: mostly(enumOf('PATTERN_TYPE_LITERAL', 'PATTERN_TYPE_PREFIX'), enumOf('PATTERN_TYPE_UNSPECIFIED')),
    filterType: enumOf('FILTER_TYPE_INCLUDE', 'FILTER_TYPE_EXCLUDE'),
    name: mostly(fc.constantFrom('orders', 'orders.', 'a-b_c'), fc.constantFrom('*', 'x*')),
  },
  { requiredKeys: ['filterType'] },
);
const aclFilter = fc.record({
  resourceFilter: fc.record({
    resourceType: enumOf('ACL_RESOURCE_ANY', 'ACL_RESOURCE_TOPIC', 'ACL_RESOURCE_GROUP'),
    patternType: enumOf('ACL_PATTERN_ANY', 'ACL_PATTERN_LITERAL', 'ACL_PATTERN_PREFIXED', 'ACL_PATTERN_MATCH'),
    name: fc.constantFrom('', 'orders'),
  }),
  accessFilter: fc.record({
    principal: fc.constantFrom('', 'User:alice'),
    operation: enumOf('ACL_OPERATION_ANY', 'ACL_OPERATION_READ', 'ACL_OPERATION_WRITE'),
    permissionType: enumOf('ACL_PERMISSION_TYPE_ANY', 'ACL_PERMISSION_TYPE_ALLOW'),
    host: fc.constantFrom('', '10.0.0.1'),
  }),
});
const startOffset = fc.constantFrom<Record<string, unknown>>(
  {},
  { startAtEarliest: {} },
  { startAtLatest: {} },
  { startAtTimestamp: '2024-01-01T00:00:00Z' },
  { startAtTimestamp: '2024-01-01T00:00:00.5+01:00' },
  { startAtTimestamp: '2024-02-29T23:59:59.123456789Z' },
);
const option = mostly(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000_000 })), fc.constant(-1));

/** Requests near the valid ones: most pass the linter, some do not (and are only required not to crash). */
const request = fc
  .record({
    name: mostly(fc.constantFrom('dr-link', 'a.b_c-1'), fc.constant('bad name')),
    bootstrapServers: fc.array(
      mostly(fc.constantFrom('source-1:9092', '10.0.0.1:9093'), fc.constantFrom('nohost', 'h:0')),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    tls: opt(
      fc.record({
        enabled: fc.boolean(),
        doNotSetSniHostname: fc.boolean(),
        tlsFileSettings: opt(fc.constant({ caPath: '/etc/ca.pem', certPath: '/etc/c.pem', keyPath: '/etc/k.pem' })),
      }),
    ),
    auth: opt(
      fc.oneof(
        fc.record({
          scramConfiguration: fc.record({
            username: fc.constant('u'),
            password: fc.constant('pw-123456'),
            scramMechanism: enumOf('SCRAM_MECHANISM_SCRAM_SHA_256', 'SCRAM_MECHANISM_SCRAM_SHA_512'),
          }),
        }),
        fc.record({
          plainConfiguration: fc.record({ username: fc.constant('u'), password: fc.constant('pw-123456') }),
        }),
      ),
    ),
    fetchMaxBytes: opt(option),
    connectionTimeoutMs: opt(option),
    topics: opt(
      fc.tuple(
        fc.record(
          {
            interval,
            autoCreateShadowTopicFilters: fc.array(nameFilter, { maxLength: 3 }),
            syncedShadowTopicProperties: fc.array(fc.constantFrom('retention.ms', 'segment.ms', 'cleanup.policy'), {
              maxLength: 2,
            }),
            excludeDefault: fc.boolean(),
            paused: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        startOffset,
      ),
    ),
    groups: opt(
      fc.record(
        { interval, groupFilters: fc.array(nameFilter, { maxLength: 2 }), paused: fc.boolean() },
        { requiredKeys: [] },
      ),
    ),
    security: opt(fc.record({ interval, aclFilters: fc.array(aclFilter, { maxLength: 2 }) }, { requiredKeys: [] })),
    schemaRegistry: opt(fc.constantFrom({}, { shadowSchemaRegistryTopic: {} })),
  })
  .map((r) => {
    const clientOptions: Record<string, unknown> = { bootstrapServers: r.bootstrapServers };
    if (r.tls) clientOptions['tlsSettings'] = r.tls;
    if (r.auth) clientOptions['authenticationConfiguration'] = r.auth;
    if (r.fetchMaxBytes !== undefined) clientOptions['fetchMaxBytes'] = r.fetchMaxBytes;
    if (r.connectionTimeoutMs !== undefined) clientOptions['connectionTimeoutMs'] = r.connectionTimeoutMs;
    const configurations: Record<string, unknown> = { clientOptions };
    if (r.topics) configurations['topicMetadataSyncOptions'] = { ...r.topics[0], ...r.topics[1] };
    if (r.groups) configurations['consumerOffsetSyncOptions'] = r.groups;
    if (r.security) configurations['securitySyncOptions'] = r.security;
    if (r.schemaRegistry) configurations['schemaRegistrySyncOptions'] = r.schemaRegistry;
    return { shadowLink: { name: r.name, configurations } };
  });

/** Every enum value name of the request's messages, with its number. */
function enumNumbers(
  desc: DescMessage,
  out = new Map<string, number>(),
  seen = new Set<string>(),
): Map<string, number> {
  if (seen.has(desc.typeName)) return out;
  seen.add(desc.typeName);
  for (const f of desc.fields) {
    const e = f.fieldKind === 'enum' ? f.enum : f.fieldKind === 'list' && f.listKind === 'enum' ? f.enum : undefined;
    if (e) for (const v of e.values) if (!out.has(v.name)) out.set(v.name, v.number);
    const m =
      f.fieldKind === 'message'
        ? f.message
        : f.fieldKind === 'list' && f.listKind === 'message'
          ? f.message
          : undefined;
    if (m) enumNumbers(m, out, seen);
  }
  return out;
}
const ENUM_NUMBERS = enumNumbers(Schema);
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The same request in spellings the server also accepts: snake_case keys, enum numbers, quoted int32. */
function respell(v: unknown, how: { keys: boolean; enums: boolean; ints: boolean }): unknown {
  if (typeof v === 'string' && how.enums && ENUM_NUMBERS.has(v)) return ENUM_NUMBERS.get(v);
  if (typeof v === 'number' && how.ints) return String(v);
  if (Array.isArray(v)) return v.map((x) => respell(x, how));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [how.keys ? snake(k) : k, respell(x, how)]));
  return v;
}

describe('protobuf-es as an oracle for what the client sends', () => {
  it('what the client sends for any request the linter passes is standard ProtoJSON that means what the server reads in the request', () => {
    let passed = 0;
    let refused = 0;
    let respelled = 0;
    const spelling = fc.record({ keys: fc.boolean(), enums: fc.boolean(), ints: fc.boolean() });
    fc.assert(
      fc.property(request, spelling, (canonical, how) => {
        const doc = respell(canonical, how);
        const result = lint('CreateShadowLinkRequest', doc, { targetVersion: '26.1' });
        if (!result.valid) {
          refused++;
          return;
        }
        passed++;
        if (how.keys || how.enums || how.ints) respelled++;
        const wire = toWire('CreateShadowLinkRequest', doc, {}).value;
        // protobuf-es parses what is sent strictly (no unknown field), and reads in it what the server reads in the document.
        const sent = toJson(Schema, fromJson(Schema, wire as JsonValue));
        expect(sent).toEqual(server(doc));
        // Sending the canonical form changes nothing for the server either.
        expect(server(wire)).toEqual(server(doc));
        // Where the document is standard ProtoJSON already, protobuf-es reads it as it reads what is sent.
        let standard: unknown;
        try {
          standard = es(doc);
        } catch {
          return; // a spelling only the server accepts ("" for a Duration, "30" for an int32, …)
        }
        expect(standard).toEqual(sent);
      }),
      { numRuns: 400, seed: 20261123 },
    );
    // Every branch is exercised: the property is not vacuous.
    expect(passed).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
    expect(respelled).toBeGreaterThan(30);
  });

  it('canonical Durations: protobuf-es writes "1.500s" for "1.5s", the same value', () => {
    const doc = {
      shadowLink: {
        name: 'x',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'] },
          consumerOffsetSyncOptions: { interval: '1.5s' },
        },
      },
    };
    expect(lint('CreateShadowLinkRequest', doc).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const json = es(doc) as { shadowLink: { configurations: { consumerOffsetSyncOptions: { interval: string } } } };
    expect(json.shadowLink.configurations.consumerOffsetSyncOptions.interval).toBe('1.500s');
  });
});

describe('where the server deviates from standard ProtoJSON', () => {
  const filterDoc = (patternType: unknown) => ({
    shadowLink: {
      name: 'x',
      configurations: {
        clientOptions: { bootstrapServers: ['a:1'] },
        topicMetadataSyncOptions: {
          autoCreateShadowTopicFilters: [{ patternType, filterType: 'FILTER_TYPE_INCLUDE', name: 'orders.' }],
        },
      },
    },
  });
  const patternOf = (json: unknown) =>
    (
      json as {
        shadowLink: {
          configurations: { topicMetadataSyncOptions: { autoCreateShadowTopicFilters: { patternType?: string }[] } };
        };
      }
    ).shadowLink.configurations.topicMetadataSyncOptions.autoCreateShadowTopicFilters[0]!.patternType;

  it('enum aliases: protobuf-es reads PATTERN_TYPE_PREFIXED as PREFIX, the server as UNSPECIFIED (the linter refuses it: enum-alias)', () => {
    const doc = filterDoc('PATTERN_TYPE_PREFIXED');
    expect(patternOf(es(doc))).toBe('PATTERN_TYPE_PREFIX');
    expect(patternOf(server(doc))).toBeUndefined(); // UNSPECIFIED, the zero value, is not written
    expect(lint('CreateShadowLinkRequest', doc).diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['enum-alias', 'error'],
    ]);
  });

  it('unknown enum names: protobuf-es refuses them (or drops them when told to), the server reads UNSPECIFIED', () => {
    const doc = filterDoc('LITERAL');
    expect(() => fromJson(Schema, doc as JsonValue)).toThrow();
    expect(patternOf(server(doc))).toBeUndefined();
    expect(lint('CreateShadowLinkRequest', doc).valid).toBe(false);
  });

  it('null on a scalar: protobuf-es reads it as unset, the server refuses the body', () => {
    const body = { nodeId: null };
    expect(toJson(GetBrokerRequestSchema, fromJson(GetBrokerRequestSchema, body))).toEqual({});
    expect(() => decodeBody(GetBrokerRequestSchema, JSON.stringify(body))).toThrow(DecodeError);
  });

  it('"" as a Duration or Timestamp: the server reads zero and the epoch, protobuf-es refuses; the client sends "0s" and the epoch', () => {
    const doc = {
      shadowLink: {
        name: 'x',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'] },
          topicMetadataSyncOptions: { interval: '', startAtTimestamp: '' },
        },
      },
    };
    expect(() => es(doc)).toThrow();
    const read = {
      shadowLink: {
        configurations: { topicMetadataSyncOptions: { interval: '0s', startAtTimestamp: '1970-01-01T00:00:00Z' } },
      },
    };
    expect(server(doc)).toMatchObject(read);
    // The linter accepts both (reporting them), and what is sent is standard ProtoJSON.
    const result = lint('CreateShadowLinkRequest', doc);
    expect(result.valid).toBe(true);
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual(['duration', 'start-at-timestamp']);
    expect(es(toWire('CreateShadowLinkRequest', doc, {}).value)).toMatchObject(read);
  });

  it('int32 beyond range: the server wraps it, protobuf-es refuses (so does the linter)', () => {
    const doc = {
      shadowLink: {
        name: 'x',
        configurations: { clientOptions: { bootstrapServers: ['a:1'], fetchMaxBytes: 4294967297 } },
      },
    };
    expect(() => es(doc)).toThrow();
    expect(server(doc)).toMatchObject({ shadowLink: { configurations: { clientOptions: { fetchMaxBytes: 1 } } } });
    expect(lint('CreateShadowLinkRequest', doc).valid).toBe(false);
  });
});
