import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { INTERNAL_PREFIXES, RESERVED_FILTER_NAMES } from '../facts/filters';
import { isObject } from '../util/pointer';

/**
 * The first characters of the reserved names and internal prefixes: a name that starts otherwise is
 * none of them and covers none of them (nor does ''), so most names are let through at once.
 */
const FIRST_CODES: readonly number[] = [
  ...new Set([...RESERVED_FILTER_NAMES, ...INTERNAL_PREFIXES].map((s) => s.charCodeAt(0))),
];

/** Whether a name starts with one of FIRST_CODES (an index loop: `includes` is a builtin call per filter). */
function mayBeReserved(n: string): boolean {
  const c = n.charCodeAt(0);
  for (let k = 0; k < FIRST_CODES.length; k++) if (c === FIRST_CODES[k]) return true;
  return false;
}

/** Exactly one of the internal prefixes. */
function isInternalPrefix(n: string): boolean {
  for (let k = 0; k < INTERNAL_PREFIXES.length; k++) if (n === INTERNAL_PREFIXES[k]) return true;
  return false;
}

/** A prefix that covers internal topics: it starts with an internal prefix, or one starts with it. */
function coversInternal(n: string): boolean {
  for (let k = 0; k < INTERNAL_PREFIXES.length; k++) {
    const p = INTERNAL_PREFIXES[k]!;
    if (n.startsWith(p) || p.startsWith(n)) return true;
  }
  return false;
}

/** The pointer of `autoCreateShadowTopicFilters[i].name` under the visited section: built only to report. */
const namePointer = (ctx: VisitContext, i: number): string => `${ctx.here()}/autoCreateShadowTopicFilters/${i}/name`;

const filter = (name: string, patternType: string, filterType = 'FILTER_TYPE_INCLUDE') => ({
  filterType,
  name,
  patternType,
});

/** Filters on reserved topics and internal prefixes. */
export default defineRule({
  id: 'reserved-topic-filter',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'A topic filter may not name `__consumer_offsets` (printed `_consumer_offsets` by the spec), `_svc.audit_log` or `_schemas` (any pattern type, INCLUDE or EXCLUDE), nor be a PREFIX filter named exactly `_svc` or `__svc`. Any other PREFIX filter that covers `_svc…`/`__svc…` topics (`_svc.mine`, `_`, `__s`) is a warning: accepted, but such topics are never auto-created through a prefix.',
    rationale:
      'The server refuses the reserved names and the two bare internal prefixes (src/v/cluster/cluster_link/frontend.cc, `validate_metadata_mirroring_config`: `topic_filter_invalid`), with "Failed to create cluster link: cluster::cluster_link::errc::topic_filter_invalid" — and only after it has connected to the source cluster, so the mistake surfaces late and without saying which filter. A longer prefix such as `_svc.mine` is accepted (the server\'s own test accepts it), but the topic syncer skips every `_svc…`/`__svc…` topic unless a LITERAL INCLUDE names it exactly (src/v/cluster_link/source_topic_syncer.cc, `is_valid_topic`), so the filter creates nothing there. The API reference says a prefix filter matching those topics is rejected; the server rejects only the two exact names, and the linter follows the server. `_schemas` is shadowed only through `schemaRegistrySyncOptions.shadowSchemaRegistryTopic`.',
  },
  messages: {
    reserved:
      '`autoCreateShadowTopicFilters[{i}]` names the reserved topic "{name}", which the server refuses (topic_filter_invalid){hint}.',
    internalPrefix:
      '`autoCreateShadowTopicFilters[{i}]` is a PREFIX filter named "{name}", which the server refuses (topic_filter_invalid). Name each internal topic you need with a LITERAL INCLUDE instead.',
    coversInternal: {
      text: '`autoCreateShadowTopicFilters[{i}]` (PREFIX "{name}") covers internal `_svc`/`__svc` topics, which are never auto-created through a prefix: list each one you need with a LITERAL INCLUDE.',
      severity: 'warning',
    },
  },
  // Topic filters only: the section that holds their list is visited (group filters share NameFilter).
  visit: {
    TopicMetadataSyncOptions(options, ctx) {
      const filters = options.autoCreateShadowTopicFilters;
      if (!Array.isArray(filters)) return;
      for (let i = 0; i < filters.length; i++) {
        const f: unknown = filters[i];
        if (!isObject(f)) continue;
        const n = f.name;
        if (typeof n !== 'string') continue;
        if (!mayBeReserved(n)) continue;
        const prefix = f.patternType === 'PATTERN_TYPE_PREFIX';
        if (RESERVED_FILTER_NAMES.has(n)) {
          const hint =
            n === '_schemas' ? '; set `schemaRegistrySyncOptions.shadowSchemaRegistryTopic: {}` instead' : '';
          ctx.report({ messageId: 'reserved', pointer: namePointer(ctx, i), data: { i, name: n, hint } });
        } else if (prefix && isInternalPrefix(n)) {
          ctx.report({ messageId: 'internalPrefix', pointer: namePointer(ctx, i), data: { i, name: n } });
        } else if (prefix && f.filterType === 'FILTER_TYPE_INCLUDE' && n !== '' && coversInternal(n)) {
          ctx.report({ messageId: 'coversInternal', pointer: namePointer(ctx, i), data: { i, name: n } });
        }
      }
    },
  },
  examples: {
    valid: [
      {
        title: 'an internal topic named exactly, with a LITERAL INCLUDE',
        doc: exampleLink({
          topicMetadataSyncOptions: { autoCreateShadowTopicFilters: [filter('_svc.my_topic', 'PATTERN_TYPE_LITERAL')] },
        }),
      },
      {
        title: 'excluding internal topics by prefix is harmless',
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              filter('*', 'PATTERN_TYPE_LITERAL'),
              filter('_svc.', 'PATTERN_TYPE_PREFIX', 'FILTER_TYPE_EXCLUDE'),
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
              filter('_schemas', 'PATTERN_TYPE_LITERAL'),
              filter('__svc', 'PATTERN_TYPE_PREFIX'),
              filter('__consumer_offsets', 'PATTERN_TYPE_LITERAL', 'FILTER_TYPE_EXCLUDE'),
            ],
          },
        }),
        errors: [
          {
            messageId: 'reserved',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name',
          },
          {
            messageId: 'internalPrefix',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/1/name',
          },
          {
            messageId: 'reserved',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/2/name',
          },
        ],
      },
      {
        title: 'accepted, but internal topics are never auto-created through a prefix',
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              filter('_svc.mine', 'PATTERN_TYPE_PREFIX'),
              filter('_', 'PATTERN_TYPE_PREFIX'),
            ],
          },
        }),
        errors: [
          {
            messageId: 'coversInternal',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name',
          },
          {
            messageId: 'coversInternal',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/1/name',
          },
        ],
      },
    ],
  },
});
