import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { SERVER_FACTS } from '../facts/server-versions';

/** Fields the server accepts and echoes but never acts on. */
export default defineRule({
  id: 'field-ignored',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'Warns about fields the server accepts but never uses: `sourceClusterId` (never compared with the source cluster), and `connectionTimeoutMs`, `metadataMaxAgeMs` or `retryBackoffMs` set to anything but 0 or their default (stored and echoed, never applied).',
    rationale:
      'The spec says a `sourceClusterId` that differs from the source cluster’s id rejects the connection; the server (25.3 and 26.1) never reads the field: nothing in src/v refers to `source_cluster_id`, and responses carry `"sourceClusterId": ""`. So it protects against nothing. Of the numeric client options, the server passes only the fetch settings to its client (src/v/cluster_link/service.cc) and builds the connection from brokers, TLS, SASL and the client id alone (src/v/cluster_link/utils.cc, `metadata_to_kafka_config`): the connection timeout, metadata age and retry backoff are stored and echoed as `effective*` values but change nothing. These are contract fields, so this is a warning, not an error: the document is valid, it just does not do what it says.',
  },
  messages: {
    sourceClusterId:
      '`sourceClusterId` is accepted but never checked by the server: the connection is not verified against it. Verify the source cluster another way, or remove the field.',
    unapplied:
      '`{field}` is {value}, but the server stores and echoes it without applying it to its connection to the source: it has no effect.',
  },
  visit: {
    ClientOptions(client, ctx) {
      const id = client.sourceClusterId;
      if (typeof id === 'string' && id !== '')
        ctx.report({ messageId: 'sourceClusterId', pointer: `${ctx.here()}/sourceClusterId` });
      const facts = SERVER_FACTS[ctx.targetVersion];
      const fields = facts.unappliedClientOptions;
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i]!;
        // A model field name from the facts, never a document key: read directly.
        const value = client[field];
        // The default written out (as UIs do) changes nothing either, but then nothing is lost.
        if (typeof value === 'number' && value !== 0 && value !== facts.clientOptionDefaults[field])
          ctx.report({ messageId: 'unapplied', pointer: `${ctx.here()}/${field}`, data: { field, value } });
      }
    },
  },
  examples: {
    valid: [
      { doc: exampleLink(exampleClient({ fetchMaxBytes: 10485760, connectionTimeoutMs: 0, sourceClusterId: '' })) },
      {
        title: 'the defaults written out',
        doc: exampleLink(exampleClient({ connectionTimeoutMs: 1000, metadataMaxAgeMs: 10000, retryBackoffMs: 100 })),
      },
    ],
    invalid: [
      {
        doc: exampleLink(
          exampleClient({ sourceClusterId: 'a8c6b5f2-source', connectionTimeoutMs: 5000, retryBackoffMs: 250 }),
        ),
        errors: [
          { messageId: 'sourceClusterId', pointer: '/configurations/clientOptions/sourceClusterId' },
          { messageId: 'unapplied', pointer: '/configurations/clientOptions/connectionTimeoutMs' },
          { messageId: 'unapplied', pointer: '/configurations/clientOptions/retryBackoffMs' },
        ],
      },
    ],
  },
});
