/**
 * SHA-512 (FIPS 180-4), synchronous and free of platform APIs. Used only to derive Ed25519 public
 * keys (a 32-byte seed, one or two blocks), so it favours size over speed: 64-bit words are bigints
 * and the round constants are computed, not listed.
 */

const MASK = (1n << 64n) - 1n;

/** Integer k-th root of n (Newton's method). */
function iroot(n: bigint, k: bigint): bigint {
  let x = 1n << (BigInt(n.toString(2).length) / k + 1n);
  for (;;) {
    const y = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (y >= x) return x;
    x = y;
  }
}

let constants: { k: bigint[]; h: bigint[] } | undefined;

/** The first 64 bits of the fractional parts of the square roots (h) and cube roots (k) of the first primes. */
function init(): { k: bigint[]; h: bigint[] } {
  const primes: bigint[] = [];
  for (let n = 2n; primes.length < 80; n++) if (primes.every((p) => n % p !== 0n)) primes.push(n);
  return {
    h: primes.slice(0, 8).map((p) => iroot(p << 128n, 2n) & MASK),
    k: primes.map((p) => iroot(p << 192n, 3n) & MASK),
  };
}

const rotr = (x: bigint, n: bigint): bigint => ((x >> n) | (x << (64n - n))) & MASK;

/** The SHA-512 digest (64 bytes) of bytes. */
export function sha512(bytes: Uint8Array): Uint8Array {
  constants ??= init();
  const { k } = constants;
  const h = [...constants.h];
  const padded = new Uint8Array((((bytes.length + 16) >> 7) + 1) << 7);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, (bytes.length << 3) >>> 0);
  const w: bigint[] = new Array<bigint>(80);
  for (let off = 0; off < padded.length; off += 128) {
    for (let i = 0; i < 16; i++) w[i] = view.getBigUint64(off + i * 8);
    for (let i = 16; i < 80; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 1n) ^ rotr(a, 8n) ^ (a >> 7n);
      const s1 = rotr(b, 19n) ^ rotr(b, 61n) ^ (b >> 6n);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) & MASK;
    }
    let [a, b, c, d, e, f, g, hh] = h as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    for (let i = 0; i < 80; i++) {
      const t1 =
        (hh + (rotr(e, 14n) ^ rotr(e, 18n) ^ rotr(e, 41n)) + ((e & f) ^ (~e & MASK & g)) + k[i]! + w[i]!) & MASK;
      const t2 = ((rotr(a, 28n) ^ rotr(a, 34n) ^ rotr(a, 39n)) + ((a & b) ^ (a & c) ^ (b & c))) & MASK;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) & MASK;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) & MASK;
    }
    const sums = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = (h[i]! + sums[i]!) & MASK;
  }
  const out = new Uint8Array(64);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setBigUint64(i * 8, h[i]!);
  return out;
}
