import { defineRule } from '../rule-api/types';
import { exampleLink, nameFilters, type FilterList } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/**
 * First index per combination of filter fields, in nested maps keyed by the values themselves (no
 * key strings are built). Only JSON scalars are keys: a field that is an object or array is the
 * structural check's business, and such a value is never turned into text.
 */
class FirstIndex {
  private readonly root = new Map<unknown, unknown>();

  /** The index recorded for these field values, or undefined. */
  get(parts: readonly unknown[]): number | undefined {
    let node: unknown = this.root;
    for (const p of parts) {
      if (!(node instanceof Map)) return undefined;
      node = node.get(p);
    }
    return typeof node === 'number' ? node : undefined;
  }

  /** Records `index` for these field values unless one is recorded; false when they cannot be keys. */
  add(parts: readonly unknown[], index: number): boolean {
    if (parts.some((p) => p !== null && typeof p === 'object')) return false;
    let node = this.root;
    for (const [i, p] of parts.entries()) {
      if (i === parts.length - 1) {
        if (!node.has(p)) node.set(p, index);
        return true;
      }
      let next = node.get(p) as Map<unknown, unknown> | undefined;
      if (!next) node.set(p, (next = new Map()));
      node = next;
    }
    return true;
  }
}

const LISTS: [FilterList, string][] = [
  ['topic', 'autoCreateShadowTopicFilters'],
  ['group', 'groupFilters'],
];

/** Duplicate, contradictory and redundant filters. */
export default defineRule({
  id: 'filter-redundant',
  severity: 'warning',
  appliesTo: 'request-link',
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
      const star = filters.findIndex(
        (f) =>
          isObject(f.value) &&
          f.value.filterType === 'FILTER_TYPE_INCLUDE' &&
          f.value.patternType === 'PATTERN_TYPE_LITERAL' &&
          f.value.name === '*',
      );
      // One pass to index the first EXCLUDE of each pattern, one to compare: linear in the list's length.
      const excludes = new FirstIndex();
      for (const [i, f] of filters.entries()) {
        const v = f.value;
        if (isObject(v) && v.filterType === 'FILTER_TYPE_EXCLUDE') excludes.add([v.patternType, v.name], i);
      }
      const seen = new FirstIndex();
      for (const [i, f] of filters.entries()) {
        const v = f.value;
        if (!isObject(v)) continue;
        const parts = [v.filterType, v.patternType, v.name];
        const first = seen.get(parts);
        if (first !== undefined) {
          ctx.report({ messageId: 'duplicate', pointer: f.pointer, data: { list, i, j: first } });
          continue;
        }
        if (!seen.add(parts, i)) continue;
        if (v.filterType !== 'FILTER_TYPE_INCLUDE') continue;
        const j = excludes.get([v.patternType, v.name]);
        if (j !== undefined)
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
