import { defineRule } from '../rule-api/types';
import { exampleResponse, objectAt, section, stringAt } from '../rule-api/helpers';

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
    const auth = objectAt(client, 'authenticationConfiguration');
    const candidates = [
      ['plainConfiguration.password', stringAt(objectAt(auth, 'plainConfiguration'), 'password')],
      ['scramConfiguration.password', stringAt(objectAt(auth, 'scramConfiguration'), 'password')],
      ['tlsPemSettings.key', stringAt(objectAt(client, 'tlsSettings', 'tlsPemSettings'), 'key')],
    ] as const;
    for (const [field, v] of candidates)
      if (v && v.value !== '') ctx.report({ messageId: 'leak', pointer: v.pointer, data: { field } });
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
