/**
 * The default transport in Node.js: the Connect protocol over HTTP/1.1 (the only HTTP version the
 * admin server speaks) with JSON bodies, through connect-node's HTTP client, with TLS options.
 */
import type { Transport } from '@connectrpc/connect';
import { readAllBytes, validateReadWriteMaxBytes, type UniversalClientFn } from '@connectrpc/connect/protocol';
import { createTransport } from '@connectrpc/connect/protocol-connect';
import { compressionBrotli, compressionGzip, createNodeHttpClient } from '@connectrpc/connect-node';
import { createSecureContext } from 'node:tls';
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

const TLS_KEYS = ['ca', 'cert', 'key', 'servername'];
const PEM_KEYS = ['ca', 'cert', 'key'] as const;

/** The PEM material of the TLS options, as Node's TLS takes it. */
type PemOptions = { ca?: string | Buffer; cert?: string | Buffer; key?: string | Buffer };

/**
 * Checks the TLS options when the client is made, not at its first call, and returns their PEM
 * material for the transport: their keys and types, an
 * `https://` URL for them to apply to, a certificate given with its key, and PEM that Node's TLS
 * can load (a secure context is built from them; its error names the problem, never the key).
 */
function checkTls(baseUrl: string, tls: unknown): PemOptions {
  if (tls === undefined) return {};
  const where = 'createAdminClient: "tls"';
  if (typeof tls !== 'object' || tls === null || Array.isArray(tls))
    throw new TypeError(`${where} must be an object with ${TLS_KEYS.join(', ')}.`);
  for (const k of Object.keys(tls))
    if (!TLS_KEYS.includes(k))
      throw new TypeError(
        `${where} has an unknown key ${JSON.stringify(k.slice(0, 40))}; its keys are ${TLS_KEYS.join(', ')}.`,
      );
  const o = tls as Record<string, unknown>;
  for (const k of PEM_KEYS)
    if (o[k] !== undefined && typeof o[k] !== 'string' && !(o[k] instanceof Uint8Array))
      throw new TypeError(`${where}.${k} must be PEM text (a string or bytes).`);
  const pem: PemOptions = {};
  for (const k of PEM_KEYS) {
    const v = o[k] as string | Uint8Array | undefined;
    if (v === undefined) continue;
    pem[k] = toPem(v);
    if (!/-----BEGIN [A-Z0-9 ]+-----/.test(typeof v === 'string' ? v : Buffer.from(v).toString('latin1')))
      throw new TypeError(`${where}.${k} is not PEM: it has no "-----BEGIN …-----" line.`);
  }
  if (o['servername'] !== undefined && typeof o['servername'] !== 'string')
    throw new TypeError(`${where}.servername must be a string.`);
  if (!baseUrl.startsWith('https://'))
    throw new TypeError(`${where} applies to an https:// base URL; this one is http://, so it would be ignored.`);
  if ((pem.cert === undefined) !== (pem.key === undefined))
    throw new TypeError(`${where}: give cert and key together (mutual TLS needs both).`);
  try {
    createSecureContext(pem);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'unknown';
    throw new TypeError(
      `${where} cannot be loaded by Node's TLS: ${reason} (check that ca, cert and key are PEM, and that the key is the certificate's).`,
    );
  }
  return pem;
}

/** A Connect transport for Node.js over HTTP/1.1 that reads no answer larger than `maxResponseBytes` (see body-limit.ts). */
export function nodeTransport(baseUrl: string, tls: TlsOptions | undefined, maxResponseBytes: number): Transport {
  const pem = checkTls(baseUrl, tls);
  const base = createNodeHttpClient({
    httpVersion: '1.1',
    nodeOptions: {
      ...pem,
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
