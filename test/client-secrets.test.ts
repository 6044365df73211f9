/**
 * Planted secrets never come out: passwords filled from placeholders, literal passwords, the admin
 * password and token, in every error, detail, diagnostic and command output, whatever the server
 * does (accepts, refuses, echoes the request back in its message, leaks a password in its answer).
 */
import { spawn } from 'node:child_process';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, type DiagnosticsEvent } from '../src/client/index';
import { CLI, scratch } from './cli-helpers';
import { startLoopback, type Loopback, type LoopbackOptions } from './support/loopback/server';

/** A secret that cannot occur by chance in any message. */
const secret = fc
  .stringMatching(/^[A-Za-z0-9!#%&*+=?@^_~-]{10,24}$/)
  .map((s) => `Zq${s}`)
  .filter((s) => !/^Zq[a-z]+$/.test(s));

const SCENARIOS = ['ok', 'exists', 'unreachable', 'echo', 'leak', 'unauthenticated', 'invalid', 'missing-env'] as const;
type Scenario = (typeof SCENARIOS)[number];

const serverOptions = (scenario: Scenario, admin: string): LoopbackOptions => ({
  auth: { username: 'admin', password: admin },
  ...(scenario === 'echo' ? { echoBodyInError: true } : {}),
  ...(scenario === 'leak'
    ? {
        transformResponse: (method, json) => {
          if (method !== 'CreateShadowLink') return json;
          // A server that writes the password back, and puts it in the link's name too.
          const text = JSON.stringify(json).replace('"password":""', '"password":"LEAKED"');
          return JSON.parse(text) as typeof json;
        },
      }
    : {}),
});

const request = (scenario: Scenario, plain: string) => ({
  shadowLink: {
    name: scenario === 'invalid' ? `bad ${plain}` : 'dr-link',
    configurations: {
      clientOptions: {
        bootstrapServers: [scenario === 'unreachable' ? 'source.invalid:9092' : 'source-1:9092'],
        tlsSettings: { enabled: true },
        authenticationConfiguration: {
          scramConfiguration: {
            username: 'replicator',
            password: scenario === 'missing-env' ? '${NOT_SET_ANYWHERE}' : '${SCRAM_PASSWORD}',
            scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512' as const,
          },
        },
      },
      securitySyncOptions: { aclFilters: [] },
    },
  },
});

describe('secrets never appear in any output, log or error', () => {
  const servers: Loopback[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('from the library, whatever the server does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SCENARIOS),
        secret,
        secret,
        secret,
        async (scenario, filled, plain, admin) => {
          const lb = await startLoopback(serverOptions(scenario, admin));
          servers.push(lb);
          const events: DiagnosticsEvent[] = [];
          const c = createAdminClient({
            baseUrl: lb.url,
            auth:
              scenario === 'unauthenticated'
                ? { username: 'admin', password: plain }
                : { username: 'admin', password: admin },
            env: { SCRAM_PASSWORD: filled },
            // The echoing server refuses GetBroker too: ask for CreateShadowLink directly there.
            targetVersion: scenario === 'echo' ? '26.1' : 'auto',
            onDiagnostics: (e) => events.push(e),
            retry: { attempts: 1 },
          });
          const req = request(scenario, plain);
          if (scenario === 'exists') await c.createShadowLink(req);
          let out = '';
          try {
            const response = await c.createShadowLink(req);
            if (scenario === 'leak') expect(JSON.stringify(response)).toContain('LEAKED');
          } catch (error) {
            out += `${String(error)}\n${inspect(error, { depth: 6 })}\n${JSON.stringify(error)}\n`;
            const e = error as { details?: unknown; errorInfo?: unknown; diagnostics?: unknown; rawMessage?: unknown };
            out += JSON.stringify([e.details, e.errorInfo, e.diagnostics, e.rawMessage]);
          }
          out += JSON.stringify(events);
          for (const s of [filled, plain, admin]) expect(out, scenario).not.toContain(s);
          if (scenario === 'echo') expect(out).toContain('********'); // the echo was there, masked
          if (scenario === 'leak') expect(out).toContain('response-secret-leak');
          await lb.close();
        },
      ),
      { numRuns: 40, seed: 4242 },
    );
  });
});

