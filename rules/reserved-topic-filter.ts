import { defineRule } from '../src/engine/types';
import { child, exampleLink, nameFilters, stringAt } from '../src/engine/helpers';
import { INTERNAL_PREFIXES, RESERVED_FILTER_NAMES } from '../src/facts/filters';

/** Filters on reserved topics and internal prefixes. */
export default defineRule({
  id: 'reserved-topic-filter',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'A topic filter may not name `__consumer_offsets` (printed `_consumer_offsets` by the spec), `_svc.audit_log` or `_schemas`, with any pattern type, nor be a PREFIX filter `_svc`/`__svc` or starting with them. A PREFIX filter that is a proper prefix of `_svc`/`__svc` (`_`, `__s`) is a warning.',
    rationale:
      'The server rejects these after connecting to the source. `_schemas` is shadowed only through `schemaRegistrySyncOptions.shadowSchemaRegistryTopic`. A short prefix such as `_` also covers internal topics, which a prefix filter never auto-creates, so it does less than it appears to.',
  },
  messages: {
    reserved:
      '`autoCreateShadowTopicFilters[{i}]` names the reserved topic "{name}", which cannot be shadowed through a filter{hint}.',
    internalPrefix:
      '`autoCreateShadowTopicFilters[{i}]` is a PREFIX filter on "{name}", which covers internal `_svc`/`__svc` topics and is refused; name each such topic with a LITERAL filter instead.',
    coversInternal: {
      text: '`autoCreateShadowTopicFilters[{i}]` (PREFIX "{name}") also covers internal `_svc`/`__svc` topics, which a prefix filter never creates; list those with LITERAL filters if you need them.',
      severity: 'warning',
    },
  },
  check(ctx) {
    for (const [i, f] of nameFilters(ctx, 'topic').entries()) {
      const name = stringAt(f, 'name');
      if (!name) continue;
      const prefix = child(f, 'patternType')?.value === 'PATTERN_TYPE_PREFIX';
      const n = name.value;
      if (RESERVED_FILTER_NAMES.has(n)) {
        const hint = n === '_schemas' ? '; set `schemaRegistrySyncOptions.shadowSchemaRegistryTopic: {}` instead' : '';
        ctx.report({ messageId: 'reserved', pointer: name.pointer, data: { i, name: n, hint } });
      } else if (prefix && INTERNAL_PREFIXES.some((p) => n.startsWith(p))) {
        ctx.report({ messageId: 'internalPrefix', pointer: name.pointer, data: { i, name: n } });
      } else if (prefix && n !== '' && INTERNAL_PREFIXES.some((p) => p.startsWith(n))) {
        ctx.report({ messageId: 'coversInternal', pointer: name.pointer, data: { i, name: n } });
      }
    }
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: '_svc.my_topic', patternType: 'PATTERN_TYPE_LITERAL' },
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
              { filterType: 'FILTER_TYPE_INCLUDE', name: '_schemas', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: '__svc.x', patternType: 'PATTERN_TYPE_PREFIX' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: '_', patternType: 'PATTERN_TYPE_PREFIX' },
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
            messageId: 'coversInternal',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/2/name',
          },
        ],
      },
    ],
  },
});
