import { defineRule } from '../rule-api/types';
import { child, exampleResponse, objectAt, section } from '../rule-api/helpers';
import { parseServerTimestamp } from '../model/server-scalars';

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
    const auth = objectAt(section(ctx, 'clientOptions'), 'authenticationConfiguration');
    for (const name of ['plainConfiguration', 'scramConfiguration']) {
      const cfg = objectAt(auth, name);
      if (!cfg) continue;
      const set = child(cfg, 'passwordSet')?.value === true;
      const at = child(cfg, 'passwordSetAt');
      const when = typeof at?.value === 'string' ? parseServerTimestamp(at.value) : undefined;
      const hasAt = at !== undefined && when !== undefined && when.epochMillis !== 0;
      if (set && !hasAt)
        ctx.report({
          messageId: 'missingAt',
          pointer: at?.pointer ?? `${cfg.pointer}/passwordSet`,
          data: { auth: name },
        });
      if (!set && hasAt && at) ctx.report({ messageId: 'unexpectedAt', pointer: at.pointer, data: { auth: name } });
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
