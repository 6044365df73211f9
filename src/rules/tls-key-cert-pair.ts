import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleClient, exampleLink, tlsGiven, tlsPairBroken } from '../rule-api/helpers';

/** Reports `key` without `cert`, or `cert` without `key` (their values), in the `settings` object being visited. */
function pair(
  ctx: VisitContext,
  keyValue: unknown,
  certValue: unknown,
  settings: string,
  key: string,
  cert: string,
): void {
  if (!tlsPairBroken(keyValue, certValue)) return;
  const present = tlsGiven(keyValue) ? key : cert;
  const missing = present === key ? cert : key;
  ctx.report({ messageId: 'unpaired', pointer: `${ctx.here()}/${present}`, data: { settings, present, missing } });
}

/** Client key and certificate come together. */
export default defineRule({
  id: 'tls-key-cert-pair',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      '`keyPath` and `certPath`, and `key` and `cert`, must be given together or not at all; an empty string counts as not given. Checked whether TLS is enabled or not.',
    rationale:
      'A client certificate without its key (or a key without its certificate) cannot be used for mutual TLS; the server refuses the request while converting the TLS settings ("Must provide both key and cert or neither", src/v/redpanda/admin/services/shadow_link/converter.cc, the TLS file and PEM branches). It reads an empty string as absent, and it converts the TLS settings even when `enabled` is false.',
  },
  messages: {
    unpaired:
      '`{settings}.{present}` is given without `{missing}` (an empty one counts as none); the server refuses the pair, even with TLS disabled. Give both for mutual TLS, or neither.',
  },
  visit: {
    TlsFileSettings(files, ctx) {
      pair(ctx, files.keyPath, files.certPath, 'tlsFileSettings', 'keyPath', 'certPath');
    },
    TlsPemSettings(pem, ctx) {
      pair(ctx, pem.key, pem.cert, 'tlsPemSettings', 'key', 'cert');
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: true, tlsFileSettings: { certPath: '/c.pem', keyPath: '/k.pem' } } }),
        ),
      },
    ],
    invalid: [
      {
        doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, tlsFileSettings: { certPath: '/c.pem' } } })),
        errors: [
          { messageId: 'unpaired', pointer: '/configurations/clientOptions/tlsSettings/tlsFileSettings/certPath' },
        ],
      },
      {
        doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, tlsPemSettings: { key: '${TLS_KEY}' } } })),
        errors: [{ messageId: 'unpaired', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/key' }],
      },
      {
        title: 'an empty key is none, and TLS off does not spare the check',
        doc: exampleLink(
          exampleClient({ tlsSettings: { enabled: false, tlsFileSettings: { keyPath: '', certPath: '/c.pem' } } }),
        ),
        errors: [
          { messageId: 'unpaired', pointer: '/configurations/clientOptions/tlsSettings/tlsFileSettings/certPath' },
        ],
      },
    ],
  },
});
