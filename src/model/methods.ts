/**
 * The API methods, one descriptor each: the client (its wire kinds and retry policy),
 * `checkExchange` and the tests' loopback server derive from this table, so adding a method is a
 * row here plus its exchange check, its generated descriptor and its client call.
 */
import type { ApiMethodName, DocumentKind } from './kinds';

/** The name of an API method: the kind table's method names, each with a row here. */
export type MethodName = ApiMethodName;

/** What the project knows of one API method. */
export interface MethodDescriptor<N extends MethodName = MethodName> {
  /** The method's name, as in its URL path. */
  readonly name: N;
  /** The fully qualified service that serves it (`<package>.<Service>`). */
  readonly service: string;
  /** The URL path: `/<package>.<Service>/<Method>`. */
  readonly path: string;
  /** The document kind of its request. */
  readonly request: DocumentKind;
  /** The document kind of its successful response. */
  readonly response: DocumentKind;
  /** Whether sending it again is harmless: only such a method is retried after `unavailable`. */
  readonly idempotent: boolean;
  /**
   * The first server version that has it (a `TargetVersion`: facts/target-version.ts checks it at
   * compile time, as the model sits below the facts); `null`: every version has it (so it can ask which one).
   */
  readonly since: string | null;
  /** What the method belongs to, for the message to a server too old for it ("shadow links"). */
  readonly feature: string;
  /** The conformance checks (`conformance/<check>`) that compare its response with its request. */
  readonly exchangeChecks: readonly string[];
}

const method = <const D extends Omit<MethodDescriptor, 'path'>>(d: D): D & { readonly path: string } =>
  Object.freeze({ ...d, path: `/${d.service}/${d.name}` });

/** Every API method's descriptor, by name; a method without a row does not compile. */
export const METHODS = {
  CreateShadowLink: method({
    name: 'CreateShadowLink',
    service: 'svc.core.admin.v2.ShadowLinkService',
    request: 'CreateShadowLinkRequest',
    response: 'CreateShadowLinkResponse',
    // A second try after a lost answer would create the link twice or fail with already_exists.
    idempotent: false,
    since: '25.3',
    feature: 'shadow links',
    exchangeChecks: [
      'shape',
      'name',
      'client-id',
      'bootstrap-servers',
      'effective-value',
      'interval',
      'key-fingerprint',
      'synced-properties',
      'state',
      'uid',
    ],
  }),
  GetBroker: method({
    name: 'GetBroker',
    service: 'svc.core.admin.v2.BrokerService',
    request: 'GetBrokerRequest',
    response: 'GetBrokerResponse',
    idempotent: true,
    // Every admin server answers it: that is how the client learns the server's version.
    since: null,
    feature: 'broker information',
    exchangeChecks: ['node-id'],
  }),
} as const satisfies { readonly [N in MethodName]: MethodDescriptor<N> };

/** Every method name, in the table's order. */
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[];

/** The request kind of a method (`RequestKind<'GetBroker'>` is `'GetBrokerRequest'`). */
export type RequestKind<N extends MethodName = MethodName> = (typeof METHODS)[N]['request'];

/** True when `name` is an API method's name. */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.hasOwn(METHODS, name);
}
