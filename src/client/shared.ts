/** What both entry points (Node.js and browsers) export besides `createAdminClient`. */
export type { AdminClient, AdminClientOptions, CallOptions, DiagnosticsEvent, RetryOptions } from './client';
export type { Auth } from './auth';
export { AdminApiError, VersionError, type AdminMethod, type ErrorInfoDetail, type FailureKind } from './errors';
export { PlaceholderError, type Env } from './placeholders';
export { SERVER_ERROR_PATTERNS, rulesForServerError, type ServerErrorPattern } from './server-errors';
export { decideVersion, FIRST_SHADOW_LINK_VERSION, type VersionDecision } from './version';
export { ValidationError } from '../lint/lint';
export type { Diagnostic } from '../core/diagnostics';
export type { TargetVersion } from '../facts/target-version';
export type { RuleSettings } from '../engine/settings';
export type {
  CreateShadowLinkRequest,
  CreateShadowLinkResponse,
  ShadowLink,
  ShadowLinkResponse,
} from '../model/shadow-link';
export type { GetBrokerRequest, GetBrokerResponse, Broker } from '../model/broker';
export { Code, ConnectError } from '@connectrpc/connect';
export { BrokerService } from './gen/svc/core/admin/v2/broker_pb';
export { ShadowLinkService } from './gen/svc/core/admin/v2/shadow_link_pb';
