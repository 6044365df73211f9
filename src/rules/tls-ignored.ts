import { defineRule } from '../rule-api/types';
import { child, exampleClient, exampleLink, objectAt, section } from '../rule-api/helpers';

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
  check(ctx) {
    const tls = objectAt(section(ctx, 'clientOptions'), 'tlsSettings');
    if (!tls || tls.value.enabled === true) return;
    for (const field of ['tlsFileSettings', 'tlsPemSettings', 'doNotSetSniHostname']) {
      const v = child(tls, field);
      if (v && v.value !== false && v.value !== null)
        ctx.report({ messageId: 'ignored', pointer: v.pointer, data: { field } });
    }
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
