import { defineRule } from '../rule-api/types';
import { exampleLink, itemsAt, section } from '../rule-api/helpers';
import { nearest } from '../util/suggest';
import { PROPERTY_SPELLINGS, TOPIC_PROPERTIES } from '../facts/topic-properties';

/** Synced property names the server does not know. */
export default defineRule({
  id: 'synced-property-unknown',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'Every entry of `syncedShadowTopicProperties` should be a topic property the server knows; a misspelling gets "did you mean". `timestamp.type` is spelled `message.timestamp.type` by the server.',
    rationale:
      'The server does not check the names: a misspelled property (`retention.msec`) is accepted and simply never synced, so the shadow topic silently keeps its own value. Add site-specific names with the `knownProperties` option.',
  },
  options: {
    knownProperties: {
      description: 'Extra property names to accept (for example properties of a newer server).',
      default: [],
      schema: { type: 'array', items: { type: 'string' } },
    },
  },
  messages: {
    unknown:
      '"{name}" is not a topic property the server knows; it would be accepted and never synced. Check the spelling.',
    didYouMean: '"{name}" is not a topic property the server knows; did you mean "{suggestion}"?',
    spelling: '"{name}" is spelled "{suggestion}" by the server; as written it would never be synced.',
  },
  check(ctx) {
    const extra = Array.isArray(ctx.options['knownProperties'])
      ? (ctx.options['knownProperties'] as unknown[]).filter((x): x is string => typeof x === 'string')
      : [];
    const known = [...TOPIC_PROPERTIES[ctx.targetVersion].known, ...extra];
    for (const p of itemsAt(section(ctx, 'topicMetadataSyncOptions'), 'syncedShadowTopicProperties')) {
      if (typeof p.value !== 'string' || known.includes(p.value)) continue;
      const spelled = Object.hasOwn(PROPERTY_SPELLINGS, p.value) ? PROPERTY_SPELLINGS[p.value] : undefined;
      if (spelled) {
        ctx.report({
          messageId: 'spelling',
          pointer: p.pointer,
          data: { name: p.value, suggestion: spelled },
          fix: { kind: 'replace-value', pointer: p.pointer, value: spelled },
        });
        continue;
      }
      const suggestion = nearest(p.value, known);
      if (suggestion)
        ctx.report({
          messageId: 'didYouMean',
          pointer: p.pointer,
          data: { name: p.value, suggestion },
          fix: { kind: 'replace-value', pointer: p.pointer, value: suggestion },
        });
      else ctx.report({ messageId: 'unknown', pointer: p.pointer, data: { name: p.value } });
    }
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: { syncedShadowTopicProperties: ['segment.ms', 'min.insync.replicas'] },
        }),
      },
      {
        title: 'a name added through the option',
        options: { knownProperties: ['svc.future.property'] },
        doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['svc.future.property'] } }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            syncedShadowTopicProperties: ['retention.msec', 'timestamp.type', 'colour.scheme'],
          },
        }),
        errors: [
          {
            messageId: 'didYouMean',
            pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/0',
          },
          { messageId: 'spelling', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/1' },
          { messageId: 'unknown', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/2' },
        ],
        output: exampleLink({
          topicMetadataSyncOptions: {
            syncedShadowTopicProperties: ['retention.ms', 'message.timestamp.type', 'colour.scheme'],
          },
        }),
      },
    ],
  },
});
