/**
 * What a server can send back cannot hurt the client: an answer larger than the limit (streamed, or
 * a gzip bomb) stops being read there, with a clear error, in Node.js (connect-node) and over fetch
 * (the browser build); an answer without its result is a clear error, not a TypeError; a huge error
 * message is shortened; and no credential comes out, however the server echoes it (headers, the
 * answer's fields, JSON-escaped, cut short).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdminClient as createBrowserClient } from '../src/client/browser';
import { AdminApiError, createAdminClient, type AdminClient } from '../src/client/index';
import { MAX_SERVER_TEXT } from '../src/client/errors';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../src/client/body-limit';
import { maskOutside } from '../src/secrets/redact';
import { cliAsync, scratch, type CliRun } from './cli-helpers';

const MiB = 1024 * 1024;

/** A raw HTTP server; `answer` writes each response, the server counts what it managed to write. */
interface Raw {
  url: string;
  /** Bytes the last streamed answer wrote before the client stopped reading (or all of them). */
  written: number;
  /** Whether the last streamed answer was written to its end. */
  finished: boolean;
  /** Bodies received. */
  bodies: string[];
  close(): Promise<void>;
}

type Answer = (req: IncomingMessage, body: string, res: ServerResponse, raw: Raw) => Promise<void> | void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((r) => {
          s.closeAllConnections();
          s.close(() => r());
        }),
    ),
  );
});

async function rawServer(answer: Answer): Promise<Raw> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      raw.bodies.push(body);
      void Promise.resolve(answer(req, body, res, raw)).catch(() => res.destroy());
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const raw: Raw = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written: 0,
    finished: false,
    bodies: [],
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return raw;
}

/** Streams `total` bytes of a JSON answer, 64 KiB at a time, honouring back-pressure; stops when the client hangs up. */
const streamed =
  (total: number): Answer =>
  async (_req, _body, res, raw) => {
    raw.written = 0;
    raw.finished = false;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    let closed = false;
    let wake = () => {};
    res.on('close', () => {
      closed = true;
      wake();
    });
    const head = Buffer.from('{"broker":{"nodeId":0,"buildInfo":{"version":"');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    res.write(head);
    raw.written = head.length;
    while (raw.written < total && !closed) {
      const ok = res.write(chunk);
      raw.written += chunk.length;
      if (!ok)
        await new Promise<void>((r) => {
          wake = r;
          res.once('drain', r);
        });
    }
    if (!closed) {
      res.end('"}}}');
      raw.finished = true;
    }
  };

/** One gzip member of `n` zero bytes... as the JSON of a version string: many members decompress to far more. */
function gzipBomb(decompressed: number): Buffer {
  const head = gzipSync(Buffer.from('{"broker":{"nodeId":0,"buildInfo":{"version":"'));
  const member = gzipSync(Buffer.alloc(16 * MiB, 'a'), { level: 9 });
  const members = Array.from({ length: Math.ceil(decompressed / (16 * MiB)) }, () => member);
  return Buffer.concat([head, ...members, gzipSync(Buffer.from('"}}}'))]);
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
};

const PLATFORMS: [string, (o: Parameters<typeof createAdminClient>[0]) => AdminClient][] = [
  ['Node.js (connect-node)', createAdminClient],
  ['fetch (connect-web, the browser build)', createBrowserClient],
];

const failure = async (p: Promise<unknown>): Promise<AdminApiError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AdminApiError);
    return e as AdminApiError;
  }
  throw new Error('the call succeeded');
};

const SCRAM = 'Zq"sc\\räm-Pw_0412-and-more';
const ADMIN = 'Zq-admin-Pw_7731';
const linkRequest = {
  shadowLink: {
    name: 'dr-link',
    configurations: {
      clientOptions: {
        bootstrapServers: ['source-1:9092'],
        tlsSettings: { enabled: true },
        authenticationConfiguration: {
          scramConfiguration: {
            username: 'replicator',
            password: '${SCRAM_PASSWORD}',
            scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512' as const,
          },
        },
      },
    },
  },
};

