/**
 * A small reader for ASN.1 DER, enough for X.509 certificates and private keys. Every read is
 * bounds-checked against its parent, so malformed input ends in a `DerError`, never a crash or a
 * read past the data.
 */

/** Universal tags used by certificates and keys. */
export const TAG = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  SEQUENCE: 0x30,
} as const;

/** Context-specific tag `[n]`, constructed (EXPLICIT, or IMPLICIT over a constructed type). */
export const explicitTag = (n: number): number => 0xa0 | n;

/** Context-specific tag `[n]`, primitive (IMPLICIT over a primitive type). */
export const implicitTag = (n: number): number => 0x80 | n;

/** Why a DER structure could not be read (a fixed phrase, never the data). */
export class DerError extends Error {}

/** One tag-length-value element: `start` is the tag byte, the content is `[contentStart, end)`. */
export interface Tlv {
  readonly tag: number;
  readonly start: number;
  readonly contentStart: number;
  readonly end: number;
}

/** Reads the element at `pos`, which must end by `limit`. */
export function readTlv(der: Uint8Array, pos: number, limit = der.length): Tlv {
  if (pos + 2 > limit) throw new DerError('its DER data is truncated');
  const tag = der[pos]!;
  // X.509 and key structures use only low tag numbers; 0x1f would start a multi-byte tag.
  if ((tag & 0x1f) === 0x1f)
    throw new DerError('its DER data uses a multi-byte tag, which certificates and keys never do');
  let len = der[pos + 1]!;
  let contentStart = pos + 2;
  if (len & 0x80) {
    const count = len & 0x7f;
    if (count === 0) throw new DerError('its data uses an indefinite length, which DER does not allow');
    if (count > 4) throw new DerError('its DER data declares an impossible length');
    if (contentStart + count > limit) throw new DerError('its DER data is truncated');
    len = 0;
    for (let i = 0; i < count; i++) len = len * 256 + der[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + len;
  if (end > limit) throw new DerError('its DER data is truncated');
  return { tag, start: pos, contentStart, end };
}

/** The element at `pos`, which must carry `tag`. */
export function expectTlv(der: Uint8Array, pos: number, tag: number, limit = der.length): Tlv {
  const tlv = readTlv(der, pos, limit);
  if (tlv.tag !== tag) throw new DerError('its structure is not the one its label names');
  return tlv;
}

/** The elements inside a constructed element; they must fill its content exactly. */
export function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let pos = parent.contentStart; pos < parent.end;) {
    const tlv = readTlv(der, pos, parent.end);
    out.push(tlv);
    pos = tlv.end;
  }
  return out;
}

/** The content bytes of an element (a view, not a copy). */
export const content = (der: Uint8Array, tlv: Tlv): Uint8Array => der.subarray(tlv.contentStart, tlv.end);

/** An OBJECT IDENTIFIER in dotted form. */
export function oid(der: Uint8Array, tlv: Tlv): string {
  if (tlv.tag !== TAG.OID || tlv.end === tlv.contentStart)
    throw new DerError('its structure is not the one its label names');
  const arcs: number[] = [];
  let n = 0;
  for (let i = tlv.contentStart; i < tlv.end; i++) {
    const b = der[i]!;
    n = n * 128 + (b & 0x7f);
    if (n > Number.MAX_SAFE_INTEGER / 128) throw new DerError('an object identifier is too large');
    if (!(b & 0x80)) {
      if (arcs.length === 0) arcs.push(n < 80 ? Math.floor(n / 40) : 2, n < 80 ? n % 40 : n - 80);
      else arcs.push(n);
      n = 0;
    }
  }
  if (der[tlv.end - 1]! & 0x80) throw new DerError('an object identifier is truncated');
  return arcs.join('.');
}

/** An INTEGER as a bigint (two's complement). */
export function integer(der: Uint8Array, tlv: Tlv): bigint {
  if (tlv.tag !== TAG.INTEGER || tlv.end === tlv.contentStart)
    throw new DerError('its structure is not the one its label names');
  const n = bytesToBigInt(content(der, tlv));
  return der[tlv.contentStart]! & 0x80 ? n - (1n << BigInt((tlv.end - tlv.contentStart) * 8)) : n;
}

/** The bytes of a BIT STRING with no unused bits (as keys and signatures are). */
export function bitStringBytes(der: Uint8Array, tlv: Tlv): Uint8Array {
  if (tlv.end === tlv.contentStart || der[tlv.contentStart] !== 0) throw new DerError('a bit string is malformed');
  return der.subarray(tlv.contentStart + 1, tlv.end);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Big-endian unsigned bytes as a bigint, through hex text: linear, where shifting byte by byte is quadratic. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let hex = '0x0';
  for (const b of bytes) hex += HEX[b]!;
  return BigInt(hex);
}

const TIME_RE = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.(\d{1,9}))?(Z|[+-]\d{4})$/;

/** A UTCTime or GeneralizedTime as epoch milliseconds (UTCTime years 50–99 are 19xx, RFC 5280 §4.1.2.5.1). */
export function time(der: Uint8Array, tlv: Tlv): number {
  if (tlv.tag !== TAG.UTC_TIME && tlv.tag !== TAG.GENERALIZED_TIME) throw new DerError('a validity time is malformed');
  if (tlv.end - tlv.contentStart > 32) throw new DerError('a validity time is malformed');
  const text = String.fromCharCode(...content(der, tlv));
  const m = TIME_RE.exec(text);
  const yearDigits = tlv.tag === TAG.UTC_TIME ? 2 : 4;
  if (!m || m[1]!.length !== yearDigits || (m[7] !== undefined && tlv.tag === TAG.UTC_TIME)) {
    throw new DerError('a validity time is malformed');
  }
  let year = Number(m[1]);
  if (yearDigits === 2) year += year < 50 ? 2000 : 1900;
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    throw new DerError('a validity time is malformed');
  }
  const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  const zone = m[8]!;
  const offset =
    zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3)));
  return date.getTime() - offset * 60_000;
}
