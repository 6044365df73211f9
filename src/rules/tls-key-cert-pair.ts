import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { own, type JsonObject } from '../util/pointer';

/** Reports `key` without `cert`, or `cert` without `key`, in `s` (the `settings` object being visited). */
function pair(ctx: VisitContext, s: JsonObject, settings: string, key: string, cert: string): void {
  const hasKey = own(s, key) !== undefined;
  const hasCert = own(s, cert) !== undefined;
  if (hasKey && !hasCert)
    ctx.report({
      messageId: 'unpaired',
      pointer: `${ctx.here()}/${key}`,
      data: { settings, present: key, missing: cert },
    });
  if (hasCert && !hasKey)
    ctx.report({
      messageId: 'unpaired',
      pointer: `${ctx.here()}/${cert}`,
      data: { settings, present: cert, missing: key },
    });
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
      pair(ctx, files, 'tlsFileSettings', 'keyPath', 'certPath');
    },
    TlsPemSettings(pem, ctx) {
      pair(ctx, pem, 'tlsPemSettings', 'key', 'cert');
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
