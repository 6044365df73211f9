import { defineRule } from '../src/engine/types';
import { child, exampleClient, exampleLink, section } from '../src/engine/helpers';
import { CLIENT_OPTION_DEFAULTS, NUMERIC_CLIENT_OPTIONS } from '../src/model/client-options';

/** Numeric client options are never negative. */
export default defineRule({
  id: 'client-option-range',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'The numeric client options (`connectionTimeoutMs`, `fetchMaxBytes`, …) must be ≥ 0; 0 means the default.',
    rationale:
      'The server does not check them: a negative timeout or size is stored and used as is by the internal Kafka client, with unpredictable results.',
  },
  messages: {
    negative: '`{field}` is {value}; it must not be negative. Use 0 for the default ({default}) or a positive value.',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    for (const field of NUMERIC_CLIENT_OPTIONS) {
      const v = child(client, field);
      if (v && typeof v.value === 'number' && v.value < 0) {
        ctx.report({
          messageId: 'negative',
          pointer: v.pointer,
          data: { field, value: v.value, default: CLIENT_OPTION_DEFAULTS[field].text },
        });
      }
    }
  },
  examples: {
    valid: [{ doc: exampleLink(exampleClient({ connectionTimeoutMs: 0, fetchWaitMaxMs: 250 })) }],
    invalid: [
      {
        doc: exampleLink(exampleClient({ connectionTimeoutMs: -1 })),
        errors: [{ messageId: 'negative', pointer: '/configurations/clientOptions/connectionTimeoutMs' }],
      },
    ],
  },
});
