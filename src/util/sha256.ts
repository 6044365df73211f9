/**
 * SHA-256, synchronous, for code that runs in Node and in browsers alike (WebCrypto's digest is
 * asynchronous; lint is not). From @noble/hashes (audited), bundled into each entry point.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';

/** The SHA-256 digest (32 bytes) of bytes, or of a string's UTF-8 encoding. */
export function sha256(data: Uint8Array | string): Uint8Array {
  return nobleSha256(data);
}
