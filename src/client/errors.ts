/** The errors the client throws, and how transport and server errors become them, secrets masked. */
import { Code, ConnectError } from '@connectrpc/connect';
import { METHODS, type MethodName } from '../model/methods';
import { maskOutside } from '../secrets/redact';
import { ErrorInfoSchema } from './gen/google/rpc/error_details_pb';
import { rulesForServerError } from './server-errors';

/** The RPC a call was for: a method of the method table. */
export type AdminMethod = MethodName;

/**
 * Why a call failed: the server answered with an error (`server`), answered something the client
 * cannot use (`bad-answer`: larger than `maxResponseBytes`, or without the method's result), or no
 * answer came.
 */
export type FailureKind = 'server' | 'bad-answer' | 'network' | 'tls' | 'timeout' | 'canceled';

/** Longest text of a server's (its message, each detail) that an error carries; the rest is counted, not kept. */
export const MAX_SERVER_TEXT = 1000;

/** A decoded `google.rpc.ErrorInfo` detail of a server error. */
export interface ErrorInfoDetail {
  reason: string;
  domain: string;
  metadata: Record<string, string>;
}

/** The server is too old for the call (CreateShadowLink before 25.3): nothing was sent. */
export class VersionError extends Error {
  override readonly name = 'VersionError';
  constructor(
    /** `buildInfo.version` as the server reported it. */
    readonly reported: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A failed call: a `ConnectError` (`code`, `rawMessage`, `metadata`, decoded `details`) that also
 * says whether the server answered (`kind`), which linter rules cover the server's message, and
 * whether a CreateShadowLink may have been applied anyway. Every text is free of the request's secrets.
 */
export class AdminApiError extends ConnectError {
  /** Whether the server answered (`server`) or why no answer came. */
  readonly kind: FailureKind;
  /** Which RPC failed. */
  readonly method: AdminMethod;
  /** Linter rules (and `schema/…` codes) that report this mistake before sending; empty when none does. */
  readonly rules: readonly string[];
  /** The `google.rpc.ErrorInfo` details the server attached, decoded. */
  readonly errorInfo: readonly ErrorInfoDetail[];
  /**
   * True when the request may have reached the server although no answer came (a timeout, a
   * connection lost after sending). For CreateShadowLink, check with GetShadowLink or by
   * creating again (`already_exists` means it was created) before assuming it was not.
   */
  readonly maybeApplied: boolean;

  constructor(init: {
    message: string;
    code: Code;
    kind: FailureKind;
    method: AdminMethod;
    metadata?: Headers;
    errorInfo?: ErrorInfoDetail[];
    rules?: readonly string[];
    maybeApplied?: boolean;
    cause?: unknown;
  }) {
    const details = (init.errorInfo ?? []).map((value) => ({ desc: ErrorInfoSchema, value: { ...value } }));
    super(init.message, init.code, init.metadata, details, init.cause);
    this.kind = init.kind;
    this.method = init.method;
    this.rules = init.rules ?? [];
    this.errorInfo = init.errorInfo ?? [];
    this.maybeApplied = init.maybeApplied ?? false;
  }

  /** By prototype: ConnectError recognises its instances by name, which would make every ConnectError one of these. */
  static override [Symbol.hasInstance](v: unknown): boolean {
    return Function.prototype[Symbol.hasInstance].call(this, v);
  }
}

/** System error codes that mean no connection was made, so nothing was sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const TLS_CODE_RE = /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_(VERIFY|GET)|ERR_OSSL|HOSTNAME|ALTNAME/;

/** The chain of causes of an error (bounded). */
function causes(e: unknown): unknown[] {
  const out: unknown[] = [];
  for (let c = e; c !== undefined && c !== null && out.length < 8 && !out.includes(c);) {
    out.push(c);
    c = (c as { cause?: unknown }).cause;
  }
  return out;
}

const hasHeaders = (h: Headers): boolean => {
  for (const _ of h.keys()) return true;
  return false;
};

/** Classifies an error that did not come from the server's answer. */
function noAnswerKind(e: ConnectError): FailureKind {
  if (e.code === Code.DeadlineExceeded) return 'timeout';
  if (e.code === Code.Canceled) return 'canceled';
  for (const c of causes(e)) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && TLS_CODE_RE.test(code)) return 'tls';
    if (c instanceof Error && /certificate|ssl|tls/i.test(c.message) && !(c instanceof ConnectError)) return 'tls';
  }
  return 'network';
}

/** Extra help for the commonest failures without a usable answer. */
function hint(kind: FailureKind, method: AdminMethod): string {
  switch (kind) {
    case 'tls':
      return ' Check the CA (--ca-file / tls.ca), the server name in its certificate, and any client certificate.';
    case 'timeout':
    case 'bad-answer':
      // A method that is not idempotent may have taken effect before the time-out or the answer.
      return !METHODS[method].idempotent
        ? ' The request may still have been applied: check whether the link exists before creating it again.'
        : '';
    default:
      return '';
  }
}

