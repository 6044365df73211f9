/**
 * TLS material as the server's OpenSSL reads it: PEM blocks, X.509 certificates, private keys and
 * whether a key belongs to a certificate. Pure TypeScript, synchronous, the same in Node and in
 * browsers. Failure reasons are fixed phrases: nothing read from the material is ever echoed.
 */
import { DerError } from './der';
import { decodePemBody, isLegacyEncrypted, type PemBlock } from './blocks';
import { samePublicKey, summarizePrivateKey, type PrivateKeySummary } from './keys';
import { parseCertificate, type CertificateFacts } from './x509';

export { CERT_LABELS, KEY_LABELS, findPemBlocks, type PemBlock } from './blocks';
export type { CertificateFacts } from './x509';
export type { PrivateKeySummary, PublicKey } from './keys';

/** A block that could not be read: at the PEM layer (`pem`) or in its DER content (`der`). */
export interface Unreadable {
  readonly ok: false;
  readonly layer: 'pem' | 'der';
  readonly reason: string;
}

function decode(block: PemBlock): { ok: true; der: Uint8Array } | Unreadable {
  if (block.body === undefined) {
    return { ok: false, layer: 'pem', reason: `it has no "-----END ${block.label}-----" line` };
  }
  const decoded = decodePemBody(block.body);
  return decoded.ok ? decoded : { ok: false, layer: 'pem', reason: decoded.reason };
}

function der<T>(read: () => T): { ok: true; value: T } | Unreadable {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    if (e instanceof DerError) return { ok: false, layer: 'der', reason: e.message };
    throw e;
  }
}

/** Decodes and parses a certificate block. */
export function readCertificate(block: PemBlock): { ok: true; value: CertificateFacts } | Unreadable {
  const body = decode(block);
  return body.ok ? der(() => parseCertificate(body.der)) : body;
}

/** Decodes and parses a private-key block; a legacy encrypted block (`Proc-Type: 4,ENCRYPTED`) is only decoded. */
export function readPrivateKey(block: PemBlock): { ok: true; value: PrivateKeySummary } | Unreadable {
  const body = decode(block);
  if (!body.ok) return body;
  if (isLegacyEncrypted(block)) return { ok: true, value: { encrypted: true } };
  return der(() => summarizePrivateKey(block.label, body.der));
}

/** Whether a readable, unencrypted key belongs to a certificate; `unknown` says why it cannot be told. */
export type KeyMatch =
  | { readonly verdict: 'match' }
  | { readonly verdict: 'mismatch'; readonly keyType: string; readonly certType: string }
  | { readonly verdict: 'unknown'; readonly why: string };

/** A private key that could be read and is not encrypted. */
export type ReadableKey = Extract<PrivateKeySummary, { encrypted: false }>;

/** Compares the key's public half with the certificate's SubjectPublicKeyInfo (as `X509_check_private_key` does). */
export function matchKey(key: ReadableKey, cert: CertificateFacts): KeyMatch {
  const certType = cert.publicKey.type;
  if (key.publicKey) {
    if (samePublicKey(key.publicKey, cert.publicKey)) return { verdict: 'match' };
    return { verdict: 'mismatch', keyType: key.publicKey.type, certType };
  }
  // The public half is unknown, but a key of another algorithm cannot belong to the certificate.
  if (key.type === certType) return { verdict: 'unknown', why: key.why };
  return { verdict: 'mismatch', keyType: key.type, certType };
}
