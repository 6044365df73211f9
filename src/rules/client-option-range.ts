import { defineRule } from '../rule-api/types';
import { child, exampleClient, exampleLink, section } from '../rule-api/helpers';
import { SERVER_FACTS } from '../facts/server-versions';
import { CLIENT_OPTION_DEFAULTS, NUMERIC_CLIENT_OPTIONS } from '../model/client-options';

/** Numeric client options are never negative. */
export default defineRule({
  id: 'client-option-range',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'The numeric client options the server applies (`fetchMaxBytes`, `fetchMinBytes`, `fetchPartitionMaxBytes`, `fetchWaitMaxMs`) must be ≥ 0; 0 means the default.',
    rationale:
      'The server does not check them: only exactly 0 means "the default", and any other value, negative ones included, is stored and used as is by its Kafka client toward the source (src/v/redpanda/admin/services/shadow_link/converter.cc, src/v/cluster_link/service.cc), with unpredictable results. (`connectionTimeoutMs`, `metadataMaxAgeMs` and `retryBackoffMs` are stored but never applied; `field-ignored` reports them.)',
  },
  messages: {
    negative: '`{field}` is {value}; it must not be negative. Use 0 for the default ({default}) or a positive value.',
  },
  check(ctx) {
    const client = section(ctx, 'clientOptions');
    const unapplied = SERVER_FACTS[ctx.targetVersion].unappliedClientOptions;
    for (const field of NUMERIC_CLIENT_OPTIONS) {
      if (unapplied.includes(field)) continue;
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
        doc: exampleLink(exampleClient({ fetchWaitMaxMs: -1 })),
        errors: [{ messageId: 'negative', pointer: '/configurations/clientOptions/fetchWaitMaxMs' }],
      },
    ],
  },
});
