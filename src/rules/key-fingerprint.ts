import { defineRule } from '../rule-api/types';
import { exampleResponse, section } from '../rule-api/helpers';
import { own } from '../util/pointer';
import { isSha256Base64 } from '../facts/fingerprint';

/** `keyFingerprint` is a base64 SHA-256 digest. */
export default defineRule({
  id: 'key-fingerprint',
  severity: 'error',
  appliesTo: 'response-link',
  docs: {
    description:
      '`tlsPemSettings.keyFingerprint` must be standard padded base64 of 32 bytes (a SHA-256 digest, 44 characters). With the request at hand, `checkExchange` also checks that it is the digest of the key that was sent.',
    rationale:
      'The fingerprint is the only way to confirm which private key the server holds, since the key itself is never returned. Anything else (hex, unpadded, a different hash) cannot be compared with a local `sha256` of the PEM text.',
  },
  messages: {
    shape: 'keyFingerprint "{value}" is not padded base64 of a 32-byte SHA-256 digest (44 characters ending in "=").',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const fp = own(own(own(client.value, 'tlsSettings'), 'tlsPemSettings'), 'keyFingerprint');
    if (typeof fp === 'string' && !isSha256Base64(fp))
      ctx.report({
        messageId: 'shape',
        pointer: `${client.pointer}/tlsSettings/tlsPemSettings/keyFingerprint`,
        data: { value: fp.slice(0, 80) },
      });
  },
  examples: {
    valid: [
      {
        doc: exampleResponse({
          tlsSettings: {
            enabled: true,
            tlsPemSettings: { key: '', keyFingerprint: '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' },
          },
        }),
      },
    ],
    invalid: [
      {
        title: 'a hex digest',
        doc: exampleResponse({
          tlsSettings: {
            enabled: true,
            tlsPemSettings: { keyFingerprint: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
          },
        }),
        errors: [
          {
            messageId: 'shape',
            pointer: '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/keyFingerprint',
          },
        ],
      },
    ],
  },
});
