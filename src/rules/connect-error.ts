import { defineRule } from '../rule-api/types';

/** Connect error bodies: the code and details (reported by the structural validator). */
export default defineRule({
  id: 'connect-error',
  severity: 'error',
  appliesTo: 'connect-error',
  docs: {
    description:
      'A Connect error body needs a `code` that is one of the 16 lowercase status names, and `details[].value` in base64 (padded or not). `cancelled` — the spelling this server uses — is an info.',
    rationale:
      'Clients map `code` to behaviour (retry, give up, re-authenticate). An empty body, `{"code": null}` or an unknown code leaves them guessing. The Connect protocol emits unpadded base64 in `details[].value` and accepts both forms; this server emits it padded (src/v/serde/protobuf/rpc.cc). Extra keys in the body or in a detail are allowed. The server spells the cancellation code `cancelled` and answers it with HTTP 422 (src/v/serde/protobuf/rpc.cc; it is used only when relaying another broker\'s cancellation), where the Connect protocol says `canceled` and 499: Connect clients read it as an unknown code.',
  },
  messages: {
    badCode: 'The code is not one of the 16 Connect codes.',
    cancelled: {
      text: '"cancelled" is how this server spells the Connect code "canceled" (sent with HTTP 422, not 499); Connect clients read it as an unknown code.',
      severity: 'info',
    },
  },
  examples: {
    valid: [
      { doc: { code: 'not_found', message: 'shadow link not found' } },
      {
        title: 'unpadded base64 and extra keys',
        doc: {
          code: 'invalid_argument',
          message: 'x',
          details: [{ type: 'google.rpc.ErrorInfo', value: 'CgNmb28', debug: { reason: 'foo' }, extra: 1 }],
          trace: 'abc',
        },
      },
    ],
    invalid: [
      { doc: { code: null }, errors: [{ messageId: 'badCode', pointer: '/code' }] },
      { doc: {}, errors: [{ messageId: 'badCode', pointer: '/code' }] },
      { doc: { code: 'cancelled' }, errors: [{ messageId: 'cancelled', pointer: '/code' }] },
      {
        title: 'a misspelt code',
        doc: { code: 'not_fond' },
        errors: [
          {
            messageId: 'badCode',
            pointer: '/code',
            suggestions: [{ message: 'Use "not_found".', output: { code: 'not_found' } }],
          },
        ],
      },
      {
        doc: { code: 'internal', details: [{ type: 'x', value: 'not base64!' }] },
        errors: [{ messageId: 'badCode', pointer: '/details/0/value' }],
      },
    ],
  },
});
