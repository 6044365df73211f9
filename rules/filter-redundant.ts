import { defineRule } from '../src/engine/types';
import { exampleLink, nameFilters, type FilterList } from '../src/engine/helpers';
import { isObject } from '../src/util/pointer';

const LISTS: [FilterList, string][] = [
  ['topic', 'autoCreateShadowTopicFilters'],
  ['group', 'groupFilters'],
];

/** Duplicate, contradictory and redundant filters. */
export default defineRule({
  id: 'filter-redundant',
  severity: 'warning',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'Flags duplicate filters, a name both INCLUDEd and EXCLUDEd (EXCLUDE always wins), and (info) INCLUDE filters made redundant by an INCLUDE `*`.',
    rationale:
      'The server does not check for any of this. Such lists usually mean the author expected order to matter; it does not — any matching EXCLUDE wins.',
  },
  messages: {
    duplicate: '`{list}[{i}]` repeats `{list}[{j}]`; remove it.',
    contradiction:
      '`{list}[{i}]` INCLUDEs "{name}" which `{list}[{j}]` EXCLUDEs; EXCLUDE always wins, so this INCLUDE has no effect.',
    coveredByStar: {
      text: '`{list}[{i}]` is redundant: `{list}[{j}]` already INCLUDEs every name with "*".',
      severity: 'info',
    },
  },
  check(ctx) {
    for (const [which, list] of LISTS) {
      const filters = nameFilters(ctx, which);
      const key = (v: unknown) =>
        isObject(v) ? `${String(v.filterType)}\u0000${String(v.patternType)}\u0000${String(v.name)}` : undefined;
      const seen = new Map<string, number>();
      const star = filters.findIndex(
        (f) =>
          isObject(f.value) &&
          f.value.filterType === 'FILTER_TYPE_INCLUDE' &&
          f.value.patternType === 'PATTERN_TYPE_LITERAL' &&
          f.value.name === '*',
      );
      for (const [i, f] of filters.entries()) {
        const v = f.value;
        if (!isObject(v)) continue;
        const k = key(v)!;
        const first = seen.get(k);
        if (first !== undefined) {
          ctx.report({ messageId: 'duplicate', pointer: f.pointer, data: { list, i, j: first } });
          continue;
        }
        seen.set(k, i);
        if (v.filterType !== 'FILTER_TYPE_INCLUDE') continue;
        const j = filters.findIndex(
          (g) =>
            isObject(g.value) &&
            g.value.filterType === 'FILTER_TYPE_EXCLUDE' &&
            g.value.name === v.name &&
            g.value.patternType === v.patternType,
        );
        if (j >= 0)
          ctx.report({ messageId: 'contradiction', pointer: f.pointer, data: { list, i, j, name: String(v.name) } });
        else if (
          star >= 0 &&
          star !== i &&
          !(which === 'topic' && typeof v.name === 'string' && /^_{1,2}svc/.test(v.name))
        ) {
          ctx.report({ messageId: 'coveredByStar', pointer: f.pointer, data: { list, i, j: star } });
        }
      }
    }
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: '_svc.keep', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_EXCLUDE', name: 'tmp.', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          consumerOffsetSyncOptions: {
            groupFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'app', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'app', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_EXCLUDE', name: 'app', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'web.', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
        }),
        errors: [
          { messageId: 'contradiction', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/0' },
          { messageId: 'duplicate', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/1' },
          { messageId: 'coveredByStar', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/4' },
        ],
      },
    ],
  },
});
