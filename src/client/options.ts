/** The options of `createAdminClient`, checked once, before anything is sent. */
import type { Transport } from '@connectrpc/connect';
import { catalogWith, type RuleCatalog } from '../engine/catalog';
import { checkDocsBaseUrl } from '../core/docs-url';
import { checkRuleSettings, checkTargetVersion, type RuleSettings, type RuleSettingsInput } from '../engine/settings';
import type { Rule } from '../rule-api/types';
import type { TargetVersion } from '../facts/target-version';
import type { LintOptions } from '../lint/lint';
import { isObject } from '../util/pointer';
import { checkAuth, type Auth } from './auth';
import type { Env } from './placeholders';
import type { DiagnosticsEvent } from './report';
import type { RetryPolicy } from './retry';
import { DEFAULT_MAX_RESPONSE_BYTES } from './body-limit';

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
  rules?: RuleSettingsInput;
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
  /**
   * Largest answer body read, in bytes, both as received and once decompressed; a larger answer
   * fails the call (`AdminApiError`, kind `bad-answer`) without being read further. Default 16 MiB.
   * Not applied to a `transport` given here (set its `readMaxBytes`).
   */
  maxResponseBytes?: number;
  /** Where the package's documentation is served, as `lint`'s `docsBaseUrl`: findings about requests and answers link below it. Default unpkg. */
  docsBaseUrl?: string;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
}

/** What differs between Node.js and browsers. */
export interface Platform {
  /** The default transport for a base URL, the platform's extra options and the limit on answers. */
  transport(baseUrl: string, options: Record<string, unknown>, maxResponseBytes: number): Transport;
  /** The default environment for placeholders. */
  env(): Env;
  /** Option names only this platform has (`tls` in Node.js). */
  extraOptions: readonly string[];
}

/** The options once checked, defaults filled in. */
export interface ClientSettings {
  readonly baseUrl: string;
  readonly auth: Auth | undefined;
  readonly target: TargetVersion | 'auto';
  readonly timeoutMs: number;
  /** The limit on each answer's body (body-limit.ts). */
  readonly maxResponseBytes: number;
  readonly retry: RetryPolicy;
  readonly onDiagnostics: ((event: DiagnosticsEvent) => void) | undefined;
  readonly env: Env;
  /** The options `lint` gets for requests and answers, for a target version. */
  lintOptions(targetVersion: TargetVersion): LintOptions;
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
  'maxResponseBytes',
  'docsBaseUrl',
];
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A URL that did not parse, as a message may show it: its credentials, a port that is not digits
 * (`http://user:secret` puts the password there), the query and the fragment are hidden, and
 * without an http(s) scheme nothing of it is shown: it may be a secret given in the wrong place.
 */
function unparsedUrl(raw: string): string {
  const m = /^(https?:\/\/)([^/?#]*)([^?#]{0,100})[^?#]*([?#])?/i.exec(raw);
  if (!m) return 'it does not start with http:// or https://';
  const [, scheme, authority = '', path = '', rest] = m;
  const at = authority.lastIndexOf('@');
  let host = authority.slice(at + 1);
  const port = /:([^:\]]*)$/.exec(host);
  if (port && !/^\d*$/.test(port[1]!)) host = `${host.slice(0, port.index)}:<not a port>`;
  const tail = rest === '?' ? '?<query hidden>' : rest === '#' ? '#<fragment hidden>' : '';
  return JSON.stringify(`${scheme}${at === -1 ? '' : '<credentials hidden>@'}${host.slice(0, 100)}${path}${tail}`);
}

function checkBaseUrl(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new TypeError('createAdminClient: "baseUrl" must be the admin API URL, e.g. "http://localhost:9644".');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`createAdminClient: "baseUrl" is not a URL: ${unparsedUrl(raw)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError('createAdminClient: "baseUrl" must start with http:// or https://.');
  // Credentials in a URL end up in logs and error messages: they belong in `auth`.
  if (url.username || url.password)
    throw new TypeError('createAdminClient: "baseUrl" must not contain credentials; pass them as "auth".');
  if (url.search || url.hash) throw new TypeError('createAdminClient: "baseUrl" must not have a query or fragment.');
  return url.href.replace(/\/+$/, '');
}

/** `raw` as a whole number ≥ 1 (or undefined); `TypeError` naming `what` otherwise. */
export function checkPositiveInt(raw: unknown, what: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 2_147_483_647)
    throw new TypeError(`${what} must be a whole number of at least 1.`);
  return raw;
}

function lintOptionsWith(catalog: RuleCatalog, rules: RuleSettings, docsBaseUrl: string | undefined) {
  return (targetVersion: TargetVersion): LintOptions => ({
    rules,
    targetVersion,
    ...(catalog.custom.length > 0 ? { customRules: catalog.custom } : {}),
    ...(docsBaseUrl === undefined ? {} : { docsBaseUrl }),
  });
}

/** Checks the options in a fixed order (the first problem is the one reported); `TypeError` on any. */
export function checkClientOptions(options: AdminClientOptions, platform: Platform): ClientSettings {
  if (!isObject(options)) throw new TypeError('createAdminClient: the options must be an object.');
  for (const k of Object.keys(options))
    if (!OPTION_KEYS.includes(k) && !platform.extraOptions.includes(k))
      throw new TypeError(
        `createAdminClient: unknown option ${JSON.stringify(k.slice(0, 60))}; the options are ${[...OPTION_KEYS, ...platform.extraOptions].join(', ')}.`,
      );
  const baseUrl = checkBaseUrl(options.baseUrl);
  const auth = checkAuth(options.auth);
  const catalog = catalogWith(options.customRules ?? [], 'createAdminClient customRules');
  // Checked here, so that a malformed one fails at creation, not at the first call.
  const docsBaseUrl =
    options.docsBaseUrl === undefined
      ? undefined
      : checkDocsBaseUrl(options.docsBaseUrl, 'createAdminClient: "docsBaseUrl"');
  const rules = checkRuleSettings(options.rules, 'createAdminClient rules', catalog);
  const target: TargetVersion | 'auto' =
    options.targetVersion === undefined || options.targetVersion === 'auto'
      ? 'auto'
      : checkTargetVersion(options.targetVersion, 'createAdminClient')!;
  const timeoutMs = checkPositiveInt(options.timeoutMs, 'createAdminClient: "timeoutMs"') ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes =
    checkPositiveInt(options.maxResponseBytes, 'createAdminClient: "maxResponseBytes"') ?? DEFAULT_MAX_RESPONSE_BYTES;
  const attempts = checkPositiveInt(options.retry?.attempts, 'createAdminClient: "retry.attempts"') ?? 3;
  const initialDelayMs = options.retry?.initialDelayMs ?? 250;
  if (typeof initialDelayMs !== 'number' || !(initialDelayMs >= 0))
    throw new TypeError('createAdminClient: "retry.initialDelayMs" must be a number ≥ 0.');
  if (options.onDiagnostics !== undefined && typeof options.onDiagnostics !== 'function')
    throw new TypeError('createAdminClient: "onDiagnostics" must be a function.');
  if (options.env !== undefined && !isObject(options.env))
    throw new TypeError('createAdminClient: "env" must be an object of variable names to values.');
  return {
    baseUrl,
    auth,
    target,
    timeoutMs,
    maxResponseBytes,
    retry: { attempts, initialDelayMs },
    onDiagnostics: options.onDiagnostics,
    env: options.env ?? platform.env(),
    lintOptions: lintOptionsWith(catalog, rules, docsBaseUrl),
  };
}
