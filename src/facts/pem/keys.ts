/**
 * Public keys, from a certificate's SubjectPublicKeyInfo or derived from a private key (PKCS#8,
 * PKCS#1, SEC1, and the legacy DSA form), and their comparison: what OpenSSL's
 * `X509_check_private_key` decides, without OpenSSL.
 */
import {
  TAG,
  DerError,
  bitStringBytes,
  bytesToBigInt,
  children,
  content,
  expectTlv,
  explicitTag,
  implicitTag,
  integer,
  oid,
  readTlv,
  type Tlv,
} from './der';
import { CURVES, ecPublicPoint, ed25519PublicKey, modPow } from './curves';

const OID_RSA = '1.2.840.113549.1.1.1';
const OID_RSA_PSS = '1.2.840.113549.1.1.10';
const OID_EC = '1.2.840.10045.2.1';
const OID_DSA = '1.2.840.10040.4.1';
const OID_ED25519 = '1.3.101.112';

/** Algorithms whose keys are a plain byte string, by OID. */
const RAW_KEYS: Readonly<Record<string, string>> = {
  [OID_ED25519]: 'Ed25519',
  '1.3.101.113': 'Ed448',
  '1.3.101.110': 'X25519',
  '1.3.101.111': 'X448',
};

/** A public key in a form that compares by value. */
export type PublicKey =
  | { readonly type: 'RSA' | 'RSA-PSS'; readonly n: bigint; readonly e: bigint }
  | { readonly type: 'EC'; readonly curve: string | undefined; readonly point: Uint8Array }
  | { readonly type: 'DSA'; readonly p: bigint; readonly q: bigint; readonly g: bigint; readonly y: bigint }
  | { readonly type: string; readonly bytes: Uint8Array };

/** What a private key tells about its public half. */
export type PrivateKeySummary =
  | { readonly encrypted: true }
  | { readonly encrypted: false; readonly publicKey: PublicKey }
  /** A readable key whose public half cannot be known here; `why` is a fixed phrase. */
  | { readonly encrypted: false; readonly publicKey: undefined; readonly type: string; readonly why: string };

const malformed = (): never => {
  throw new DerError('its structure is not the one its label names');
};

/** `AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }`. */
function algorithmId(der: Uint8Array, tlv: Tlv): { oid: string; params: Tlv | undefined } {
  if (tlv.tag !== TAG.SEQUENCE) malformed();
  const [algorithm, params, ...rest] = children(der, tlv);
  if (!algorithm || rest.length > 0) malformed();
  return { oid: oid(der, algorithm!), params: params?.tag === TAG.NULL ? undefined : params };
}

/** The elements of the SEQUENCE that `der` starts with. */
const sequenceItems = (der: Uint8Array): Tlv[] => children(der, expectTlv(der, 0, TAG.SEQUENCE));

const namedCurve = (der: Uint8Array, params: Tlv | undefined): string | undefined =>
  params?.tag === TAG.OID ? oid(der, params) : undefined;

function dsaParams(der: Uint8Array, params: Tlv | undefined): { p: bigint; q: bigint; g: bigint } {
  const [p, q, g] = dsaParamTlvs(der, params).map((t) => integer(der, t));
  return { p: p!, q: q!, g: g! };
}

/** The elements `p`, `q`, `g` of `Dss-Parms ::= SEQUENCE { p INTEGER, q INTEGER, g INTEGER }`. */
function dsaParamTlvs(der: Uint8Array, params: Tlv | undefined): [Tlv, Tlv, Tlv] {
  if (params?.tag !== TAG.SEQUENCE) malformed();
  const [p, q, g] = children(der, params!);
  if (g === undefined) malformed();
  return [p!, q!, g!];
}

/**
 * OpenSSL's `OPENSSL_DSA_MAX_MODULUS_BITS`: it refuses to sign or verify with a longer `p`
 * (`DSA_R_MODULUS_TOO_LARGE`); FIPS 186-4 stops at 3072 bits.
 */
const DSA_MAX_P_BITS = 10_000;

/** The longest `q` of FIPS 186-4 (160, 224 or 256 bits): OpenSSL's `dsa_do_verify` refuses any other size (`DSA_R_BAD_Q_VALUE`). */
const DSA_MAX_Q_BITS = 256;

/**
 * How many bits an INTEGER's content takes, read from its bytes before any bigint is built (leading
 * zero bytes skipped; a negative one counts all its bits, more than any value in range). Throws
 * `DerError` as `integer` does for an element that is not an INTEGER.
 */
