import { defineRule } from '../rule-api/types';
import { exampleResponse, section } from '../rule-api/helpers';
import { isObject, own } from '../util/pointer';
import { parseServerTimestamp } from '../model/server-scalars';

/** The two password mechanisms, in the order the check reports them. */
const MECHANISMS: readonly string[] = ['plainConfiguration', 'scramConfiguration'];

/** `passwordSet` and `passwordSetAt` agree. */
export default defineRule({
  id: 'password-set-at',
  severity: 'warning',
  appliesTo: 'response-link',
  docs: {
    description:
      '`passwordSetAt` holds a time exactly when `passwordSet` is true (the Unix epoch, which the server writes for an unset time, counts as no time).',
    rationale:
      'A correct server reports `passwordSet: true` with `passwordSetAt` = the time the password was stored (src/v/redpanda/admin/services/shadow_link/converter.cc, `update_timestamps`). It writes every field of the message, so an unset time appears as `"1970-01-01T00:00:00.000000000Z"` rather than being left out. A real time without `passwordSet`, or `passwordSet` without one, means the response was assembled wrongly, and tools that rotate credentials by age will misjudge it.',
  },
  messages: {
    missingAt:
      '{auth}.passwordSet is true but passwordSetAt is missing; a server that stored the password reports when.',
    unexpectedAt: '{auth}.passwordSetAt is present while passwordSet is not true.',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const auth = own(client.value, 'authenticationConfiguration');
    for (let m = 0; m < MECHANISMS.length; m++) {
      const name = MECHANISMS[m]!;
      const cfg = own(auth, name);
      if (!isObject(cfg)) continue;
      const set = own(cfg, 'passwordSet') === true;
      const at = own(cfg, 'passwordSetAt');
      const when = typeof at === 'string' ? parseServerTimestamp(at) : undefined;
      const hasAt = when !== undefined && when.epochMillis !== 0;
      if (set === hasAt) continue;
      const cfgPointer = `${client.pointer}/authenticationConfiguration/${name}`;
      if (set)
        ctx.report({
          messageId: 'missingAt',
          pointer: at !== undefined ? `${cfgPointer}/passwordSetAt` : `${cfgPointer}/passwordSet`,
          data: { auth: name },
        });
      else ctx.report({ messageId: 'unexpectedAt', pointer: `${cfgPointer}/passwordSetAt`, data: { auth: name } });
    }
  },
  examples: {
    valid: [
      {
        title: 'no password: the server writes the epoch',
        doc: exampleResponse({
          authenticationConfiguration: {
            plainConfiguration: {
              username: 'u',
              password: '',
              passwordSet: false,
              passwordSetAt: '1970-01-01T00:00:00.000000000Z',
            },
          },
        }),
      },
      {
        doc: exampleResponse({
          authenticationConfiguration: {
            plainConfiguration: {
              username: 'u',
              password: '',
              passwordSet: true,
              passwordSetAt: '2026-01-01T00:00:00Z',
            },
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleResponse({
          authenticationConfiguration: { plainConfiguration: { username: 'u', passwordSet: true } },
        }),
        errors: [
          {
            messageId: 'missingAt',
            pointer:
              '/shadowLink/configurations/clientOptions/authenticationConfiguration/plainConfiguration/passwordSet',
          },
        ],
      },
      {
        doc: exampleResponse({
          authenticationConfiguration: {
            scramConfiguration: {
              username: 'u',
              passwordSet: false,
              passwordSetAt: '2026-01-01T00:00:00Z',
              scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
            },
          },
        }),
        errors: [
          {
            messageId: 'unexpectedAt',
            pointer:
              '/shadowLink/configurations/clientOptions/authenticationConfiguration/scramConfiguration/passwordSetAt',
          },
        ],
      },
    ],
  },
});