describe('secrets never appear in the commands’ output', () => {
  let lbs: Record<string, Loopback> = {};
  const admin = 'Zq-admin-Pw_7731';
  const filled = 'Zq-scram-Pw_0412';
  beforeAll(async () => {
    for (const s of ['ok', 'echo', 'unreachable'] as const) lbs[s] = await startLoopback(serverOptions(s, admin));
  });
  afterAll(async () => {
    await Promise.all(Object.values(lbs).map((l) => l.close()));
    lbs = {};
  });

  const run = (args: string[], cwd: string, env: Record<string, string>) =>
    new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.stdin.end();
      child.on('close', (code) => resolve(`${out}\nexit ${code}`));
    });

  it('apply (each format, dry run, refusals, echoes) and get-broker', async () => {
    const outputs: string[] = [];
    for (const [scenario, lb] of Object.entries(lbs)) {
      const dir = scratch({
        'link.json': JSON.stringify(request(scenario as Scenario, 'unused')),
        'plain.yaml': `name: plain-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    tlsSettings: {enabled: true}\n    authenticationConfiguration:\n      plainConfiguration: {username: u, password: "${filled}"}\n`,
      });
      const env = { SCRAM_PASSWORD: filled, ADMIN_PW: admin };
      const auth = ['--admin-url', lb.url, '--admin-user', 'admin', '--admin-password-env', 'ADMIN_PW'];
      for (const format of ['stylish', 'json'])
        outputs.push(await run(['apply', ...auth, '-f', format, 'link.json', 'plain.yaml'], dir, env));
      outputs.push(await run(['apply', ...auth, '--target-version', '26.1', 'link.json'], dir, env));
      outputs.push(await run(['apply', '--dry-run', 'link.json', 'plain.yaml'], dir, env));
      outputs.push(await run(['apply', '--dry-run', '-f', 'json', 'plain.yaml'], dir, env));
      outputs.push(await run(['get-broker', ...auth, '-f', 'json'], dir, env));
    }
    const all = outputs.join('\n');
    expect(all).toMatch(/Invalid cluster link configuration: \{"shadowLink".*\*{8}/); // the echo, masked
    expect(all).toContain('no-plaintext-secret'); // the literal password was found, not shown
    expect(all).not.toContain(filled);
    expect(all).not.toContain(admin);
  });

  it("masks only outside words: a secret that is an ordinary word leaves the command's own text whole", async () => {
    const lb = lbs['ok']!;
    const dir = scratch({
      'a.yaml': `name: a-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    tlsSettings: {enabled: true}\n    authenticationConfiguration:\n      scramConfiguration: {username: u, password: "\${SCRAM_PASSWORD}", scramMechanism: SCRAM_MECHANISM_SCRAM_SHA_256}\n`,
    });
    const auth = ['--admin-url', lb.url, '--admin-user', 'admin', '--admin-password-env', 'ADMIN_PW'];
    // "already" is in the code name and the server's message, "refused" in the command's own
    // sentence; "x" is shorter than anything searched for in text.
    const refusal = async (secret: string) => {
      const env = { SCRAM_PASSWORD: secret, ADMIN_PW: admin };
      lb.cluster.links.clear();
      await run(['apply', ...auth, 'a.yaml'], dir, env);
      return run(['apply', ...auth, 'a.yaml'], dir, env);
    };
    expect(await refusal('already')).toContain(
      'the server refused it: already_exists: Shadow link with name a-link ******** exists',
    );
    expect(await refusal('refused')).toContain(
      'the server refused it: already_exists: Shadow link with name a-link already exists',
    );
    expect(await refusal('x')).toContain('Shadow link with name a-link already exists');
    lb.cluster.links.clear();
  });
});
