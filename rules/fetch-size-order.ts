import { defineRule } from '../src/engine/types';
import { child, exampleClient, exampleLink, section } from '../src/engine/helpers';
import { CLIENT_OPTION_DEFAULTS } from '../src/model/client-options';

const MiB = 1024 * 1024;
const show = (n: number) => (n % MiB === 0 ? `${n / MiB} MiB` : `${n} bytes`);

/** Fetch sizes in a sensible order once defaults apply. */
export default defineRule({
  id: 'fetch-size-order',
  severity: 'warning',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'After defaults are applied, `fetchMinBytes` and `fetchPartitionMaxBytes` should not exceed `fetchMaxBytes`.',
    rationale:
      'Defaults are 20 MiB max, 5 MiB min and 5 MiB per partition. Lowering only `fetchMaxBytes` (say to 1 MiB) leaves the 5 MiB minimum above the maximum: fetches wait for data they can never return and replication stalls until `fetchWaitMaxMs`.',
  },
  messages: {
    belowDefaults:
      '`fetchMaxBytes` is {maxValue}, below the default {names} ({defaultValue}); set {them} to at most {maxValue} as well, or raise `fetchMaxBytes`.',
    order:
      '`{small}` is {smallValue}, more than `fetchMaxBytes` {maxValue}{maxDefault}; set `{small}` to at most {maxValue}.',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const eff = (name: 'fetchMaxBytes' | 'fetchMinBytes' | 'fetchPartitionMaxBytes') => {
      const v = child(client, name)?.value;
      const given = typeof v === 'number' && v > 0;
      return { value: given ? v : CLIENT_OPTION_DEFAULTS[name].value, defaulted: !given };
    };
    const max = eff('fetchMaxBytes');
    const defaultedAbove: string[] = [];
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
          names: defaultedAbove.map((n) => `\`${n}\``).join(' and '),
          defaultValue: show(CLIENT_OPTION_DEFAULTS[defaultedAbove[0] as 'fetchMinBytes'].value),
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
