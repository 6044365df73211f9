import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** A link whose every task is paused does nothing. */
export default defineRule({
  id: 'all-tasks-paused',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'Warns when `topicMetadataSyncOptions`, `consumerOffsetSyncOptions` and `securitySyncOptions` are all `paused: true`.',
    rationale:
      'With every sync task paused the link is created and connects, but copies no topics, offsets or ACLs. That is occasionally intended (create now, start later) and usually a leftover from testing.',
  },
  messages: {
    allPaused:
      'Every sync task is paused: this link will copy nothing. Unpause at least one task, or disable this rule if that is intended.',
  },
  visit: {
    // The section holding the three tasks.
    ShadowLinkConfigurations(cfg, ctx) {
      // The tasks of PAUSABLE_TASKS; one that is absent or not an object is not paused.
      const topic = cfg.topicMetadataSyncOptions;
      if (!isObject(topic) || topic.paused !== true) return;
      const group = cfg.consumerOffsetSyncOptions;
      if (!isObject(group) || group.paused !== true) return;
      const security = cfg.securitySyncOptions;
      if (!isObject(security) || security.paused !== true) return;
      ctx.report({ messageId: 'allPaused', pointer: ctx.here() });
    },
  },
  examples: {
    valid: [
      { doc: exampleLink({ topicMetadataSyncOptions: { paused: true }, consumerOffsetSyncOptions: { paused: true } }) },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: { paused: true },
          consumerOffsetSyncOptions: { paused: true },
          securitySyncOptions: { paused: true },
        }),
        errors: [{ messageId: 'allPaused', pointer: '/configurations' }],
      },
    ],
  },
});
