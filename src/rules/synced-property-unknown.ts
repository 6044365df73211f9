import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { nearest } from '../util/suggest';
import { PROPERTY_SPELLINGS, TOPIC_PROPERTIES, TOPIC_PROPERTY_SETS } from '../facts/topic-properties';

/** True when `name` is a string of the `knownProperties` option (whatever else the option holds). */
function isExtra(option: unknown, name: string): boolean {
  if (!Array.isArray(option)) return false;
  for (let i = 0; i < option.length; i++) if (option[i] === name) return true;
  return false;
}

/** Synced property names the server does not know. */
export default defineRule({
  id: 'synced-property-unknown',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'Every entry of `syncedShadowTopicProperties` should be a topic property the server knows; a misspelling gets "did you mean" (never a property the server refuses to sync). `timestamp.type` is spelled `message.timestamp.type` by the server.',
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
  visit: {
    TopicMetadataSyncOptions(opts, ctx) {
      const list = opts.syncedShadowTopicProperties;
      if (!Array.isArray(list) || list.length === 0) return;
      const base = TOPIC_PROPERTY_SETS[ctx.targetVersion].known;
      const option = ctx.options['knownProperties'];
      // The names `nearest` chooses from, and the list's pointer: built only when a name is not known.
      let known: string[] | undefined;
      let at: string | undefined;
      for (let i = 0; i < list.length; i++) {
        const name: unknown = list[i];
        if (typeof name !== 'string' || base.has(name) || isExtra(option, name)) continue;
        const pointer = `${(at ??= `${ctx.here()}/syncedShadowTopicProperties`)}/${i}`;
        const spelled = Object.hasOwn(PROPERTY_SPELLINGS, name) ? PROPERTY_SPELLINGS[name] : undefined;
        if (spelled) {
          ctx.report({
            messageId: 'spelling',
            pointer,
            data: { name, suggestion: spelled },
            fix: { kind: 'replace-value', pointer, value: spelled },
          });
          continue;
        }
        // Never a name the server refuses to sync (synced-property-forbidden) as the guess.
        const forbidden = TOPIC_PROPERTIES[ctx.targetVersion].forbidden;
        known ??= [
          ...TOPIC_PROPERTIES[ctx.targetVersion].known.filter((p) => !forbidden.includes(p)),
          ...(Array.isArray(option) ? (option as unknown[]).filter((x): x is string => typeof x === 'string') : []),
        ];
        const suggestion = nearest(name, known);
        if (suggestion)
          ctx.report({
            messageId: 'didYouMean',
            pointer,
            data: { name, suggestion },
            fix: { kind: 'replace-value', pointer, value: suggestion },
          });
        else ctx.report({ messageId: 'unknown', pointer, data: { name } });
      }
    },
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
      {
        title: 'never a guess the server refuses to sync (svc.remote.recovery is forbidden)',
        doc: exampleLink({ topicMetadataSyncOptions: { syncedShadowTopicProperties: ['svc.remote.recover'] } }),
        errors: [
          { messageId: 'unknown', pointer: '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/0' },
        ],
      },
    ],
  },
});
