/** The loopback server decodes and answers like the real admin server (research: decoding.md, server-facts.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetBrokerRequestSchema } from '../src/client/gen/svc/core/admin/v2/broker_pb';
import {
  CreateShadowLinkRequestSchema,
  FilterType,
  PatternType,
  type CreateShadowLinkRequest,
} from '../src/client/gen/svc/core/admin/v2/shadow_link_pb';
import { decodeBody, DecodeError } from './support/loopback/decode';
import { startLoopback, type Loopback } from './support/loopback/server';

const decodeLink = (body: string) => decodeBody<CreateShadowLinkRequest>(CreateShadowLinkRequestSchema, body);
const client = (json: unknown) =>
  decodeLink(JSON.stringify({ shadowLink: { name: 'x', configurations: { clientOptions: json } } })).shadowLink!
    .configurations!.clientOptions!;

describe('decoding like the server', () => {
  it('accepts proto and JSON names, skips unknown keys, appends duplicate repeated fields', () => {
    const c = decodeLink(
      '{"shadow_link":{"name":"x","configurations":{"client_options":{"bootstrapServers":["a:1"],"bootstrap_servers":["b:2"],"BootstrapServers":["c:3"],"fetch_max_bytes":5,"fetchMaxBytes":6}}}}',
    ).shadowLink!.configurations!.clientOptions!;
    expect(c.bootstrapServers).toEqual(['a:1', 'b:2']);
    expect(c.fetchMaxBytes).toBe(6);
  });

  it('replaces a duplicated message, and the last oneof member wins', () => {
    const t = decodeLink(
      '{"shadowLink":{"name":"x","configurations":{"topicMetadataSyncOptions":{"paused":true,"startAtEarliest":{}},"topicMetadataSyncOptions":{"startAtLatest":{},"startAtEarliest":{}}}}}',
    ).shadowLink!.configurations!.topicMetadataSyncOptions!;
    expect(t.paused).toBe(false);
    expect(t.startOffset.case).toBe('startAtEarliest');
  });

  it('null: unset for messages and lists, an error for scalars and enums', () => {
    expect(client({ tlsSettings: null, bootstrapServers: null }).tlsSettings).toBeUndefined();
    for (const bad of [{ fetchMaxBytes: null }, { sourceClusterId: null }])
      expect(() => client(bad)).toThrow(DecodeError);
    expect(() => decodeBody(GetBrokerRequestSchema, '{"nodeId":null}')).toThrow(DecodeError);
  });

  it('int32: numbers wrap and truncate, decimal strings are range-checked', () => {
    expect(client({ fetchMaxBytes: 4294967297 }).fetchMaxBytes).toBe(1);
    expect(client({ fetchMaxBytes: 1.9 }).fetchMaxBytes).toBe(1);
    expect(client({ fetchMaxBytes: ' +12 ' }).fetchMaxBytes).toBe(12);
    expect(() => client({ fetchMaxBytes: '2147483648' })).toThrow(DecodeError);
    expect(() => client({ fetchMaxBytes: '1e3' })).toThrow(DecodeError);
  });

  it('enums: names without aliases, known numbers; anything else is UNSPECIFIED', () => {
    const filters = (f: unknown[]) =>
      decodeLink(
        JSON.stringify({
          shadowLink: { name: 'x', configurations: { topicMetadataSyncOptions: { autoCreateShadowTopicFilters: f } } },
        }),
      ).shadowLink!.configurations!.topicMetadataSyncOptions!.autoCreateShadowTopicFilters;
    const got = filters([
      { patternType: 'PATTERN_TYPE_PREFIX', filterType: 2 },
      { patternType: 'PATTERN_TYPE_PREFIXED', filterType: 99 },
      { pattern_type: 'pattern_type_literal', filter_type: 'FILTER_TYPE_INCLUDE' },
    ]);
    expect(got.map((f) => [f.patternType, f.filterType])).toEqual([
      [PatternType.PREFIX, FilterType.EXCLUDE],
      [PatternType.UNSPECIFIED, FilterType.UNSPECIFIED],
      [PatternType.UNSPECIFIED, FilterType.INCLUDE],
    ]);
    // 1.0 is a double token, which an enum refuses (JSON.stringify would write it as 1).
    const raw =
      '{"shadowLink":{"configurations":{"topicMetadataSyncOptions":{"autoCreateShadowTopicFilters":[{"patternType":1.0}]}}}}';
    expect(() => decodeLink(raw)).toThrow(DecodeError);
  });

  it('strict JSON: BOM, trailing data, comments, lone surrogates and deep nesting are errors', () => {
    for (const body of [
      '\uFEFF{}',
      '{} x',
      '{"a":1,}',
      '{/*c*/}',
      '{"a":"\\ud800"}',
      '[]',
      `{"x":${'['.repeat(1001)}${']'.repeat(1001)}}`,
    ])
      expect(() => decodeBody(GetBrokerRequestSchema, body), body.slice(0, 20)).toThrow(DecodeError);
    expect(decodeBody(GetBrokerRequestSchema, '{"unknown":{"deep":[1,2,{"x":null}]}} \n')).toBeDefined();
  });

  it('durations and timestamps follow the server grammar', () => {
    const t = (v: unknown) =>
      decodeLink(
        JSON.stringify({ shadowLink: { name: 'x', configurations: { topicMetadataSyncOptions: { interval: v } } } }),
      ).shadowLink!.configurations!.topicMetadataSyncOptions!.interval;
    expect(t('007s')).toMatchObject({ seconds: 7n, nanos: 0 });
    expect(t('-0.5s')).toMatchObject({ seconds: 0n, nanos: -500000000 });
    expect(t('')).toMatchObject({ seconds: 0n });
    for (const bad of ['1', '1S', '1.s', '+1s', '1s ', '315576000001s']) expect(() => t(bad), bad).toThrow(DecodeError);
    const ts = (v: string) =>
      decodeLink(
        JSON.stringify({
          shadowLink: { name: 'x', configurations: { topicMetadataSyncOptions: { startAtTimestamp: v } } },
        }),
      ).shadowLink!.configurations!.topicMetadataSyncOptions!.startOffset.value;
    expect(ts('2024-02-29T01:02:03.5+01:00')).toMatchObject({ seconds: 1709164923n, nanos: 500000000 });
    expect(ts('2024-1-5t1:2:3z')).toMatchObject({ seconds: 1704416523n });
    for (const bad of ['2023-02-29T00:00:00Z', '2024-01-01T00:00:00', '2024-01-01 00:00:00Z'])
      expect(() => ts(bad), bad).toThrow(DecodeError);
  });
});