/** A limit of `n` bytes in words: in MiB when whole, else in bytes; the transport's own when unknown. */
const limitText = (n: number | undefined): string =>
  n === undefined
    ? "the transport's limit"
    : `the client's limit of ${n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n.toLocaleString('en-US')} bytes`}`;

/**
 * The error of an answer the client cannot use: larger than the limit (`maxBytes`; `decompressed`
 * when only its decompressed size was), or `lacking` a description of what it misses.
 */
export function badAnswerError(
  method: AdminMethod,
  problem: { maxBytes: number | undefined; decompressed: boolean } | { lacking: string },
  cause?: unknown,
): AdminApiError {
  const what =
    'lacking' in problem
      ? `the server's answer lacks ${problem.lacking}`
      : `the server's answer is larger than ${limitText(problem.maxBytes)}${problem.decompressed ? ' once decompressed' : ''} (maxResponseBytes, --max-response-bytes); the rest of it was not ${problem.decompressed ? 'decompressed' : 'read'}`;
  return new AdminApiError({
    message: `${method} failed (bad-answer): ${what}.${hint('bad-answer', method)}`,
    code: 'lacking' in problem ? Code.Internal : Code.ResourceExhausted,
    kind: 'bad-answer',
    method,
    maybeApplied: !METHODS[method].idempotent,
    ...(cause instanceof Error ? { cause: new Error(cause.message) } : {}),
  });
}

/** The answer's headers, each value masked and shortened like the server's message. */
function maskedHeaders(headers: Headers, m: (s: string) => string): Headers {
  const out = new Headers();
  headers.forEach((value, key) => out.append(key, m(value)));
  return out;
}

/**
 * Turns whatever a transport threw for a request it was given into an `AdminApiError`, with every
 * secret masked (also JSON-escaped or cut, see `maskOutside`) in its message, details, headers
 * and cause, and the server's texts shortened to `MAX_SERVER_TEXT` characters.
 */
export function toAdminApiError(reason: unknown, method: AdminMethod, secrets: readonly string[]): AdminApiError {
  const e = ConnectError.from(reason);
  const m = (s: string): string => maskOutside(s, secrets, MAX_SERVER_TEXT);
  // An error parsed from an answer carries the answer's headers; a failure to connect carries none.
  const answered = hasHeaders(e.metadata);
  if (answered) {
    const errorInfo = e.findDetails(ErrorInfoSchema).map((d) => ({
      reason: m(d.reason),
      domain: m(d.domain),
      metadata: Object.fromEntries(Object.entries(d.metadata).map(([k, v]) => [m(k), m(v)])),
    }));
    const rules = rulesForServerError(codeName(e.code), e.rawMessage);
    const error = new AdminApiError({
      message: m(e.rawMessage),
      code: e.code,
      kind: 'server',
      method,
      metadata: maskedHeaders(e.metadata, m),
      errorInfo,
      rules,
    });
    // `rawMessage` stays the server's words; the message also says which rules cover them.
    if (rules.length) error.message += ` (the linter reports this as ${rules.join(', ')})`;
    // No Connect error in the answer (a bare HTTP status, an HTML page): something else answered.
    if (/^HTTP \d{3}$/.test(e.rawMessage) || e.rawMessage.startsWith('unsupported content type'))
      error.message += `; the answer is not the Admin API's: check that the base URL is the admin API's address (e.g. http://broker:9644), not a proxy or a web page (${method} is POST ${METHODS[method].path})`;
    return error;
  }
  // The transports' one limit (readMaxBytes, see transport-node.ts and body-limit.ts) is the only
  // source of resource_exhausted without an answer's headers: the answer was too large.
  if (e.code === Code.ResourceExhausted) {
    const limit = /readMaxBytes (\d+)/.exec(e.rawMessage);
    return badAnswerError(
      method,
      { maxBytes: limit ? Number(limit[1]) : undefined, decompressed: e.rawMessage.includes('decompression') },
      e,
    );
  }
  const kind = noAnswerKind(e);
  const connected = !causes(e).some((c) => NOT_CONNECTED.has(String((c as { code?: unknown }).code)));
  const cause = causes(e)
    .slice(1)
    .find((c) => c instanceof Error);
  const causeText = cause instanceof Error && !e.rawMessage.includes(cause.message) ? `: ${m(cause.message)}` : '';
  // Only the transport's words are masked, not this sentence around them (see reportFailure).
  return new AdminApiError({
    message: `${method} failed (${kind}): ${m(e.rawMessage)}${causeText}.${hint(kind, method)}`.replace(
      /\.\.(\s|$)/,
      '.$1',
    ),
    code: e.code,
    kind,
    method,
    // A TLS failure happens before the request is written; so does a refused connection.
    maybeApplied: connected && (kind === 'timeout' || kind === 'network' || kind === 'canceled'),
    ...(cause instanceof Error
      ? { cause: Object.assign(new Error(m(cause.message)), { code: (cause as { code?: unknown }).code }) }
      : {}),
  });
}

/** The Connect name of a code (`invalid_argument`). */
export function codeName(code: Code): string {
  const name = Code[code] ?? 'unknown';
  return name[0]!.toLowerCase() + name.slice(1).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
