/** The key fingerprint a server reports for a PEM private key. */
import { toBase64 } from '../util/base64';
import { sha256 } from '../util/sha256';

/** Standard padded base64 of SHA-256 over the PEM text exactly as sent (UTF-8). */
export const keyFingerprint = (pem: string): string => toBase64(sha256(pem));

/** Standard padded base64 of exactly 32 bytes (a SHA-256 digest). */
export const SHA256_BASE64_RE = /^[A-Za-z0-9+/]{43}=$/;

/** True for standard padded base64 of exactly 32 bytes. */
export const isSha256Base64 = (s: string): boolean => SHA256_BASE64_RE.test(s);
