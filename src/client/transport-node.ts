/**
 * The default transport in Node.js: the Connect protocol over HTTP/1.1 (the only HTTP version the
 * admin server speaks) with JSON bodies, through connect-node's HTTP client, with TLS options.
 */
import type { Transport } from '@connectrpc/connect';
import { readAllBytes, validateReadWriteMaxBytes, type UniversalClientFn } from '@connectrpc/connect/protocol';
import { createTransport } from '@connectrpc/connect/protocol-connect';
import { compressionBrotli, compressionGzip, createNodeHttpClient } from '@connectrpc/connect-node';
import { CANCELLED_STATUS, respellCancelled } from './cancelled';

/** TLS settings for an `https://` admin URL (Node.js only). */
export interface TlsOptions {
  /** CA certificate(s) to trust instead of the system store, PEM. */
  ca?: string | Uint8Array;
  /** Client certificate for mutual TLS, PEM; give it with `key`. */
  cert?: string | Uint8Array;
  /** Client private key for mutual TLS, PEM. */
  key?: string | Uint8Array;
  /** Server name to verify the certificate against, when it differs from the URL's host. */
  servername?: string;
}

/** A Connect transport for Node.js over HTTP/1.1 that reads no answer larger than `maxResponseBytes` (see body-limit.ts). */
export function nodeTransport(baseUrl: string, tls: TlsOptions | undefined, maxResponseBytes: number): Transport {
  const base = createNodeHttpClient({
    httpVersion: '1.1',
    nodeOptions: {
      ...(tls?.ca !== undefined ? { ca: toPem(tls.ca) } : {}),
      ...(tls?.cert !== undefined ? { cert: toPem(tls.cert) } : {}),
      ...(tls?.key !== undefined ? { key: toPem(tls.key) } : {}),
      ...(tls?.servername !== undefined ? { servername: tls.servername } : {}),
    },
  });
  const httpClient: UniversalClientFn = async (request) => {
    const response = await base(request);
    if (response.status !== CANCELLED_STATUS || !response.body) return response;
    const body = respellCancelled(
      await readAllBytes(response.body, maxResponseBytes, response.header.get('Content-Length') ?? undefined),
    );
    return {
      ...response,
      body: (async function* () {
        yield body;
      })(),
    };
  };
  return createTransport({
    baseUrl,
    httpClient,
    useBinaryFormat: false,
    interceptors: [],
    acceptCompression: [compressionGzip, compressionBrotli],
    sendCompression: null,
    ...validateReadWriteMaxBytes(maxResponseBytes, undefined, undefined),
  });
}

const toPem = (v: string | Uint8Array): string | Buffer => (typeof v === 'string' ? v : Buffer.from(v));
