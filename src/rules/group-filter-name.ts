import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink, globData } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** The pointer of `groupFilters[i].name` under the visited section: built only to report. */
const namePointer = (ctx: VisitContext, i: number): string => `${ctx.here()}/groupFilters/${i}/name`;

/** Consumer-group filters: the same `*` rules as topic filters. */
export default defineRule({
  id: 'group-filter-name',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'Group filter names follow the topic rules for `*`: a lone `*` only with LITERAL, no `*` inside a name, and not empty.',
    rationale:
      'The server does not check group filters at all, so a PREFIX `*` is accepted and matches only groups whose names literally start with `*` — that is, none — and `app*` matches nothing.',
  },
  messages: {
    empty: '`groupFilters[{i}].name` is empty or missing, so it matches no group.',
    glob: '`groupFilters[{i}].name` is {value}: filters are not globs, so it matches no group. Use PATTERN_TYPE_PREFIX with {prefix}.',
    starPrefix:
      '`groupFilters[{i}]` is a PREFIX filter on "*", which matches only group names starting with "*"; use PATTERN_TYPE_LITERAL for all groups.',
  },
  // Group filters only: the section that holds their list is visited (topic filters share NameFilter).
  visit: {
    ConsumerOffsetSyncOptions(options, ctx) {
      const filters = options.groupFilters;
      if (!Array.isArray(filters)) return;
      for (let i = 0; i < filters.length; i++) {
        const f: unknown = filters[i];
        if (!isObject(f)) continue;
        const v = f.name;
        // An absent name is the empty string to protobuf.
        if (v === undefined || v === '') {
          ctx.report({ messageId: 'empty', pointer: namePointer(ctx, i), data: { i } });
          continue;
        }
        if (typeof v !== 'string') continue;
        if (v === '*' && f.patternType === 'PATTERN_TYPE_PREFIX')
          ctx.report({ messageId: 'starPrefix', pointer: namePointer(ctx, i), data: { i } });
        else if (v !== '*' && v.includes('*')) {
          ctx.report({ messageId: 'glob', pointer: namePointer(ctx, i), data: { i, ...globData(v) } });
        }
      }
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          consumerOffsetSyncOptions: {
            groupFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', name: 'app-', patternType: 'PATTERN_TYPE_PREFIX' }],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          consumerOffsetSyncOptions: {
            groupFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_PREFIX' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'app*', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_EXCLUDE', name: '', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_EXCLUDE', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
        }),
        errors: [
          { messageId: 'starPrefix', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/0/name' },
          { messageId: 'glob', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/1/name' },
          { messageId: 'empty', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/2/name' },
          { messageId: 'empty', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/3/name' },
        ],
      },
    ],
  },
});
