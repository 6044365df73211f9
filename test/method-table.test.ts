/** The method table and what derives from it agree: the protos, the client, its retries, checkExchange and the loopback server. */
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createAdminClient, type AdminClient, type DiagnosticsEvent } from '../src/client/index';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTO_METHODS } from '../src/client/methods';
import { decideVersion } from '../src/client/version';
import { attemptsFor } from '../src/client/retry';
import type { WireKind } from '../src/client/wire';
import { checkExchange, CONFORMANCE_CHECKS } from '../src/conformance/check';
import { TARGET_VERSIONS } from '../src/facts/target-version';
import { isDocumentKind, kindOf } from '../src/model/kinds';
import { isMethodName, METHOD_NAMES, METHODS, type MethodName } from '../src/model/methods';
import { startLoopback, type Loopback } from './support/loopback/server';

/** A request of each method that the linter and the loopback server accept (a missing method does not compile). */
const SAMPLE: Record<MethodName, unknown> = {
  CreateShadowLink: {
    shadowLink: { name: 'dr-link', configurations: { clientOptions: { bootstrapServers: ['source-1:9092'] } } },
  },
  GetBroker: { nodeId: 0 },
};

/** The client's call for a method: `getBroker` for GetBroker. */
const callOf = (client: AdminClient, name: MethodName) => {
  const key = `${name[0]!.toLowerCase()}${name.slice(1)}` as Uncapitalize<MethodName>;
  return client[key] as (request: unknown) => Promise<unknown>;
};

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('the method table', () => {
  it('has a row named by its key for every method, with kinds the linter knows', () => {
    expect(METHOD_NAMES).toEqual(['CreateShadowLink', 'GetBroker']);
    for (const name of METHOD_NAMES) {
      const m = METHODS[name];
      expect(m.name).toBe(name);
      // The kind table says the same of each kind: which method's, and which way it goes.
      expect(isDocumentKind(m.request) && kindOf(m.request), m.request).toMatchObject({
        method: name,
        role: 'request',
      });
      expect(isDocumentKind(m.response) && kindOf(m.response), m.response).toMatchObject({
        method: name,
        role: 'response',
      });
      expect(m.since === null || TARGET_VERSIONS.includes(m.since)).toBe(true);
    }
    expect(isMethodName('GetBroker')).toBe(true);
    expect(isMethodName('toString')).toBe(false);
  });

  it("has the paths a real server lists among its routes (the server's own GetBroker answer)", () => {
    const real = JSON.parse(
      readFileSync(
        join(import.meta.dirname, 'fixtures/real-world/GetBrokerResponse.derived-26.1-self-broker.json'),
        'utf8',
      ),
    ) as { broker: { adminServer: { routes: { httpRoute: string }[] } } };
    const routes = real.broker.adminServer.routes.map((r) => r.httpRoute);
    for (const name of METHOD_NAMES) expect(routes, name).toContain(METHODS[name].path);
  });

  it('agrees with the descriptors generated from proto/: message names', () => {
    for (const name of METHOD_NAMES) {
      const m = METHODS[name];
      const pkg = m.service.slice(0, m.service.lastIndexOf('.'));
      expect(PROTO_METHODS[name].input.typeName).toBe(`${pkg}.${m.request}`);
      expect(PROTO_METHODS[name].output.typeName).toBe(`${pkg}.${m.response}`);
    }
  });

  it('gives every conformance check to exactly one method, and checkExchange takes exactly the methods', () => {
    const given = METHOD_NAMES.flatMap((n) => METHODS[n].exchangeChecks);
    expect([...given].sort()).toEqual(Object.keys(CONFORMANCE_CHECKS).sort());
    // An empty response to each sample fails that method's own checks (checkExchange refuses a code outside them).
    for (const name of METHOD_NAMES) {
      const codes = checkExchange({ kind: name, request: SAMPLE[name], response: {} }).diagnostics.map((d) => d.code);
      expect(codes.length, name).toBeGreaterThan(0);
    }
    expect(() => checkExchange({ kind: 'GetShadowLink', request: {}, response: {} } as never)).toThrow(
      `use ${METHOD_NAMES.join(' or ')}.`,
    );
  });

  it('types: one client call per method, and the wire kinds are the request kinds', () => {
    expectTypeOf<Exclude<keyof AdminClient, 'resolveTargetVersion'>>().toEqualTypeOf<Uncapitalize<MethodName>>();
    expectTypeOf<WireKind>().toEqualTypeOf<'CreateShadowLinkRequest' | 'GetBrokerRequest'>();
  });
});

describe('client and loopback server, per method of the table', () => {
  it('every method is served and callable, at its path, and its answer conforms', async () => {
    const lb = await startLoopback();
    servers.push(lb);
    const events: DiagnosticsEvent[] = [];
    const client = createAdminClient({ baseUrl: lb.url, targetVersion: '26.1', onDiagnostics: (e) => events.push(e) });
    for (const name of METHOD_NAMES) {
      const before = lb.requests.length;
      const response = await callOf(client, name)(SAMPLE[name]);
      expect(lb.requests.slice(before).map((r) => r.path)).toEqual([METHODS[name].path]);
      expect(checkExchange({ kind: name, request: SAMPLE[name], response }).conforms, name).toBe(true);
    }
    expect(events.filter((e) => e.phase === 'response' || e.phase === 'exchange')).toEqual([]);
  });

  it("refuses each method on a server older than its row's `since`, and only that method", async () => {
    // A version older than every one the linter knows: only methods with a `since` are refused.
    const lb = await startLoopback({ version: 'v24.2.1' });
    servers.push(lb);
    const events: DiagnosticsEvent[] = [];
    const client = createAdminClient({ baseUrl: lb.url, targetVersion: 'auto', onDiagnostics: (e) => events.push(e) });
    for (const name of METHOD_NAMES) {
      const since = METHODS[name].since;
      const before = lb.requests.filter((r) => r.path === METHODS[name].path).length;
      const call = callOf(client, name)(SAMPLE[name]);
      if (since === null) await expect(call).resolves.toBeDefined();
      else await expect(call).rejects.toThrow(new RegExp(`no ${METHODS[name].feature}: ${name} exists from ${since}`));
      const sent = lb.requests.filter((r) => r.path === METHODS[name].path).length - before;
      expect(sent, name).toBe(since === null ? 1 : 0);
      expect(decideVersion('v24.2.1', name).kind).toBe(since === null ? 'approximate' : 'too-old');
    }
    // A refusal is the error alone: no approximation of the version is reported with it.
    expect(events.filter((e) => e.phase === 'version')).toHaveLength(0);
  });

  it('retries an idempotent method on unavailable and never a non-idempotent one', async () => {
    expect(METHODS.CreateShadowLink.idempotent).toBe(false);
    expect(METHODS.GetBroker.idempotent).toBe(true);
    const lb = await startLoopback({ failWith: { status: 503, code: 'unavailable', message: 'Service unavailable' } });
    servers.push(lb);
    const client = createAdminClient({
      baseUrl: lb.url,
      targetVersion: '26.1',
      retry: { attempts: 3, initialDelayMs: 1 },
    });
    for (const name of METHOD_NAMES) {
      await expect(callOf(client, name)(SAMPLE[name])).rejects.toMatchObject({
        method: name,
        rawMessage: 'Service unavailable',
      });
      const tries = lb.requests.filter((r) => r.path === METHODS[name].path).length;
      expect(tries, name).toBe(METHODS[name].idempotent ? 3 : 1);
      expect(attemptsFor(name, { attempts: 3, initialDelayMs: 1 })).toBe(tries);
    }
  });
});
