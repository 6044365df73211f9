import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** Whether every filter of a non-empty list is an EXCLUDE. */
function excludeOnly(filters: readonly unknown[]): boolean {
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (!isObject(f) || f.filterType !== 'FILTER_TYPE_EXCLUDE') return false;
  }
  return true;
}

/** `filters`, the filter list `list` of the visited section. */
function checkList(ctx: VisitContext, filters: unknown, list: string): void {
  if (!Array.isArray(filters)) return;
  if (filters.length === 0) ctx.report({ messageId: 'empty', pointer: `${ctx.here()}/${list}`, data: { list } });
  else if (excludeOnly(filters))
    ctx.report({ messageId: 'excludeOnly', pointer: `${ctx.here()}/${list}`, data: { list } });
}

/** Filter lists that select nothing. */
export default defineRule({
  id: 'filter-selects-nothing',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description: 'A topic or group filter list that is empty or has only EXCLUDE filters selects nothing.',
    rationale:
      'Names are selected only when an INCLUDE filter matches them; EXCLUDE filters only take names away. An exclude-only list is a common way to write "everything except", and silently shadows nothing. Add an INCLUDE `*` LITERAL filter.',
  },
  messages: {
    empty: '`{list}` is empty, so nothing is selected; add an INCLUDE filter (e.g. "*" LITERAL) or remove the list.',
    excludeOnly:
      '`{list}` has only EXCLUDE filters, so nothing is selected; add an INCLUDE filter, e.g. "*" with PATTERN_TYPE_LITERAL.',
  },
  // A verdict on a whole list: the section that holds it is visited.
  visit: {
    TopicMetadataSyncOptions(options, ctx) {
      checkList(ctx, options.autoCreateShadowTopicFilters, 'autoCreateShadowTopicFilters');
    },
    ConsumerOffsetSyncOptions(options, ctx) {
      checkList(ctx, options.groupFilters, 'groupFilters');
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          consumerOffsetSyncOptions: {
            groupFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' }],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_EXCLUDE', name: 'tmp.', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
          consumerOffsetSyncOptions: { groupFilters: [] },
        }),
        errors: [
          {
            messageId: 'excludeOnly',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters',
          },
          { messageId: 'empty', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters' },
        ],
      },
    ],
  },
});
