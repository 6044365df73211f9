/** X.509 certificates (RFC 5280 §4.1): the structure, the validity period and the public key. */
import { TAG, DerError, children, explicitTag, expectTlv, implicitTag, integer, time } from './der';
import { parseSpki, type PublicKey } from './keys';

/** What the rules need of a certificate. */
export interface CertificateFacts {
  /** Epoch milliseconds. */
  readonly notBefore: number;
  readonly notAfter: number;
  readonly publicKey: PublicKey;
}

// The optional fields after subjectPublicKeyInfo: issuerUniqueID [1], subjectUniqueID [2], extensions [3].
const TRAILING = new Set([implicitTag(1), explicitTag(1), implicitTag(2), explicitTag(2), explicitTag(3)]);

/**
 * Reads a DER certificate: `SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }`.
 * Bytes after the certificate are ignored, as OpenSSL's PEM reader ignores them. Throws `DerError`.
 */
export function parseCertificate(der: Uint8Array): CertificateFacts {
  const cert = expectTlv(der, 0, TAG.SEQUENCE);
  const [tbs, sigAlg, sig, ...rest] = children(der, cert);
  if (tbs?.tag !== TAG.SEQUENCE || sigAlg?.tag !== TAG.SEQUENCE || sig?.tag !== TAG.BIT_STRING || rest.length) {
    throw new DerError('its structure is not that of a certificate');
  }
  const fields = children(der, tbs);
  if (fields[0]?.tag === explicitTag(0)) {
    integer(der, expectTlv(der, fields[0].contentStart, TAG.INTEGER, fields[0].end));
    fields.shift();
  }
  const [serial, signature, issuer, validity, subject, spki, ...extra] = fields;
  if (
    serial?.tag !== TAG.INTEGER ||
    signature?.tag !== TAG.SEQUENCE ||
    issuer?.tag !== TAG.SEQUENCE ||
    validity?.tag !== TAG.SEQUENCE ||
    subject?.tag !== TAG.SEQUENCE ||
    spki?.tag !== TAG.SEQUENCE ||
    extra.some((t) => !TRAILING.has(t.tag))
  ) {
    throw new DerError('its structure is not that of a certificate');
  }
  const times = children(der, validity);
  if (times.length !== 2) throw new DerError('its structure is not that of a certificate');
  return { notBefore: time(der, times[0]!), notAfter: time(der, times[1]!), publicKey: parseSpki(der, spki) };
}
