/** Name-filter semantics of the server, and a preview of which topics and groups a link would shadow. */
import { isObject, own } from '../util/pointer';

/** Topics the service never shadows, whatever the filters say. */
export const NEVER_SHADOWED_TOPICS: ReadonlySet<string> = new Set([
  '__consumer_offsets',
  '_svc.audit_log',
  '_svc.transform_logs',
]);

/** Topic names a filter may not name (the spec prints the first as `_consumer_offsets`; both are refused). */
export const RESERVED_FILTER_NAMES: ReadonlySet<string> = new Set([
  '__consumer_offsets',
  '_consumer_offsets',
  '_svc.audit_log',
  '_schemas',
]);

/** Prefixes of internal topics that only a LITERAL INCLUDE naming them exactly can shadow. */
export const INTERNAL_PREFIXES = ['_svc', '__svc'] as const;

/** The Schema Registry topic, shadowed only through `schemaRegistrySyncOptions`. */
export const SCHEMAS_TOPIC = '_schemas';

/** True when a topic name starts with an internal prefix. */
export const isInternalTopic = (name: string): boolean => INTERNAL_PREFIXES.some((p) => name.startsWith(p));

/** Why a name was or was not selected. */
export type Decision =
  | { selected: true; by: 'filter'; filterIndex: number }
  | { selected: false; by: 'filter'; filterIndex: number }
  | { selected: false; by: 'no-include' }
  | { selected: false; by: 'internal-prefix' }
  | { selected: false; by: 'never-shadowed' }
  | { selected: boolean; by: 'schema-registry' };

/** A character trie of PREFIX filter names, each node with the lowest filter index ending there. */
interface PrefixNode {
  index?: number;
  next?: Map<string, PrefixNode>;
}

/**
 * The filters of one type (INCLUDE or EXCLUDE), indexed so that matching a name costs its length,
 * not the list's. LITERAL matches the name exactly or is `*`; PREFIX matches names that start with it
 * (UTF-16 code units, as `startsWith`); other pattern types match nothing.
 */
class TypeIndex {
  star = -1;
  readonly literal = new Map<string, number>();
  readonly prefixes: PrefixNode = {};

  add(patternType: unknown, name: string, i: number): void {
    if (patternType === 'PATTERN_TYPE_LITERAL') {
      if (name === '*' && this.star < 0) this.star = i;
      if (!this.literal.has(name)) this.literal.set(name, i);
    } else if (patternType === 'PATTERN_TYPE_PREFIX') {
      let node = this.prefixes;
      for (let k = 0; k < name.length; k++) {
        const c = name[k]!;
        node.next ??= new Map();
        let child = node.next.get(c);
        if (!child) node.next.set(c, (child = {}));
        node = child;
      }
      if (node.index === undefined) node.index = i;
    }
  }

  /** The lowest index of a filter of this type that matches the name, or -1. */
  first(name: string): number {
    let best = this.star;
    const pick = (i: number | undefined) => {
      if (i !== undefined && (best < 0 || i < best)) best = i;
    };
    pick(this.literal.get(name));
    let node: PrefixNode | undefined = this.prefixes;
    pick(node.index);
    for (let k = 0; k < name.length; k++) {
      node = node.next?.get(name[k]!);
      if (!node) break;
      pick(node.index);
    }
    return best;
  }
}

/** A filter list, indexed once for deciding many names. */
export interface FilterIndex {
  include: TypeIndex;
  exclude: TypeIndex;
}

/** Indexes a filter list (entries that are not filters with a string name match nothing). */
export function indexFilters(filters: readonly unknown[]): FilterIndex {
  const index = { include: new TypeIndex(), exclude: new TypeIndex() };
  filters.forEach((f, i) => {
    if (!isObject(f) || typeof f.name !== 'string') return;
    if (f.filterType === 'FILTER_TYPE_INCLUDE') index.include.add(f.patternType, f.name, i);
    else if (f.filterType === 'FILTER_TYPE_EXCLUDE') index.exclude.add(f.patternType, f.name, i);
  });
  return index;
}

/** Decides one name against an indexed filter list (EXCLUDE wins; else any INCLUDE; empty selects nothing). */
export function decide(filters: FilterIndex, name: string, topic: boolean): Decision {
  const excl = filters.exclude.first(name);
  if (excl >= 0) return { selected: false, by: 'filter', filterIndex: excl };
  if (topic && isInternalTopic(name)) {
    const exact = filters.include.literal.get(name);
    return exact !== undefined
      ? { selected: true, by: 'filter', filterIndex: exact }
      : { selected: false, by: 'internal-prefix' };
  }
  const first = filters.include.first(name);
  return first >= 0 ? { selected: true, by: 'filter', filterIndex: first } : { selected: false, by: 'no-include' };
}

