/* eslint-disable @typescript-eslint/no-explicit-any -- reports are walked loosely here. */
/** `svc-admin-spec apply` and `get-broker`, run as built, against the loopback server. */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliAsync, scratch } from './cli-helpers';
import { startLoopback, type Loopback, type LoopbackOptions } from './support/loopback/server';

const TLS = join(import.meta.dirname, 'fixtures', 'tls');
const CREATE = '/svc.core.admin.v2.ShadowLinkService/CreateShadowLink';
const GET = '/svc.core.admin.v2.BrokerService/GetBroker';

const run = cliAsync;

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(options: LoopbackOptions = {}): Promise<Loopback> {
  const lb = await startLoopback(options);
  servers.push(lb);
  return lb;
}
const sent = (lb: Loopback, path: string) => lb.requests.filter((r) => r.path === path);

const LINK = `name: dr-link
configurations:
  clientOptions:
    bootstrapServers: ["source-1:9092"]
    tlsSettings:
      enabled: true
    authenticationConfiguration:
      scramConfiguration:
        username: replicator
        password: \${SCRAM_PASSWORD}
        scramMechanism: SCRAM_MECHANISM_SCRAM_SHA_256
`;
const SCRAM_PASSWORD = 'Sc-r4m-p4ssw0rd';
const ADMIN_PASSWORD = 'Adm1n-p4ssw0rd';

