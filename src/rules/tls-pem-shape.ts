import { defineRule, type RuleContext } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';
import { isPlaceholder } from '../util/placeholder';
import {
  CERT_LABELS,
  KEY_LABELS,
  findPemBlocks,
  matchKey,
  readCertificate,
  readPrivateKey,
  type CertificateFacts,
} from '../facts/pem/index';
import {
  ED448_CERT,
  ED448_KEY,
  ENCRYPTED_KEY,
  EXAMPLE_CERT,
  EXAMPLE_KEY,
  NOT_BASE64_CERT,
  NOT_X509_CERT,
  OTHER_KEY,
  TRUNCATED_CERT,
} from '../rule-api/example-pem';

type MessageId =
  | 'notCert'
  | 'notKey'
  | 'badPem'
  | 'notX509'
  | 'badKey'
  | 'encryptedKey'
  | 'mismatch'
  | 'notCompared'
  | 'expired'
  | 'notYetValid';

const PEM = '/configurations/clientOptions/tlsSettings/tlsPemSettings';

/** An indefinite article for a key type name ("an RSA", "an Ed25519", "a DSA"). */
const article = (type: string): string => (/^[AEFHILMNORSX]/.test(type) ? 'an' : 'a');

/** " N more certificate(s) in this field …" after the first problem, or nothing. */
const more = (count: number, what: string): string =>
  count === 0 ? '' : ` ${count} more certificate${count === 1 ? '' : 's'} in this field ${what}.`;

/**
 * Checks the certificate blocks of `ca` (all of them: the server loads each into its trust store)
 * or `cert` (the first: the server reads one client certificate), and returns the first readable
 * one. The engine keeps one finding per field and rule, so the first problem is reported and the
 * others are counted: unreadable blocks first (the server fails on them), then validity periods.
 */
function checkCertificates(ctx: RuleContext<MessageId>, field: 'ca' | 'cert', value: string, pointer: string) {
  const all = findPemBlocks(value, CERT_LABELS);
  if (all.length === 0) {
    ctx.report({ messageId: 'notCert', pointer, data: { field } });
    return undefined;
  }
  const blocks = field === 'cert' ? all.slice(0, 1) : all;
  const which = (i: number): string =>
    blocks.length === 1 ? 'The certificate' : `Certificate ${i + 1} of ${blocks.length}`;
  const unreadable: { i: number; layer: 'pem' | 'der'; reason: string }[] = [];
  const outOfDate: { i: number; messageId: 'expired' | 'notYetValid'; date: number }[] = [];
  let first: CertificateFacts | undefined;
  blocks.forEach((block, i) => {
    const read = readCertificate(block);
    if (!read.ok) {
      unreadable.push({ i, ...read });
      return;
    }
    first ??= read.value;
    const { notBefore, notAfter } = read.value;
    if (notAfter < ctx.now.getTime()) outOfDate.push({ i, messageId: 'expired', date: notAfter });
    else if (notBefore > ctx.now.getTime()) outOfDate.push({ i, messageId: 'notYetValid', date: notBefore });
  });
  const [bad] = unreadable;
  const [old] = outOfDate;
  if (bad) {
    ctx.report({
      messageId: bad.layer === 'pem' ? 'badPem' : 'notX509',
      pointer,
      data: {
        which: which(bad.i),
        field,
        reason: bad.reason,
        more: more(unreadable.length - 1, 'cannot be read either'),
      },
    });
  } else if (old) {
    ctx.report({
      messageId: old.messageId,
      pointer,
      data: {
        which: which(old.i),
        field,
        date: new Date(old.date).toISOString(),
        more: more(outOfDate.length - 1, 'is expired or not yet valid too'),
      },
    });
  }
  return first;
}

