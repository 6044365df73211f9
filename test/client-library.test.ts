/** svc-admin-spec/client against the loopback server: what is sent, what is refused, what comes back. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AdminApiError,
  Code,
  ConnectError,
  createAdminClient,
  PlaceholderError,
  ValidationError,
  VersionError,
  type DiagnosticsEvent,
  type NodeAdminClientOptions,
} from '../src/client/index';
import { defineRule } from '../src/index';
import { startLoopback, type Loopback, type LoopbackOptions } from './support/loopback/server';
import { create, toBinary } from '@bufbuild/protobuf';
import { ErrorInfoSchema } from '../src/client/gen/google/rpc/error_details_pb';

const TLS = join(import.meta.dirname, 'fixtures', 'tls');
const pem = (name: string) => readFileSync(join(TLS, name), 'utf8');
const CREATE = '/svc.core.admin.v2.ShadowLinkService/CreateShadowLink';
const GET = '/svc.core.admin.v2.BrokerService/GetBroker';

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(server: LoopbackOptions = {}, client: Partial<NodeAdminClientOptions> = {}) {
  const lb = await startLoopback(server);
  servers.push(lb);
  const events: DiagnosticsEvent[] = [];
  const c = createAdminClient({
    baseUrl: lb.url,
    targetVersion: '26.1',
    onDiagnostics: (e) => events.push(e),
    env: {},
    retry: { initialDelayMs: 1 },
    ...client,
  });
  const sent = (path: string) => lb.requests.filter((r) => r.path === path);
  return { lb, c, events, sent };
}

const link = (name = 'dr-link', clientOptions: Record<string, unknown> = {}) => ({
  shadowLink: { name, configurations: { clientOptions: { bootstrapServers: ['source-1:9092'], ...clientOptions } } },
});

const caught = async (p: Promise<unknown>): Promise<unknown> => {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('lint before send', () => {
  it('sends nothing when the linter reports an error, and says why', async () => {
    const { c, lb } = await setup();
    const error = await caught(c.createShadowLink(link('bad name!', { bootstrapServers: [] }) as never));
    expect(error).toBeInstanceOf(ValidationError);
    const codes = (error as ValidationError).diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['bootstrap-servers', 'shadow-link-name']));
    expect(lb.requests).toHaveLength(0);
    const bad = await caught(c.getBroker({ nodeId: 'one' } as never));
    expect(bad).toBeInstanceOf(ValidationError);
    expect(lb.requests).toHaveLength(0);
    // With targetVersion 'auto', a request invalid for every version is refused before GetBroker.
    const auto = createAdminClient({ baseUrl: lb.url, targetVersion: 'auto' });
    expect(await caught(auto.createShadowLink(link('bad name!') as never))).toBeInstanceOf(ValidationError);
    expect(lb.requests).toHaveLength(0);
  });

  it('sends a valid request once, as JSON over Connect, with placeholders filled from env', async () => {
    const { c, sent } = await setup({}, { env: { SCRAM_PASSWORD: 'pa55-w0rd' } });
    const request = link('dr-link', {
      authenticationConfiguration: {
        scramConfiguration: {
          username: 'replicator',
          password: '${SCRAM_PASSWORD}',
          scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
        },
      },
    });
    const before = JSON.stringify(request);
    const response = await c.createShadowLink(request);
    expect(response.shadowLink.name).toBe('dr-link');
    expect(JSON.stringify(request)).toBe(before); // the linted document keeps its placeholder
    const [only, ...more] = sent(CREATE);
    expect(more).toHaveLength(0);
    expect(only!.headers['content-type']).toBe('application/json');
    expect(only!.headers['connect-protocol-version']).toBe('1');
    const body = JSON.parse(only!.body) as typeof request;
    expect(body.shadowLink.configurations.clientOptions).toMatchObject({
      authenticationConfiguration: { scramConfiguration: { password: 'pa55-w0rd' } },
    });
  });

  it('sends the canonical form of any spelling the linter accepts', async () => {
    const { c, sent, events } = await setup();
    await c.createShadowLink({
      shadow_link: {
        name: 'dr-link',
        configurations: {
          client_options: { bootstrap_servers: ['source-1:9092'], fetch_max_bytes: '1048576' },
          topic_metadata_sync_options: {
            interval: '',
            auto_create_shadow_topic_filters: [{ pattern_type: 1, filter_type: 1, name: 'orders' }],
          },
        },
      },
    } as never);
    expect(events.find((e) => e.phase === 'request')?.diagnostics.map((d) => d.code)).toContain('snake-case-key');
    expect(JSON.parse(sent(CREATE)[0]!.body)).toEqual({
      shadowLink: {
        name: 'dr-link',
        configurations: {
          clientOptions: { bootstrapServers: ['source-1:9092'], fetchMaxBytes: 1048576 },
          topicMetadataSyncOptions: {
            interval: '0s',
            autoCreateShadowTopicFilters: [
              { patternType: 'PATTERN_TYPE_LITERAL', filterType: 'FILTER_TYPE_INCLUDE', name: 'orders' },
            ],
          },
        },
      },
    });
  });

  it('refuses a placeholder whose variable is unset, naming it, before sending', async () => {
    const { c, lb } = await setup({}, { env: { OTHER: 'x' } });
    const request = link('dr-link', {
      authenticationConfiguration: {
        plainConfiguration: { username: 'u', password: '${MISSING_PASSWORD}' },
      },
      tlsSettings: { enabled: true },
    });
    const error = await caught(c.createShadowLink(request));
    expect(error).toBeInstanceOf(PlaceholderError);
    expect((error as PlaceholderError).variable).toBe('MISSING_PASSWORD');
    expect((error as Error).message).toContain('MISSING_PASSWORD');
    expect((error as PlaceholderError).pointer).toBe(
      '/shadowLink/configurations/clientOptions/authenticationConfiguration/plainConfiguration/password',
    );
    expect(lb.requests).toHaveLength(0);
  });

  it('reports warnings through onDiagnostics and still sends', async () => {
    const { c, events, sent } = await setup();
    // PLAIN without TLS is a warning (plain-without-tls), not an error.
    await c.createShadowLink(
      link('dr-link', { authenticationConfiguration: { plainConfiguration: { username: 'u', password: 'secretpw' } } }),
    );
    expect(sent(CREATE)).toHaveLength(1);
    const request = events.find((e) => e.phase === 'request');
    expect(request?.diagnostics.map((d) => d.code)).toContain('plain-without-tls');
  });

  it('applies the rule settings: a rule turned off lets the server be the judge', async () => {
    const { c, sent } = await setup({}, { rules: { 'bootstrap-servers': 'off' } });
    const error = await caught(c.createShadowLink(link('dr-link', { bootstrapServers: ['no-port'] })));
    expect(sent(CREATE)).toHaveLength(1);
    expect(error).toBeInstanceOf(AdminApiError);
    const e = error as AdminApiError;
    expect(e.kind).toBe('server');
    expect(e.code).toBe(Code.InvalidArgument);
    expect(e.rawMessage).toContain("expected address format: 'host:port', found: no-port");
    expect(e.rules).toEqual(['bootstrap-servers']);
  });

  it('lints with custom rules: their errors stop the request too', async () => {
    const needsTls = defineRule({
      id: '@acme/tls-required',
      severity: 'error',
      kinds: ['CreateShadowLinkRequest'],
      docs: { description: 'TLS must be on.' },
      messages: { off: 'Turn TLS on.' },
      check(ctx) {
        const tls = (
          ctx.link?.value as { configurations?: { clientOptions?: { tlsSettings?: { enabled?: unknown } } } }
        )?.configurations?.clientOptions?.tlsSettings;
        if (tls?.enabled !== true) ctx.report({ pointer: ctx.link!.pointer, messageId: 'off' });
      },
    });
    const { c, sent } = await setup({}, { customRules: [needsTls] });
    const error = await caught(c.createShadowLink(link()));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).diagnostics.map((d) => d.code)).toEqual(['@acme/tls-required']);
    expect(sent(CREATE)).toHaveLength(0);
    await c.createShadowLink(link('dr-link', { tlsSettings: { enabled: true } }));
    expect(sent(CREATE)).toHaveLength(1);
  });
});

describe('server errors', () => {
  it('are ConnectErrors with the code, the message and the rule that covers it', async () => {
    const { c } = await setup({}, { rules: { duration: 'off' } });
    const bad = link();
    (bad.shadowLink.configurations as Record<string, unknown>)['consumerOffsetSyncOptions'] = { interval: '30' };
    const error = await caught(c.createShadowLink(bad));
    expect(error).toBeInstanceOf(ConnectError);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).code).toBe(Code.InvalidArgument);
    expect((error as AdminApiError).rawMessage).toBe('invalid request input');
    expect((error as AdminApiError).message).toMatch(
      /^\[invalid_argument\] invalid request input \(the linter reports this as .*duration/,
    );
  });

  it('map already_exists, resource_exhausted, failed_precondition and unauthenticated', async () => {
    const { c } = await setup();
    await c.createShadowLink(link('one'));
    const again = (await caught(c.createShadowLink(link('one')))) as AdminApiError;
    expect([again.code, again.rawMessage]).toEqual([Code.AlreadyExists, 'Shadow link with name one already exists']);
    const second = (await caught(c.createShadowLink(link('two')))) as AdminApiError;
    expect(second.code).toBe(Code.ResourceExhausted);
    expect(second.rawMessage).toContain('limit_exceeded');

    const { c: c2 } = await setup();
    const unreachable = (await caught(
      c2.createShadowLink(link('dr', { bootstrapServers: ['source.invalid:9092'] })),
    )) as AdminApiError;
    expect(unreachable.code).toBe(Code.FailedPrecondition);
    expect(unreachable.rawMessage).toContain('preflight check failed');

    const { c: c3, lb } = await setup({ auth: { username: 'admin', password: 'admin-secret' } });
    const anonymous = (await caught(c3.getBroker())) as AdminApiError;
    expect([anonymous.code, anonymous.kind]).toEqual([Code.Unauthenticated, 'server']);
    const basic = createAdminClient({ baseUrl: lb.url, auth: { username: 'admin', password: 'admin-secret' } });
    expect((await basic.getBroker()).broker.nodeId).toBe(0);
  });

  it('accepts bearer tokens', async () => {
    const { lb } = await setup({ auth: { token: 'tok-123.abc' } });
    const ok = createAdminClient({ baseUrl: lb.url, auth: { token: 'tok-123.abc' } });
    expect((await ok.getBroker()).broker.buildInfo?.version).toBe('v26.1.3');
    const wrong = createAdminClient({ baseUrl: lb.url, auth: { token: 'nope' }, retry: { attempts: 1 } });
    expect(((await caught(wrong.getBroker())) as AdminApiError).code).toBe(Code.Unauthenticated);
  });

  it('decode google.rpc.ErrorInfo details, with secrets masked', async () => {
    const info = create(ErrorInfoSchema, {
      reason: 'LINK_REFUSED',
      domain: 'redpanda.com/core',
      metadata: { password: 'pa55-w0rd-echo', link: 'dr-link' },
    });
    const detail = {
      type: 'google.rpc.ErrorInfo',
      value: Buffer.from(toBinary(ErrorInfoSchema, info)).toString('base64'),
      debug: { reason: 'LINK_REFUSED' },
    };
    const { c } = await setup(
      { failWith: { status: 400, code: 'failed_precondition', message: 'refused pa55-w0rd-echo', details: [detail] } },
      { env: { PW: 'pa55-w0rd-echo' } },
    );
    const request = link('dr-link', {
      tlsSettings: { enabled: true },
      authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${PW}' } },
    });
    const error = (await caught(c.createShadowLink(request))) as AdminApiError;
    expect(error.code).toBe(Code.FailedPrecondition);
    expect(error.rawMessage).toBe('refused ********');
    expect(error.errorInfo).toEqual([
      { reason: 'LINK_REFUSED', domain: 'redpanda.com/core', metadata: { password: '********', link: 'dr-link' } },
    ]);
    expect(error.findDetails(ErrorInfoSchema)[0]?.metadata['password']).toBe('********');
  });

  it("reads the server's `cancelled` (HTTP 422) as Code.Canceled", async () => {
    const { c } = await setup({ failWith: { status: 422, code: 'cancelled', message: 'Canceled' } });
    const error = (await caught(c.getBroker())) as AdminApiError;
    expect([error.code, error.kind, error.rawMessage]).toEqual([Code.Canceled, 'server', 'Canceled']);
  });
});

describe('retries and time limits', () => {
  it('retries GetBroker on unavailable, with backoff', async () => {
    const { c, sent } = await setup({ unavailableTimes: 2 });
    expect((await c.getBroker()).broker.nodeId).toBe(0);
    expect(sent(GET)).toHaveLength(3);
  });

  it('gives up after the attempts allowed, with the last error', async () => {
    const { c, sent } = await setup({ unavailableTimes: 5 }, { retry: { attempts: 2, initialDelayMs: 1 } });
    expect(((await caught(c.getBroker())) as AdminApiError).code).toBe(Code.Unavailable);
    expect(sent(GET)).toHaveLength(2);
  });

  it('never retries CreateShadowLink', async () => {
    const { c, sent } = await setup({ failWith: { status: 503, code: 'unavailable', message: 'Service unavailable' } });
    const error = (await caught(c.createShadowLink(link()))) as AdminApiError;
    expect(error.code).toBe(Code.Unavailable);
    expect(sent(CREATE)).toHaveLength(1);
  });

  it('a CreateShadowLink that times out may have been applied, and says so', async () => {
    const { c, sent } = await setup({ delayMs: 400 }, { timeoutMs: 50 });
    const error = (await caught(c.createShadowLink(link()))) as AdminApiError;
    expect(error.kind).toBe('timeout');
    expect(error.maybeApplied).toBe(true);
    expect(error.message).toMatch(/check whether the link exists/);
    await new Promise((r) => setTimeout(r, 450));
    expect(sent(CREATE)).toHaveLength(1);
  });

  it('a server that cannot be reached is a network failure, not a server answer', async () => {
    const lb = await startLoopback();
    const url = lb.url;
    await lb.close();
    const c = createAdminClient({ baseUrl: url, targetVersion: '26.1', retry: { attempts: 1 } });
    const error = (await caught(c.createShadowLink(link()))) as AdminApiError;
    expect([error.kind, error.code, error.maybeApplied]).toEqual(['network', Code.Unavailable, false]);
  });
});

describe("an answer that is not the Admin API's", () => {
  it("a bare 404 or an HTML page says to check the base URL, naming the method's path", async () => {
    for (const [status, type, body] of [
      [404, 'text/plain', 'Not Found'],
      [200, 'text/html', '<html>login</html>'],
    ] as const) {
      const server = createServer((_, res) => res.writeHead(status, { 'content-type': type }).end(body));
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      try {
        const { port } = server.address() as AddressInfo;
        const c = createAdminClient({ baseUrl: `http://127.0.0.1:${port}`, targetVersion: '26.1', env: {} });
        const error = (await caught(c.createShadowLink(link()))) as AdminApiError;
        expect(error.kind).toBe('server');
        expect(error.message).toContain(
          "the answer is not the Admin API's: check that the base URL is the admin API's address (e.g. http://broker:9644), not a proxy or a web page (CreateShadowLink is POST /svc.core.admin.v2.ShadowLinkService/CreateShadowLink)",
        );
      } finally {
        await new Promise((ok) => server.close(ok));
      }
    }
  });
});

describe('targetVersion: auto', () => {
  it('asks GetBroker once and lints with the server version', async () => {
    const { c, sent } = await setup({ version: 'v25.3.4' }, { targetVersion: 'auto' });
    expect(await c.resolveTargetVersion()).toBe('25.3');
    // svc.cloud_topic.enabled is forbidden on 25.3 (and unknown but allowed on 26.1).
    const request = link();
    (request.shadowLink.configurations as Record<string, unknown>)['topicMetadataSyncOptions'] = {
      syncedShadowTopicProperties: ['svc.cloud_topic.enabled'],
    };
    const error = await caught(c.createShadowLink(request));
    expect((error as ValidationError).diagnostics.map((d) => d.code)).toContain('synced-property-forbidden');
    await c.createShadowLink(link());
    expect(sent(GET)).toHaveLength(1);
    expect(sent(CREATE)).toHaveLength(1);
  });

  it('refuses CreateShadowLink on a server older than shadow links, sending nothing', async () => {
    const { c, sent } = await setup({ version: 'v25.1.9' }, { targetVersion: 'auto' });
    const error = await caught(c.createShadowLink(link()));
    expect(error).toBeInstanceOf(VersionError);
    expect((error as Error).message).toMatch(/25\.1.*no shadow links.*25\.3/);
    expect(sent(CREATE)).toHaveLength(0);
  });

  it('uses the newest facts for a newer server, and says so', async () => {
    const { c, events, sent } = await setup({ version: 'v27.2.0' }, { targetVersion: 'auto' });
    await c.createShadowLink(link());
    expect(sent(CREATE)).toHaveLength(1);
    const notice = events.find((e) => e.phase === 'version');
    expect(notice?.diagnostics[0]?.message).toMatch(/27\.2, newer than any version this linter knows.*26\.1/);
  });
});

describe('answers', () => {
  it('are returned typed, and checked against the request: mismatches are reported, never thrown', async () => {
    const { c, events } = await setup({
      transformResponse: (method, json) => {
        if (method !== 'CreateShadowLink') return json;
        const sl = json['shadowLink'] as { configurations: { clientOptions: Record<string, unknown> } };
        sl.configurations.clientOptions['effectiveFetchMaxBytes'] = 7;
        return json;
      },
    });
    const response = await c.createShadowLink(link());
    expect(response.shadowLink.status?.state).toBe('SHADOW_LINK_STATE_ACTIVE');
    const exchange = events.find((e) => e.phase === 'exchange' && e.method === 'CreateShadowLink');
    expect(exchange?.diagnostics.map((d) => d.code)).toEqual(['conformance/effective-value']);
  });

  it('follow the docsBaseUrl option: findings about the request, the answer and the exchange link below it', async () => {
    const base = 'https://docs.example.com/svc/';
    const { c, events } = await setup(
      {
        transformResponse: (method, json) => {
          if (method !== 'CreateShadowLink') return json;
          const sl = json['shadowLink'] as { configurations: { clientOptions: Record<string, unknown> } };
          sl.configurations.clientOptions['effectiveFetchMaxBytes'] = 7;
          return json;
        },
      },
      { docsBaseUrl: base },
    );
    // fetchMaxBytes below fetchMinBytes: a warning on the request, sent anyway.
    await c.createShadowLink(link('dr-link', { fetchMaxBytes: 1, fetchMinBytes: 2 }));
    const phases = new Set(events.map((e) => e.phase));
    expect([...phases]).toEqual(expect.arrayContaining(['request', 'exchange']));
    const urls = events.flatMap((e) => e.diagnostics.map((d) => d.docsUrl));
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) expect(url).toMatch(/^https:\/\/docs\.example\.com\/svc\/docs\/rules\//);
    // A malformed base fails when the client is made, naming the option.
    expect(() => createAdminClient({ baseUrl: 'http://localhost:1', docsBaseUrl: 'not a url' })).toThrow(
      /createAdminClient: "docsBaseUrl"/,
    );
  });

  it('a throwing onDiagnostics cannot turn a created link into an error', async () => {
    const { lb } = await setup({
      transformResponse: (method, json) => {
        if (method === 'CreateShadowLink') (json['shadowLink'] as Record<string, unknown>)['uid'] = 'not-a-uuid';
        return json;
      },
    });
    const c = createAdminClient({
      baseUrl: lb.url,
      targetVersion: '26.1',
      onDiagnostics: () => {
        throw new Error('callback bug');
      },
    });
    expect((await c.createShadowLink(link())).shadowLink.uid).toBe('not-a-uuid');
  });

  it('a faithful server gives no conformance findings', async () => {
    const { c, events } = await setup();
    await c.createShadowLink(
      link('dr-link', {
        fetchMaxBytes: 1048576,
        tlsSettings: {
          enabled: true,
          tlsPemSettings: { ca: pem('ca.crt'), cert: pem('client.crt'), key: pem('client.key') },
        },
      }),
    );
    expect(events.filter((e) => e.phase === 'exchange')).toEqual([]);
  });
});

describe('TLS', () => {
  const tls = { key: pem('server.key'), cert: pem('server.crt') };

  it('checks the TLS options when the client is made, naming the problem and never the key', () => {
    const make = (baseUrl: string, options: unknown) => () =>
      createAdminClient({ baseUrl, tls: options as NonNullable<NodeAdminClientOptions['tls']> });
    const https = 'https://admin.example:9644';
    expect(make('http://admin.example:9644', { ca: pem('ca.crt') })).toThrow(
      'createAdminClient: "tls" applies to an https:// base URL; this one is http://, so it would be ignored.',
    );
    expect(make(https, { cert: pem('client.crt') })).toThrow('give cert and key together');
    expect(make(https, { ca: 'notpem' })).toThrow('"tls".ca is not PEM: it has no "-----BEGIN …-----" line.');
    expect(make(https, { cert: pem('client.crt'), key: pem('server.key') })).toThrow(/cannot be loaded by Node's TLS/);
    expect(make(https, { cafile: 'x' })).toThrow('unknown key "cafile"; its keys are ca, cert, key, servername');
    expect(make(https, { ca: 1 })).toThrow('"tls".ca must be PEM text');
    try {
      make(https, { cert: pem('client.crt'), key: pem('server.key') })();
    } catch (error) {
      expect((error as Error).message).not.toContain(pem('server.key').split('\n')[1]!);
    }
    expect(make(https, { ca: pem('ca.crt'), cert: pem('client.crt'), key: pem('client.key') })).not.toThrow();
  });

  it('trusts a custom CA', async () => {
    const { lb } = await setup({ tls });
    expect(lb.url).toMatch(/^https:/);
    const c = createAdminClient({ baseUrl: lb.url, tls: { ca: pem('ca.crt') } });
    expect((await c.getBroker()).broker.nodeId).toBe(0);
  });

  it('fails as a TLS problem without the CA', async () => {
    const { lb } = await setup({ tls });
    const c = createAdminClient({ baseUrl: lb.url, retry: { attempts: 1 } });
    const error = (await caught(c.getBroker())) as AdminApiError;
    expect(error.kind).toBe('tls');
    expect(lb.requests).toHaveLength(0);
  });

  it('presents a client certificate when the server asks for one', async () => {
    const { lb } = await setup({ tls: { ...tls, ca: pem('ca.crt'), requireClientCert: true } });
    const withCert = createAdminClient({
      baseUrl: lb.url,
      tls: { ca: pem('ca.crt'), cert: pem('client.crt'), key: pem('client.key') },
    });
    expect((await withCert.getBroker()).broker.nodeId).toBe(0);
    const without = createAdminClient({ baseUrl: lb.url, tls: { ca: pem('ca.crt') }, retry: { attempts: 1 } });
    const error = (await caught(without.getBroker())) as AdminApiError;
    expect(error.kind).not.toBe('server');
    expect(lb.requests).toHaveLength(1);
  });
});

describe('options', () => {
  it('are checked, and credentials never go in the URL', () => {
    expect(() => createAdminClient({ baseUrl: 'http://admin:pw@localhost:9644' })).toThrow(
      /must not contain credentials/,
    );
    expect(() => createAdminClient({ baseUrl: 'ftp://x' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => createAdminClient({ baseUrl: 'http://x', auth: { token: 'a b' } })).toThrow(/printable ASCII/);
    expect(() => createAdminClient({ baseUrl: 'http://x', rules: { nope: 'off' } })).toThrow(/nope/);
    expect(() => createAdminClient({ baseUrl: 'http://x', targetVersion: '24.1' as never })).toThrow(/not known/);
    expect(() => createAdminClient({ baseUrl: 'http://x', bogus: 1 } as never)).toThrow(/unknown option "bogus"/);
  });
});

describe('the server error table', () => {
  it('names real rules and structural codes, and each pattern matches its own example', async () => {
    const { SERVER_ERROR_PATTERNS } = await import('../src/client/server-errors');
    const { ruleById } = await import('../src/engine/registry');
    const { STRUCTURAL_CODES } = await import('../src/codes/structural-codes');
    for (const p of SERVER_ERROR_PATTERNS) {
      expect(p.pattern.test(p.example), p.example).toBe(true);
      for (const r of p.rules)
        expect(r.startsWith('schema/') ? r.slice(7) in STRUCTURAL_CODES : ruleById.has(r), r).toBe(true);
    }
  });
});
