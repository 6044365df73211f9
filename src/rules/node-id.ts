import { defineRule } from '../rule-api/types';

/** GetBroker's node id is -1, unset, or a real node. */
export default defineRule({
  id: 'node-id',
  severity: 'error',
  appliesTo: 'get-broker-request',
  docs: {
    description: '`nodeId` is unset, `-1` (the broker answering) or a real node id (≥ 0); other negative values fail.',
    rationale:
      'Unset and -1 both mean "the broker that receives the request" (on 25.3, where `node_id` is not optional, unset means node 0). Any other id is proxied to that node (src/v/redpanda/admin/services/broker.cc); no broker has a negative id, so -2 and below always fail with `unavailable` "Service unavailable" (HTTP 503) — probably a typo for -1.',
  },
  messages: {
    negative:
      'nodeId {value} is negative: no broker has that id, so the server answers "unavailable". Use -1 (or leave it unset) for the broker answering, or a real node id.',
  },
  check(ctx) {
    const v =
      ctx.doc !== null && typeof ctx.doc === 'object' && !Array.isArray(ctx.doc) && Object.hasOwn(ctx.doc, 'nodeId')
        ? (ctx.doc as Record<string, unknown>)['nodeId']
        : undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v < -1)
      ctx.report({
        messageId: 'negative',
        pointer: '/nodeId',
        data: { value: v },
        fix: { kind: 'replace-value', pointer: '/nodeId', value: -1 },
      });
  },
  examples: {
    valid: [{ doc: { nodeId: -1 } }, { doc: {} }, { doc: { nodeId: 3 } }],
    invalid: [{ doc: { nodeId: -2 }, errors: [{ messageId: 'negative', pointer: '/nodeId' }], output: { nodeId: -1 } }],
  },
});