function integerBits(der: Uint8Array, tlv: Tlv): number {
  if (tlv.tag !== TAG.INTEGER || tlv.end === tlv.contentStart) malformed();
  let i = tlv.contentStart;
  while (i < tlv.end && der[i] === 0) i++;
  return i === tlv.end ? 0 : (tlv.end - i - 1) * 8 + (32 - Math.clz32(der[i]!));
}

/** The public key of a certificate's `SubjectPublicKeyInfo`. */
export function parseSpki(der: Uint8Array, spki: Tlv): PublicKey {
  const [algTlv, keyTlv, ...rest] = children(der, spki);
  if (!algTlv || keyTlv?.tag !== TAG.BIT_STRING || rest.length > 0) malformed();
  const alg = algorithmId(der, algTlv!);
  const key = bitStringBytes(der, keyTlv!);
  if (alg.oid === OID_RSA || alg.oid === OID_RSA_PSS) {
    const items = sequenceItems(key);
    if (items.length !== 2) malformed();
    return { type: alg.oid === OID_RSA ? 'RSA' : 'RSA-PSS', n: integer(key, items[0]!), e: integer(key, items[1]!) };
  }
  if (alg.oid === OID_EC) return { type: 'EC', curve: namedCurve(der, alg.params), point: key };
  if (alg.oid === OID_DSA) return { type: 'DSA', ...dsaParams(der, alg.params), y: integer(key, readTlv(key, 0)) };
  return { type: RAW_KEYS[alg.oid] ?? alg.oid, bytes: key };
}

/** PKCS#1 `RSAPrivateKey`: version, n, e, d, … */
function rsaPrivate(der: Uint8Array, type: 'RSA' | 'RSA-PSS'): PublicKey {
  const items = sequenceItems(der);
  if (items.length < 9) malformed();
  return { type, n: integer(der, items[1]!), e: integer(der, items[2]!) };
}

/** SEC1 `ECPrivateKey`: version 1, privateKey, [0] parameters, [1] publicKey. */
function ecPrivate(der: Uint8Array, curveFromAlgorithm: string | undefined): PrivateKeySummary {
  const items = sequenceItems(der);
  const [version, secret] = items;
  if (!version || integer(der, version) !== 1n || secret?.tag !== TAG.OCTET_STRING) malformed();
  let curve = curveFromAlgorithm;
  let stored: Uint8Array | undefined;
  for (const item of items.slice(2)) {
    if (item.tag === explicitTag(0)) curve ??= namedCurve(der, readTlv(der, item.contentStart, item.end));
    else if (item.tag === explicitTag(1))
      stored = bitStringBytes(der, expectTlv(der, item.contentStart, TAG.BIT_STRING, item.end));
  }
  if (stored) return { encrypted: false, publicKey: { type: 'EC', curve, point: stored } };
  const c = curve === undefined ? undefined : CURVES[curve];
  if (!c) {
    return {
      encrypted: false,
      publicKey: undefined,
      type: 'EC',
      why: 'the EC key does not store its public point and its curve is not P-256, P-384 or P-521',
    };
  }
  const scalar = content(der, secret!);
  // SEC1 writes the scalar in the curve's field size; a longer one (or zero) is not a key of the curve.
  const point = scalar.length <= c.size ? ecPublicPoint(curve!, bytesToBigInt(scalar)) : undefined;
  if (!point) malformed();
  return { encrypted: false, publicKey: { type: 'EC', curve, point: point! } };
}

