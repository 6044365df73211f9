/**
 * PEM text (RFC 7468): finding `-----BEGIN …-----` blocks and decoding their base64 bodies the way
 * OpenSSL's PEM reader does (whitespace and line breaks ignored, anything else outside the base64
 * alphabet refused, the body a whole number of 4-character groups).
 */
import { fromBase64 } from '../../util/base64';

/** One PEM block with a label the caller asked for. */
export interface PemBlock {
  readonly label: string;
  /** RFC 1421 header lines (`Proc-Type: …`), before the blank line that ends them. */
  readonly headers: readonly string[];
  /** The text between the header and the END line; undefined when the block has no END line. */
  readonly body: string | undefined;
}

/** Labels a certificate block may carry (OpenSSL reads all three as a certificate). */
export const CERT_LABELS: ReadonlySet<string> = new Set(['CERTIFICATE', 'X509 CERTIFICATE', 'TRUSTED CERTIFICATE']);

/** Labels of the private-key blocks OpenSSL's `PEM_read_bio_PrivateKey` reads. */
export const KEY_LABELS: ReadonlySet<string> = new Set([
  'PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
  'RSA PRIVATE KEY',
  'EC PRIVATE KEY',
  'DSA PRIVATE KEY',
]);

const BEGIN = '-----BEGIN ';
const DASHES = '-----';
/** Longest label looked for; longer ones are not any of ours. */
const MAX_LABEL = 40;

/** The blocks in `text` whose label is in `labels`, in order. Linear in the text length. */
export function findPemBlocks(text: string, labels: ReadonlySet<string>): PemBlock[] {
  const out: PemBlock[] = [];
  // Where the END line of a label is known to be missing from; later BEGINs need not search again.
  const noEndAfter = new Map<string, number>();
  for (let pos = text.indexOf(BEGIN); pos >= 0; pos = text.indexOf(BEGIN, pos + 1)) {
    const labelStart = pos + BEGIN.length;
    const labelEnd = text.indexOf(DASHES, labelStart);
    if (labelEnd < 0) break;
    if (labelEnd - labelStart > MAX_LABEL) continue;
    const label = text.slice(labelStart, labelEnd);
    if (!labels.has(label)) continue;
    const bodyStart = labelEnd + DASHES.length;
    const endLine = `-----END ${label}-----`;
    const missingFrom = noEndAfter.get(label);
    const end = missingFrom !== undefined && missingFrom <= bodyStart ? -1 : text.indexOf(endLine, bodyStart);
    if (end < 0) {
      noEndAfter.set(label, bodyStart);
      out.push({ label, headers: [], body: undefined });
      continue;
    }
    out.push({ label, ...splitHeaders(text.slice(bodyStart, end)) });
    pos = end;
  }
  return out;
}

/** RFC 1421 headers: lines with a colon at the top, ended by a blank line. */
function splitHeaders(inner: string): { headers: string[]; body: string } {
  const lines = inner.split(/\r?\n/);
  let i = lines[0]?.trim() === '' ? 1 : 0;
  if (!lines[i]?.includes(':')) return { headers: [], body: inner };
  const headers: string[] = [];
  for (; i < lines.length && lines[i]!.trim() !== ''; i++) headers.push(lines[i]!.trim());
  return { headers, body: lines.slice(i).join('\n') };
}

/** True for a legacy encrypted block (`Proc-Type: 4,ENCRYPTED`, RFC 1421), whose body is ciphertext. */
export const isLegacyEncrypted = (block: PemBlock): boolean =>
  block.headers.some((h) => /^Proc-Type:\s*4,\s*ENCRYPTED$/i.test(h));

/** A decoded body, or why it cannot be decoded (a fixed phrase, never the data). */
export type DecodedBody = { ok: true; der: Uint8Array } | { ok: false; reason: string };

/** Decodes a PEM body as OpenSSL would accept it. */
export function decodePemBody(body: string): DecodedBody {
  const compact = body.replace(/[ \t\r\n]+/g, '');
  if (compact === '') return { ok: false, reason: 'its body is empty' };
  if (/[^A-Za-z0-9+/=]/.test(compact)) return { ok: false, reason: 'its body has characters that are not base64' };
  const padAt = compact.indexOf('=');
  if (padAt >= 0 && padAt < compact.length - 2) {
    return { ok: false, reason: 'its body has "=" padding before the end' };
  }
  if (compact.length % 4 !== 0) {
    return { ok: false, reason: 'its body is truncated (the base64 text is not a whole number of 4-character groups)' };
  }
  const der = fromBase64(compact);
  return der ? { ok: true, der } : { ok: false, reason: 'its body has "=" padding before the end' };
}
