/** The transport in browsers: connect-web's Connect transport over fetch, with JSON bodies. */
import type { Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { readFetchBody } from './body-limit';
import { CANCELLED_STATUS, respellCancelled } from './cancelled';

/** Statuses whose answers have no body (a Response cannot be built with one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` whose answers are read here, at most `maxResponseBytes` of them (connect-web has no
 * limit of its own), with the server's `cancelled` error bodies respelled (see cancelled.ts).
 */
const adminFetch =
  (maxResponseBytes: number): typeof globalThis.fetch =>
  async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const read = await readFetchBody(response.body, maxResponseBytes);
    const body = read && response.status === CANCELLED_STATUS ? respellCancelled(read) : read;
    // The body is already decompressed: the headers that described its encoding no longer apply.
    const headers = new Headers(response.headers);
    headers.delete('Content-Encoding');
    headers.delete('Content-Length');
    return new Response(NULL_BODY.has(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };

/** A Connect transport over the browser's fetch that reads no answer larger than `maxResponseBytes`. */
export function webTransport(baseUrl: string, maxResponseBytes: number): Transport {
  return createConnectTransport({ baseUrl, useBinaryFormat: false, fetch: adminFetch(maxResponseBytes) });
}
