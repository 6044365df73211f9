import { defineRule } from '../rule-api/types';
import { exampleResponse, section } from '../rule-api/helpers';
import { own } from '../util/pointer';

/** A non-empty string: a value the server must never return. */
const leaks = (v: unknown): boolean => typeof v === 'string' && v !== '';

/** A response must never carry a password or private key. */
export default defineRule({
  id: 'response-secret-leak',
  severity: 'error',
  appliesTo: 'response-link',
  docs: {
    description: 'A response must not contain a non-empty `password` (PLAIN or SCRAM) or PEM `key`.',
    rationale:
      'Passwords and the client private key are write-only: a correct server never returns them (it may emit them as `""`, and reports `passwordSet`, `passwordSetAt` and `keyFingerprint` instead). A value here means the server, or a proxy in between, leaks credentials into logs and clients.',
  },
  messages: {
    leak: 'The response carries a value in `{field}`; the server must never return it (expected "" or absent). Treat the credential as exposed and rotate it.',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const auth = own(client.value, 'authenticationConfiguration');
    if (leaks(own(own(auth, 'plainConfiguration'), 'password')))
      ctx.report({
        messageId: 'leak',
        pointer: `${client.pointer}/authenticationConfiguration/plainConfiguration/password`,
        data: { field: 'plainConfiguration.password' },
      });
    if (leaks(own(own(auth, 'scramConfiguration'), 'password')))
      ctx.report({
        messageId: 'leak',
        pointer: `${client.pointer}/authenticationConfiguration/scramConfiguration/password`,
        data: { field: 'scramConfiguration.password' },
      });
    if (leaks(own(own(own(client.value, 'tlsSettings'), 'tlsPemSettings'), 'key')))
      ctx.report({
        messageId: 'leak',
        pointer: `${client.pointer}/tlsSettings/tlsPemSettings/key`,
        data: { field: 'tlsPemSettings.key' },
      });
  },
  examples: {
    valid: [
      {
        doc: exampleResponse({
          authenticationConfiguration: {
            scramConfiguration: {
              username: 'u',
              password: '',
              passwordSet: true,
              passwordSetAt: '2026-01-01T00:00:00.000000000Z',
              scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256',
            },
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleResponse({
          authenticationConfiguration: {
            plainConfiguration: {
              username: 'u',
              password: 'hunter2',
              passwordSet: true,
              passwordSetAt: '2026-01-01T00:00:00Z',
            },
          },
          tlsSettings: {
            enabled: true,
            tlsPemSettings: {
              key: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIGZ4\n-----END PRIVATE KEY-----\n',
            },
          },
        }),
        errors: [
          {
            messageId: 'leak',
            pointer: '/shadowLink/configurations/clientOptions/authenticationConfiguration/plainConfiguration/password',
          },
          { messageId: 'leak', pointer: '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/key' },
        ],
      },
    ],
  },
});
