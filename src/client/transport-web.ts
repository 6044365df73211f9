/** The transport in browsers: connect-web's Connect transport over fetch, with JSON bodies. */
import type { Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { CANCELLED_STATUS, respellCancelled } from './cancelled';

/** `fetch` with the server's `cancelled` error bodies respelled (see cancelled.ts). */
const adminFetch: typeof globalThis.fetch = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  if (response.status !== CANCELLED_STATUS) return response;
  const body = respellCancelled(new Uint8Array(await response.arrayBuffer()));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};

/** A Connect transport over the browser's fetch. */
export function webTransport(baseUrl: string): Transport {
  return createConnectTransport({ baseUrl, useBinaryFormat: false, fetch: adminFetch });
}
