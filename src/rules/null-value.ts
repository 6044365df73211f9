import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

/** `null` where the server refuses it, or where it silently drops it (reported by the decoder and the structural validator). */
export default defineRule({
  id: 'null-value',
  severity: 'error',
  appliesTo: 'protobuf-json',
  docs: {
    description:
      '`null` is refused for a string, number, boolean or enum field, and skipped as an entry of a list of objects. (For an object or list field `null` means "not set" and is fine.)',
    rationale:
      'The server\'s decoder (bazel/pbgen/main.go) checks for `null` only where a message, a list or a map is expected, and treats it as unset there. A scalar or enum reader throws on `null` (src/v/serde/protobuf/json.cc: "expected string, got: value_null"), so the whole request fails with "invalid request input" — `{"nodeId": null}` included. In a list of objects a `null` entry is skipped without a word, so the list the server uses is shorter than the one written.',
  },
  messages: {
    scalar:
      '`{field}` is null, which the server refuses for {what} ("invalid request input"). Remove the key to leave it unset.',
    entry: {
      text: 'This entry is null: the server skips it, so the list is shorter than written. Remove it.',
      severity: 'warning',
    },
  },
  structuralMessages: ['scalar', 'entry'],
  examples: {
    valid: [
      { doc: exampleLink(exampleClient({ tlsSettings: null, authenticationConfiguration: null })) },
      { kind: 'GetBrokerRequest', doc: {} },
    ],
    invalid: [
      {
        kind: 'GetBrokerRequest',
        doc: { nodeId: null },
        errors: [{ messageId: 'scalar', pointer: '/nodeId' }],
      },
      {
        doc: exampleLink({
          ...exampleClient({ sourceClusterId: null }),
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              null,
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
        errors: [
          { messageId: 'scalar', pointer: '/configurations/clientOptions/sourceClusterId' },
          { messageId: 'entry', pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0' },
        ],
        output: exampleLink({
          ...exampleClient({ sourceClusterId: null }),
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
      },
    ],
  },
});
