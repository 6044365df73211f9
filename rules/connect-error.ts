import { defineRule } from '../src/engine/types';

/** Connect error bodies: the code and details (reported by the structural validator). */
export default defineRule({
  id: 'connect-error',
  severity: 'error',
  kinds: ['ConnectError'],
  docs: {
    description:
      'A Connect error body needs a `code` that is one of the 16 lowercase status names, and `details[].value` in base64. `cancelled` is a warning: a non-standard spelling of `canceled`.',
    rationale:
      'Clients map `code` to behaviour (retry, give up, re-authenticate). An empty body, `{"code": null}` or an unknown code leaves them guessing; some servers emit the British `cancelled`, which strict clients do not recognise.',
  },
  messages: {
    badCode: 'The code is not one of the 16 Connect codes.',
    cancelled: { text: '"cancelled" should be spelled "canceled".', severity: 'warning' },
  },
  examples: {
    valid: [{ doc: { code: 'not_found', message: 'shadow link not found' } }],
    invalid: [
      { doc: { code: null }, errors: [{ messageId: 'badCode', pointer: '/code' }] },
      { doc: {}, errors: [{ messageId: 'badCode', pointer: '/code' }] },
      { doc: { code: 'cancelled' }, errors: [{ messageId: 'cancelled', pointer: '/code' }] },
      {
        doc: { code: 'internal', details: [{ type: 'x', value: 'not base64!' }] },
        errors: [{ messageId: 'badCode', pointer: '/details/0/value' }],
      },
    ],
  },
});
