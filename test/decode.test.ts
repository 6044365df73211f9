/** The server's JSON decoding, reproduced: the canonical document and where each part is written. */
import { describe, expect, it } from 'vitest';
import { canonicalize, decodeDocument } from '../src/decode/decode';
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
    expect(parseServerTimestamp('2026-01-31T12:00:00.1234567891Z')!.canonical).toBe('2026-01-31T12:00:00.123456789Z');
    expect(parseServerTimestamp('2026-01-31T12:00:00+0530')!.epochMillis).toBe(Date.parse('2026-01-31T06:30:00Z'));
    expect(parseServerTimestamp('2016-12-31T23:59:60Z')!.canonical).toBe('2017-01-01T00:00:00Z');
    expect(parseServerTimestamp('0000-01-01T00:00:00Z')!.canonical).toBeUndefined();
    expect(parseServerTimestamp('infinite-future')!.epochMillis).toBe(Infinity);
    for (const bad of ['2026-02-30T00:00:00Z', '2026-01-31 12:00:00Z', '2026-01-31T12:00:00', '2026-01-31T12:00:00.Z'])
      expect(parseServerTimestamp(bad), bad).toBe(undefined);
  });
});
