import { defineRule } from '../rule-api/types';
import { exampleLink, utf8Length } from '../rule-api/helpers';

const MAX_BYTES = 128;

/** True for `A-Z a-z 0-9 . _ -` (what NAME_RE allows), by character code. */
const nameChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45;

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
  visit: {
    // The link itself: the root of a ShadowLink document, a request's `shadowLink`.
    ShadowLink(link, ctx) {
      const name = link.name;
      if (typeof name !== 'string') return;
      if (name === '') return ctx.report({ messageId: 'empty', pointer: `${ctx.here()}/name` });
      let plain = true;
      for (let i = 0; i < name.length && plain; i++) plain = nameChar(name.charCodeAt(i));
      // Allowed characters are all ASCII: one byte each.
      const bytes = plain ? name.length : utf8Length(name);
      if (bytes > MAX_BYTES) ctx.report({ messageId: 'tooLong', pointer: `${ctx.here()}/name`, data: { bytes } });
      if (!plain) {
        const bad = [...new Set(name.replace(/[A-Za-z0-9._-]/g, ''))].slice(0, 5);
        ctx.report({
          messageId: 'chars',
          pointer: `${ctx.here()}/name`,
          data: { chars: bad.map((c) => JSON.stringify(c)).join(', ') },
        });
      }
    },
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
