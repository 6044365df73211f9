/** Conformance: does a response honour the request it answers? */
import { normalizeDiagnostics, type ConformanceCode, type Diagnostic } from '../core/diagnostics';
import { catalogWith, withDocsUrl } from '../engine/catalog';
import { PAUSABLE_TASKS, child, objectAt, stringAt, type Located } from '../rule-api/helpers';
import { keyFingerprint } from '../facts/fingerprint';
import { describeAmount, SERVER_FACTS } from '../facts/server-versions';
import { expectedSyncedProperties } from '../facts/topic-properties';
import { checkTargetVersion } from '../engine/settings';
import type { TargetVersion } from '../facts/target-version';
import { NUMERIC_CLIENT_OPTIONS, effectiveFieldName } from '../model/client-options';
import { durationMillis, parseDuration } from '../model/formats';
import { isMethodName, METHOD_NAMES, METHODS, type MethodName } from '../model/methods';
import { redactSecrets } from '../secrets/redact';
import { isObject } from '../util/pointer';
import { checkJsonValue } from '../validate/json-value';

/** A request with the response it received, for any method of the method table. */
export type Exchange = { [N in MethodName]: { kind: N; request: unknown; response: unknown } }[MethodName];

/** What `checkExchange` returns; diagnostics point into the response, with `related` pointing into the request. */
export interface ExchangeResult {
  conforms: boolean;
  diagnostics: Diagnostic[];
}

/** Every conformance check, by code suffix, with what it compares (used for its docs page). */
export const CONFORMANCE_CHECKS: Readonly<Record<string, string>> = {
  shape: 'Both documents have a `shadowLink` object to compare.',
  name: 'The response names the link the request named.',
  'client-id': '`clientId` is `shadow-link-<name>-<uid>` (`cluster-link-<name>-<uid>` from a 25.3 server).',
  'bootstrap-servers': '`bootstrapServers` are echoed as sent, each port written as a plain number.',
  'effective-value':
    'Each `effective*` client option is the requested value when it is not 0 (a negative value is kept, as the server stores it), else the default of the target version.',
  interval:
    'Each task\'s `interval` echoes the request (`"0s"` when defaulted) and `effectiveInterval` is the requested interval when positive, else 30 s.',
  'key-fingerprint': '`keyFingerprint` is the padded base64 SHA-256 of the PEM key text exactly as sent.',
  'synced-properties':
    '`status.syncedShadowTopicProperties` is the always-replicated set ∪ (unless `excludeDefault`) the default set of the target version ∪ the requested list, sorted (a 25.3 server does not sort it: compared as a set).',
  state:
    'Right after creation `status.state` is `SHADOW_LINK_STATE_ACTIVE`, and `taskStatuses` and `shadowTopics` are empty.',
  uid: '`uid` is a random (version 4) UUID.',
  'node-id': 'GetBroker for a node id ≥ 0 describes that node.',
};

const DEFAULT_INTERVAL_MS = 30_000;

const root = (value: unknown): Located => ({ value, pointer: '' });
const show = (v: unknown): string => (v === undefined ? 'absent' : JSON.stringify(v));
const intervalMs = (v: unknown): number | undefined => {
  if (typeof v !== 'string') return undefined;
  const d = parseDuration(v);
  return d ? durationMillis(d) : undefined;
};

class Findings {
  readonly list: Diagnostic[] = [];
  /** `checks`: the method's `exchangeChecks`, the only codes its check may add. */
  constructor(private readonly checks: readonly string[]) {}
  add(code: string, pointer: string, message: string, requestPointer?: string): void {
    if (!Object.hasOwn(CONFORMANCE_CHECKS, code)) throw new Error(`undocumented conformance check ${code}`);
    if (!this.checks.includes(code)) throw new Error(`conformance check ${code} is not in the method's exchangeChecks`);
    const d: Diagnostic = { code: `conformance/${code}` as ConformanceCode, severity: 'error', pointer, message };
    if (requestPointer !== undefined) d.related = [{ pointer: requestPointer, message: 'in the request' }];
    this.list.push(d);
  }
}

/** A bootstrap server as the server echoes it: the port as a plain number (absl::SimpleAtoi reads `+` and whitespace). */
function echoedServer(entry: unknown): unknown {
  if (typeof entry !== 'string') return entry;
  const parts = entry.split(':');
  const port = parts.length === 2 ? /^\s*\+?(\d{1,5})\s*$/.exec(parts[1]!) : null;
  return port ? `${parts[0]}:${Number(port[1])}` : entry;
}

