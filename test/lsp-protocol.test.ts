/**
 * The language server at the protocol's edges, over stdio: malformed frames and messages are
 * answered with JSON-RPC errors and the session goes on; long lints block no request; a cancelled
 * request is answered with RequestCancelled; a document over the size limit gets one finding.
 * Order of answers and counts only, never durations.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CancellationTokenSource, ResponseError, type Hover } from 'vscode-languageserver-protocol/node';
import { describe, expect, it } from 'vitest';
import { CLI, GOOD_YAML, ROOT, scratch } from './cli-helpers';
import { LspSession, uriOf } from './lsp-helpers';

// Linting megabytes takes seconds of CPU, many more on a loaded machine: room enough, never a measure.
const LONG = 180_000;

/** A frame as the protocol writes it. */
const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const message = (m: object) => frame(JSON.stringify({ jsonrpc: '2.0', ...m }));

/** The server spawned with a raw byte stream in, and the messages it wrote, parsed. */
function rawServer() {
  const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], {
    env: { PATH: process.env['PATH'] ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const received: Record<string, unknown>[] = [];
  let buffer = Buffer.alloc(0);
  let waiter: { test: (m: Record<string, unknown>) => boolean; resolve: () => void } | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(buffer.subarray(0, end).toString())![1]);
      if (buffer.length < end + 4 + length) return;
      const m = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()) as Record<string, unknown>;
      buffer = buffer.subarray(end + 4 + length);
      received.push(m);
      if (waiter?.test(m)) waiter.resolve();
    }
  });
  return {
    child,
    received,
    send: (bytes: string) => child.stdin.write(bytes),
    /** Resolves when a message passing `test` has been received. */
    until: (test: (m: Record<string, unknown>) => boolean) =>
      new Promise<void>((resolve) => {
        if (received.some(test)) resolve();
        else waiter = { test, resolve };
      }),
  };
}

/** A ShadowLink in YAML of about `bytes`, with an unknown key and a misspelt enum per item: much for the lint, little for a parse. */
function bigLink(bytes: number): string {
  const head =
    'name: big\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["a:9092"]\n  securitySyncOptions:\n    aclFilters:\n';
  const parts = [head];
  for (let i = 0, size = head.length; size < bytes; i++) {
    const item = `      - resourceFilter: {resourceType: ACL_RESOURCE_TOPC, patternType: ACL_PATTERN_LITERAL, nam: t${i}}\n`;
    parts.push(item);
    size += item.length;
  }
  return parts.join('');
}

async function hover(
  session: LspSession,
  uri: string,
  line: number,
  character: number,
  token?: CancellationTokenSource,
) {
  const params = { textDocument: { uri }, position: { line, character } };
  // A token argument only when there is one: an undefined one would be sent as a second parameter.
  return (await (token
    ? session.connection.sendRequest('textDocument/hover', params, token.token)
    : session.connection.sendRequest('textDocument/hover', params))) as Hover | null;
}