/** One row of a filter preview. */
export interface PreviewEntry {
  name: string;
  selected: boolean;
  /** What decided: a filter (with its index), or a special rule. */
  reason: Decision['by'];
  filterIndex?: number;
  explanation: string;
}

/** What `previewFilters` returns. */
export interface FilterPreview {
  topics: PreviewEntry[];
  groups: PreviewEntry[];
}

function explain(d: Decision, list: string): string {
  switch (d.by) {
    case 'filter':
      return `${d.selected ? 'included' : 'excluded'} by ${list}[${d.filterIndex}]`;
    case 'no-include':
      return 'no INCLUDE filter matches';
    case 'internal-prefix':
      return 'names starting with _svc or __svc need a LITERAL INCLUDE filter naming them exactly';
    case 'never-shadowed':
      return 'this topic is never shadowed';
    case 'schema-registry':
      return d.selected
        ? 'shadowed through schemaRegistrySyncOptions.shadowSchemaRegistryTopic (if it exists on the source and is absent or empty on the shadow cluster)'
        : '_schemas ignores the filters: set schemaRegistrySyncOptions.shadowSchemaRegistryTopic to shadow it';
  }
}

function entry(name: string, d: Decision, list: string): PreviewEntry {
  const e: PreviewEntry = { name, selected: d.selected, reason: d.by, explanation: explain(d, list) };
  if (d.by === 'filter') e.filterIndex = d.filterIndex;
  return e;
}

/** The names argument of `previewFilters`, checked: a `TypeError` names what is wrong. */
function checkNames(names: unknown): { topics: readonly string[]; groups: readonly string[] } {
  const shape = 'previewFilters: the second argument must be { topics?: string[], groups?: string[] }';
  if (!isObject(names)) throw new TypeError(`${shape}.`);
  const list = (key: 'topics' | 'groups'): readonly string[] => {
    const v = own(names, key);
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw new TypeError(`${shape}; "${key}" is not an array.`);
    const bad = v.findIndex((x) => typeof x !== 'string');
    if (bad >= 0) throw new TypeError(`${shape}; ${key}[${bad}] is not a string.`);
    return v as string[];
  };
  return { topics: list('topics'), groups: list('groups') };
}

/**
 * Which of the given topics and consumer groups a shadow link configuration (the `configurations`
 * object, or a whole link) would shadow, and what decided each, per the server's filter semantics.
 * Any value is accepted as the configuration (what is not a filter matches nothing); `names` must be
 * `{ topics?: string[], groups?: string[] }`, otherwise a `TypeError` says what is wrong. The cost
 * is linear in the sizes of the filter lists and of the names.
 */
export function previewFilters(
  shadowLinkConfig: unknown,
  names: { topics?: readonly string[]; groups?: readonly string[] },
): FilterPreview {
  const { topics, groups } = checkNames(names);
  const cfg = isObject(own(shadowLinkConfig, 'configurations'))
    ? own(shadowLinkConfig, 'configurations')
    : shadowLinkConfig;
  const topicFilters = own(own(cfg, 'topicMetadataSyncOptions'), 'autoCreateShadowTopicFilters');
  const groupFilters = own(own(cfg, 'consumerOffsetSyncOptions'), 'groupFilters');
  const schemaRegistry = own(own(cfg, 'schemaRegistrySyncOptions'), 'shadowSchemaRegistryTopic') !== undefined;
  const tf = indexFilters(Array.isArray(topicFilters) ? topicFilters : []);
  const gf = indexFilters(Array.isArray(groupFilters) ? groupFilters : []);
  const topicList = 'autoCreateShadowTopicFilters';
  return {
    topics: topics.map((name) => {
      if (NEVER_SHADOWED_TOPICS.has(name)) return entry(name, { selected: false, by: 'never-shadowed' }, topicList);
      if (name === SCHEMAS_TOPIC) return entry(name, { selected: schemaRegistry, by: 'schema-registry' }, topicList);
      return entry(name, decide(tf, name, true), topicList);
    }),
    groups: groups.map((name) => entry(name, decide(gf, name, false), 'groupFilters')),
  };
}
