import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { own } from '../util/pointer';

const FIELDS = ['tlsFileSettings', 'tlsPemSettings', 'doNotSetSniHostname'];

/** TLS material while TLS is off does nothing. */
export default defineRule({
  id: 'tls-ignored',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description: 'TLS material or `doNotSetSniHostname` while `tlsSettings.enabled` is not `true` has no effect.',
    rationale:
      'TLS is used only when `enabled` is true. Certificates configured without it are silently unused and the connection goes out in plain text, which is rarely what the author meant.',
  },
  messages: {
    ignored:
      '`tlsSettings.{field}` is set but `tlsSettings.enabled` is not true, so it is ignored. Set `enabled: true` or remove it.',
  },
  visit: {
    TlsSettings(tls, ctx) {
      if (tls.enabled === true) return;
      for (let i = 0; i < FIELDS.length; i++) {
        const field = FIELDS[i]!;
        const v = own(tls, field);
        if (v !== undefined && v !== false && v !== null)
          ctx.report({ messageId: 'ignored', pointer: `${ctx.here()}/${field}`, data: { field } });
      }
    },
  },
  examples: {
    valid: [{ doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, doNotSetSniHostname: true } })) }],
    invalid: [
      {
        doc: exampleLink(exampleClient({ tlsSettings: { tlsFileSettings: { caPath: '/ca.pem' } } })),
        errors: [{ messageId: 'ignored', pointer: '/configurations/clientOptions/tlsSettings/tlsFileSettings' }],
      },
    ],
  },
});