/** PKCS#8 `PrivateKeyInfo` / `OneAsymmetricKey` (RFC 5958). */
function pkcs8(der: Uint8Array): PrivateKeySummary {
  const items = sequenceItems(der);
  const [version, algTlv, keyTlv] = items;
  if (!version || version.tag !== TAG.INTEGER || !algTlv || keyTlv?.tag !== TAG.OCTET_STRING) malformed();
  const alg = algorithmId(der, algTlv!);
  const inner = content(der, keyTlv!);
  const storedPublic = items.find((t) => t.tag === implicitTag(1));
  if (alg.oid === OID_RSA || alg.oid === OID_RSA_PSS) {
    return { encrypted: false, publicKey: rsaPrivate(inner, alg.oid === OID_RSA ? 'RSA' : 'RSA-PSS') };
  }
  if (alg.oid === OID_EC) return ecPrivate(inner, namedCurve(der, alg.params));
  if (alg.oid === OID_DSA) {
    const outOfRange: PrivateKeySummary = {
      encrypted: false,
      publicKey: undefined,
      type: 'DSA',
      why: 'the DSA key has out-of-range parameters',
    };
    const [pTlv, qTlv, gTlv] = dsaParamTlvs(der, alg.params);
    const xTlv = readTlv(inner, 0);
    // Sizes first, from the bytes: p and q within OpenSSL's limits, g no longer than p, x than q.
    // Then g^x mod p is at most 256 squarings of numbers under 10,000 bits, whatever the document
    // holds (a 1 MB q and x once took minutes).
    const pBits = integerBits(der, pTlv);
    const qBits = integerBits(der, qTlv);
    if (
      pBits > DSA_MAX_P_BITS ||
      qBits > DSA_MAX_Q_BITS ||
      integerBits(der, gTlv) > pBits ||
      integerBits(inner, xTlv) > qBits
    ) {
      return outOfRange;
    }
    const params = { p: integer(der, pTlv), q: integer(der, qTlv), g: integer(der, gTlv) };
    const x = integer(inner, xTlv);
    // FIPS 186: 0 < x < q.
    if (x <= 0n || x >= params.q) return outOfRange;
    return { encrypted: false, publicKey: { type: 'DSA', ...params, y: modPow(params.g, x, params.p) } };
  }
  const type = RAW_KEYS[alg.oid] ?? alg.oid;
  if (storedPublic) {
    const bytes = bitStringBytes(der, { ...storedPublic, tag: TAG.BIT_STRING });
    return { encrypted: false, publicKey: { type, bytes } };
  }
  if (alg.oid === OID_ED25519) {
    const seed = content(inner, expectTlv(inner, 0, TAG.OCTET_STRING));
    if (seed.length !== 32) malformed();
    return { encrypted: false, publicKey: { type, bytes: ed25519PublicKey(seed) } };
  }
  return {
    encrypted: false,
    publicKey: undefined,
    type,
    why: RAW_KEYS[alg.oid]
      ? `the ${type} key does not store its public key`
      : `keys of algorithm ${alg.oid} are not supported here`,
  };
}

/** The legacy OpenSSL `DSAPrivateKey`: version, p, q, g, y, x. */
function dsaPrivate(der: Uint8Array): PublicKey {
  const items = sequenceItems(der);
  if (items.length !== 6) malformed();
  const [, p, q, g, y] = items.map((t) => integer(der, t));
  return { type: 'DSA', p: p!, q: q!, g: g!, y: y! };
}

/** `EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }`. */
function encryptedPkcs8(der: Uint8Array): void {
  const items = sequenceItems(der);
  if (items.length !== 2 || items[1]!.tag !== TAG.OCTET_STRING) malformed();
  algorithmId(der, items[0]!);
}

/**
 * Reads the DER of a private-key PEM block with this label. Throws `DerError` when the bytes are
 * not the structure the label names.
 */
export function summarizePrivateKey(label: string, der: Uint8Array): PrivateKeySummary {
  switch (label) {
    case 'ENCRYPTED PRIVATE KEY':
      encryptedPkcs8(der);
      return { encrypted: true };
    case 'RSA PRIVATE KEY':
      return { encrypted: false, publicKey: rsaPrivate(der, 'RSA') };
    case 'EC PRIVATE KEY':
      return ecPrivate(der, undefined);
    case 'DSA PRIVATE KEY':
      return { encrypted: false, publicKey: dsaPrivate(der) };
    default:
      return pkcs8(der);
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** The x coordinate and the parity of y of a SEC1 point (compressed or not); undefined when malformed. */
function pointXY(point: Uint8Array): { x: Uint8Array; odd: boolean; y: Uint8Array | undefined } | undefined {
  const [kind] = point;
  if ((kind === 2 || kind === 3) && point.length > 1) return { x: point.subarray(1), odd: kind === 3, y: undefined };
  if (kind === 4 && point.length % 2 === 1) {
    const half = (point.length - 1) / 2;
    const y = point.subarray(1 + half);
    return { x: point.subarray(1, 1 + half), odd: (y[y.length - 1]! & 1) === 1, y };
  }
  return undefined;
}

/** True when both are the same public key (type, parameters and value). */
export function samePublicKey(a: PublicKey, b: PublicKey): boolean {
  if (a.type !== b.type) return false;
  if ('n' in a && 'n' in b) return a.n === b.n && a.e === b.e;
  if ('point' in a && 'point' in b) {
    if (a.curve !== undefined && b.curve !== undefined && a.curve !== b.curve) return false;
    const [pa, pb] = [pointXY(a.point), pointXY(b.point)];
    if (!pa || !pb) return sameBytes(a.point, b.point);
    // Two points with the same x differ only in the sign of y, which its parity tells apart.
    return sameBytes(pa.x, pb.x) && pa.odd === pb.odd && (!pa.y || !pb.y || sameBytes(pa.y, pb.y));
  }
  if ('y' in a && 'y' in b) return a.p === b.p && a.q === b.q && a.g === b.g && a.y === b.y;
  if ('bytes' in a && 'bytes' in b) return sameBytes(a.bytes, b.bytes);
  return false;
}
