/**
 * The validating client: every request is linted with the CLI's engine before it is sent, and
 * nothing is sent when the linter reports an error; answers come back typed, and are checked.
 */
import { Code, type Transport } from '@connectrpc/connect';
import type { JsonObject } from '@bufbuild/protobuf';
import { checkExchange } from '../conformance/check';
import { catalogWith } from '../engine/catalog';
import { checkRuleSettings, checkTargetVersion, type RuleSettings } from '../engine/settings';
import { type Rule } from '../rule-api/types';
import { TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import type { Diagnostic } from '../core/diagnostics';
import { lint, ValidationError, type LintOptions } from '../lint/lint';
import type { GetBrokerRequest, GetBrokerResponse } from '../model/broker';
import type { CreateShadowLinkRequest, CreateShadowLinkResponse } from '../model/shadow-link';
import { collectSecrets, redactStrings } from '../secrets/redact';
import { isObject } from '../util/pointer';
import { authHeaders, checkAuth, type Auth } from './auth';
import { AdminApiError, toAdminApiError, VersionError, type AdminMethod } from './errors';
import { createShadowLinkMethod, fromStruct, getBrokerMethod, toStruct, type JsonMethod } from './methods';
import type { Env } from './placeholders';
import { decideVersion } from './version';
import { toWire, type WireKind } from './wire';

/** Findings the client reports without failing the call. */
export interface DiagnosticsEvent {
  method: AdminMethod;
  /**
   * `request`: warnings and infos of the request as linted; `response`: findings of the response;
   * `exchange`: where the response does not honour the request (`checkExchange`); `version`:
   * about the server version found by `targetVersion: 'auto'`.
   */
  phase: 'request' | 'response' | 'exchange' | 'version';
  diagnostics: Diagnostic[];
}

/** Retries of GetBroker on `unavailable` (CreateShadowLink is never retried: it is not idempotent). */
export interface RetryOptions {
  /** Tries in all, the first included. Default 3; 1 turns retries off. */
  attempts?: number;
  /** Wait before the first retry; doubled for each further one, at most 5 s. Default 250 ms. */
  initialDelayMs?: number;
}

/** Options of `createAdminClient` common to every platform. */
export interface AdminClientOptions {
  /** The admin API's base URL, e.g. `http://localhost:9644`; requests go to `<baseUrl>/svc.core.admin.v2.<Service>/<Method>`. */
  baseUrl: string;
  /** HTTP basic (`{ username, password }`) or bearer (`{ token }`) credentials. */
  auth?: Auth;
  /** A Connect transport to use instead of the default (JSON bodies are required: `useBinaryFormat: false`). */
  transport?: Transport;
  /** Time limit of each call in milliseconds. Default 30,000. */
  timeoutMs?: number;
  /** Server version whose facts the linter applies, or `'auto'` (default) to ask the server once with GetBroker. */
  targetVersion?: TargetVersion | 'auto';
  /** Rule settings, as in the config file's `rules`. */
  rules?: RuleSettings;
  /** Custom rules (`@namespace/name`) to lint with, as `lint`'s `customRules`. */
  customRules?: readonly Rule[];
  /**
   * Receives warnings and other findings that do not stop a call. Default: ignored. An exception
   * it throws for the request's findings aborts the call before sending; later ones are ignored.
   */
  onDiagnostics?: (event: DiagnosticsEvent) => void;
  /** Values for `${NAME}` placeholders in secret fields. Default: `process.env` in Node.js, none in browsers. */
  env?: Env;
  /** Retries of GetBroker. */
  retry?: RetryOptions;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/**
 * Internal to this package (not exported by `svc-admin-spec/client`): `apply` lints each file itself
 * with the config's per-file settings and the file's suppression directives, which a value no longer
 * carries, and passes that verdict here so that the client does not judge the request differently.
 */
export const PRELINTED: unique symbol = Symbol('svc-admin-spec.prelinted');

/** Call options with `apply`'s own verdict on the request: its findings, none of them an error. */
export interface PrelintedCallOptions extends CallOptions {
  [PRELINTED]?: readonly Diagnostic[];
}

/** A client for GetBroker and CreateShadowLink. */
export interface AdminClient {
  /** Describes a broker (`{}` or no request: the one answering). Retried on `unavailable`. */
  getBroker(request?: GetBrokerRequest, options?: CallOptions): Promise<GetBrokerResponse>;
  /** Creates a shadow link. Never retried; see `AdminApiError.maybeApplied` after a timeout. */
  createShadowLink(request: CreateShadowLinkRequest, options?: CallOptions): Promise<CreateShadowLinkResponse>;
  /** The server version whose facts the linter applies (asks the server once when `targetVersion` is `'auto'`). */
  resolveTargetVersion(options?: CallOptions): Promise<TargetVersion>;
}

/** What differs between Node.js and browsers. */
export interface Platform {
  /** The default transport for a base URL and the platform's extra options. */
  transport(baseUrl: string, options: Record<string, unknown>): Transport;
  /** The default environment for placeholders. */
  env(): Env;
  /** Option names only this platform has (`tls` in Node.js). */
  extraOptions: readonly string[];
}

const OPTION_KEYS = [
  'baseUrl',
  'auth',
  'transport',
  'timeoutMs',
  'targetVersion',
  'rules',
  'customRules',
  'onDiagnostics',
  'env',
  'retry',
];
const DEFAULT_TIMEOUT_MS = 30_000;
const NEWEST = TARGET_VERSIONS[TARGET_VERSIONS.length - 1]!;

function checkBaseUrl(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new TypeError('createAdminClient: "baseUrl" must be the admin API URL, e.g. "http://localhost:9644".');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`createAdminClient: "baseUrl" is not a URL: ${JSON.stringify(raw.slice(0, 200))}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError('createAdminClient: "baseUrl" must start with http:// or https://.');
  // Credentials in a URL end up in logs and error messages: they belong in `auth`.
  if (url.username || url.password)
    throw new TypeError('createAdminClient: "baseUrl" must not contain credentials; pass them as "auth".');
  if (url.search || url.hash) throw new TypeError('createAdminClient: "baseUrl" must not have a query or fragment.');
  return url.href.replace(/\/+$/, '');
}

function checkPositiveInt(raw: unknown, what: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 2_147_483_647)
    throw new TypeError(`${what} must be a whole number of at least 1.`);
  return raw;
}

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Builds a client on a platform; `createAdminClient` of each entry point calls this. */
export function createClient(options: AdminClientOptions, platform: Platform): AdminClient {
  if (!isObject(options)) throw new TypeError('createAdminClient: the options must be an object.');
  for (const k of Object.keys(options))
    if (!OPTION_KEYS.includes(k) && !platform.extraOptions.includes(k))
      throw new TypeError(
        `createAdminClient: unknown option ${JSON.stringify(k.slice(0, 60))}; the options are ${[...OPTION_KEYS, ...platform.extraOptions].join(', ')}.`,
      );
  const baseUrl = checkBaseUrl(options.baseUrl);
  const auth = checkAuth(options.auth);
  const catalog = catalogWith(options.customRules ?? [], 'createAdminClient customRules');
  const rules = checkRuleSettings(options.rules, 'createAdminClient rules', catalog);
  const lintOptions = (targetVersion: TargetVersion): LintOptions => ({
    rules,
    targetVersion,
    ...(catalog.custom.length > 0 ? { customRules: catalog.custom } : {}),
  });
  const target: TargetVersion | 'auto' =
    options.targetVersion === undefined || options.targetVersion === 'auto'
      ? 'auto'
      : checkTargetVersion(options.targetVersion, 'createAdminClient')!;
  const timeoutMs = checkPositiveInt(options.timeoutMs, 'createAdminClient: "timeoutMs"') ?? DEFAULT_TIMEOUT_MS;
  const attempts = checkPositiveInt(options.retry?.attempts, 'createAdminClient: "retry.attempts"') ?? 3;
  const initialDelayMs = options.retry?.initialDelayMs ?? 250;
  if (typeof initialDelayMs !== 'number' || !(initialDelayMs >= 0))
    throw new TypeError('createAdminClient: "retry.initialDelayMs" must be a number ≥ 0.');
  if (options.onDiagnostics !== undefined && typeof options.onDiagnostics !== 'function')
    throw new TypeError('createAdminClient: "onDiagnostics" must be a function.');
  if (options.env !== undefined && !isObject(options.env))
    throw new TypeError('createAdminClient: "env" must be an object of variable names to values.');
  const env = options.env ?? platform.env();
  const transport = options.transport ?? platform.transport(baseUrl, options as unknown as Record<string, unknown>);
  const headers = authHeaders(auth);
  // The password, the token, and the header that encodes them are masked in every error.
  const authSecrets = [...(auth ? Object.values(auth) : []), ...Object.values(headers)].filter((v) => v.length >= 4);
  const report = (event: DiagnosticsEvent): void => {
    if (event.diagnostics.length === 0 || !options.onDiagnostics) return;
    if (event.phase === 'request') return options.onDiagnostics(event);
    // After the call, a failing callback must not turn a created link into an error.
    try {
      options.onDiagnostics(event);
    } catch {
      // Ignored, as documented on the option.
    }
  };

  /** Lints a request; throws `ValidationError` on an error, reports the rest. */
  function gate(method: AdminMethod, kind: WireKind, request: unknown, targetVersion: TargetVersion): void {
    const result = lint(kind, request, lintOptions(targetVersion));
    if (!result.valid) throw new ValidationError(kind, result.diagnostics);
    report({ method, phase: 'request', diagnostics: result.diagnostics });
  }

  /** Sends a linted request; every failure becomes an `AdminApiError` with secrets masked. */
  async function send(
    method: AdminMethod,
    desc: JsonMethod,
    body: JsonObject,
    secrets: readonly string[],
    call: CallOptions | undefined,
  ): Promise<JsonObject> {
    const masked = [...secrets, ...authSecrets].sort((a, b) => b.length - a.length);
    let message;
    try {
      message = toStruct(body);
    } catch (error) {
      throw new TypeError(`${method}: the request cannot be sent as JSON (${(error as Error).message}).`);
    }
    try {
      const response = await transport.unary(
        desc,
        call?.signal,
        checkPositiveInt(call?.timeoutMs, `${method}: "timeoutMs"`) ?? timeoutMs,
        headers,
        message,
      );
      return fromStruct(response.message);
    } catch (error) {
      throw toAdminApiError(error, method, masked);
    }
  }

  async function getBrokerOnce(
    request: GetBrokerRequest | undefined,
    call: CallOptions | undefined,
    lintTarget: TargetVersion,
  ): Promise<GetBrokerResponse> {
    const doc: unknown = request ?? {};
    gate('GetBroker', 'GetBrokerRequest', doc, lintTarget);
    const wire = toWire('GetBrokerRequest', doc, env);
    let last: AdminApiError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(Math.min(initialDelayMs * 2 ** (attempt - 1), 5000), call?.signal);
      try {
        const response = await send('GetBroker', getBrokerMethod, wire.value as JsonObject, wire.secrets, call);
        checkAnswer('GetBroker', 'GetBrokerResponse', wire.value, response, lintTarget, wire.secrets);
        return response as GetBrokerResponse;
      } catch (error) {
        if (!(error instanceof AdminApiError) || error.code !== Code.Unavailable) throw error;
        last = error;
      }
    }
    throw last!;
  }

  /** Lints an answer and compares it with the request; findings go to onDiagnostics, never thrown. */
  function checkAnswer(
    method: AdminMethod,
    kind: 'GetBrokerResponse' | 'CreateShadowLinkResponse',
    request: unknown,
    response: unknown,
    targetVersion: TargetVersion,
    secrets: readonly string[],
  ): void {
    const linted = lint(kind, response, lintOptions(targetVersion));
    report({ method, phase: 'response', diagnostics: redactStrings(linted.diagnostics, secrets) });
    const exchange = checkExchange({ kind: method, request, response });
    report({ method, phase: 'exchange', diagnostics: redactStrings(exchange.diagnostics, secrets) });
  }

  let resolved: Promise<{ target: TargetVersion; tooOld?: VersionError }> | undefined;
  function resolve(call: CallOptions | undefined): Promise<{ target: TargetVersion; tooOld?: VersionError }> {
    if (target !== 'auto') return Promise.resolve({ target });
    if (!resolved) {
      resolved = getBrokerOnce(undefined, call, NEWEST).then((answer) => {
        const reported = answer.broker?.buildInfo?.version;
        const version = typeof reported === 'string' ? reported : '';
        const decision = decideVersion(version);
        const pointer = '/broker/buildInfo/version';
        if (decision.kind === 'too-old')
          return { target: decision.target, tooOld: new VersionError(version, decision.message) };
        if (decision.kind === 'approximate') {
          report({
            method: 'GetBroker',
            phase: 'version',
            diagnostics: [{ code: 'client/server-version', severity: 'info', pointer, message: decision.message }],
          });
        }
        return { target: decision.target };
      });
      // A failed look-up is not cached: the next call asks again.
      resolved.catch(() => (resolved = undefined));
    }
    return resolved;
  }

  return {
    async getBroker(request, call) {
      return getBrokerOnce(request, call, target === 'auto' ? NEWEST : target);
    },
    async createShadowLink(request, call?: PrelintedCallOptions) {
      const prelinted = call?.[PRELINTED];
      // A request that is invalid whatever the server's version is refused before even asking it.
      if (target === 'auto' && !resolved && !prelinted) {
        const byVersion = TARGET_VERSIONS.map((v) => lint('CreateShadowLinkRequest', request, lintOptions(v)));
        if (byVersion.every((r) => !r.valid))
          throw new ValidationError('CreateShadowLinkRequest', byVersion[byVersion.length - 1]!.diagnostics);
      }
      const version = await resolve(call);
      if (version.tooOld) throw version.tooOld;
      if (!prelinted) gate('CreateShadowLink', 'CreateShadowLinkRequest', request, version.target);
      else if (prelinted.some((d) => d.severity === 'error'))
        throw new ValidationError('CreateShadowLinkRequest', [...prelinted]);
      const wire = toWire('CreateShadowLinkRequest', request, env);
      const secrets = [...wire.secrets, ...collectSecrets(wire.value)];
      const response = await send('CreateShadowLink', createShadowLinkMethod, wire.value as JsonObject, secrets, call);
      checkAnswer('CreateShadowLink', 'CreateShadowLinkResponse', wire.value, response, version.target, secrets);
      return response as CreateShadowLinkResponse;
    },
    async resolveTargetVersion(call) {
      const version = await resolve(call);
      return version.target;
    },
  };
}
