import { defineRule } from '../rule-api/types';
import { exampleLink, stringAt } from '../rule-api/helpers';

const NAME_RE = /^[A-Za-z0-9._-]+$/;
const MAX_BYTES = 128;

/** The link name: non-empty, at most 128 bytes, `A-Z a-z 0-9 . _ -` only. */
export default defineRule({
  id: 'shadow-link-name',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description: 'The shadow link name must be 1–128 bytes of `A-Z a-z 0-9 . _ -`.',
    rationale:
      'The server checks the name only after it has connected to the source cluster, so a bad name surfaces late, behind any connection problem. The name also becomes part of the client ID (`shadow-link-<name>-<uid>`).',
  },
  messages: {
    empty: 'The shadow link `name` is empty; give the link a name of `A-Z a-z 0-9 . _ -`.',
    tooLong: 'The shadow link `name` is {bytes} bytes long; the limit is 128 bytes.',
    chars: 'The shadow link `name` contains {chars}; use only letters, digits, ".", "_" and "-".',
  },
  check(ctx) {
    const name = stringAt(ctx.link, 'name');
    if (!name) return;
    if (name.value === '') return ctx.report({ messageId: 'empty', pointer: name.pointer });
    const bytes = new TextEncoder().encode(name.value).length;
    if (bytes > MAX_BYTES) ctx.report({ messageId: 'tooLong', pointer: name.pointer, data: { bytes } });
    if (!NAME_RE.test(name.value)) {
      const bad = [...new Set(name.value.replace(/[A-Za-z0-9._-]/g, ''))].slice(0, 5);
      ctx.report({
        messageId: 'chars',
        pointer: name.pointer,
        data: { chars: bad.map((c) => JSON.stringify(c)).join(', ') },
      });
    }
  },
  examples: {
    valid: [{ doc: exampleLink({}, 'dr_link-01.eu') }],
    invalid: [
      { doc: exampleLink({}, ''), errors: [{ messageId: 'empty', pointer: '/name' }] },
      { doc: exampleLink({}, 'dr link/1'), errors: [{ messageId: 'chars', pointer: '/name' }] },
      { doc: exampleLink({}, 'x'.repeat(129)), errors: [{ messageId: 'tooLong', pointer: '/name' }] },
    ],
  },
});
