import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

type MessageId = 'missing' | 'empty' | 'mechanism';

/** Reports `v`, the `field` of `member` (the object being visited), when it is missing or empty. */
function credential(ctx: VisitContext<MessageId>, v: unknown, member: string, field: string): void {
  if (v === undefined) ctx.report({ messageId: 'missing', pointer: `${ctx.here()}/${field}`, data: { member, field } });
  else if (v === '') ctx.report({ messageId: 'empty', pointer: `${ctx.here()}/${field}`, data: { member, field } });
}

/** SASL credentials: non-empty user and password; SCRAM needs a mechanism. */
export default defineRule<MessageId>({
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
  visit: {
    PlainConfiguration(plain, ctx) {
      credential(ctx, plain.username, 'plainConfiguration', 'username');
      credential(ctx, plain.password, 'plainConfiguration', 'password');
    },
    ScramConfiguration(scram, ctx) {
      credential(ctx, scram.username, 'scramConfiguration', 'username');
      credential(ctx, scram.password, 'scramConfiguration', 'password');
      if (scram.scramMechanism === undefined)
        ctx.report({ messageId: 'mechanism', pointer: `${ctx.here()}/scramMechanism` });
    },
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