function checkCreateShadowLink(request: unknown, response: unknown, f: Findings, version: TargetVersion): void {
  const facts = SERVER_FACTS[version];
  const reqLink = objectAt(root(request), 'shadowLink');
  const resLink = objectAt(root(response), 'shadowLink');
  if (!reqLink || !resLink) {
    f.add(
      'shape',
      resLink ? '' : '/shadowLink',
      'Both the request and the response need a `shadowLink` object to compare.',
    );
    return;
  }
  const name = stringAt(reqLink, 'name')?.value;
  const resName = child(resLink, 'name');
  if (name !== undefined && resName?.value !== name) {
    f.add(
      'name',
      resName?.pointer ?? resLink.pointer,
      `The response names the link ${show(resName?.value)}, the request ${show(name)}.`,
      '/shadowLink/name',
    );
  }
  const uidAt = stringAt(resLink, 'uid');
  const uid = uidAt?.value;
  if (uidAt && !/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(uidAt.value)) {
    f.add('uid', uidAt.pointer, `uid ${show(uidAt.value)} is not a random (version 4) UUID.`);
  }
  const status = objectAt(resLink, 'status');
  const state = child(status, 'state');
  if (state && state.value !== 'SHADOW_LINK_STATE_ACTIVE') {
    f.add(
      'state',
      state.pointer,
      `status.state is ${show(state.value)}; a link is SHADOW_LINK_STATE_ACTIVE right after it is created.`,
    );
  }
  for (const list of ['taskStatuses', 'shadowTopics']) {
    const v = child(status, list);
    if (v && Array.isArray(v.value) && v.value.length > 0) {
      f.add('state', v.pointer, `status.${list} has ${v.value.length} entries; right after creation it is empty.`);
    }
  }
  const reqClient = objectAt(reqLink, 'configurations', 'clientOptions');
  const resClient = objectAt(resLink, 'configurations', 'clientOptions');
  const clientId = child(resClient, 'clientId');
  const expectedClientId = `${facts.clientIdPrefix}${name}-${uid}`;
  if (name !== undefined && uid !== undefined && clientId && clientId.value !== expectedClientId) {
    f.add(
      'client-id',
      clientId.pointer,
      `clientId is ${show(clientId.value)}; a ${version} server derives it as "${expectedClientId}".`,
    );
  }
  const reqServers = child(reqClient, 'bootstrapServers')?.value;
  const resServers = child(resClient, 'bootstrapServers');
  if (
    Array.isArray(reqServers) &&
    resServers &&
    JSON.stringify(resServers.value) !== JSON.stringify(reqServers.map(echoedServer))
  ) {
    f.add(
      'bootstrap-servers',
      resServers.pointer,
      'bootstrapServers differ from the request.',
      '/shadowLink/configurations/clientOptions/bootstrapServers',
    );
  }
  if (resClient) {
    for (const option of NUMERIC_CLIENT_OPTIONS) {
      const requested = child(reqClient, option)?.value;
      const fallback = facts.clientOptionDefaults[option];
      // Only 0 means "the default": the server stores any other value as given, negative ones included.
      const given = typeof requested === 'number' && requested !== 0;
      const expected = given ? requested : fallback;
      const eff = child(resClient, effectiveFieldName(option));
      if (eff && eff.value !== expected) {
        f.add(
          'effective-value',
          eff.pointer,
          `${effectiveFieldName(option)} is ${show(eff.value)}; with ${option} ${requested === undefined ? 'not set' : `= ${show(requested)}`} it should be ${expected}${given ? '' : ` (the ${version} default, ${describeAmount(option, fallback)})`}.`,
          `/shadowLink/configurations/clientOptions/${option}`,
        );
      }
    }
  }
  for (const task of PAUSABLE_TASKS) {
    const reqTask = objectAt(reqLink, 'configurations', task);
    const resTask = objectAt(resLink, 'configurations', task);
    if (!resTask) continue;
    const requested = intervalMs(child(reqTask, 'interval')?.value) ?? 0;
    const echoed = child(resTask, 'interval');
    const echoMs = intervalMs(echoed?.value);
    if (echoed && echoMs !== undefined && echoMs !== Math.max(requested, 0) && !(requested <= 0 && echoMs === 0)) {
      f.add(
        'interval',
        echoed.pointer,
        `${task}.interval is ${show(echoed.value)} but the request asked for ${show(child(reqTask, 'interval')?.value ?? '0s')}.`,
        `/shadowLink/configurations/${task}/interval`,
      );
    }
    const eff = child(resTask, 'effectiveInterval');
    const effMs = intervalMs(eff?.value);
    const expected = requested > 0 ? requested : DEFAULT_INTERVAL_MS;
    if (eff && effMs !== expected) {
      f.add(
        'interval',
        eff.pointer,
        `${task}.effectiveInterval is ${show(eff.value)}; it should be ${expected / 1000}s${requested > 0 ? '' : ' (the default, used when the interval is zero or negative)'}.`,
        `/shadowLink/configurations/${task}/interval`,
      );
    }
  }
  const sentKey = stringAt(objectAt(reqClient, 'tlsSettings', 'tlsPemSettings'), 'key')?.value;
  const fingerprint = child(objectAt(resClient, 'tlsSettings', 'tlsPemSettings'), 'keyFingerprint');
  if (sentKey !== undefined && sentKey !== '') {
    const expected = keyFingerprint(sentKey);
    if (!fingerprint)
      f.add(
        'key-fingerprint',
        `${resClient?.pointer ?? '/shadowLink'}/tlsSettings/tlsPemSettings`,
        'A PEM key was sent but the response has no keyFingerprint.',
        '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/key',
      );
    else if (fingerprint.value !== expected) {
      f.add(
        'key-fingerprint',
        fingerprint.pointer,
        `keyFingerprint is not the SHA-256 of the key that was sent (expected ${expected}): the server holds a different key.`,
        '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/key',
      );
    }
  }
  const reqTopics = objectAt(reqLink, 'configurations', 'topicMetadataSyncOptions');
  const synced = child(objectAt(resLink, 'status'), 'syncedShadowTopicProperties');
  if (synced && Array.isArray(synced.value)) {
    const requestedList = child(reqTopics, 'syncedShadowTopicProperties')?.value;
    const expected = expectedSyncedProperties(
      version,
      child(reqTopics, 'excludeDefault')?.value === true,
      Array.isArray(requestedList) ? requestedList.filter((x): x is string => typeof x === 'string') : [],
    );
    const got = synced.value;
    const comparable = facts.sortsSyncedProperties
      ? got
      : [...got].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
    if (JSON.stringify(comparable) !== JSON.stringify(expected)) {
      const missing = expected.filter((p) => !got.includes(p));
      const extra = got.filter((p) => typeof p !== 'string' || !expected.includes(p));
      f.add(
        'synced-properties',
        synced.pointer,
        `status.syncedShadowTopicProperties should be ${JSON.stringify(expected)} (always-replicated ∪ ${child(reqTopics, 'excludeDefault')?.value === true ? '' : 'defaults ∪ '}requested, sorted)` +
          (missing.length ? `; missing ${JSON.stringify(missing)}` : '') +
          (extra.length ? `; unexpected ${JSON.stringify(extra)}` : '') +
          (!missing.length && !extra.length ? '; the order differs' : '') +
          '.',
        '/shadowLink/configurations/topicMetadataSyncOptions',
      );
    }
  }
}

