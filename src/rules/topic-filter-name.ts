import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink, globData } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** `^[A-Za-z0-9._-]+$` without a regular expression: this runs for every topic filter. */
function isTopicName(v: string): boolean {
  if (v.length === 0) return false;
  for (let k = 0; k < v.length; k++) {
    const c = v.charCodeAt(k);
    const ok =
      (c >= 97 && c <= 122) || // a-z
      (c >= 65 && c <= 90) || // A-Z
      (c >= 48 && c <= 57) || // 0-9
      c === 46 || // .
      c === 95 || // _
      c === 45; // -
    if (!ok) return false;
  }
  return true;
}

/** The pointer of `autoCreateShadowTopicFilters[i].name` under the visited section: built only to report. */
const namePointer = (ctx: VisitContext, i: number): string => `${ctx.here()}/autoCreateShadowTopicFilters/${i}/name`;

/** Topic filter names: non-empty, legal topic characters, `*` only as a whole LITERAL name. */
export default defineRule({
  id: 'topic-filter-name',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'A topic filter name must be non-empty, of `A-Z a-z 0-9 . _ -`, or a lone `*` with `PATTERN_TYPE_LITERAL`. A name longer than 249 characters (the longest topic name) is a warning: it can match no topic.',
    rationale:
      'The server refuses an empty name, a `*` inside a longer name (filters are not globs: `orders*` is refused, not a prefix), `*` with PREFIX and any other character (src/v/cluster/cluster_link/frontend.cc, `validate_metadata_mirroring_config`, for INCLUDE and EXCLUDE filters alike) with "Failed to create cluster link: cluster::cluster_link::errc::topic_filter_invalid" — without saying which filter, and only after connecting to the source cluster, so these mistakes surface late and behind any connection error. It sets no length limit, but no topic name is longer than 249 characters.',
  },
  messages: {
    empty: '`autoCreateShadowTopicFilters[{i}].name` is empty or missing; name a topic, a prefix, or "*".',
    glob: '`autoCreateShadowTopicFilters[{i}].name` is {value}: filters are not globs. Use PATTERN_TYPE_PREFIX with {prefix}.',
    starPrefix:
      '`autoCreateShadowTopicFilters[{i}]` uses "*" with a PREFIX pattern; "*" is allowed only with PATTERN_TYPE_LITERAL.',
    chars:
      '`autoCreateShadowTopicFilters[{i}].name` contains {chars}; topic names use only letters, digits, ".", "_" and "-".',
    tooLong: {
      text: '`autoCreateShadowTopicFilters[{i}].name` is {length} characters; topic names have at most 249, so it matches nothing.',
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
        const v = f.name;
        // An absent name is the empty string to protobuf: the server refuses both.
        if (v === undefined || v === '') {
          ctx.report({ messageId: 'empty', pointer: namePointer(ctx, i), data: { i } });
          continue;
        }
        if (typeof v !== 'string') continue;
        if (v === '*') {
          const pattern = f.patternType;
          if (pattern === 'PATTERN_TYPE_PREFIX' || pattern === 'PATTERN_TYPE_PREFIXED')
            ctx.report({ messageId: 'starPrefix', pointer: namePointer(ctx, i), data: { i } });
        } else if (isTopicName(v)) {
          // A legal name (the common case, one scan) has no `*`: only its length is left to check.
          if (v.length > 249)
            ctx.report({ messageId: 'tooLong', pointer: namePointer(ctx, i), data: { i, length: v.length } });
        } else if (v.includes('*')) {
          ctx.report({ messageId: 'glob', pointer: namePointer(ctx, i), data: { i, ...globData(v) } });
        } else {
          const bad = [...new Set(v.replace(/[A-Za-z0-9._-]/g, ''))].slice(0, 5).map((c) => JSON.stringify(c));
          ctx.report({ messageId: 'chars', pointer: namePointer(ctx, i), data: { i, chars: bad.join(', ') } });
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
              { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
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
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders*', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_PREFIX' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: '', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'a b', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
        errors: [
          {
            messageId: 'glob',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name',
          },
          {
            messageId: 'starPrefix',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/1/name',
          },
          {
            messageId: 'empty',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/2/name',
          },
          {
            messageId: 'chars',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/3/name',
          },
        ],
      },
      {
        title: 'a filter without a name (protobuf reads it as the empty name)',
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', patternType: 'PATTERN_TYPE_PREFIX' }],
          },
        }),
        errors: [
          {
            messageId: 'empty',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name',
          },
        ],
      },
      {
        title: 'a name longer than a topic name can be',
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders.'.repeat(36), patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
        }),
        errors: [
          {
            messageId: 'tooLong',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name',
          },
        ],
      },
    ],
  },
});
