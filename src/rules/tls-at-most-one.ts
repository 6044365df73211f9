import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** TLS material as files or inline PEM, not both. */
export default defineRule({
  id: 'tls-at-most-one',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      '`tlsSettings` may hold `tlsFileSettings` or `tlsPemSettings`, not both (neither is fine: the system trust store is used).',
    rationale:
      'The spec marks both as "required", an artefact of how the oneof was rendered; on the server it is a oneof and the JSON decoder silently keeps the later member, so which certificates are used depends on key order.',
  },
  messages: {
    both: '`tlsSettings` has both `tlsFileSettings` and `tlsPemSettings`; the server keeps only one. Remove one of them.',
  },
  visit: {
    TlsSettings(tls, ctx) {
      if (isObject(tls.tlsFileSettings) && isObject(tls.tlsPemSettings))
        ctx.report({ messageId: 'both', pointer: ctx.here() });
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, tlsFileSettings: { caPath: '/etc/ca.pem' } } })),
      },
    ],
    invalid: [
      {
        doc: exampleLink(
          exampleClient({
            tlsSettings: {
              enabled: true,
              tlsFileSettings: { caPath: '/ca.pem' },
              tlsPemSettings: { ca: '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----' },
            },
          }),
        ),
        errors: [{ messageId: 'both', pointer: '/configurations/clientOptions/tlsSettings' }],
      },
    ],
  },
});
