import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink, ownObject, section } from '../rule-api/helpers';
import { own } from '../util/pointer';

const MEMBERS = ['plainConfiguration', 'scramConfiguration'];
const FIELDS = ['username', 'password'];

/** SASL credentials: non-empty user and password; SCRAM needs a mechanism. */
export default defineRule({
  id: 'auth-credentials',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'PLAIN and SCRAM need a non-empty `username` and `password`; SCRAM also needs `scramMechanism` SHA-256 or SHA-512 (see `unspecified-enum` for an explicit UNSPECIFIED).',
    rationale:
      'The server refuses missing or empty credentials and a missing SCRAM mechanism while converting the request (src/v/redpanda/admin/services/shadow_link/converter.cc, `create_authn_settings`), with a message that does not say which field: "Invalid cluster link configuration: When setting SCRAM configuration, must provide username, password, and mechanism" (or "When setting PLAIN configuration, must provide username and password").',
  },
  messages: {
    missing: '`{member}.{field}` is missing; SASL authentication needs it.',
    empty: '`{member}.{field}` is empty; SASL authentication needs a value.',
    mechanism:
      '`scramConfiguration.scramMechanism` is missing; set "SCRAM_MECHANISM_SCRAM_SHA_256" or "SCRAM_MECHANISM_SCRAM_SHA_512".',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const auth = ownObject(client.value, 'authenticationConfiguration');
    if (!auth) return;
    for (let i = 0; i < MEMBERS.length; i++) {
      const member = MEMBERS[i]!;
      const m = ownObject(auth, member);
      if (!m) continue;
      for (let j = 0; j < FIELDS.length; j++) {
        const field = FIELDS[j]!;
        const v = own(m, field);
        if (v === undefined)
          ctx.report({
            messageId: 'missing',
            pointer: `${client.pointer}/authenticationConfiguration/${member}/${field}`,
            data: { member, field },
          });
        else if (v === '')
          ctx.report({
            messageId: 'empty',
            pointer: `${client.pointer}/authenticationConfiguration/${member}/${field}`,
            data: { member, field },
          });
      }
      if (member === 'scramConfiguration' && own(m, 'scramMechanism') === undefined) {
        ctx.report({
          messageId: 'mechanism',
          pointer: `${client.pointer}/authenticationConfiguration/${member}/scramMechanism`,
        });
      }
    }
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({
            authenticationConfiguration: {
              scramConfiguration: { username: 'u', password: '${PW}', scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512' },
            },
          }),
        ),
      },
    ],
    invalid: [
      {
        doc: exampleLink(exampleClient({ authenticationConfiguration: { scramConfiguration: { username: '' } } })),
        errors: [
          {
            messageId: 'empty',
            pointer: '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/username',
          },
          {
            messageId: 'missing',
            pointer: '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/password',
          },
          {
            messageId: 'mechanism',
            pointer: '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/scramMechanism',
          },
        ],
      },
    ],
  },
});
