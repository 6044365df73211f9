import { defineRule, type RuleContext } from '../rule-api/types';
import { exampleLink, filterListAt, type Located } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** Whether every filter of a non-empty list is an EXCLUDE. */
function excludeOnly(filters: readonly unknown[]): boolean {
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (!isObject(f) || f.filterType !== 'FILTER_TYPE_EXCLUDE') return false;
  }
  return true;
}

/** One filter list (`list`: its key). */
function checkList(ctx: RuleContext, node: Located | undefined, list: string): void {
  if (!node || !Array.isArray(node.value)) return;
  if (node.value.length === 0) ctx.report({ messageId: 'empty', pointer: node.pointer, data: { list } });
  else if (excludeOnly(node.value)) ctx.report({ messageId: 'excludeOnly', pointer: node.pointer, data: { list } });
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
  check(ctx) {
    checkList(ctx, filterListAt(ctx, 'topic'), 'autoCreateShadowTopicFilters');
    checkList(ctx, filterListAt(ctx, 'group'), 'groupFilters');
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
