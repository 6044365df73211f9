import { defineRule } from '../src/engine/types';
import { exampleLink } from '../src/engine/helpers';

/** Enum values written as numbers, short names or in the wrong case (reported by the structural validator). */
export default defineRule({
  id: 'enum-spelling',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest', 'CreateShadowLinkResponse'],
  docs: {
    description:
      'Enum values must be the full names the spec lists: not a number, not a short name (`LITERAL`, `SCRAM-SHA-256`), not another case.',
    rationale:
      'The server parses enum names exactly and case-sensitively; an unknown name or number silently becomes `*_UNSPECIFIED`, which a later step refuses with a vague message. When the intended value is clear, the fix writes the full name.',
  },
  messages: { spelling: '`{field}` is a non-standard spelling of "{value}".' },
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
            messageId: 'spelling',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/patternType',
          },
        ],
      },
    ],
  },
});