describe('svc-admin-spec apply', () => {
  it('lints first: with an error it prints the report, exits 1 and sends nothing', async () => {
    const lb = await server();
    const dir = scratch({
      'bad.yaml': 'name: "bad name"\nconfigurations:\n  clientOptions:\n    bootstrapServers: []\n',
    });
    // With --target-version auto, a file that is invalid for every version is refused before GetBroker.
    const r = await run(['apply', '--admin-url', lb.url, 'bad.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/bad\.yaml[\s\S]*shadow-link-name[\s\S]*bootstrap-servers/);
    expect(r.stderr).toContain('nothing was sent');
    expect(lb.requests).toHaveLength(0);
  });

  it('creates the link: placeholders filled from the environment, a short summary, no secret printed', async () => {
    const lb = await server({ auth: { username: 'admin', password: ADMIN_PASSWORD } });
    const dir = scratch({ 'link.yaml': LINK });
    const env = { SCRAM_PASSWORD, ADMIN_PW: ADMIN_PASSWORD };
    const r = await run(
      ['apply', '--admin-url', lb.url, '--admin-user', 'admin', '--admin-password-env', 'ADMIN_PW', 'link.yaml'],
      { cwd: dir, env },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const uid = lb.cluster.links.get('dr-link')!.shadowLink!.uid;
    expect(r.stdout).toContain(`link.yaml: created shadow link "dr-link" (uid ${uid}, state SHADOW_LINK_STATE_ACTIVE)`);
    expect(sent(lb, GET)).toHaveLength(1); // --target-version auto asked the server once
    const [create] = sent(lb, CREATE);
    const body = JSON.parse(create!.body) as { shadowLink: { configurations: { clientOptions: unknown } } };
    expect(body.shadowLink.configurations.clientOptions).toMatchObject({
      authenticationConfiguration: { scramConfiguration: { password: SCRAM_PASSWORD } },
    });
    for (const secret of [SCRAM_PASSWORD, ADMIN_PASSWORD]) expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it('links findings about the answer below SVC_ADMIN_SPEC_DOCS_URL, as lint does', async () => {
    const lb = await server({
      transformResponse: (method, json) => {
        if (method !== 'CreateShadowLink') return json;
        const sl = json['shadowLink'] as { configurations: { clientOptions: Record<string, unknown> } };
        sl.configurations.clientOptions['effectiveFetchMaxBytes'] = 7;
        return json;
      },
    });
    const dir = scratch({ 'link.yaml': LINK });
    const env = { SCRAM_PASSWORD, SVC_ADMIN_SPEC_DOCS_URL: 'https://docs.example.com/svc/' };
    const r = await run(['apply', '--admin-url', lb.url, '--target-version', '26.1', '-f', 'json', 'link.yaml'], {
      cwd: dir,
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    const urls = [...r.stdout.matchAll(/"docsUrl": ?"([^"]*)"/g)].map((m) => m[1]);
    expect(r.stdout).toContain('conformance/effective-value');
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^https:\/\/docs\.example\.com\/svc\/docs\/rules\//);
  });

  it('sends an rpk file as the request rpk builds from it, placeholders filled (and says so); refuses cloud files', async () => {
    const lb = await server();
    const rpkFile = [
      'name: rpk-link',
      'client_options:',
      '  bootstrap_servers: [kafka-1:9092]',
      '  authentication_configuration:',
      '    scram_configuration: {username: u, password: "${SCRAM_PASSWORD}", scram_mechanism: SCRAM-SHA-256}',
      'topic_metadata_sync_options:',
      '  interval: 1m',
      '  auto_create_shadow_topic_filters: [{pattern_type: LITERAL, filter_type: INCLUDE, name: orders}]',
      '',
    ].join('\n');
    const dir = scratch({
      'link.rpk.yaml': rpkFile,
      'cloud.rpk.yaml': `${rpkFile}cloud_options: {shadow_redpanda_id: abc}\n`,
    });
    const r = await run(['apply', '--admin-url', lb.url, '--target-version', '26.1', 'link.rpk.yaml'], {
      cwd: dir,
      env: { SCRAM_PASSWORD },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('placeholders are filled from the environment, as for API documents');
    expect(r.stdout).toContain('link.rpk.yaml: created shadow link "rpk-link"');
    const [create] = sent(lb, CREATE);
    expect(JSON.parse(create!.body)).toEqual({
      shadowLink: {
        name: 'rpk-link',
        configurations: {
          clientOptions: {
            bootstrapServers: ['kafka-1:9092'],
            authenticationConfiguration: {
              scramConfiguration: {
                username: 'u',
                password: SCRAM_PASSWORD,
                scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256',
              },
            },
          },
          topicMetadataSyncOptions: {
            interval: '60s',
            autoCreateShadowTopicFilters: [
              { patternType: 'PATTERN_TYPE_LITERAL', filterType: 'FILTER_TYPE_INCLUDE', name: 'orders' },
            ],
          },
        },
      },
    });
    expect(r.stdout + r.stderr).not.toContain(SCRAM_PASSWORD);
    const cloud = await run(['apply', '--admin-url', lb.url, '--target-version', '26.1', 'cloud.rpk.yaml'], {
      cwd: dir,
      env: { SCRAM_PASSWORD },
    });
    expect(cloud.code).toBe(2);
    expect(cloud.stderr).toContain("rpk sends it to the cloud's control plane, not to the Admin API");
    expect(sent(lb, CREATE)).toHaveLength(1);
  });

  it("sends what the file's config and directives allow, as lint judges it", async () => {
    // A CA that is not a certificate breaks tls-pem-shape (the loopback server does not read PEMs):
    // turned off by the config for one file, suppressed by a directive in the other.
    const withCa = (name: string, directive = '') =>
      LINK.replace('dr-link', name).replace(
        '      enabled: true\n',
        `      enabled: true\n      tlsPemSettings:\n${directive}        ca: "swapped in at deploy time"\n`,
      );
    const dir = scratch({
      'svc-admin-spec.config.json': JSON.stringify({
        overrides: [{ files: ['legacy.yaml'], rules: { 'tls-pem-shape': 'off' } }],
      }),
      'legacy.yaml': withCa('legacy-link'),
      'directive.yaml': withCa(
        'directive-link',
        '        # svc-admin-spec-disable-next-line tls-pem-shape -- the deploy tool puts the CA here\n',
      ),
      'plain.yaml': withCa('plain-link'),
    });
    const env = { SCRAM_PASSWORD };
    const linted = await run(['lint', 'legacy.yaml', 'directive.yaml', 'plain.yaml'], { cwd: dir, env });
    expect(linted.code).toBe(1);
    expect(linted.stdout).toMatch(/plain\.yaml[\s\S]*tls-pem-shape/);
    expect(linted.stdout).not.toMatch(/(legacy|directive)\.yaml/);
    for (const file of ['legacy.yaml', 'directive.yaml']) {
      const lb = await server();
      const r = await run(['apply', '--admin-url', lb.url, file], { cwd: dir, env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(sent(lb, CREATE)).toHaveLength(1);
    }
    const lb = await server();
    const refused = await run(['apply', '--admin-url', lb.url, 'plain.yaml'], { cwd: dir, env });
    expect(refused.code).toBe(1);
    expect(sent(lb, CREATE)).toHaveLength(0);
  });

  it("lints with the config's plugins; --rule may set a custom rule", async () => {
    const dir = scratch({
      'svc-admin-spec.config.json': JSON.stringify({ plugins: ['./region.cjs'] }),
      'region.cjs': `module.exports = {
  id: '@acme/region',
  severity: 'error',
  kinds: ['ShadowLink'],
  docs: { description: 'Names start with a region.' },
  messages: { m: 'Start the name with a region.' },
  check(ctx) { if (!/^eu-/.test(String(ctx.doc.name))) ctx.report({ messageId: 'm', pointer: '/name' }); },
};`,
      'link.yaml': LINK,
    });
    const env = { SCRAM_PASSWORD };
    const refused = await run(['apply', '--dry-run', 'link.yaml'], { cwd: dir, env });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('@acme/region');
    const allowed = await run(['apply', '--dry-run', '--rule', '@acme/region=off', 'link.yaml'], { cwd: dir, env });
    expect(allowed.code).toBe(0);
    const unknown = await run(['apply', '--dry-run', '--rule', '@acme/nope=off', 'link.yaml'], { cwd: dir, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('@acme/nope');
  });

  it('prints the server code and message when it refuses, and exits 1', async () => {
    const lb = await server();
    const dir = scratch({
      'a.yaml': LINK,
      'b.yaml': LINK.replace('dr-link', 'other-link'),
      'c.yaml': LINK.replace('dr-link', 'third-link'),
    });
    const env = { SCRAM_PASSWORD };
    expect((await run(['apply', '--admin-url', lb.url, 'a.yaml'], { cwd: dir, env })).code).toBe(0);
    const again = await run(['apply', '--admin-url', lb.url, 'a.yaml'], { cwd: dir, env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'the server refused it: already_exists: Shadow link with name dr-link already exists',
    );
    // Two links for one cluster are refused before sending (the server holds one); one more is the server's to refuse.
    const more = await run(['apply', '--admin-url', lb.url, 'b.yaml', 'c.yaml'], { cwd: dir, env });
    expect(more.code).toBe(1);
    expect(more.stderr).toContain('b.yaml, c.yaml: 2 shadow links for the one cluster at --admin-url');
    const second = await run(['apply', '--admin-url', lb.url, 'b.yaml'], { cwd: dir, env });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/b\.yaml: CreateShadowLink: the server refused it: resource_exhausted/);
    expect(
      sent(lb, CREATE).map((r) => (JSON.parse(r.body) as { shadowLink: { name: string } }).shadowLink.name),
    ).toEqual(['dr-link', 'dr-link', 'other-link']);
  });

  it('exits 1 for an unreachable source cluster and for an unauthenticated call', async () => {
    const lb = await server({ auth: { token: 'T0ken-abc' } });
    const dir = scratch({ 'link.yaml': LINK.replace('source-1:9092', 'source.invalid:9092') });
    const env = { SCRAM_PASSWORD, TOKEN: 'T0ken-abc' };
    const args = ['apply', '--admin-url', lb.url, '--target-version', '26.1', 'link.yaml'];
    const anonymous = await run(args, { cwd: dir, env });
    expect([anonymous.code, anonymous.stderr]).toEqual([1, expect.stringContaining('unauthenticated')]);
    const refused = await run([...args, '--admin-token-env', 'TOKEN'], { cwd: dir, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("failed_precondition: Cluster link 'dr-link' preflight check failed");
    expect(refused.stderr + refused.stdout).not.toContain('T0ken-abc');
  });

  it('exits 2 for a missing variable, a server that cannot be reached, and TLS problems', async () => {
    const lb = await server({ tls: { key: await read('server.key'), cert: await read('server.crt') } });
    const dir = scratch({ 'link.yaml': LINK });
    const missing = await run(['apply', '--admin-url', lb.url, '--target-version', '26.1', 'link.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/SCRAM_PASSWORD.*not set.*Nothing was sent/);
    const env = { SCRAM_PASSWORD };
    const untrusted = await run(['apply', '--admin-url', lb.url, 'link.yaml'], { cwd: dir, env });
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toMatch(/\(tls\)/);
    expect(lb.requests).toHaveLength(0);
    const trusted = await run(['apply', '--admin-url', lb.url, '--ca-file', join(TLS, 'ca.crt'), 'link.yaml'], {
      cwd: dir,
      env,
    });
    expect([trusted.code, trusted.stderr]).toEqual([0, '']);
    const closed = await startLoopback();
    await closed.close();
    const down = await run(['apply', '--admin-url', closed.url, '--target-version', '26.1', 'link.yaml'], {
      cwd: dir,
      env,
    });
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/\(network\).*ECONNREFUSED/);
  });

  it('--dry-run prints the request with placeholders as written, secrets masked, and sends nothing', async () => {
    const lb = await server();
    const literal = LINK.replace('${SCRAM_PASSWORD}', SCRAM_PASSWORD);
    const dir = scratch({ 'link.yaml': LINK, 'literal.yaml': literal });
    const r = await run(['apply', '--dry-run', '--admin-url', lb.url, '--target-version', '26.1', 'link.yaml'], {
      cwd: dir,
      env: { SCRAM_PASSWORD },
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('would send (secrets masked)');
    const password = (text: string) =>
      (JSON.parse(text.slice(text.indexOf('{'))) as any).shadowLink.configurations.clientOptions
        .authenticationConfiguration.scramConfiguration.password as string;
    expect(password(r.stdout)).toBe('${SCRAM_PASSWORD}');
    expect(r.stdout).not.toContain(SCRAM_PASSWORD);
    // A password written into the file is masked.
    const written = await run(
      ['apply', '--dry-run', '--target-version', '26.1', '--rule', 'no-plaintext-secret=off', 'literal.yaml'],
      { cwd: dir },
    );
    expect(written.code).toBe(0);
    expect(password(written.stdout)).toBe('********');
    expect(written.stdout + written.stderr).not.toContain(SCRAM_PASSWORD);
    expect(lb.requests).toHaveLength(0);
  });

  it('--dry-run needs no variable set: it names the unset ones on stderr; apply still refuses', async () => {
    const dir = scratch({ 'link.yaml': LINK });
    const note =
      'svc-admin-spec apply: --dry-run: SCRAM_PASSWORD is not set (link.yaml: /shadowLink/configurations/clientOptions/authenticationConfiguration/scramConfiguration/password); apply without --dry-run refuses to send until it is set.\n';
    for (const format of ['stylish', 'json']) {
      const r = await run(['apply', '--dry-run', '--target-version', '26.1', '-f', format, 'link.yaml'], { cwd: dir });
      expect([r.code, r.stderr], format).toEqual([0, note]);
      const shown =
        format === 'json'
          ? (JSON.parse(r.stdout) as any).dryRun[0].request
          : JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
      expect(
        shown.shadowLink.configurations.clientOptions.authenticationConfiguration.scramConfiguration.password,
      ).toBe('${SCRAM_PASSWORD}');
    }
    const empty = await run(['apply', '--dry-run', '--target-version', '26.1', 'link.yaml'], {
      cwd: dir,
      env: { SCRAM_PASSWORD: '' },
    });
    expect(empty.stderr).toContain('SCRAM_PASSWORD is empty (link.yaml: ');
    const auth = ['--admin-url', 'http://127.0.0.1:1', '--admin-user', 'a', '--admin-password-env', 'ADMIN_PW'];
    const noAuth = await run(['apply', '--dry-run', ...auth, '--target-version', '26.1', 'link.yaml'], { cwd: dir });
    expect(noAuth.code).toBe(0);
    expect(noAuth.stderr).toContain(
      'svc-admin-spec apply: --dry-run: --admin-password-env names ADMIN_PW, but that environment variable is not set. apply without --dry-run stops there.\n',
    );
    const real = await run(['apply', '--admin-url', 'http://127.0.0.1:1', '--target-version', '26.1', 'link.yaml'], {
      cwd: dir,
    });
    expect(real.code).toBe(2);
    expect(real.stderr).toMatch(/SCRAM_PASSWORD is not set.*Nothing was sent/);
  });

  it('refuses a server older than shadow links (exit 1), sending no CreateShadowLink', async () => {
    const lb = await server({ version: 'v25.1.2' });
    const dir = scratch({ 'link.yaml': LINK });
    const r = await run(['apply', '--admin-url', lb.url, 'link.yaml'], { cwd: dir, env: { SCRAM_PASSWORD } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no shadow links.*25\.3/);
    expect(sent(lb, CREATE)).toHaveLength(0);
  });

  it('-f json carries the lint results and what was applied', async () => {
    const lb = await server();
    const dir = scratch({
      'req.json': JSON.stringify({
        shadowLink: { name: 'j', configurations: { clientOptions: { bootstrapServers: ['s:1'] } } },
      }),
    });
    const r = await run(['apply', '-f', 'json', '--admin-url', lb.url, 'req.json'], { cwd: dir });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      version: number;
      results: unknown[];
      applied: { name: string; uid: string }[];
    };
    expect(report.version).toBe(1);
    expect(report.results).toHaveLength(1);
    expect(report.applied[0]).toMatchObject({ name: 'j', uid: lb.cluster.links.get('j')!.shadowLink!.uid });
  });

  it('usage problems exit 2', async () => {
    expect((await run(['apply', 'x.yaml'])).code).toBe(2);
    expect((await run(['apply', '--admin-url', 'http://127.0.0.1:1'])).code).toBe(2);
    const r = await run(['apply', '--admin-url', 'http://x', '--admin-user', 'a', 'f.yaml']);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--admin-password-env')]);
    expect((await run(['apply', '--help'])).stdout).toContain('Exit codes: 0 every link created');
  });
});

describe('svc-admin-spec get-broker', () => {
  it('prints the node, version and routes; -f json prints the GetBrokerResponse', async () => {
    const lb = await server({ version: 'v26.1.7', nodeId: 3 });
    const r = await run(['get-broker', '--admin-url', lb.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^node {6}3\nversion {3}v26\.1\.7\n/);
    expect(r.stdout).toMatch(/BrokerService.GetBroker +\/svc.core.admin.v2.BrokerService\/GetBroker/);
    const j = await run(['get-broker', '--admin-url', lb.url, '-f', 'json', '--node-id', '-1']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ broker: { nodeId: 3, buildInfo: { version: 'v26.1.7' } } });
  });

  it('exits 1 when the server refuses (an unknown node is unavailable), 2 for usage', async () => {
    const lb = await server();
    const r = await run(['get-broker', '--admin-url', lb.url, '--node-id', '5', '--timeout', '2000']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unavailable: Service unavailable');
    expect(sent(lb, GET)).toHaveLength(3); // retried twice with backoff
    expect((await run(['get-broker'])).code).toBe(2);
    expect((await run(['get-broker', '--admin-url', lb.url, '--node-id', 'x'])).code).toBe(2);
  });
});

async function read(name: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return readFile(join(TLS, name), 'utf8');
}