describe('answering like the server', () => {
  let lb: Loopback;
  beforeAll(async () => {
    lb = await startLoopback();
  });
  afterAll(() => lb.close());
  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${lb.url}/svc.core.admin.v2.${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });

  it('refuses a Content-Type that is not exactly application/json (501 unimplemented)', async () => {
    const r = await post('BrokerService/GetBroker', '{}', 'application/json; charset=utf-8');
    expect(r.status).toBe(501);
    expect(await r.json()).toEqual({
      code: 'unimplemented',
      message:
        'Only application/proto and application/json Content-Type is supported, got: application/json; charset=utf-8',
    });
  });

  it('answers a body it cannot decode with 400 "invalid request input"', async () => {
    const r = await post('BrokerService/GetBroker', '{"nodeId":"one"}');
    expect([r.status, await r.json()]).toEqual([400, { code: 'invalid_argument', message: 'invalid request input' }]);
  });

  it('writes every field, zeros included, timestamps with nine digits, passwords as ""', async () => {
    const r = await post(
      'ShadowLinkService/CreateShadowLink',
      JSON.stringify({
        shadow_link: {
          name: 'wire',
          configurations: {
            client_options: {
              bootstrap_servers: ['h:0009092'],
              authentication_configuration: { plain_configuration: { username: 'u', password: 'p' } },
            },
          },
        },
      }),
    );
    expect(r.status).toBe(200);
    const text = await r.text();
    const json = JSON.parse(text) as { shadowLink: { configurations: { clientOptions: Record<string, unknown> } } };
    const c = json.shadowLink.configurations.clientOptions;
    expect(c).toMatchObject({
      bootstrapServers: ['h:9092'],
      sourceClusterId: '',
      metadataMaxAgeMs: 0,
      effectiveMetadataMaxAgeMs: 10000,
      authenticationConfiguration: { plainConfiguration: { username: 'u', password: '', passwordSet: true } },
    });
    const at = (c['authenticationConfiguration'] as { plainConfiguration: { passwordSetAt: string } })
      .plainConfiguration.passwordSetAt;
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(text).toContain('"effectiveInterval":"30s"');
    expect(text).toContain('"interval":"0s"');
  });
});