describe('language server: malformed input', () => {
  it('answers bad frames and messages with JSON-RPC errors, logs them, and keeps serving', async () => {
    const server = rawServer();
    try {
      server.send(
        message({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }),
      );
      await server.until((m) => m['id'] === 1);
      const secret = 'hunter2-do-not-log';
      // After a frame it cannot read, the server skips to the next Content-Length header.
      server.send(`X-Other: 1\r\n\r\n{}`);
      server.send(`Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":2,"method":"shutdown","params":"${secret}"}`);
      server.send(frame(`{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"${secret}"`));
      server.send(frame('[]'));
      server.send(frame(JSON.stringify({ id: 4, method: 'textDocument/hover', note: secret })));
      server.send(frame(JSON.stringify({ jsonrpc: '2.0', id: { x: 1 }, method: 'shutdown' })));
      const position = { line: 0, character: 0 };
      for (const [id, uri] of [
        [5, 'file:///a%zz.yaml'],
        [6, 42],
        [7, 'not a uri'],
      ] as const)
        server.send(message({ id, method: 'textDocument/hover', params: { textDocument: { uri }, position } }));
      server.send(message({ id: 8, method: 'textDocument/hover', params: { position } }));
      const open = { languageId: 'yaml', version: 1, text: `name: ${secret}\n` };
      server.send(message({ method: 'textDocument/didOpen', params: { textDocument: { uri: 42, ...open } } }));
      server.send(message({ method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///%', ...open } } }));
      server.send(message({ method: '$/cancelRequest' }));
      // Still serving: a well-formed request after all that is answered.
      server.send(message({ id: 9, method: 'shutdown' }));
      await server.until((m) => m['id'] === 9);

      const errors = server.received
        .filter((m) => 'error' in m)
        .map((m) => [m['id'], (m['error'] as { code: number }).code]);
      expect(errors).toEqual([
        [null, -32700], // no Content-Length
        [null, -32700], // Content-Length: abc
        [null, -32700], // not JSON
        [null, -32600], // a batch
        [4, -32600], // no "jsonrpc"
        [null, -32600], // an id that is an object
        [5, -32602], // malformed percent-encoding
        [6, -32602], // not a string
        [7, -32602], // not a URI
        [8, -32602], // no textDocument
      ]);
      expect(server.received.find((m) => m['id'] === 9)).toEqual({ jsonrpc: '2.0', id: 9, result: null });
      const logs = server.received
        .filter((m) => m['method'] === 'window/logMessage')
        .map((m) => (m['params'] as { message: string }).message);
      // One line per refused frame or message (the two bad didOpens and the bad cancel included); none quotes it.
      expect(logs).toHaveLength(13);
      expect(logs.join('\n')).not.toContain(secret);
      // Nothing was linted: the bad documents were not opened.
      expect(server.received.filter((m) => m['method'] === 'textDocument/publishDiagnostics')).toEqual([]);
    } finally {
      server.child.kill();
    }
  });
});

describe('language server: long work', () => {
  it(
    'answers hovers while a large document is linted, on it and on another document',
    async () => {
      const session = await LspSession.start(ROOT);
      try {
        const small = uriOf(join(ROOT, 'examples/bad/typos.yaml'));
        await session.open(small, GOOD_YAML);
        const big = uriOf(join(ROOT, 'big.yaml'));
        const text = bigLink(2 * 1024 * 1024);
        const first = await session.open(big, text);
        expect(first.length).toBeGreaterThan(100);
        // An edit starts a new lint of the large document: hovers do not wait for it.
        const order: string[] = [];
        const done = session.nextDiagnostics(big, 2).then(() => order.push('findings'));
        await session.change(big, [{ text: `${text}# edited\n` }]);
        const onSmall = hover(session, small, 3, 6).then((h) => {
          order.push('hover on the small document');
          return h;
        });
        const onBig = hover(session, big, 3, 6).then((h) => {
          order.push('hover on the large document');
          return h;
        });
        const [a, b] = await Promise.all([onSmall, onBig]);
        await done;
        expect(JSON.stringify(a)).toContain('bootstrapServers');
        expect(JSON.stringify(b)).toContain('bootstrapServers');
        expect(order.indexOf('findings')).toBe(2);
      } finally {
        await session.stop();
      }
    },
    LONG,
  );

  it(
    'answers a cancelled request with RequestCancelled, before the work it waited for ends',
    async () => {
      const session = await LspSession.start(ROOT);
      try {
        const big = uriOf(join(ROOT, 'big.yaml'));
        const order: string[] = [];
        const findings = session.nextDiagnostics(big, 1).then(() => order.push('findings'));
        await session.connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri: big, languageId: 'yaml', version: 1, text: bigLink(1024 * 1024) },
        });
        // The first hover on a document waits for its first lint; the client gives up on it.
        const source = new CancellationTokenSource();
        const answer = hover(session, big, 3, 6, source).then(
          () => 'answered',
          (error: unknown) => (error instanceof ResponseError ? error.code : 'other'),
        );
        source.cancel();
        const outcome = await answer;
        order.push('cancelled');
        await findings;
        expect(outcome).toBe(-32800);
        expect(order).toEqual(['cancelled', 'findings']);
        // The server goes on: the same hover, not cancelled, is answered.
        expect(JSON.stringify(await hover(session, big, 3, 6))).toContain('bootstrapServers');
      } finally {
        await session.stop();
      }
    },
    LONG,
  );
});

describe('language server: size limit', () => {
  it('gives a document over the limit one finding saying so, and only if it is ours', async () => {
    const dir = scratch({});
    const session = await LspSession.start(dir);
    try {
      const pad = (text: string, bytes: number) => `${text}${'#'.repeat(bytes - text.length)}\n`;
      const over = 4 * 1024 * 1024 + 10;
      const ours = await session.open(
        uriOf(join(dir, 'link.yaml')),
        pad(`# yaml-language-server: $schema=../schemas/ShadowLink.schema.json\n${GOOD_YAML}`, over),
      );
      expect(ours.map((d) => [d.code, d.severity])).toEqual([['input/too-large', 2]]);
      expect(ours[0]!.message).toContain("over the language server's limit of 4,194,304 characters (4.0 MiB)");
      expect(ours[0]!.message).toContain('svcAdminSpec.maxDocumentSize');
      expect(await session.open(uriOf(join(dir, 'ci.yaml')), pad('on: push\n', over))).toEqual([]);
      // Under the limit, the same document is linted as usual.
      expect(await session.open(uriOf(join(dir, 'small.yaml')), GOOD_YAML)).toEqual([]);
    } finally {
      await session.stop();
    }
  });

  it('takes its limit from the settings', async () => {
    const dir = scratch({});
    const session = await LspSession.start(dir, undefined, {}, { svcAdminSpec: { maxDocumentSize: 50 } });
    try {
      // Ours by its file name (a kind's usual name), or by having been linted before it grew.
      const named = await session.open(uriOf(join(dir, 'dr.shadow-link.yaml')), GOOD_YAML);
      expect(named.map((d) => d.code)).toEqual(['input/too-large']);
      expect(named[0]!.message).toContain(
        `at ${GOOD_YAML.length} characters it is over the language server's limit of 50 characters`,
      );
      const uri = uriOf(join(dir, 'a.yaml'));
      expect(await session.open(uri, 'name: x\n')).not.toEqual([]);
      expect((await session.changeAndWait(uri, [{ text: GOOD_YAML }])).map((d) => d.code)).toEqual(['input/too-large']);
      expect(await session.open(uriOf(join(dir, 'b.yaml')), GOOD_YAML)).toEqual([]);
    } finally {
      await session.stop();
    }
  });
});
