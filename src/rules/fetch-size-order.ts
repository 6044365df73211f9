import { defineRule } from '../rule-api/types';
import { child, exampleClient, exampleLink, section } from '../rule-api/helpers';
import { describeAmount, SERVER_FACTS } from '../facts/server-versions';

const show = (n: number) => describeAmount('fetchMaxBytes', n);

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
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const defaults = SERVER_FACTS[ctx.targetVersion].clientOptionDefaults;
    const eff = (name: 'fetchMaxBytes' | 'fetchMinBytes' | 'fetchPartitionMaxBytes') => {
      const v = child(client, name)?.value;
      const given = typeof v === 'number' && v > 0;
      return { value: given ? v : defaults[name], defaulted: !given };
    };
    const max = eff('fetchMaxBytes');
    const defaultedAbove: ('fetchMinBytes' | 'fetchPartitionMaxBytes')[] = [];
    for (const small of ['fetchMinBytes', 'fetchPartitionMaxBytes'] as const) {
      const s = eff(small);
      if (s.value <= max.value || (s.defaulted && max.defaulted)) continue;
      if (s.defaulted) {
        defaultedAbove.push(small);
        continue;
      }
      ctx.report({
        messageId: 'order',
        pointer: `${client.pointer}/${small}`,
        data: {
          small,
          smallValue: show(s.value),
          maxValue: show(max.value),
          maxDefault: max.defaulted ? ' (the default)' : '',
        },
      });
    }
    if (defaultedAbove.length > 0) {
      ctx.report({
        messageId: 'belowDefaults',
        pointer: `${client.pointer}/fetchMaxBytes`,
        data: {
          maxValue: show(max.value),
          names: defaultedAbove.map((n) => `\`${n}\` (${show(defaults[n])})`).join(' and '),
          them: defaultedAbove.length > 1 ? 'them' : 'it',
        },
      });
    }
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
