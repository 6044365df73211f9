/**
 * The validating client: every request is linted with the CLI's engine before it is sent, and
 * nothing is sent when the linter reports an error; answers come back typed, and are checked.
 *
 * A call runs named stages, each in its own module: the target version (target.ts), the request
 * linting gate (gate.ts), the wire form (wire.ts), retries (retry.ts), the transport (send.ts)
 * and the decoding of the answer (answer.ts). What differs between methods comes from the method
 * table (src/model/methods.ts).
 */
import type { JsonObject } from '@bufbuild/protobuf';
import { NEWEST_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import type { Diagnostic } from '../core/diagnostics';
import type { GetBrokerRequest, GetBrokerResponse } from '../model/broker';
import { METHODS } from '../model/methods';
import type { CreateShadowLinkRequest, CreateShadowLinkResponse } from '../model/shadow-link';
import { collectSecrets, redactOutside } from '../secrets/redact';
import { checkAnswer, requireResult } from './answer';
import { authSecrets } from './auth';
import type { AdminMethod } from './errors';
import { gate } from './gate';
import { checkClientOptions, type AdminClientOptions, type CallOptions, type Platform } from './options';
import { reporter } from './report';
import { withRetries } from './retry';
import { sender } from './send';
import { targetLookup } from './target';
import { toWire } from './wire';
import { ValidationError } from '../lint/lint';
import { MAX_REQUEST_BYTES, requestTooLarge } from '../lint/request-size';
import { utf8Length } from '../rule-api/helpers';

export type { AdminClientOptions, CallOptions, Platform, RetryOptions } from './options';
export type { DiagnosticsEvent } from './report';

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

/** Builds a client on a platform; `createAdminClient` of each entry point calls this. */
export function createClient(options: AdminClientOptions, platform: Platform): AdminClient {
  const settings = checkClientOptions(options, platform);
  const transport =
    options.transport ??
    platform.transport(settings.baseUrl, options as unknown as Record<string, unknown>, settings.maxResponseBytes);
  const send = sender(transport, settings.auth, settings.timeoutMs);
  // The password, the token, and the header that encodes them are masked in every error and finding.
  const credentials = authSecrets(settings.auth);
  const report = reporter(settings.onDiagnostics);
  const requests = gate(settings.lintOptions, report);
  const lookup = targetLookup(
    settings.target,
    (call) => exchange('GetBroker', {}, call, NEWEST_TARGET_VERSION) as Promise<GetBrokerResponse>,
    // The version notice quotes the server's version string.
    (event) => report({ ...event, diagnostics: redactOutside(event.diagnostics, credentials) }),
  );

  /** Lints, sends (again, when the method may be retried) and checks the answer, for a known target version. */
  async function exchange(
    method: AdminMethod,
    request: unknown,
    call: CallOptions | undefined,
    target: TargetVersion,
    prelinted?: readonly Diagnostic[],
  ): Promise<JsonObject> {
    requests.check(method, request, target, prelinted);
    const wire = toWire(METHODS[method].request, request, settings.env);
    // Judged on the body itself, placeholders filled: the server refuses a body over 10 MiB unread.
    const bytes = utf8Length(JSON.stringify(wire.value) ?? '');
    if (bytes > MAX_REQUEST_BYTES)
      throw new ValidationError(METHODS[method].request, [requestTooLarge(bytes, 'The request body')]);
    const secrets = [...wire.secrets, ...collectSecrets(wire.value), ...credentials];
    return withRetries(method, settings.retry, call?.signal, async () => {
      const response = await send(method, wire.value as JsonObject, secrets, call);
      checkAnswer(method, wire.value, response, settings.lintOptions(target), secrets, report);
      requireResult(method, response);
      return response;
    });
  }

  /** The version to lint a request of `method` with; a method not every server has waits for the look-up. */
  async function targetFor(
    method: AdminMethod,
    request: unknown,
    call: CallOptions | undefined,
    prelinted: readonly Diagnostic[] | undefined,
  ): Promise<TargetVersion> {
    // GetBroker is how the version is learnt: a method every server has does not wait for it.
    if (METHODS[method].since === null) return lookup.fallback;
    // A request that is invalid whatever the server's version is refused before even asking it.
    if (settings.target === 'auto' && !lookup.started() && !prelinted) {
      const invalid = requests.invalidForEveryVersion(method, request);
      if (invalid) throw invalid;
    }
    const version = await lookup.resolve(call, method);
    if (version.tooOld) throw version.tooOld;
    return version.target;
  }

  async function callMethod(
    method: AdminMethod,
    request: unknown,
    call: CallOptions | undefined,
    prelinted?: readonly Diagnostic[],
  ): Promise<JsonObject> {
    const target = await targetFor(method, request, call, prelinted);
    return exchange(method, request, call, target, prelinted);
  }

  return {
    async getBroker(request, call) {
      return (await callMethod('GetBroker', request ?? {}, call)) as GetBrokerResponse;
    },
    async createShadowLink(request, call?: PrelintedCallOptions) {
      return (await callMethod('CreateShadowLink', request, call, call?.[PRELINTED])) as CreateShadowLinkResponse;
    },
    async resolveTargetVersion(call) {
      const version = await lookup.resolve(call);
      return version.target;
    },
  };
}
