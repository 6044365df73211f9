import { defineRule } from '../src/engine/types';
import { child, exampleLink, globData, nameFilters, stringAt } from '../src/engine/helpers';

const NAME_RE = /^[A-Za-z0-9._-]+$/;

/** Topic filter names: non-empty, legal topic characters, `*` only as a whole LITERAL name. */
export default defineRule({
  id: 'topic-filter-name',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'A topic filter name must be non-empty, at most 249 characters of `A-Z a-z 0-9 . _ -`, or a lone `*` with `PATTERN_TYPE_LITERAL`.',
    rationale:
      'Filters are not globs: `orders*` matches nothing. The server checks filter names only after connecting to the source cluster, so these mistakes surface late and behind any connection error.',
  },
  messages: {
    empty: '`autoCreateShadowTopicFilters[{i}].name` is empty; name a topic, a prefix, or "*".',
    glob: '`autoCreateShadowTopicFilters[{i}].name` is {value}: filters are not globs. Use PATTERN_TYPE_PREFIX with {prefix}.',
    starPrefix:
      '`autoCreateShadowTopicFilters[{i}]` uses "*" with a PREFIX pattern; "*" is allowed only with PATTERN_TYPE_LITERAL.',
    chars:
      '`autoCreateShadowTopicFilters[{i}].name` contains {chars}; topic names use only letters, digits, ".", "_" and "-".',
    tooLong: '`autoCreateShadowTopicFilters[{i}].name` is {length} characters; topic names have at most 249.',
  },
  check(ctx) {
    for (const [i, f] of nameFilters(ctx, 'topic').entries()) {
      const name = stringAt(f, 'name');
      if (!name) continue;
      const pattern = child(f, 'patternType')?.value;
      const v = name.value;
      if (v === '') {
        ctx.report({ messageId: 'empty', pointer: name.pointer, data: { i } });
      } else if (v === '*') {
        if (pattern === 'PATTERN_TYPE_PREFIX' || pattern === 'PATTERN_TYPE_PREFIXED')
          ctx.report({ messageId: 'starPrefix', pointer: name.pointer, data: { i } });
      } else if (v.includes('*')) {
        ctx.report({ messageId: 'glob', pointer: name.pointer, data: { i, ...globData(v) } });
      } else if (!NAME_RE.test(v)) {
        const bad = [...new Set(v.replace(/[A-Za-z0-9._-]/g, ''))].slice(0, 5).map((c) => JSON.stringify(c));
        ctx.report({ messageId: 'chars', pointer: name.pointer, data: { i, chars: bad.join(', ') } });
      } else if (v.length > 249) {
        ctx.report({ messageId: 'tooLong', pointer: name.pointer, data: { i, length: v.length } });
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
