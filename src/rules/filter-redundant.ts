import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink, type FilterList } from '../rule-api/helpers';
import { isObject, type JsonObject } from '../util/pointer';
import { isInternalTopic } from '../facts/filters';

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

/** Up to this many filters the lists are compared pairwise: no index is built, nothing is allocated. */
const PAIRWISE_MAX = 16;

/** Equal as Map keys are (SameValueZero): `===`, and NaN equals itself. */
const same = (a: unknown, b: unknown): boolean => a === b || (a !== a && b !== b);

/** Usable as a FirstIndex key: a scalar (null included), not an object or array. */
const keyable = (v: unknown): boolean => v === null || typeof v !== 'object';

/** The index of the first INCLUDE LITERAL `*` filter, or -1. */
function starIndex(filters: readonly unknown[]): number {
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    // The name first: `*` is one character, and most names differ from it by length alone.
    if (
      isObject(f) &&
      f.name === '*' &&
      f.filterType === 'FILTER_TYPE_INCLUDE' &&
      f.patternType === 'PATTERN_TYPE_LITERAL'
    )
      return i;
  }
  return -1;
}

/** The index of the first EXCLUDE filter, or -1: no EXCLUDE filter comes before it, so searches start there. */
function firstExcludeIndex(filters: readonly unknown[]): number {
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (isObject(f) && f.filterType === 'FILTER_TYPE_EXCLUDE') return i;
  }
  return -1;
}

/** Whether a filter could be recorded by `seen` (an object whose three fields are all scalars). */
function recordable(f: unknown): f is JsonObject {
  return isObject(f) && keyable(f.filterType) && keyable(f.patternType) && keyable(f.name);
}

/** The first filter before `i` with the same three fields as `v`, or undefined (what `seen.get` finds). */
function firstSameBefore(filters: readonly unknown[], i: number, v: JsonObject): number | undefined {
  for (let j = 0; j < i; j++) {
    const g = filters[j];
    // The name differs most often, so it goes first; whether `g` could be recorded is asked last.
    if (
      isObject(g) &&
      same(g.name, v.name) &&
      same(g.patternType, v.patternType) &&
      same(g.filterType, v.filterType) &&
      recordable(g)
    )
      return j;
  }
  return undefined;
}

/**
 * The first EXCLUDE filter anywhere with the pattern type and name of `v`, or undefined (what
 * `excludes.get` finds); `from`: the first EXCLUDE filter's index (none before it can match).
 */
function firstExclude(filters: readonly unknown[], from: number, v: JsonObject): number | undefined {
  for (let j = from; j < filters.length; j++) {
    const g = filters[j];
    if (
      isObject(g) &&
      g.filterType === 'FILTER_TYPE_EXCLUDE' &&
      same(g.name, v.name) &&
      same(g.patternType, v.patternType) &&
      keyable(g.patternType) &&
      keyable(g.name)
    )
      return j;
  }
  return undefined;
}

/**
 * Whether two filters of a short list have the same name (`same`): a duplicate and a contradiction
 * both need one. Names are compared by length first (an integer each), text only when that agrees.
 */
function anySameName(filters: readonly unknown[]): boolean {
  for (let i = 1; i < filters.length; i++) {
    const v = filters[i];
    if (!isObject(v)) continue;
    const name = v.name;
    const length = typeof name === 'string' ? name.length : -1;
    for (let j = 0; j < i; j++) {
      const g = filters[j];
      if (!isObject(g)) continue;
      const other = g.name;
      if (length >= 0 && typeof other === 'string' ? other.length === length && other === name : same(other, name))
        return true;
    }
  }
  return false;
}

/** An internal topic name (`_svc…`, `__svc…`), which an INCLUDE `*` does not cover. */
const isInternal = (name: unknown): boolean => typeof name === 'string' && isInternalTopic(name);

/**
 * The checks on `filters`, the list `list` of the visited section; `which`: the list's kind.
 * Pointers are built from `ctx.here()`, and only to report.
 */
function checkList(ctx: VisitContext, filters: unknown, which: FilterList, list: string): void {
  if (!Array.isArray(filters) || filters.length === 0) return;
  const star = starIndex(filters);
  const pairwise = filters.length <= PAIRWISE_MAX;
  if (pairwise && !anySameName(filters)) {
    // No duplicate and no contradiction: only the INCLUDE filters a `*` covers are left to report.
    if (star < 0) return;
    for (let i = 0; i < filters.length; i++) {
      const v: unknown = filters[i];
      if (i === star || !isObject(v) || v.filterType !== 'FILTER_TYPE_INCLUDE' || !recordable(v)) continue;
      if (!(which === 'topic' && isInternal(v.name)))
        ctx.report({ messageId: 'coveredByStar', pointer: `${ctx.here()}/${list}/${i}`, data: { list, i, j: star } });
    }
    return;
  }
  // Pairwise: where the EXCLUDE filters start (-1: none, and no INCLUDE can contradict one).
  let exclude = -1;
  // Longer lists: one pass to index the first EXCLUDE of each pattern, one to compare (linear in the length).
  let excludes: FirstIndex | undefined;
  let seen: FirstIndex | undefined;
  if (pairwise) exclude = firstExcludeIndex(filters);
  else {
    excludes = new FirstIndex();
    for (let i = 0; i < filters.length; i++) {
      const v: unknown = filters[i];
      if (isObject(v) && v.filterType === 'FILTER_TYPE_EXCLUDE') excludes.add([v.patternType, v.name], i);
    }
    seen = new FirstIndex();
  }
  for (let i = 0; i < filters.length; i++) {
    const v: unknown = filters[i];
    if (!isObject(v)) continue;
    let first: number | undefined;
    if (pairwise) first = firstSameBefore(filters, i, v);
    else {
      const parts = [v.filterType, v.patternType, v.name];
      first = seen!.get(parts);
      if (first === undefined && !seen!.add(parts, i)) continue;
    }
    if (first !== undefined) {
      ctx.report({ messageId: 'duplicate', pointer: `${ctx.here()}/${list}/${i}`, data: { list, i, j: first } });
      continue;
    }
    if (v.filterType !== 'FILTER_TYPE_INCLUDE') continue;
    if (pairwise && !recordable(v)) continue;
    const j = pairwise
      ? exclude < 0
        ? undefined
        : firstExclude(filters, exclude, v)
      : excludes!.get([v.patternType, v.name]);
    if (j !== undefined)
      ctx.report({
        messageId: 'contradiction',
        pointer: `${ctx.here()}/${list}/${i}`,
        data: { list, i, j, name: String(v.name) },
      });
    else if (star >= 0 && star !== i && !(which === 'topic' && isInternal(v.name))) {
      ctx.report({ messageId: 'coveredByStar', pointer: `${ctx.here()}/${list}/${i}`, data: { list, i, j: star } });
    }
  }
}

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
  // Each list is compared within itself: the section that holds it is visited, not its items.
  visit: {
    TopicMetadataSyncOptions(options, ctx) {
      checkList(ctx, options.autoCreateShadowTopicFilters, 'topic', 'autoCreateShadowTopicFilters');
    },
    ConsumerOffsetSyncOptions(options, ctx) {
      checkList(ctx, options.groupFilters, 'group', 'groupFilters');
    },
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
