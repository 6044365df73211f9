import { defineRule } from '../src/engine/types';
import { child, exampleLink, nameFilters, stringAt } from '../src/engine/helpers';

/** Filters that can have no effect because the topic is never shadowed. */
export default defineRule({
  id: 'never-shadowed-topic',
  severity: 'warning',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'A LITERAL INCLUDE of `_svc.transform_logs` has no effect. (A PREFIX filter such as `_svc.` also has none; the server refuses it, and `reserved-topic-filter` reports it as an error.)',
    rationale:
      'The service never shadows `_svc.transform_logs` (nor `__consumer_offsets` and `_svc.audit_log`, which are refused outright), and prefix filters never auto-create `_svc` topics: such filters silently do nothing.',
  },
  messages: {
    never:
      '`autoCreateShadowTopicFilters[{i}]` includes "{name}", a topic the service never shadows; remove the filter.',
  },
  check(ctx) {
    for (const [i, f] of nameFilters(ctx, 'topic').entries()) {
      const name = stringAt(f, 'name');
      if (!name) continue;
      const pattern = child(f, 'patternType')?.value;
      if (
        name.value === '_svc.transform_logs' &&
        pattern === 'PATTERN_TYPE_LITERAL' &&
        child(f, 'filterType')?.value === 'FILTER_TYPE_INCLUDE'
      ) {
        ctx.report({ messageId: 'never', pointer: name.pointer, data: { i, name: name.value } });
      }
    }
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: '_svc.mine', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: '_svc.transform_logs', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
        errors: [
          {
            messageId: 'never',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name',
          },
        ],
      },
    ],
  },
});
