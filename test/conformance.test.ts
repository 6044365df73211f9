/** checkExchange: a response that honours its request conforms; each kind of deviation is reported where it is. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExchange } from '../src/conformance/check';
import { keyFingerprint } from '../src/facts/fingerprint';
import { EXAMPLE_KEY } from '../src/rule-api/example-pem';
import { FIXTURES } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const load = (name: string): Json => JSON.parse(readFileSync(join(FIXTURES, 'valid', name), 'utf8')) as Json;
const clone = <T>(v: T): T => structuredClone(v);

/** A request and the response a correct server would give it. */
function pair(): { request: Json; response: Json } {
  const response = load('CreateShadowLinkResponse.full.json');
  // Right after creation nothing has been shadowed and no task has reported yet.
  response.shadowLink.status.shadowTopics = [];
  response.shadowLink.status.taskStatuses = [];
  const request: Json = {
    shadowLink: {
      name: 'dr-link',
      configurations: {
        clientOptions: {
          bootstrapServers: ['kafka-1.source.example.com:9092'],
          authenticationConfiguration: {
            scramConfiguration: { username: 'shadow', password: 'pw', scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512' },
          },
          tlsSettings: {
            enabled: true,
            tlsPemSettings: {
              ca: response.shadowLink.configurations.clientOptions.tlsSettings.tlsPemSettings.ca,
              cert: response.shadowLink.configurations.clientOptions.tlsSettings.tlsPemSettings.cert,
              key: EXAMPLE_KEY,
            },
          },
        },
        topicMetadataSyncOptions: {
          autoCreateShadowTopicFilters: [
            { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
          ],
        },
      },
    },
  };
  response.shadowLink.configurations.clientOptions.tlsSettings.tlsPemSettings.keyFingerprint =
    keyFingerprint(EXAMPLE_KEY);
  return { request, response };
}

const codes = (r: ReturnType<typeof checkExchange>) => r.diagnostics.map((d) => [d.code, d.pointer]);

describe('checkExchange CreateShadowLink', () => {
  it('accepts the response a correct server gives', () => {
    const r = checkExchange({ kind: 'CreateShadowLink', ...pair() });
    expect(r.diagnostics).toEqual([]);
    expect(r.conforms).toBe(true);
  });

  it('reports a different name and a clientId that does not follow it', () => {
    const { request, response } = pair();
    response.shadowLink.name = 'other';
    response.shadowLink.configurations.clientOptions.clientId = 'shadow-link-other';
    const r = checkExchange({ kind: 'CreateShadowLink', request, response });
    expect(codes(r)).toEqual([
      ['conformance/client-id', '/shadowLink/configurations/clientOptions/clientId'],
      ['conformance/name', '/shadowLink/name'],
    ]);
    expect(r.diagnostics[0]!.message).toContain('shadow-link-dr-link-6f1c2a9e-4b7d-4e3f-9a1b-2c3d4e5f6a7b');
    expect(r.diagnostics[1]!.related?.[0]?.pointer).toBe('/shadowLink/name');
  });

  it('compares effective values with the requested value or the default', () => {
    const { request, response } = pair();
    request.shadowLink.configurations.clientOptions.fetchMaxBytes = 1048576;
    request.shadowLink.configurations.clientOptions.connectionTimeoutMs = -5;
    const r = checkExchange({ kind: 'CreateShadowLink', request, response });
    // fetchMaxBytes: asked 1 MiB, response says the 20 MiB default. connectionTimeoutMs: only 0 means the default;
    // the server stores -5 and reports it as effective (converter.cc), so the reported 1000 is wrong.
    expect(codes(r)).toEqual([
      ['conformance/effective-value', '/shadowLink/configurations/clientOptions/effectiveConnectionTimeoutMs'],
      ['conformance/effective-value', '/shadowLink/configurations/clientOptions/effectiveFetchMaxBytes'],
    ]);
    expect(r.diagnostics[1]!.message).toContain('1048576');
  });

  it('checks echoed and effective intervals', () => {
    const { request, response } = pair();
    request.shadowLink.configurations.securitySyncOptions = { interval: '45s' };
    request.shadowLink.configurations.topicMetadataSyncOptions.interval = '-5s';
    const r = checkExchange({ kind: 'CreateShadowLink', request, response });
    // security: response echoes "0s" and uses 30s, but 45s was asked. topic: negative → "0s"/"30s" is right.
    expect(codes(r)).toEqual([
      ['conformance/interval', '/shadowLink/configurations/securitySyncOptions/effectiveInterval'],
      ['conformance/interval', '/shadowLink/configurations/securitySyncOptions/interval'],
    ]);
  });

  it('checks the key fingerprint against the key that was sent, without printing the key', () => {
    const { request, response } = pair();
    response.shadowLink.configurations.clientOptions.tlsSettings.tlsPemSettings.keyFingerprint = keyFingerprint(
      EXAMPLE_KEY + '\n',
    );
    const r = checkExchange({ kind: 'CreateShadowLink', request, response });
    expect(codes(r)).toEqual([
      [
        'conformance/key-fingerprint',
        '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/keyFingerprint',
      ],
    ]);
    expect(JSON.stringify(r)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(r)).toContain(keyFingerprint(EXAMPLE_KEY));
  });

  it('computes the synced property set from excludeDefault and the requested list', () => {
    const { request, response } = pair();
    request.shadowLink.configurations.topicMetadataSyncOptions.excludeDefault = true;
    request.shadowLink.configurations.topicMetadataSyncOptions.syncedShadowTopicProperties = ['segment.ms'];
    let r = checkExchange({ kind: 'CreateShadowLink', request, response });
    expect(codes(r)).toEqual([['conformance/synced-properties', '/shadowLink/status/syncedShadowTopicProperties']]);
    expect(r.diagnostics[0]!.message).toContain(
      '["cleanup.policy","max.message.bytes","message.timestamp.type","segment.ms"]',
    );
    response.shadowLink.status.syncedShadowTopicProperties = [
      'cleanup.policy',
      'max.message.bytes',
      'message.timestamp.type',
      'segment.ms',
    ];
    r = checkExchange({ kind: 'CreateShadowLink', request, response });
    expect(r.conforms).toBe(true);
  });

  it('expects a fresh, active link with a v4 uid', () => {
    const { request, response } = pair();
    response.shadowLink.uid = '6f1c2a9e-4b7d-1e3f-9a1b-2c3d4e5f6a7b';
    response.shadowLink.configurations.clientOptions.clientId =
      'shadow-link-dr-link-6f1c2a9e-4b7d-1e3f-9a1b-2c3d4e5f6a7b';
    response.shadowLink.status.state = 'SHADOW_LINK_STATE_PAUSED';
    response.shadowLink.status.shadowTopics = [{ name: 'orders' }];
    const r = checkExchange({ kind: 'CreateShadowLink', request, response });
    expect(codes(r)).toEqual([
      ['conformance/state', '/shadowLink/status/shadowTopics'],
      ['conformance/state', '/shadowLink/status/state'],
      ['conformance/uid', '/shadowLink/uid'],
    ]);
  });

  it('does not crash on JSON shapes it cannot compare', () => {
    for (const [request, response] of [
      [null, null],
      [{}, { shadowLink: 5 }],
      [{ shadowLink: { configurations: [] } }, clone(pair().response)],
      [
        { shadowLink: { configurations: { clientOptions: { fetchMaxBytes: { toString: 1 } } } } },
        clone(pair().response),
      ],
    ] as const) {
      expect(() => checkExchange({ kind: 'CreateShadowLink', request, response })).not.toThrow();
    }
  });

  it('refuses arguments that are not an exchange of JSON values with a TypeError', () => {
    const cyclic: Json = { shadowLink: {} };
    cyclic.shadowLink.self = cyclic;
    expect(() => checkExchange({ kind: 'Nope', request: {}, response: {} } as never)).toThrow(/Unknown exchange kind/);
    expect(() => checkExchange({ kind: 'CreateShadowLink', request: cyclic, response: {} })).toThrow(TypeError);
    expect(() => checkExchange({ kind: 'CreateShadowLink', request: cyclic, response: {} })).toThrow(/refers back/);
    expect(() => checkExchange({ kind: 'CreateShadowLink', request: undefined, response: {} })).toThrow(TypeError);
    expect(() => checkExchange(null as never)).toThrow(TypeError);
    expect(() =>
      checkExchange({ kind: 'GetBroker', request: {}, response: {} }, { targetVersion: '24.1' as never }),
    ).toThrow(/target version "24.1" is not known/);
  });

  it('follows the target version: 25.3 derives cluster-link- client ids, has other defaults and does not sort', () => {
    const { request, response } = pair();
    const client = response.shadowLink.configurations.clientOptions;
    client.clientId = client.clientId.replace('shadow-link-', 'cluster-link-');
    client.effectiveFetchPartitionMaxBytes = 1048576;
    response.shadowLink.status.syncedShadowTopicProperties = [
      'retention.ms',
      'cleanup.policy',
      'compression.type',
      'delete.retention.ms',
      'max.compaction.lag.ms',
      'max.message.bytes',
      'message.timestamp.type',
      'min.compaction.lag.ms',
      'replication.factor',
      'retention.bytes',
    ];
    expect(codes(checkExchange({ kind: 'CreateShadowLink', request, response }, { targetVersion: '25.3' }))).toEqual(
      [],
    );
    expect(codes(checkExchange({ kind: 'CreateShadowLink', request, response })).map((c) => c[0])).toEqual([
      'conformance/client-id',
      'conformance/effective-value',
      'conformance/synced-properties',
    ]);
  });

  it('expects a negative option to be kept, as the server stores it, and a normalised bootstrap port', () => {
    const { request, response } = pair();
    request.shadowLink.configurations.clientOptions.fetchWaitMaxMs = -5;
    request.shadowLink.configurations.clientOptions.bootstrapServers = ['kafka-1.source.example.com:+9092 '];
    response.shadowLink.configurations.clientOptions.effectiveFetchWaitMaxMs = -5;
    expect(codes(checkExchange({ kind: 'CreateShadowLink', request, response }))).toEqual([]);
  });
});

describe('checkExchange GetBroker', () => {
  const response = load('GetBrokerResponse.full.json');
  it('accepts the node that was asked for, and any node for -1 or unset', () => {
    expect(checkExchange({ kind: 'GetBroker', request: { nodeId: response.broker.nodeId }, response }).conforms).toBe(
      true,
    );
    expect(checkExchange({ kind: 'GetBroker', request: { nodeId: -1 }, response }).conforms).toBe(true);
    expect(checkExchange({ kind: 'GetBroker', request: {}, response }).conforms).toBe(true);
  });
  it('reports another node', () => {
    const r = checkExchange({ kind: 'GetBroker', request: { nodeId: 7 }, response });
    expect(codes(r)).toEqual([['conformance/node-id', '/broker/nodeId']]);
  });
});
