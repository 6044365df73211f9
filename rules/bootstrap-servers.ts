import { defineRule } from '../src/engine/types';
import { exampleLink, itemsAt, objectAt, path, section } from '../src/engine/helpers';

/** Bootstrap servers: a non-empty list of `host:port` the server can parse. */
export default defineRule({
  id: 'bootstrap-servers',
  severity: 'error',
  kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
  docs: {
    description:
      '`bootstrapServers` must be a non-empty list of `host:port` with exactly one `:` and a port 0–65535. Port 0, surrounding whitespace and duplicates are warnings.',
    rationale:
      'The server checks bootstrap servers first and answers a bad entry with "Invalid cluster link configuration". It splits on the single `:`, so IPv6 literals such as `[::1]:9092` cannot be parsed: use a host name. Whitespace and duplicates are accepted but are almost always copy-paste slips.',
  },
  messages: {
    empty: '`bootstrapServers` is empty; list at least one `host:port` of the source cluster.',
    shape: '{field} is {value}, not `host:port` with exactly one ":"; e.g. "kafka-1.example.com:9092".',
    ipv6: '{field} is an IPv6 literal ({value}); the server cannot parse it: use a host name that resolves to the address.',
    emptyHost: '{field} has no host before the ":".',
    port: '{field} has port {port}; a port must be an integer from 1 to 65535.',
    portZero: { text: '{field} has port 0, which no broker listens on.', severity: 'warning' },
    whitespace: { text: '{field} has surrounding whitespace; remove it.', severity: 'warning' },
    duplicate: { text: '{field} repeats {value}; remove the duplicate.', severity: 'warning' },
  },
  check(ctx) {
    const list = path(objectAt(section(ctx, 'clientOptions')), 'bootstrapServers');
    if (!list || !Array.isArray(list.value)) return;
    if (list.value.length === 0) return ctx.report({ messageId: 'empty', pointer: list.pointer });
    const seen = new Set<string>();
    for (const [i, item] of itemsAt(section(ctx, 'clientOptions'), 'bootstrapServers').entries()) {
      if (typeof item.value !== 'string') continue;
      const field = `\`bootstrapServers[${i}]\``;
      const raw = item.value;
      const value = JSON.stringify(raw.length > 80 ? `${raw.slice(0, 77)}...` : raw);
      const trimmed = raw.trim();
      if (trimmed !== raw) {
        ctx.report({
          messageId: 'whitespace',
          pointer: item.pointer,
          data: { field },
          fix: { kind: 'replace-value', pointer: item.pointer, value: trimmed },
        });
      }
      if (seen.has(trimmed)) ctx.report({ messageId: 'duplicate', pointer: item.pointer, data: { field, value } });
      seen.add(trimmed);
      if (trimmed.startsWith('[')) {
        ctx.report({ messageId: 'ipv6', pointer: item.pointer, data: { field, value } });
        continue;
      }
      const parts = trimmed.split(':');
      if (parts.length !== 2) {
        ctx.report({ messageId: 'shape', pointer: item.pointer, data: { field, value } });
        continue;
      }
      const [host, port] = parts as [string, string];
      if (host === '') ctx.report({ messageId: 'emptyHost', pointer: item.pointer, data: { field } });
      if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
        ctx.report({ messageId: 'port', pointer: item.pointer, data: { field, port: JSON.stringify(port) } });
      } else if (Number(port) === 0) {
        ctx.report({ messageId: 'portZero', pointer: item.pointer, data: { field } });
      }
    }
  },
  examples: {
    valid: [{ doc: exampleLink({ clientOptions: { bootstrapServers: ['kafka-1:9092', '10.0.0.7:9093'] } }) }],
    invalid: [
      {
        doc: exampleLink({ clientOptions: { bootstrapServers: [] } }),
        errors: [{ messageId: 'empty', pointer: '/configurations/clientOptions/bootstrapServers' }],
      },
      {
        doc: exampleLink({
          clientOptions: { bootstrapServers: ['kafka-1', '[::1]:9092', ':9092', 'a:99999', 'b:0', ' c:1', 'c:1'] },
        }),
        errors: [
          { messageId: 'shape', pointer: '/configurations/clientOptions/bootstrapServers/0' },
          { messageId: 'ipv6', pointer: '/configurations/clientOptions/bootstrapServers/1' },
          { messageId: 'emptyHost', pointer: '/configurations/clientOptions/bootstrapServers/2' },
          { messageId: 'port', pointer: '/configurations/clientOptions/bootstrapServers/3' },
          { messageId: 'portZero', pointer: '/configurations/clientOptions/bootstrapServers/4' },
          { messageId: 'whitespace', pointer: '/configurations/clientOptions/bootstrapServers/5' },
          { messageId: 'duplicate', pointer: '/configurations/clientOptions/bootstrapServers/6' },
        ],
      },
    ],
  },
});
