import { defineRule } from '../rule-api/types';

/** GetBroker's node id is -1, unset, or a real node. */
export default defineRule({
  id: 'node-id',
  severity: 'error',
  appliesTo: 'get-broker-request',
  docs: {
    description:
      '`nodeId` is unset, `-1` (the broker answering) or a real node id (≥ 0); other negative values fail. With `targetVersion: 25.3`, an unset `nodeId` is a warning: that server reads it as node 0.',
    rationale:
      'Unset and -1 both mean "the broker that receives the request" (on 25.3, where `node_id` is not optional, unset means node 0). Any other id is proxied to that node (src/v/redpanda/admin/services/broker.cc); no broker has a negative id, so -2 and below always fail with `unavailable` "Service unavailable" (HTTP 503) — probably a typo for -1.',
  },
  messages: {
    negative:
      'nodeId {value} is negative: no broker has that id, so the server answers "unavailable". Use -1 (or leave it unset) for the broker answering, or a real node id.',
    unsetOn253: {
      text: '`nodeId` is unset: a 25.3 server reads that as node 0 (its `node_id` is a plain int32), not as the broker answering. Write `"nodeId": -1` for the broker answering, or the node id you mean.',
      severity: 'warning',
    },
  },
  check(ctx) {
    const v =
      ctx.doc !== null && typeof ctx.doc === 'object' && !Array.isArray(ctx.doc) && Object.hasOwn(ctx.doc, 'nodeId')
        ? (ctx.doc as Record<string, unknown>)['nodeId']
        : undefined;
    if (v === undefined && ctx.targetVersion === '25.3')
      ctx.report({
        messageId: 'unsetOn253',
        pointer: '/nodeId',
        suggestions: [{ message: 'Ask the broker answering: nodeId -1.' }],
      });
    else if (typeof v === 'number' && Number.isInteger(v) && v < -1)
      ctx.report({
        messageId: 'negative',
        pointer: '/nodeId',
        data: { value: v },
        fix: { kind: 'replace-value', pointer: '/nodeId', value: -1 },
      });
  },
  examples: {
    valid: [{ doc: { nodeId: -1 } }, { doc: {} }, { doc: { nodeId: 3 } }],
    invalid: [
      { doc: { nodeId: -2 }, errors: [{ messageId: 'negative', pointer: '/nodeId' }], output: { nodeId: -1 } },
      {
        title: 'unset on 25.3, where node_id is a plain int32: node 0',
        doc: {},
        targetVersion: '25.3',
        errors: [
          {
            messageId: 'unsetOn253',
            pointer: '/nodeId',
            suggestions: [{ message: 'Ask the broker answering: nodeId -1.' }],
          },
        ],
      },
    ],
  },
});
