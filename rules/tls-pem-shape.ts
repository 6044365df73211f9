import { createPrivateKey, X509Certificate } from 'node:crypto';
import { defineRule } from '../src/engine/types';
import { exampleClient, exampleLink, objectAt, section, stringAt } from '../src/engine/helpers';
import { isPlaceholder } from '../src/secrets/placeholder';
import { EXAMPLE_CERT, EXAMPLE_KEY, OTHER_KEY } from '../src/engine/example-pem';

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
const KEY_BLOCK =
  /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]*?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

// Parsing a certificate is the most expensive step of a lint; the same PEM text is seen again and again.
const parsed = new Map<string, X509Certificate | undefined>();

function parseCert(pem: string): X509Certificate | undefined {
  if (parsed.has(pem)) return parsed.get(pem);
  let cert: X509Certificate | undefined;
  try {
    cert = new X509Certificate(pem);
  } catch {
    cert = undefined;
  }
  if (parsed.size >= 64) parsed.delete(parsed.keys().next().value!);
  parsed.set(pem, cert);
  return cert;
}

/** Inline PEM: certificate and key blocks, key matching cert, validity period. */
export default defineRule({
  id: 'tls-pem-shape',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      '`ca` and `cert` must hold `-----BEGIN CERTIFICATE-----` blocks and `key` a private-key block. Where Node can parse them: the key must match the certificate (error); an expired or not-yet-valid certificate is a warning. `${ENV_VAR}` placeholders are skipped.',
    rationale:
      'A path pasted into `ca`, a key in `cert` or a truncated block is accepted by the request decoder and fails only when the shadow cluster connects, as a TLS handshake error far from the config that caused it.',
  },
  messages: {
    notCert: '`tlsPemSettings.{field}` does not contain a PEM certificate block (-----BEGIN CERTIFICATE-----).',
    notKey: '`tlsPemSettings.key` does not contain a PEM private key block (-----BEGIN PRIVATE KEY-----).',
    mismatch: '`tlsPemSettings.key` does not belong to the certificate in `tlsPemSettings.cert`.',
    expired: { text: 'The certificate in `tlsPemSettings.{field}` expired on {date}.', severity: 'warning' },
    notYetValid: {
      text: 'The certificate in `tlsPemSettings.{field}` is not valid before {date}.',
      severity: 'warning',
    },
  },
  check(ctx) {
    const pem = objectAt(section(ctx, 'clientOptions'), 'tlsSettings', 'tlsPemSettings');
    let leaf: X509Certificate | undefined;
    for (const field of ['ca', 'cert']) {
      const v = stringAt(pem, field);
      if (!v || isPlaceholder(v.value)) continue;
      const blocks = v.value.match(CERT_BLOCK);
      if (!blocks) {
        ctx.report({ messageId: 'notCert', pointer: v.pointer, data: { field } });
        continue;
      }
      const first = parseCert(blocks[0]);
      if (field === 'cert') leaf = first;
      for (const block of blocks) {
        const cert = parseCert(block);
        if (!cert) continue;
        if (Date.parse(cert.validTo) < ctx.now.getTime()) {
          ctx.report({
            messageId: 'expired',
            pointer: v.pointer,
            data: { field, date: new Date(cert.validTo).toISOString() },
          });
        } else if (Date.parse(cert.validFrom) > ctx.now.getTime()) {
          ctx.report({
            messageId: 'notYetValid',
            pointer: v.pointer,
            data: { field, date: new Date(cert.validFrom).toISOString() },
          });
        }
      }
    }
    const key = stringAt(pem, 'key');
    if (!key || isPlaceholder(key.value)) return;
    const block = KEY_BLOCK.exec(key.value);
    if (!block) return ctx.report({ messageId: 'notKey', pointer: key.pointer });
    if (!leaf) return;
    try {
      if (!leaf.checkPrivateKey(createPrivateKey(block[0])))
        ctx.report({ messageId: 'mismatch', pointer: key.pointer });
    } catch {
      // An encrypted or unsupported key cannot be compared here; the server has the final word.
    }
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: '${TLS_CERT}', key: '${TLS_KEY}' } } }),
        ),
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
          { messageId: 'notCert', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/ca' },
          { messageId: 'notKey', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/key' },
        ],
      },
      {
        title: 'the key of another certificate',
        now: '2027-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: EXAMPLE_CERT, key: OTHER_KEY } } }),
        ),
        errors: [{ messageId: 'mismatch', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/key' }],
      },
      {
        title: 'an expired certificate',
        now: '2028-01-01T00:00:00Z',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { cert: EXAMPLE_CERT, key: EXAMPLE_KEY } } }),
        ),
        errors: [{ messageId: 'expired', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/cert' }],
      },
      {
        title: 'a certificate not valid yet',
        now: '2026-01-01T00:00:00Z',
        doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { ca: EXAMPLE_CERT } } })),
        errors: [{ messageId: 'notYetValid', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/ca' }],
      },
    ],
  },
});
