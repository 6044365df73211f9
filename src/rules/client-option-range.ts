import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
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
  visit: {
    ClientOptions(client, ctx) {
      // Options are seldom negative: one pass over the fields present tells whether any number is.
      let negative = false;
      for (const key in client) {
        const value = client[key];
        if (typeof value === 'number' && value < 0) {
          negative = true;
          break;
        }
      }
      if (!negative) return;
      for (let i = 0; i < NUMERIC_CLIENT_OPTIONS.length; i++) {
        const field = NUMERIC_CLIENT_OPTIONS[i]!;
        // A model field name, never a document key: read directly.
        const value = client[field];
        if (typeof value !== 'number' || !(value < 0)) continue;
        if (SERVER_FACTS[ctx.targetVersion].unappliedClientOptions.includes(field)) continue;
        ctx.report({
          messageId: 'negative',
          pointer: `${ctx.here()}/${field}`,
          data: { field, value, default: CLIENT_OPTION_DEFAULTS[field].text },
        });
      }
    },
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
