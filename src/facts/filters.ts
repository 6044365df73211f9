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

/** A name filter as the matcher reads it. */
export interface NameFilterValue {
  filterType?: unknown;
  name?: unknown;
  patternType?: unknown;
}

/** True when a topic name starts with an internal prefix. */
export const isInternalTopic = (name: string): boolean => INTERNAL_PREFIXES.some((p) => name.startsWith(p));

/** True when the filter matches the name (LITERAL exact or `*`, PREFIX starts-with); other pattern types match nothing. */
export function filterMatches(filter: NameFilterValue, name: string): boolean {
  if (typeof filter.name !== 'string') return false;
  if (filter.patternType === 'PATTERN_TYPE_LITERAL') return filter.name === '*' || filter.name === name;
  if (filter.patternType === 'PATTERN_TYPE_PREFIX') return name.startsWith(filter.name);
  return false;
}

/** Why a name was or was not selected. */
export type Decision =
  | { selected: true; by: 'filter'; filterIndex: number }
  | { selected: false; by: 'filter'; filterIndex: number }
  | { selected: false; by: 'no-include' }
  | { selected: false; by: 'internal-prefix' }
  | { selected: false; by: 'never-shadowed' }
  | { selected: boolean; by: 'schema-registry' };

/** Decides one name against a filter list (EXCLUDE wins; else any INCLUDE; empty selects nothing). */
export function decide(filters: readonly unknown[], name: string, topic: boolean): Decision {
  const list = filters.filter(isObject) as NameFilterValue[];
  const excl = list.findIndex((f) => f.filterType === 'FILTER_TYPE_EXCLUDE' && filterMatches(f, name));
  if (excl >= 0) return { selected: false, by: 'filter', filterIndex: filters.indexOf(list[excl]) };
  const includes = list
    .map((f) => ({ f, i: filters.indexOf(f) }))
    .filter(({ f }) => f.filterType === 'FILTER_TYPE_INCLUDE' && filterMatches(f, name));
  if (topic && isInternalTopic(name)) {
    const exact = includes.find(({ f }) => f.patternType === 'PATTERN_TYPE_LITERAL' && f.name === name);
    return exact ? { selected: true, by: 'filter', filterIndex: exact.i } : { selected: false, by: 'internal-prefix' };
  }
  const first = includes[0];
  return first ? { selected: true, by: 'filter', filterIndex: first.i } : { selected: false, by: 'no-include' };
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

/**
 * Which of the given topics and consumer groups a shadow link configuration (the `configurations`
 * object, or a whole link) would shadow, and what decided each, per the server's filter semantics.
 */
export function previewFilters(
  shadowLinkConfig: unknown,
  names: { topics?: readonly string[]; groups?: readonly string[] },
): FilterPreview {
  const cfg = isObject(own(shadowLinkConfig, 'configurations'))
    ? own(shadowLinkConfig, 'configurations')
    : shadowLinkConfig;
  const topicFilters = own(own(cfg, 'topicMetadataSyncOptions'), 'autoCreateShadowTopicFilters');
  const groupFilters = own(own(cfg, 'consumerOffsetSyncOptions'), 'groupFilters');
  const schemaRegistry = own(own(cfg, 'schemaRegistrySyncOptions'), 'shadowSchemaRegistryTopic') !== undefined;
  const tf = Array.isArray(topicFilters) ? topicFilters : [];
  const gf = Array.isArray(groupFilters) ? groupFilters : [];
  const topicList = 'autoCreateShadowTopicFilters';
  return {
    topics: (names.topics ?? []).map((name) => {
      if (NEVER_SHADOWED_TOPICS.has(name)) return entry(name, { selected: false, by: 'never-shadowed' }, topicList);
      if (name === SCHEMAS_TOPIC) return entry(name, { selected: schemaRegistry, by: 'schema-registry' }, topicList);
      return entry(name, decide(tf, name, true), topicList);
    }),
    groups: (names.groups ?? []).map((name) => entry(name, decide(gf, name, false), 'groupFilters')),
  };
}
