/**
 * Public keys from private scalars, for keys that do not store their public half: NIST P-256,
 * P-384 and P-521 (d·G) and Ed25519 (RFC 8032 §5.1.5). Plain bigint arithmetic: a linter derives
 * one key per document, so clarity and size beat speed and constant time.
 */
import { bytesToBigInt } from './der';
import { sha512 } from '../../util/sha512';

interface Weierstrass {
  p: bigint;
  a: bigint;
  gx: bigint;
  gy: bigint;
  /** Field element size in bytes. */
  size: number;
}

const nist = (p: bigint, gx: string, gy: string, size: number): Weierstrass => ({
  p,
  a: p - 3n,
  gx: BigInt(`0x${gx}`),
  gy: BigInt(`0x${gy}`),
  size,
});

/** The named curves whose public points can be derived, by OID. */
export const CURVES: Readonly<Record<string, Weierstrass>> = {
  // P-256 (prime256v1)
  '1.2.840.10045.3.1.7': nist(
    2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n,
    '6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296',
    '4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5',
    32,
  ),
  // P-384 (secp384r1)
  '1.3.132.0.34': nist(
    2n ** 384n - 2n ** 128n - 2n ** 96n + 2n ** 32n - 1n,
    'aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7',
    '3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f',
    48,
  ),
  // P-521 (secp521r1)
  '1.3.132.0.35': nist(
    2n ** 521n - 1n,
    'c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66',
    '11839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650',
    66,
  ),
};

const mod = (a: bigint, p: bigint): bigint => ((a % p) + p) % p;

/** The inverse of a modulo the prime p (extended Euclid); a must not be 0 mod p. */
export function modInverse(a: bigint, p: bigint): bigint {
  let [r0, r1] = [mod(a, p), p];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, p);
}

/** base^exp mod m by square-and-multiply. */
export function modPow(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = mod(base, m);
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

/** A point in Jacobian coordinates (X/Z², Y/Z³); Z = 0 is the point at infinity. */
type Jacobian = [bigint, bigint, bigint];

function double([x, y, z]: Jacobian, { p, a }: Weierstrass): Jacobian {
  if (z === 0n || y === 0n) return [0n, 1n, 0n];
  const yy = (y * y) % p;
  const s = (4n * x * yy) % p;
  const zz = (z * z) % p;
  const m = (3n * x * x + a * zz * zz) % p;
  const x3 = mod(m * m - 2n * s, p);
  return [x3, mod(m * (s - x3) - 8n * yy * yy, p), (2n * y * z) % p];
}

function add(P: Jacobian, Q: Jacobian, c: Weierstrass): Jacobian {
  const { p } = c;
  if (P[2] === 0n) return Q;
  if (Q[2] === 0n) return P;
  const z1z1 = (P[2] * P[2]) % p;
  const z2z2 = (Q[2] * Q[2]) % p;
  const u1 = (P[0] * z2z2) % p;
  const u2 = (Q[0] * z1z1) % p;
  const s1 = (P[1] * Q[2] * z2z2) % p;
  const s2 = (Q[1] * P[2] * z1z1) % p;
  if (u1 === u2) return s1 === s2 ? double(P, c) : [0n, 1n, 0n];
  const h = mod(u2 - u1, p);
  const r = mod(s2 - s1, p);
  const hh = (h * h) % p;
  const hhh = (h * hh) % p;
  const x3 = mod(r * r - hhh - 2n * u1 * hh, p);
  return [x3, mod(r * (u1 * hh - x3) - s1 * hhh, p), (P[2] * Q[2] * h) % p];
}

/** The uncompressed SEC1 encoding (0x04 ‖ x ‖ y) of d·G on the curve with this OID; undefined for other curves or d = 0. */
export function ecPublicPoint(curveOid: string, d: bigint): Uint8Array | undefined {
  const c = CURVES[curveOid];
  if (!c || d <= 0n) return undefined;
  let acc: Jacobian = [0n, 1n, 0n];
  const g: Jacobian = [c.gx, c.gy, 1n];
  for (let i = BigInt(d.toString(2).length) - 1n; i >= 0n; i--) {
    acc = double(acc, c);
    if ((d >> i) & 1n) acc = add(acc, g, c);
  }
  if (acc[2] === 0n) return undefined;
  const zi = modInverse(acc[2], c.p);
  const zi2 = (zi * zi) % c.p;
  const out = new Uint8Array(1 + 2 * c.size);
  out[0] = 4;
  out.set(toBytes((acc[0] * zi2) % c.p, c.size), 1);
  out.set(toBytes((acc[1] * zi2 * zi) % c.p, c.size), 1 + c.size);
  return out;
}

function toBytes(n: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = size - 1, v = n; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

// Ed25519: the twisted Edwards curve -x² + y² = 1 + d·x²·y² over 2^255 - 19 (RFC 8032 §5.1).
const P25519 = 2n ** 255n - 19n;
const D25519 = mod(-121665n * modInverse(121666n, P25519), P25519);
const BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202n;
const BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960n;

/** A point in extended coordinates (X:Y:Z:T) with x = X/Z, y = Y/Z, x·y = T/Z. */
type Extended = [bigint, bigint, bigint, bigint];

function edAdd([x1, y1, z1, t1]: Extended, [x2, y2, z2, t2]: Extended): Extended {
  const p = P25519;
  const a = ((y1 - x1) * (y2 - x2)) % p;
  const b = ((y1 + x1) * (y2 + x2)) % p;
  const c = (t1 * 2n * D25519 * t2) % p;
  const d = (z1 * 2n * z2) % p;
  const [e, f, g, h] = [b - a, d - c, d + c, b + a];
  return [mod(e * f, p), mod(g * h, p), mod(f * g, p), mod(e * h, p)];
}

/** The 32-byte Ed25519 public key of a 32-byte private key (seed), RFC 8032 §5.1.5. */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const h = sha512(seed);
  const scalarBytes = h.slice(0, 32);
  scalarBytes[0]! &= 248;
  scalarBytes[31]! &= 63;
  scalarBytes[31]! |= 64;
  const s = bytesToBigInt(scalarBytes.reverse());
  let acc: Extended = [0n, 1n, 1n, 0n];
  let base: Extended = [BX, BY, 1n, mod(BX * BY, P25519)];
  for (let k = s; k > 0n; k >>= 1n) {
    if (k & 1n) acc = edAdd(acc, base);
    base = edAdd(base, base);
  }
  const zi = modInverse(acc[2], P25519);
  const x = (acc[0] * zi) % P25519;
  const y = (acc[1] * zi) % P25519;
  const out = toBytes(y | ((x & 1n) << 255n), 32).reverse();
  return out;
}
