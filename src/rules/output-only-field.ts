import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

/** Server-set fields in a request (reported by the structural validator). */
export default defineRule({
  id: 'output-only-field',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      'Fields the server sets (`uid`, `status`, `clientId`, `effective*`, `effectiveInterval`, `passwordSet`, `passwordSetAt`, `keyFingerprint`) must not appear in a request.',
    rationale:
      'They usually arrive by copying a response into a config file. The server ignores them, so the values a user edits there change nothing. The fix removes them.',
  },
  messages: { outputOnly: '"{key}" is set by the server; remove it from the request.' },
  examples: {
    valid: [{ doc: exampleLink(exampleClient()) }],
    invalid: [
      {
        doc: { ...exampleLink(exampleClient({ effectiveFetchMaxBytes: 20971520 })), uid: 'abc' },
        errors: [
          { messageId: 'outputOnly', pointer: '/uid' },
          { messageId: 'outputOnly', pointer: '/configurations/clientOptions/effectiveFetchMaxBytes' },
        ],
      },
    ],
  },
});
