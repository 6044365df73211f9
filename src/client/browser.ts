/**
 * svc-admin-spec/client for browsers: the same validating client over fetch (connect-web).
 * Placeholders are filled only from the `env` option, as browsers have no environment.
 */
import { createClient, type AdminClient, type AdminClientOptions } from './client';
import { webTransport } from './transport-web';

export * from './shared';

/** Creates a client for the admin API at `baseUrl` (the server must allow the page's origin). */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  return createClient(options, {
    transport: (baseUrl, _options, maxResponseBytes) => webTransport(baseUrl, maxResponseBytes),
    env: () => ({}),
    extraOptions: [],
  });
}
