/**
 * SHA-512, synchronous, for code that runs in Node and in browsers alike: used to derive Ed25519
 * public keys. From @noble/hashes (audited), bundled into each entry point.
 */
import { sha512 as nobleSha512 } from '@noble/hashes/sha2';

/** The SHA-512 digest (64 bytes) of bytes. */
export function sha512(bytes: Uint8Array): Uint8Array {
  return nobleSha512(bytes);
}
