import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { describeAmount, SERVER_FACTS } from '../facts/server-versions';

const show = (n: number) => describeAmount('fetchMaxBytes', n);

const SMALL = ['fetchMinBytes', 'fetchPartitionMaxBytes'] as const;

/** A fetch size as written when it is given (a positive number); 0 when the default applies. */
const given = (v: unknown): number => (typeof v === 'number' && v > 0 ? v : 0);

/** Fetch sizes in a sensible order once defaults apply. */
export default defineRule({
  id: 'fetch-size-order',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'After defaults are applied, `fetchMinBytes` and `fetchPartitionMaxBytes` should not exceed `fetchMaxBytes`.',
    rationale:
      'The server applies the fetch sizes to its client toward the source (src/v/cluster_link/service.cc); 0 means the default: 20 MiB max, 5 MiB min and 5 MiB per partition (1 MiB per partition on 25.3; src/v/cluster_link/model/types.h). Lowering only `fetchMaxBytes` (say to 1 MiB) leaves the 5 MiB minimum above the maximum: fetches wait for data they can never return and replication stalls until `fetchWaitMaxMs`.',
  },
  messages: {
    belowDefaults:
      '`fetchMaxBytes` is {maxValue}, below the default {names}; set {them} to at most {maxValue} as well, or raise `fetchMaxBytes`.',
    order:
      '`{small}` is {smallValue}, more than `fetchMaxBytes` {maxValue}{maxDefault}; set `{small}` to at most {maxValue}.',
  },
  visit: {
    ClientOptions(client, ctx) {
      const maxGiven = given(client.fetchMaxBytes);
      const minGiven = given(client.fetchMinBytes);
      const partitionGiven = given(client.fetchPartitionMaxBytes);
      // All three left to their defaults: a default is never compared with the default maximum.
      if (maxGiven === 0 && minGiven === 0 && partitionGiven === 0) return;
      const defaults = SERVER_FACTS[ctx.targetVersion].clientOptionDefaults;
      const maxDefaulted = maxGiven === 0;
      const max = maxDefaulted ? defaults.fetchMaxBytes : maxGiven;
      // Which of SMALL are above the maximum only by their defaults, as bits (1 << index).
      let defaultedAbove = 0;
      for (let i = 0; i < SMALL.length; i++) {
        const small = SMALL[i]!;
        // SMALL lists fetchMinBytes first.
        const smallGiven = i === 0 ? minGiven : partitionGiven;
        const defaulted = smallGiven === 0;
        const value = defaulted ? defaults[small] : smallGiven;
        if (value <= max || (defaulted && maxDefaulted)) continue;
        if (defaulted) {
          defaultedAbove |= 1 << i;
          continue;
        }
        ctx.report({
          messageId: 'order',
          pointer: `${ctx.here()}/${small}`,
          data: {
            small,
            smallValue: show(value),
            maxValue: show(max),
            maxDefault: maxDefaulted ? ' (the default)' : '',
          },
        });
      }
      if (defaultedAbove !== 0) {
        const names = SMALL.filter((_, i) => (defaultedAbove & (1 << i)) !== 0);
        ctx.report({
          messageId: 'belowDefaults',
          pointer: `${ctx.here()}/fetchMaxBytes`,
          data: {
            maxValue: show(max),
            names: names.map((n) => `\`${n}\` (${show(defaults[n])})`).join(' and '),
            them: names.length > 1 ? 'them' : 'it',
          },
        });
      }
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink(
          exampleClient({ fetchMaxBytes: 8388608, fetchMinBytes: 1048576, fetchPartitionMaxBytes: 1048576 }),
        ),
      },
    ],
    invalid: [
      {
        title: 'only fetchMaxBytes lowered',
        doc: exampleLink(exampleClient({ fetchMaxBytes: 1048576 })),
        errors: [{ messageId: 'belowDefaults', pointer: '/configurations/clientOptions/fetchMaxBytes' }],
      },
      {
        doc: exampleLink(exampleClient({ fetchPartitionMaxBytes: 33554432 })),
        errors: [{ messageId: 'order', pointer: '/configurations/clientOptions/fetchPartitionMaxBytes' }],
      },
    ],
  },
});
