import { defineRule } from '../src/engine/types';
import { exampleLink } from '../src/engine/helpers';

/** snake_case keys where the spec names camelCase fields (reported by the structural validator). */
export default defineRule({
  id: 'snake-case-key',
  severity: 'error',
  kinds: [
    'ShadowLink',
    'CreateShadowLinkRequest',
    'CreateShadowLinkResponse',
    'GetBrokerRequest',
    'GetBrokerResponse',
    'ConnectError',
  ],
  docs: {
    description:
      'Field names must be the camelCase names the spec lists (`bootstrapServers`, not `bootstrap_servers`).',
    rationale:
      "The server's JSON decoder also accepts the protobuf snake_case names, so such a file works today — but it is outside the contract, other tools and the JSON Schemas do not understand it, and when both spellings are present the server merges them silently. The fix renames the key.",
  },
  messages: { rename: '"{key}" is the snake_case spelling of `{camel}`; rename it.' },
  examples: {
    valid: [{ doc: exampleLink({ clientOptions: { bootstrapServers: ['a:9092'] } }) }],
    invalid: [
      {
        doc: exampleLink({ clientOptions: { bootstrap_servers: ['a:9092'] } }),
        errors: [{ messageId: 'rename', pointer: '/configurations/clientOptions/bootstrap_servers' }],
      },
    ],
  },
});
