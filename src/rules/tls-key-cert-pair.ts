import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink, ownObject, section } from '../rule-api/helpers';
import { own } from '../util/pointer';

const PAIRS = [
  ['tlsFileSettings', 'keyPath', 'certPath'],
  ['tlsPemSettings', 'key', 'cert'],
] as const;

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
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const tls = ownObject(client.value, 'tlsSettings');
    if (!tls) return;
    for (let i = 0; i < PAIRS.length; i++) {
      const pair = PAIRS[i]!;
      const settings = pair[0];
      const key = pair[1];
      const cert = pair[2];
      const s = ownObject(tls, settings);
      if (!s) continue;
      const hasKey = own(s, key) !== undefined;
      const hasCert = own(s, cert) !== undefined;
      if (hasKey && !hasCert)
        ctx.report({
          messageId: 'unpaired',
          pointer: `${client.pointer}/tlsSettings/${settings}/${key}`,
          data: { settings, present: key, missing: cert },
        });
      if (hasCert && !hasKey)
        ctx.report({
          messageId: 'unpaired',
          pointer: `${client.pointer}/tlsSettings/${settings}/${cert}`,
          data: { settings, present: cert, missing: key },
        });
    }
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
