import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** SASL/PLAIN without TLS sends the password in clear text. */
export default defineRule({
  id: 'plain-without-tls',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description: 'SASL/PLAIN authentication should only be used with `tlsSettings.enabled: true`.',
    rationale:
      'SASL/PLAIN sends the password as is: without TLS it crosses the network in clear text between the clusters. Enable TLS or use SCRAM.',
  },
  messages: {
    plaintext:
      'SASL/PLAIN is used while TLS is not enabled: the password crosses the network in clear text. Set `tlsSettings.enabled: true` or use SCRAM.',
  },
  visit: {
    // Both sections sit in the client options.
    ClientOptions(client, ctx) {
      const auth = client.authenticationConfiguration;
      if (!isObject(auth) || !isObject(auth.plainConfiguration)) return;
      const tls = client.tlsSettings;
      if (!isObject(tls) || tls.enabled !== true)
        ctx.report({
          messageId: 'plaintext',
          pointer: `${ctx.here()}/authenticationConfiguration/plainConfiguration`,
        });
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({
            authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${PW}' } },
            tlsSettings: { enabled: true },
          }),
        ),
      },
    ],
    invalid: [
      {
        doc: exampleLink(
          exampleClient({ authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${PW}' } } }),
        ),
        errors: [
          {
            messageId: 'plaintext',
            pointer: '/configurations/clientOptions/authenticationConfiguration/plainConfiguration',
          },
        ],
      },
    ],
  },
});
