import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink, objectAt, section } from '../rule-api/helpers';
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
  check(ctx) {
    const auth = objectAt(section(ctx, 'clientOptions'), 'authenticationConfiguration');
    if (!auth) return;
    const members = ['plainConfiguration', 'scramConfiguration'].filter(
      (k) => Object.hasOwn(auth.value, k) && auth.value[k] !== null,
    );
    if (members.length === 0) ctx.report({ messageId: 'none', pointer: auth.pointer });
    if (members.length === 2) ctx.report({ messageId: 'both', pointer: auth.pointer });
    if (!SERVER_FACTS[ctx.targetVersion].plainAuthentication && members.includes('plainConfiguration'))
      ctx.report({ messageId: 'plainOn253', pointer: `${auth.pointer}/plainConfiguration` });
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
