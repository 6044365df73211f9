import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';

/** Enum values written as numbers, short names or in the wrong case (reported by the decoder and the structural validator). */
export default defineRule({
  id: 'enum-spelling',
  severity: 'error',
  appliesTo: 'link',
  docs: {
    description:
      'Enum values should be the full names the spec lists. A short name (`LITERAL`, `SCRAM-SHA-256`) or another case is an error; a known enum number (`1`) is a warning.',
    rationale:
      'The server\'s decoder (bazel/pbgen/main.go, `enum_from_json`) looks enum names up exactly and case-sensitively: an unknown name, including a short or lower-case one, silently becomes `*_UNSPECIFIED`, which a later step refuses ("Invalid cluster link configuration: pattern_type is unspecified"). A JSON integer that is a known enum number is read as that value, so it works, but it is unreadable and not what the spec writes (an unknown number also becomes UNSPECIFIED). Only an integer literal counts: `1.0` or `1e0` in a JSON file is a double token, which the enum reader refuses: that is `parse/enum-decimal`, judged on the text as written. When the intended value is clear, the fix writes the full name.',
  },
  messages: {
    spelling: '`{field}` is a non-standard spelling of "{value}"; the server reads it as UNSPECIFIED.',
    number: {
      text: '`{field}` is the enum number {value}: the server reads it as "{name}", but write the name.',
      severity: 'warning',
    },
  },
  structuralMessages: ['spelling', 'number'],
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          clientOptions: {
            bootstrapServers: ['a:9092'],
            authenticationConfiguration: {
              scramConfiguration: { username: 'u', password: '${PW}', scramMechanism: 'SCRAM-SHA-256' },
            },
          },
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [{ filterType: 'include', name: 'orders', patternType: 1 }],
          },
        }),
        errors: [
          {
            messageId: 'spelling',
            pointer: '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/scramMechanism',
          },
          {
            messageId: 'spelling',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/filterType',
          },
          {
            messageId: 'number',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/patternType',
          },
        ],
        output: exampleLink({
          clientOptions: {
            bootstrapServers: ['a:9092'],
            authenticationConfiguration: {
              scramConfiguration: {
                username: 'u',
                password: '${PW}',
                scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256',
              },
            },
          },
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
      },
      {
        // The short form of an alias the server does not know means the alias's target.
        doc: exampleLink({
          consumerOffsetSyncOptions: {
            groupFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', name: 'team-', patternType: 'PREFIXED' }],
          },
        }),
        errors: [
          { messageId: 'spelling', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/0/patternType' },
        ],
        output: exampleLink({
          consumerOffsetSyncOptions: {
            groupFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', name: 'team-', patternType: 'PATTERN_TYPE_PREFIX' }],
          },
        }),
      },
    ],
  },
});