function checkGetBroker(request: unknown, response: unknown, f: Findings): void {
  const asked = child(root(request), 'nodeId')?.value;
  const got = child(objectAt(root(response), 'broker'), 'nodeId');
  if (typeof asked === 'number' && asked >= 0 && got?.value !== asked) {
    f.add(
      'node-id',
      got?.pointer ?? '/broker',
      `The request asked for node ${asked} but the response describes node ${show(got?.value)}.`,
      '/nodeId',
    );
  }
}

/** Compares a response with its request, adding what differs to `f`. */
type ExchangeCheck = (request: unknown, response: unknown, f: Findings, version: TargetVersion) => void;

/** The exchange check of each method of the method table (its `exchangeChecks` are the codes it adds). */
const EXCHANGE_CHECKS: Readonly<Record<MethodName, ExchangeCheck>> = {
  CreateShadowLink: checkCreateShadowLink,
  GetBroker: checkGetBroker,
};

/** Options of `checkExchange`. */
export interface ExchangeOptions {
  /** The server version whose behaviour the response is compared with (defaults, clientId, sorting). Default `26.1`. */
  targetVersion?: TargetVersion;
  /** Where the package's documentation is served, as `lint`'s `docsBaseUrl`: the findings' `docsUrl` start with it. Default unpkg. */
  docsBaseUrl?: string;
}

/**
 * Reports where a response does not honour its request: names, effective values vs defaults,
 * intervals, the key fingerprint, the synced property set (CreateShadowLink) and the node id (GetBroker).
 * Lint each document on its own with `lint` for everything else. Never throws for JSON values;
 * throws `TypeError` for an argument that is not `{ kind, request, response }`, an unknown kind or
 * version, a malformed `docsBaseUrl`, or a request or response that is not JSON data (a cycle, a function, nesting over 256 levels).
 */
export function checkExchange(exchange: Exchange, options: ExchangeOptions = {}): ExchangeResult {
  if (!isObject(exchange)) throw new TypeError('checkExchange expects { kind, request, response }.');
  const version = checkTargetVersion(options?.targetVersion, 'checkExchange options') ?? '26.1';
  const catalog = catalogWith([], 'checkExchange options', options?.docsBaseUrl);
  for (const part of ['request', 'response'] as const) {
    const json = checkJsonValue(exchange[part]);
    if (!json.walkable || json.diagnostics.length > 0)
      throw new TypeError(
        `checkExchange: the ${part} is not JSON data: ${json.diagnostics[0]?.message ?? 'it cannot be walked'}`,
      );
  }
  const kind: unknown = exchange.kind;
  if (!isMethodName(kind))
    throw new TypeError(
      `Unknown exchange kind ${JSON.stringify(String(kind)).slice(0, 60)}; use ${METHOD_NAMES.join(' or ')}.`,
    );
  const f = new Findings(METHODS[kind].exchangeChecks);
  EXCHANGE_CHECKS[kind](exchange.request, exchange.response, f, version);
  const diagnostics = normalizeDiagnostics(
    redactSecrets(redactSecrets(f.list, exchange.request), exchange.response),
  ).map((d) => withDocsUrl(d, catalog));
  return { conforms: diagnostics.length === 0, diagnostics };
}
