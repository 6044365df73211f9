/** Standard base64 (RFC 4648 §4) without platform APIs (no Buffer, no atob/btoa over binary strings). */

/** The standard base64 alphabet, in value order. */
export const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard padded base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out +=
      BASE64_ALPHABET[n >> 18]! +
      BASE64_ALPHABET[(n >> 12) & 63]! +
      (i + 1 < bytes.length ? BASE64_ALPHABET[(n >> 6) & 63]! : '=') +
      (i + 2 < bytes.length ? BASE64_ALPHABET[n & 63]! : '=');
  }
  return out;
}

const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) VALUES[BASE64_ALPHABET.charCodeAt(i)] = i;

/** The bytes of standard padded base64 (no whitespace); undefined when it is not exactly that. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const c = text.charCodeAt(i + j);
      const v = c < 128 ? VALUES[c]! : -1;
      if (v < 0) {
        // '=' only as the final one or two characters.
        if (c !== 61 || i + 4 < text.length || j < 4 - pad) return undefined;
      }
      n = (n << 6) | Math.max(v, 0);
    }
    if (o < out.length) out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
