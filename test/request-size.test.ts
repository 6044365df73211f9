import { describe, expect, it } from 'vitest';
import { createAdminClient, ValidationError } from '../src/client/index';
import { startLoopback } from './support/loopback/server';
import { lintText } from '../src/index';
import { MAX_REQUEST_BYTES, requestBodyBytes } from '../src/lint/request-size';
import { toWire } from '../src/client/wire';
import { utf8Length } from '../src/rule-api/helpers';

const NAME = 'orders-'.padEnd(240, 'x');
const filter = (i: number) => ({
  name: `${NAME}${i}`,
  patternType: 'PATTERN_TYPE_LITERAL',
  filterType: 'FILTER_TYPE_INCLUDE',
});
/** A ShadowLink whose JSON is about `filters` × 300 bytes. */
const link = (filters: number) => ({
  name: 'big',
  configurations: {
    clientOptions: { bootstrapServers: ['east-0.example.com:9092'] },
    topicMetadataSyncOptions: { autoCreateShadowTopicFilters: Array.from({ length: filters }, (_, i) => filter(i)) },
  },
});
const codes = (text: string, kind?: 'ShadowLink' | 'CreateShadowLinkRequest' | 'RpkShadowLinkConfig') =>
  lintText(text, {
    filename: kind === 'RpkShadowLinkConfig' ? 'a.rpk.yaml' : 'a.json',
    ...(kind ? { kind } : {}),
  }).diagnostics.filter((d) => d.code === 'parse/request-too-large');

describe("the server's 10 MiB request body limit", () => {
  // Bytes per filter in the body: the fewest (a one-digit suffix) and the most (five digits).
  const least = JSON.stringify(filter(0)).length + 1;
  const most = JSON.stringify(filter(10_000)).length + 1;
  const over = Math.ceil(MAX_REQUEST_BYTES / least) + 10;
  it("measures the body the client sends: the document in the server's form, without $schema", () => {
    const doc = { $schema: 'https://example.com/ShadowLink.schema.json', ...link(3) };
    const request = { shadowLink: { ...link(3) } };
    const sent = toWire('CreateShadowLinkRequest', request, {}).value;
    expect(requestBodyBytes('ShadowLink', doc)).toBe(utf8Length(JSON.stringify(sent)));
    expect(requestBodyBytes('CreateShadowLinkRequest', request)).toBe(utf8Length(JSON.stringify(sent)));
    expect(requestBodyBytes('CreateShadowLinkResponse', request)).toBeUndefined();
  });

  it('is an error for a request over 10 MiB, in JSON and as a wrapped request, and not for one under it', () => {
    const big = link(over);
    const found = codes(JSON.stringify(big));
    expect(found.map((d) => [d.severity, d.range?.start.line])).toEqual([['error', 1]]);
    expect(found[0]!.message).toMatch(
      /is \d+\.\d MiB \([\d,]+ bytes\) as JSON; the server refuses a request body over 10 MiB/,
    );
    expect(codes(JSON.stringify({ shadowLink: big }), 'CreateShadowLinkRequest')).toHaveLength(1);
    const under = link(Math.floor(MAX_REQUEST_BYTES / most) - 100);
    expect(requestBodyBytes('ShadowLink', under)! < MAX_REQUEST_BYTES).toBe(true);
    expect(codes(JSON.stringify(under))).toEqual([]);
  });

  it('counts what YAML aliases repeat, from a small text', () => {
    const names = Array.from(
      { length: 40 },
      (_, i) => `  - {name: ${NAME}${i}, patternType: PATTERN_TYPE_LITERAL, filterType: FILTER_TYPE_INCLUDE}`,
    );
    const repeats = Math.ceil(over / 40);
    const yaml = [
      'name: big',
      'configurations:',
      '  clientOptions: {bootstrapServers: ["east-0.example.com:9092"]}',
      '  topicMetadataSyncOptions:',
      '    autoCreateShadowTopicFilters: &filters',
      ...names.map((n) => `  ${n}`),
      'copies:',
      ...Array.from({ length: repeats }, () => '  - *filters'),
    ].join('\n');
    expect(yaml.length * 32).toBeLessThan(MAX_REQUEST_BYTES); // only the aliases make it large
    // The copies are an unknown key, but they are sent: the body counts them.
    const r = lintText(yaml, { filename: 'a.yaml', kind: 'ShadowLink' });
    expect(r.diagnostics.filter((d) => d.code === 'parse/request-too-large')).toHaveLength(1);
  });

  it('judges an rpk file on the request rpk builds from it', () => {
    // One filter written once and repeated through an alias: yaml.v2 expands it as the linter does.
    const rpk = [
      'name: big',
      'client_options:',
      '  bootstrap_servers: [east-0.example.com:9092]',
      'topic_metadata_sync_options:',
      `  auto_create_shadow_topic_filters: [&f {name: ${NAME}, pattern_type: PREFIX, filter_type: INCLUDE}${', *f'.repeat(over + 500)}]`,
    ].join('\n');
    const found = codes(rpk, 'RpkShadowLinkConfig');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('The CreateShadowLink request rpk builds from this file');
  });

  it('is checked by the client on the body it sends, placeholders filled, and nothing is sent', async () => {
    const lb = await startLoopback();
    try {
      const admin = createAdminClient({
        baseUrl: lb.url,
        targetVersion: '26.1',
        env: { SCRAM_PASSWORD: 'p'.repeat(MAX_REQUEST_BYTES) },
      });
      const request = {
        shadowLink: {
          name: 'dr-link',
          configurations: {
            clientOptions: {
              bootstrapServers: ['source-1:9092'],
              authenticationConfiguration: {
                scramConfiguration: {
                  username: 'u',
                  password: '${SCRAM_PASSWORD}',
                  scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256' as const,
                },
              },
            },
          },
        },
      };
      const error = await admin.createShadowLink(request).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).diagnostics.map((d) => d.code)).toEqual(['parse/request-too-large']);
      expect(String((error as Error).message)).not.toContain('ppppp');
      expect(lb.requests).toEqual([]);
    } finally {
      await lb.close();
    }
  });
});
