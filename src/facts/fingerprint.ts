/** The key fingerprint a server reports for a PEM private key. */
import { createHash } from 'node:crypto';

/** Standard padded base64 of SHA-256 over the PEM text exactly as sent. */
export const keyFingerprint = (pem: string): string => createHash('sha256').update(pem, 'utf8').digest('base64');

/** Standard padded base64 of exactly 32 bytes (a SHA-256 digest). */
export const SHA256_BASE64_RE = /^[A-Za-z0-9+/]{43}=$/;

/** True for standard padded base64 of exactly 32 bytes. */
export const isSha256Base64 = (s: string): boolean => SHA256_BASE64_RE.test(s);
