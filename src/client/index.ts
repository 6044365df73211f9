/**
 * svc-admin-spec/client for Node.js: a Connect client for GetBroker and CreateShadowLink that lints
 * every request before sending it and sends nothing the linter rejects.
 *
 * @module svc-admin-spec/client
 */
import { createClient, type AdminClient, type AdminClientOptions } from './client';
import type { Env } from './placeholders';
import { nodeTransport, type TlsOptions } from './transport-node';

export * from './shared';
export type { TlsOptions };

/** Options of `createAdminClient` in Node.js: the common ones, plus TLS. */
export interface NodeAdminClientOptions extends AdminClientOptions {
  /** CA, client certificate and key for an `https://` admin URL. Ignored when `transport` is given. */
  tls?: TlsOptions;
}

/**
 * Creates a client for the admin API at `baseUrl`: Connect over HTTP/1.1 with JSON bodies
 * (connect-node), linting each request with the CLI's engine first.
 */
export function createAdminClient(options: NodeAdminClientOptions): AdminClient {
  return createClient(options, {
    transport: (baseUrl, o, maxResponseBytes) =>
      nodeTransport(baseUrl, o['tls'] as TlsOptions | undefined, maxResponseBytes),
    env: () => process.env as Env,
    extraOptions: ['tls'],
  });
}
