import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** Filters that can have no effect because the topic is never shadowed. */
export default defineRule({
  id: 'never-shadowed-topic',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'A LITERAL INCLUDE of `_svc.transform_logs` has no effect. (A PREFIX filter such as `_svc.mine` creates no internal topics either; `reserved-topic-filter` warns about it.)',
    rationale:
      'The server accepts a filter on `_svc.transform_logs`, but the topic syncer never shadows it: only user topics and `_schemas` can be shadowed (src/v/cluster_link/source_topic_syncer.cc, `is_valid_topic`, with the non-user topic list of src/v/model/namespace.h). `__consumer_offsets` and `_svc.audit_log` are refused outright (`reserved-topic-filter`). Such a filter silently does nothing.',
  },
  messages: {
    never:
      '`autoCreateShadowTopicFilters[{i}]` includes "{name}", a topic the service never shadows; remove the filter.',
  },
  // Topic filters only: the section that holds their list is visited (group filters share NameFilter).
  visit: {
    TopicMetadataSyncOptions(options, ctx) {
      const filters = options.autoCreateShadowTopicFilters;
      if (!Array.isArray(filters)) return;
      for (let i = 0; i < filters.length; i++) {
        const f: unknown = filters[i];
        if (!isObject(f)) continue;
        const name = f.name;
        if (
          name === '_svc.transform_logs' &&
          f.patternType === 'PATTERN_TYPE_LITERAL' &&
          f.filterType === 'FILTER_TYPE_INCLUDE'
        ) {
          ctx.report({
            messageId: 'never',
            pointer: `${ctx.here()}/autoCreateShadowTopicFilters/${i}/name`,
            data: { i, name },
          });
        }
      }
    },
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