describe.each(PLATFORMS)('answers the client cannot use, over %s', (_name, create) => {
  const client = (url: string, extra: Partial<Parameters<typeof createAdminClient>[0]> = {}) =>
    create({
      baseUrl: url,
      targetVersion: '26.1',
      retry: { attempts: 1 },
      auth: { username: 'admin', password: ADMIN },
      env: { SCRAM_PASSWORD: SCRAM },
      ...extra,
    });

  it('a 200 MB answer: stops at 16 MiB with a clear error, without reading the rest or holding it', async () => {
    const total = 200 * 1000 * 1000;
    const raw = await rawServer(streamed(total));
    global.gc?.();
    const before = process.memoryUsage().rss;
    const e = await failure(client(raw.url).getBroker());
    const grown = process.memoryUsage().rss - before;
    expect(e.kind).toBe('bad-answer');
    expect(e.message).toContain("the server's answer is larger than the client's limit of 16 MiB");
    expect(e.message).toContain('the rest of it was not read');
    // Give the server a moment to notice the client hung up; it never wrote the whole answer.
    await new Promise((r) => setTimeout(r, 50));
    expect(raw.finished).toBe(false);
    expect(raw.written).toBeLessThan(total / 2);
    // Without the limit the client buffered the whole answer (≈1.3 GB of RSS); the bound is generous.
    expect(grown).toBeLessThan(150 * MiB);
    console.info(
      `200 MB answer: server wrote ${(raw.written / MiB).toFixed(1)} MiB; RSS grew ${(grown / MiB).toFixed(1)} MiB`,
    );
  });

  it('a gzip bomb (2 GiB from a few MiB): stops at the limit once decompressed', async () => {
    const bomb = gzipBomb(2048 * MiB);
    expect(bomb.length).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES); // the compressed size alone passes
    const raw = await rawServer((_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(bomb);
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    const e = await failure(client(raw.url).getBroker());
    const grown = process.memoryUsage().rss - before;
    expect(e.kind).toBe('bad-answer');
    expect(e.message).toMatch(/larger than the client's limit of 16 MiB( once decompressed)?/);
    expect(grown).toBeLessThan(150 * MiB);
    console.info(`gzip bomb of ${(bomb.length / MiB).toFixed(1)} MiB: RSS grew ${(grown / MiB).toFixed(1)} MiB`);
  });

  it('a limit of its own: maxResponseBytes', async () => {
    const raw = await rawServer(streamed(4 * MiB));
    const e = await failure(client(raw.url, { maxResponseBytes: 1000 }).getBroker());
    expect(e.message).toContain("larger than the client's limit of 1,000 bytes");
    expect(raw.finished).toBe(false);
    expect(() => client(raw.url, { maxResponseBytes: 0 })).toThrow(/"maxResponseBytes" must be a whole number/);
  });

  it('`{}` or a result of the wrong type: "the server\'s answer lacks …", never a TypeError', async () => {
    let answer: unknown = {};
    const raw = await rawServer((_req, _body, res) => json(res, 200, answer));
    const c = client(raw.url);
    const e = await failure(c.getBroker());
    expect(e.kind).toBe('bad-answer');
    expect(e.rawMessage).toBe(
      `GetBroker failed (bad-answer): the server's answer lacks "broker", an object (it has nothing there).`,
    );
    expect(e.maybeApplied).toBe(false);
    const created = await failure(c.createShadowLink(linkRequest));
    expect(created.rawMessage).toMatch(
      /^CreateShadowLink failed \(bad-answer\): the server's answer lacks "shadowLink"/,
    );
    expect(created.message).toContain('The request may still have been applied');
    expect(created.maybeApplied).toBe(true);
    answer = { shadowLink: ['x'] };
    expect((await failure(c.createShadowLink(linkRequest))).message).toContain('(it has an array there)');
  });

  it('a 5 MB error message is cut to 1,000 characters, saying how many were left out, the secrets masked', async () => {
    const raw = await rawServer((_req, body, res) =>
      json(res, 400, {
        code: 'invalid_argument',
        message: `Invalid cluster link configuration: ${body}${'x'.repeat(5 * MiB)}`,
      }),
    );
    const e = await failure(client(raw.url).createShadowLink(linkRequest));
    expect(e.kind).toBe('server');
    expect(e.rawMessage.length).toBeLessThan(MAX_SERVER_TEXT + 100);
    expect(e.rawMessage).toMatch(/… \(\d{7} more characters not shown\)$/);
    expect(e.rawMessage).toContain('"password":"********"');
    expect(JSON.stringify(e.rawMessage)).not.toContain('Pw_0412');
  });

  it('a server echoing the credentials in headers and in the error, escaped or cut: masked everywhere', async () => {
    const raw = await rawServer((req, body, res) => {
      const escaped = JSON.stringify(JSON.stringify(SCRAM)).slice(1, -1);
      json(
        res,
        400,
        {
          code: 'invalid_argument',
          message: `echo ${body} twice-escaped ${escaped} cut ${SCRAM.slice(0, 9)}... cut at the end ${ADMIN.slice(0, 6)}`,
          details: [],
        },
        {
          'X-Echo-Authorization': req.headers.authorization ?? '',
          // JSON-escaped with \u escapes, as an ASCII-only encoder writes it.
          'X-Echo-Password': JSON.stringify(SCRAM)
            .slice(1, -1)
            .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
          'X-Echo-Admin': `admin=${ADMIN}`,
        },
      );
    });
    const e = await failure(client(raw.url).createShadowLink(linkRequest));
    const out = `${String(e)}\n${inspect(e, { depth: 8 })}\n${JSON.stringify([...e.metadata])}\n${e.rawMessage}`;
    expect(out).toContain('********');
    for (const leak of [
      ADMIN,
      ADMIN.slice(0, 6),
      'Pw_0412',
      SCRAM.slice(0, 9),
      Buffer.from(`admin:${ADMIN}`).toString('base64'),
    ])
      expect(out).not.toContain(leak);
  });
});

describe('maskOutside: echoed and cut forms of a secret', () => {
  const secret = 'Zq"s\\é<tail>';
  it.each([
    ['as written', `x ${secret} y`],
    ['JSON-escaped', `x ${JSON.stringify(secret)} y`],
    ['JSON-escaped twice', `x ${JSON.stringify(JSON.stringify(secret))} y`],
    ['with \\u escapes', 'x "Zq\\"s\\\\\\u00e9\\u003ctail\\u003e" y'],
    ['with \\U escapes', 'x "Zq\\"s\\\\\\u00E9\\u003Ctail\\u003E" y'],
    ['cut at the end', `x Zq"s\\é<ta`],
    ['cut before an ellipsis', `x Zq"s\\…, y`],
    ['cut before three dots', `x Zq"s\\é... y`],
  ])('%s', (_name, text) => {
    const shown = maskOutside(text, [secret]);
    expect(shown).toContain('********');
    expect(shown).not.toContain('Zq"s');
    expect(shown).not.toContain('Zq\\"s');
  });

  it('a cut of our own: the note is outside the masked text, and no cut secret is left before it', () => {
    const text = `${'a'.repeat(995)}${secret}${'b'.repeat(100)}`;
    const shown = maskOutside(text, [secret], 1000);
    expect(shown).toBe(`${'a'.repeat(995)}********… (${text.length - 1000} more characters not shown)`);
  });

  it('leaves ordinary text whole', () => {
    expect(maskOutside('Zq is a prefix, Zq"s too short to count', [secret])).toBe(
      'Zq is a prefix, Zq"s too short to count',
    );
  });
});

const run = (args: string[], cwd: string, env: Record<string, string> = {}) => cliAsync(args, { cwd, env });

const LINK_YAML = (name: string) => `name: ${name}
configurations:
  clientOptions:
    bootstrapServers: ["source-1:9092"]
    tlsSettings: {enabled: true}
    authenticationConfiguration:
      scramConfiguration: {username: u, password: "\${SCRAM_PASSWORD}", scramMechanism: SCRAM_MECHANISM_SCRAM_SHA_256}
`;
const CLI_SCRAM = 'Zq-scram-Pw_0412';
const AUTH = ['--admin-user', 'admin', '--admin-password-env', 'ADMIN_PW'];
const ENV = { SCRAM_PASSWORD: CLI_SCRAM, ADMIN_PW: ADMIN };

describe('the commands', () => {
  it('--admin-url that does not parse: the credentials are not echoed', async () => {
    const dir = scratch({ 'a.yaml': LINK_YAML('a') });
    for (const args of [
      ['get-broker', '--admin-url', 'http://user:secret-Pw9@host:bad'],
      ['apply', '--admin-url', 'http://user:secret-Pw9@host:bad', 'a.yaml'],
      ['get-broker', '--admin-url', 'http://user:secret-Pw9'],
    ]) {
      const r = await run(args, dir, ENV);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/"baseUrl" is not a URL: "http:\/\/(<credentials hidden>@host|user):<not a port>"/);
      expect(r.stdout + r.stderr).not.toContain('secret');
    }
  });

  it('apply refuses several links for one cluster before sending anything, naming the files', async () => {
    const raw = await rawServer((_req, _body, res) => json(res, 500, { code: 'internal', message: 'unexpected' }));
    const dir = scratch({ 'a.yaml': LINK_YAML('a'), 'b.yaml': LINK_YAML('b') });
    for (const extra of [[], ['--target-version', '25.3'], ['--dry-run']]) {
      const r = await run(['apply', '--admin-url', raw.url, ...AUTH, ...extra, 'a.yaml', 'b.yaml'], dir, ENV);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'a.yaml, b.yaml: 2 shadow links for the one cluster at --admin-url, which holds a single shadow link',
      );
      expect(r.stderr).toContain('nothing was sent');
    }
    const j = await run(['apply', '--admin-url', raw.url, ...AUTH, '-f', 'json', 'a.yaml', 'b.yaml'], dir, ENV);
    expect(JSON.parse(j.stdout)).toMatchObject({ applied: [], failure: { notSent: ['a.yaml', 'b.yaml'] } });
    expect(raw.bodies).toEqual([]); // not even GetBroker
  });

  it('get-broker: `{}`, a broker of the wrong shapes, an answer too large: clear messages, no TypeError', async () => {
    let answer: unknown = {};
    const raw = await rawServer((_req, _body, res) => json(res, 200, answer));
    const dir = scratch();
    const empty = await run(['get-broker', '--admin-url', raw.url], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe(
      `svc-admin-spec: GetBroker at ${raw.url}: GetBroker failed (bad-answer): the server's answer lacks "broker", an object (it has nothing there).\n`,
    );
    answer = { broker: { nodeId: 'x', buildInfo: [], adminServer: { routes: 'r' } } };
    const odd = await run(['get-broker', '--admin-url', raw.url], dir);
    expect(odd.code).toBe(0);
    expect(odd.stdout).toBe('node      ?\nversion   ?\nbuild     ?\nroutes\n');
    answer = { broker: { nodeId: 1, buildInfo: { version: 'v26.1.1'.padEnd(2000, 'x') } } };
    const small = await run(['get-broker', '--admin-url', raw.url, '--max-response-bytes', '1000'], dir);
    expect(small.code).toBe(2);
    expect(small.stderr).toContain("the server's answer is larger than the client's limit of 1,000 bytes");
    expect(small.stderr).not.toContain('TypeError');
  });

  it('the server echoing the request into the fields apply and get-broker print: masked', async () => {
    const raw = await rawServer((req, body, res) => {
      if (req.url!.endsWith('/GetBroker'))
        return json(res, 200, {
          broker: {
            nodeId: 0,
            buildInfo: { version: `v26.1.1 ${req.headers.authorization ?? ''}`, buildSha: ADMIN.slice(0, 8) },
            adminServer: { routes: [{ name: ADMIN, httpRoute: '/x' }] },
          },
        });
      const sent = JSON.parse(body) as typeof linkRequest;
      const password =
        sent.shadowLink.configurations.clientOptions.authenticationConfiguration.scramConfiguration.password;
      json(res, 200, {
        shadowLink: { ...sent.shadowLink, name: `${sent.shadowLink.name}-${password}`, uid: password.slice(0, 7) },
      });
    });
    const dir = scratch({ 'a.yaml': LINK_YAML('a') });
    const outputs: CliRun[] = [];
    for (const format of ['stylish', 'json'])
      outputs.push(await run(['apply', '--admin-url', raw.url, ...AUTH, '-f', format, 'a.yaml'], dir, ENV));
    for (const format of ['stylish', 'json'])
      outputs.push(await run(['get-broker', '--admin-url', raw.url, ...AUTH, '-f', format], dir, ENV));
    for (const r of outputs) expect(r.code).toBe(0);
    const all = outputs.map((r) => r.stdout + r.stderr).join('\n');
    expect(all).toContain('created shadow link "a-********"');
    for (const leak of [
      CLI_SCRAM,
      CLI_SCRAM.slice(0, 7),
      ADMIN,
      ADMIN.slice(0, 8),
      Buffer.from(`admin:${ADMIN}`).toString('base64'),
    ])
      expect(all).not.toContain(leak);
  });
});
