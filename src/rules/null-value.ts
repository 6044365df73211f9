import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

/** `null` where the server refuses it, or where it silently drops it (reported by the decoder and the structural validator). */
export default defineRule({
  id: 'null-value',
  severity: 'error',
  appliesTo: 'protobuf-json',
  docs: {
    description:
      '`null` is refused for a string, number, boolean or enum field, and skipped as an entry of a list of objects. For an object or list field — Durations and Timestamps included, which are messages — `null` means "not set" and is fine, except where setting the field was the point: `startAtLatest: null` and `shadowSchemaRegistryTopic: null` leave the choice unset, the opposite of what they say (an error), and `startAtEarliest: null` does the same as the default (a warning).',
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
    markerOpposite:
      '`{field}` is null, which leaves the choice unset: {effect}, the opposite of what `{field}` says. Write `{field}: {}` (in YAML, not the key with nothing after the colon).',
    markerSame: {
      text: '`startAtEarliest` is null, which leaves the choice unset: replication starts at the earliest offset anyway (the default), by luck. Write `startAtEarliest: {}` (in YAML, not the key with nothing after the colon).',
      severity: 'warning',
    },
  },
  structuralMessages: ['scalar', 'entry', 'markerOpposite', 'markerSame'],
  examples: {
    valid: [
      { doc: exampleLink(exampleClient({ tlsSettings: null, authenticationConfiguration: null })) },
      {
        title: 'a Duration or Timestamp is a message: null leaves it unset',
        doc: exampleLink({ ...exampleClient(), topicMetadataSyncOptions: { interval: null, startAtTimestamp: null } }),
      },
      { kind: 'GetBrokerRequest', doc: {} },
    ],
    invalid: [
      {
        title: 'an empty-message choice written as null is not made',
        doc: exampleLink({
          ...exampleClient(),
          topicMetadataSyncOptions: { startAtLatest: null },
          schemaRegistrySyncOptions: { shadowSchemaRegistryTopic: null },
        }),
        errors: [
          { messageId: 'markerOpposite', pointer: '/configurations/topicMetadataSyncOptions/startAtLatest' },
          {
            messageId: 'markerOpposite',
            pointer: '/configurations/schemaRegistrySyncOptions/shadowSchemaRegistryTopic',
          },
        ],
      },
      {
        doc: exampleLink({ ...exampleClient(), topicMetadataSyncOptions: { startAtEarliest: null } }),
        errors: [{ messageId: 'markerSame', pointer: '/configurations/topicMetadataSyncOptions/startAtEarliest' }],
      },
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
