import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleClient, exampleLink, tlsPairBroken } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** Reports `v`, the `field` of the TLS settings being visited, when it is set to something. */
function ignored(ctx: VisitContext, v: unknown, field: string): void {
  if (v !== undefined && v !== false && v !== null)
    ctx.report({ messageId: 'ignored', pointer: `${ctx.here()}/${field}`, data: { field } });
}

/** TLS material while TLS is off does nothing. */
export default defineRule({
  id: 'tls-ignored',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'TLS material or `doNotSetSniHostname` while `tlsSettings.enabled` is not `true` has no effect — except a key without its certificate (or the reverse), which the server still refuses (`tls-key-cert-pair`).',
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
      // A key without its certificate is refused even with TLS off (tls-key-cert-pair): not ignored.
      const files = tls.tlsFileSettings;
      if (!(isObject(files) && tlsPairBroken(files.keyPath, files.certPath))) ignored(ctx, files, 'tlsFileSettings');
      const pem = tls.tlsPemSettings;
      if (!(isObject(pem) && tlsPairBroken(pem.key, pem.cert))) ignored(ctx, pem, 'tlsPemSettings');
      ignored(ctx, tls.doNotSetSniHostname, 'doNotSetSniHostname');
    },
  },
  examples: {
    valid: [
      { doc: exampleLink(exampleClient({ tlsSettings: { enabled: true, doNotSetSniHostname: true } })) },
      {
        title: 'not ignored where the server refuses the pair (tls-key-cert-pair says so)',
        doc: exampleLink(exampleClient({ tlsSettings: { tlsPemSettings: { key: '${TLS_KEY}' } } })),
      },
    ],
    invalid: [
      {
        doc: exampleLink(exampleClient({ tlsSettings: { tlsFileSettings: { caPath: '/ca.pem' } } })),
        errors: [{ messageId: 'ignored', pointer: '/configurations/clientOptions/tlsSettings/tlsFileSettings' }],
      },
    ],
  },
});
