import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { SERVER_FACTS } from '../facts/server-versions';

/** `authenticationConfiguration` holds exactly one of PLAIN or SCRAM. */
export default defineRule({
  id: 'auth-exactly-one',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'When `authenticationConfiguration` is present it must hold exactly one of `plainConfiguration` or `scramConfiguration`.',
    rationale:
      'It is a protobuf oneof. `{}` is refused by the server ("Invalid cluster link configuration: authentication_configuration is set but not provided"; src/v/redpanda/admin/services/shadow_link/converter.cc); with both members the JSON decoder silently keeps the later one, so the credentials actually used depend on key order. To use no SASL at all, omit the whole object. A 25.3 server has no `plainConfiguration`: it ignores the key, so a PLAIN-only configuration is refused the same way.',
  },
  messages: {
    plainOn253:
      '`plainConfiguration` does not exist on a 25.3 server: it ignores the key and refuses the request ("authentication_configuration is set but not provided"). Use SCRAM, or target 26.1.',
    none: '`authenticationConfiguration` is empty; add `plainConfiguration` or `scramConfiguration`, or remove the object for no SASL authentication.',
    both: '`authenticationConfiguration` has both `plainConfiguration` and `scramConfiguration`; the server would silently keep only one. Remove one.',
  },
  visit: {
    AuthenticationConfiguration(auth, ctx) {
      // Plain data holds no `undefined`: a member is set when it is there and not null.
      const plainValue = auth.plainConfiguration;
      const scramValue = auth.scramConfiguration;
      const plain = plainValue !== undefined && plainValue !== null;
      const scram = scramValue !== undefined && scramValue !== null;
      if (!plain && !scram) ctx.report({ messageId: 'none', pointer: ctx.here() });
      if (plain && scram) ctx.report({ messageId: 'both', pointer: ctx.here() });
      if (plain && !SERVER_FACTS[ctx.targetVersion].plainAuthentication)
        ctx.report({ messageId: 'plainOn253', pointer: `${ctx.here()}/plainConfiguration` });
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({ authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${PW}' } } }),
        ),
      },
    ],
    invalid: [
      {
        doc: exampleLink(exampleClient({ authenticationConfiguration: {} })),
        errors: [{ messageId: 'none', pointer: '/configurations/clientOptions/authenticationConfiguration' }],
      },
      {
        doc: exampleLink(
          exampleClient({
            authenticationConfiguration: {
              plainConfiguration: { username: 'u', password: '${PW}' },
              scramConfiguration: { username: 'u', password: '${PW}', scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256' },
            },
          }),
        ),
        errors: [{ messageId: 'both', pointer: '/configurations/clientOptions/authenticationConfiguration' }],
      },
      {
        targetVersion: '25.3',
        doc: exampleLink(
          exampleClient({ authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${PW}' } } }),
        ),
        errors: [
          {
            messageId: 'plainOn253',
            pointer: '/configurations/clientOptions/authenticationConfiguration/plainConfiguration',
          },
        ],
      },
    ],
  },
});
