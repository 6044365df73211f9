import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

/** Reports `key` without `cert`, or `cert` without `key` (their values), in the `settings` object being visited. */
function pair(
  ctx: VisitContext,
  keyValue: unknown,
  certValue: unknown,
  settings: string,
  key: string,
  cert: string,
): void {
  const hasKey = keyValue !== undefined;
  const hasCert = certValue !== undefined;
  if (hasKey === hasCert) return;
  const present = hasKey ? key : cert;
  const missing = hasKey ? cert : key;
  ctx.report({ messageId: 'unpaired', pointer: `${ctx.here()}/${present}`, data: { settings, present, missing } });
}

/** Client key and certificate come together. */
export default defineRule({
  id: 'tls-key-cert-pair',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description: '`keyPath` and `certPath`, and `key` and `cert`, must be given together or not at all.',
    rationale:
      'A client certificate without its key (or a key without its certificate) cannot be used for mutual TLS; the server refuses the request while converting the TLS settings.',
  },
  messages: { unpaired: '`{settings}.{present}` is given without `{missing}`; give both for mutual TLS, or neither.' },
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
    ],
  },
});