/** PEM certificates and keys as the server's OpenSSL loads them when the link connects. */
export default defineRule<MessageId>({
  id: 'tls-pem-shape',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'With TLS enabled, `ca` and `cert` must hold `-----BEGIN CERTIFICATE-----` blocks and `key` a private-key block, each whole base64 that decodes to what its label names (every certificate in `ca`; the first block of `cert` and of `key`, the only ones the server reads). The key must not be encrypted and must belong to the certificate (RSA, EC, DSA and Ed25519 keys are compared; an info says when a key cannot be). An expired or not-yet-valid certificate is a warning. `${ENV_VAR}` placeholders are skipped.',
    rationale:
      'The server does not look inside TLS material when the link is created: the request decoder accepts any string. It loads the certificates and the key only when it connects to the source cluster, and only with TLS enabled (src/v/cluster_link/utils.cc builds the TLS configuration only when `enabled` is true), so with TLS off this rule says nothing and `tls-ignored` warns that the material is unused. Then a path pasted into `ca`, a truncated or mangled block, an encrypted key (the API has no passphrase field, so the server cannot decrypt it) or a key that does not match its certificate fails the connection, and with it the create request (`FAILED_PRECONDITION`, "preflight check failed") or the running link, as an OpenSSL error far from the config that caused it. Findings never quote the material: reasons are fixed phrases.',
  },
  messages: {
    notCert: '`tlsPemSettings.{field}` does not contain a PEM certificate block (-----BEGIN CERTIFICATE-----).',
    notKey: '`tlsPemSettings.key` does not contain a PEM private key block (-----BEGIN PRIVATE KEY-----).',
    badPem: '{which} in `tlsPemSettings.{field}` is not valid PEM: {reason}. The server cannot load it.{more}',
    notX509:
      '{which} in `tlsPemSettings.{field}` is base64, but the bytes are not an X.509 certificate: {reason}. The server cannot load it.{more}',
    badKey: 'The private key in `tlsPemSettings.key` cannot be read: {reason}. The server cannot load it.',
    encryptedKey:
      'The private key in `tlsPemSettings.key` is encrypted, and the API has no field for its passphrase: the server cannot load it. Send the key unencrypted (decrypt it with `openssl pkey -in key.pem`).',
    mismatch: '`tlsPemSettings.key` does not belong to the certificate in `tlsPemSettings.cert`{detail}.',
    notCompared: {
      text: '`tlsPemSettings.key` was not compared with the certificate in `tlsPemSettings.cert`: {why}.',
      severity: 'info',
    },
    expired: { text: '{which} in `tlsPemSettings.{field}` expired on {date}.{more}', severity: 'warning' },
    notYetValid: {
      text: '{which} in `tlsPemSettings.{field}` is not valid before {date}.{more}',
      severity: 'warning',
    },
  },
  visit: {
    TlsSettings(tls, ctx) {
      // With TLS off the server never loads the material (`tls-ignored` says so): nothing here can fail.
      if (tls.enabled !== true) return;
      const pem = tls.tlsPemSettings;
      if (!isObject(pem)) return;
      let at: string | undefined;
      let leaf: CertificateFacts | undefined;
      // `ca` is checked before `cert`.
      const ca = pem.ca;
      if (typeof ca === 'string' && !isPlaceholder(ca)) {
        at = `${ctx.here()}/tlsPemSettings`;
        checkCertificates(ctx, 'ca', ca, `${at}/ca`);
      }
      const cert = pem.cert;
      if (typeof cert === 'string' && !isPlaceholder(cert)) {
        at ??= `${ctx.here()}/tlsPemSettings`;
        leaf = checkCertificates(ctx, 'cert', cert, `${at}/cert`);
      }
      const key = pem.key;
      if (typeof key !== 'string' || isPlaceholder(key)) return;
      const keyPointer = `${at ?? `${ctx.here()}/tlsPemSettings`}/key`;
      // The server reads the first private-key block; text around it does not matter.
      const [block] = findPemBlocks(key, KEY_LABELS);
      if (!block) return ctx.report({ messageId: 'notKey', pointer: keyPointer });
      const read = readPrivateKey(block);
      if (!read.ok) return ctx.report({ messageId: 'badKey', pointer: keyPointer, data: { reason: read.reason } });
      if (read.value.encrypted) return ctx.report({ messageId: 'encryptedKey', pointer: keyPointer });
      if (!leaf) return;
      const match = matchKey(read.value, leaf);
      if (match.verdict === 'unknown') {
        ctx.report({ messageId: 'notCompared', pointer: keyPointer, data: { why: match.why } });
      } else if (match.verdict === 'mismatch') {
        const detail =
          match.keyType === match.certType
            ? ''
            : ` (${article(match.keyType)} ${match.keyType} key; the certificate holds ${article(match.certType)} ${match.certType} public key)`;
        ctx.report({ messageId: 'mismatch', pointer: keyPointer, data: { detail } });
      }
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: '${TLS_CERT}', key: '${TLS_KEY}' } } }),
        ),
      },
      {
        title: 'with TLS off the server never loads the material (tls-ignored warns)',
        doc: exampleLink(exampleClient({ tlsSettings: { tlsPemSettings: { ca: 'ca', cert: 'cert', key: 'key' } } })),
      },
      {
        title: 'a key that matches its certificate',
        now: '2027-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({
            tlsSettings: { enabled: true, tlsPemSettings: { ca: EXAMPLE_CERT, cert: EXAMPLE_CERT, key: EXAMPLE_KEY } },
          }),
        ),
      },
    ],
    invalid: [
      {
        doc: exampleLink(
          exampleClient({
            tlsSettings: {
              enabled: true,
              tlsPemSettings: { ca: '/etc/ssl/ca.pem', cert: '${TLS_CERT}', key: 'MIIEvQIBADANBg' },
            },
          }),
        ),
        errors: [
          { messageId: 'notCert', pointer: `${PEM}/ca` },
          { messageId: 'notKey', pointer: `${PEM}/key` },
        ],
      },
      {
        title:
          'a truncated certificate, a certificate with a character that is not base64, and a key in a certificate block',
        now: '2027-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({
            tlsSettings: {
              enabled: true,
              tlsPemSettings: { ca: TRUNCATED_CERT + NOT_BASE64_CERT, cert: NOT_X509_CERT, key: '${TLS_KEY}' },
            },
          }),
        ),
        errors: [
          { messageId: 'badPem', pointer: `${PEM}/ca` },
          { messageId: 'notX509', pointer: `${PEM}/cert` },
        ],
      },
      {
        title: 'an encrypted key',
        now: '2027-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: EXAMPLE_CERT, key: ENCRYPTED_KEY } } }),
        ),
        errors: [{ messageId: 'encryptedKey', pointer: `${PEM}/key` }],
      },
      {
        title: 'a key whose base64 does not decode to a private key',
        doc: exampleLink(
          exampleClient({
            tlsSettings: {
              enabled: true,
              tlsPemSettings: {
                cert: '${TLS_CERT}',
                key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg==\n-----END PRIVATE KEY-----\n',
              },
            },
          }),
        ),
        errors: [{ messageId: 'badKey', pointer: `${PEM}/key` }],
      },
      {
        title: 'the key of another certificate',
        now: '2027-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: EXAMPLE_CERT, key: OTHER_KEY } } }),
        ),
        errors: [{ messageId: 'mismatch', pointer: `${PEM}/key` }],
      },
      {
        title: 'an Ed448 key, which does not store its public key',
        now: '2027-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: ED448_CERT, key: ED448_KEY } } }),
        ),
        errors: [{ messageId: 'notCompared', pointer: `${PEM}/key` }],
      },
      {
        title: 'an expired certificate',
        now: '2028-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: EXAMPLE_CERT, key: EXAMPLE_KEY } } }),
        ),
        errors: [{ messageId: 'expired', pointer: `${PEM}/cert` }],
      },
      {
        title: 'a certificate not valid yet',
        now: '2026-01-01T00:00:00Z',
        doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { ca: EXAMPLE_CERT } } })),
        errors: [{ messageId: 'notYetValid', pointer: `${PEM}/ca` }],
      },
    ],
  },
});
