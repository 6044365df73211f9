import { defineRule } from '../rule-api/types';
import { child, exampleLink, itemsAt, objectAt, path, section, type Located } from '../rule-api/helpers';

/** Bootstrap servers: a non-empty list of `host:port` the server can parse. */
export default defineRule({
  id: 'bootstrap-servers',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      '`configurations.clientOptions.bootstrapServers` must be a non-empty list of `host:port` with exactly one `:`, a host, and a port 0–65535 — also when `configurations` or `clientOptions` is missing altogether. Port 0, whitespace around the port and duplicates are warnings.',
    rationale:
      'This is the first thing the server checks (src/v/redpanda/admin/services/shadow_link/converter.cc, `create_connection_config`). A missing or empty list — including a link without `configurations` or `clientOptions`, which the server reads as empty — is refused with "Invalid cluster link configuration: bootstrap_servers must not be empty in the client options". Each entry is parsed by `unresolved_address::from_string` (src/v/utils/unresolved_address.cc): it splits on `:` and needs exactly two parts, so IPv6 literals such as `[::1]:9092` and bare host names are refused ("expected address format: \'host:port\'"); an empty host is refused; the port is read with absl::SimpleAtoi, which accepts surrounding whitespace and a `+`, within 0–65535. The host is not checked at all until the server connects, so whitespace inside it fails the connection. Port 0 and duplicates are accepted but are almost always slips.',
  },
  messages: {
    missing:
      'There is no `bootstrapServers` (no {missing}): the server refuses the link ("Invalid cluster link configuration: bootstrap_servers must not be empty in the client options"). Add `configurations.clientOptions.bootstrapServers`.',
    empty:
      '`bootstrapServers` is empty; the server refuses the link ("bootstrap_servers must not be empty"). List at least one `host:port` of the source cluster.',
    shape: '{field} is {value}, not `host:port` with exactly one ":"; e.g. "kafka-1.example.com:9092".',
    ipv6: '{field} is an IPv6 literal ({value}); the server cannot parse it: use a host name that resolves to the address.',
    emptyHost: '{field} has no host before the ":".',
    hostSpace:
      '{field} has whitespace in its host ({value}); the server keeps it and cannot resolve the name. Remove it.',
    port: '{field} has port {port}; a port must be an integer from 0 to 65535.',
    portZero: { text: '{field} has port 0, which no broker listens on.', severity: 'warning' },
    whitespace: {
      text: '{field} has whitespace or a "+" around its port; the server reads it as {canonical}. Write that.',
      severity: 'warning',
    },
    duplicate: { text: '{field} repeats {value}; remove the duplicate.', severity: 'warning' },
  },
  check(ctx) {
    if (!ctx.link) return;
    const configurations = section(ctx, '');
    const client = section(ctx, 'clientOptions');
    const list = path(client, 'bootstrapServers');
    if (!list) {
      // A missing list inside `clientOptions` is a `schema/required` finding; here, the sections above it.
      const present = (key: string, parent: Located | undefined) => child(parent, key) !== undefined;
      const missing =
        !objectAt(ctx.link) || client
          ? undefined
          : !configurations
            ? present('configurations', ctx.link)
              ? undefined
              : '`configurations`'
            : present('clientOptions', configurations)
              ? undefined
              : '`clientOptions`';
      if (missing)
        ctx.report({
          messageId: 'missing',
          pointer: `${ctx.link.pointer}/configurations${configurations ? '/clientOptions' : ''}`,
          data: { missing },
        });
      return;
    }
    if (!Array.isArray(list.value)) return;
    if (list.value.length === 0) return ctx.report({ messageId: 'empty', pointer: list.pointer });
    const seen = new Set<string>();
    for (const [i, item] of itemsAt(client, 'bootstrapServers').entries()) {
      if (typeof item.value !== 'string') continue;
      const field = `\`bootstrapServers[${i}]\``;
      const raw = item.value;
      const value = JSON.stringify(raw.length > 80 ? `${raw.slice(0, 77)}...` : raw);
      if (seen.has(raw)) ctx.report({ messageId: 'duplicate', pointer: item.pointer, data: { field, value } });
      seen.add(raw);
      if (raw.trim().startsWith('[')) {
        ctx.report({ messageId: 'ipv6', pointer: item.pointer, data: { field, value } });
        continue;
      }
      const parts = raw.split(':');
      if (parts.length !== 2) {
        ctx.report({ messageId: 'shape', pointer: item.pointer, data: { field, value } });
        continue;
      }
      const [host, port] = parts as [string, string];
      if (host === '') ctx.report({ messageId: 'emptyHost', pointer: item.pointer, data: { field } });
      else if (/\s/.test(host)) ctx.report({ messageId: 'hostSpace', pointer: item.pointer, data: { field, value } });
      const m = /^[ \t\n\v\f\r]*\+?(\d{1,10})[ \t\n\v\f\r]*$/.exec(port);
      const number = m ? Number(m[1]) : NaN;
      if (!m || number > 65535) {
        ctx.report({
          messageId: 'port',
          pointer: item.pointer,
          data: { field, port: JSON.stringify(port.slice(0, 20)) },
        });
        continue;
      }
      if (number === 0) ctx.report({ messageId: 'portZero', pointer: item.pointer, data: { field } });
      const canonical = `${host}:${number}`;
      if (canonical !== raw && host !== '' && !/\s/.test(host))
        ctx.report({
          messageId: 'whitespace',
          pointer: item.pointer,
          data: { field, canonical: JSON.stringify(canonical) },
          fix: { kind: 'replace-value', pointer: item.pointer, value: canonical },
        });
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
        title: 'a link without client options',
        doc: { name: 'dr-link' },
        errors: [{ messageId: 'missing', pointer: '/configurations' }],
      },
      {
        doc: exampleLink({
          clientOptions: {
            bootstrapServers: ['kafka-1', '[::1]:9092', ':9092', 'a:99999', 'b:0', 'c:1 ', ' d:1', 'e:1', 'e:1'],
          },
        }),
        errors: [
          { messageId: 'shape', pointer: '/configurations/clientOptions/bootstrapServers/0' },
          { messageId: 'ipv6', pointer: '/configurations/clientOptions/bootstrapServers/1' },
          { messageId: 'emptyHost', pointer: '/configurations/clientOptions/bootstrapServers/2' },
          { messageId: 'port', pointer: '/configurations/clientOptions/bootstrapServers/3' },
          { messageId: 'portZero', pointer: '/configurations/clientOptions/bootstrapServers/4' },
          { messageId: 'whitespace', pointer: '/configurations/clientOptions/bootstrapServers/5' },
          { messageId: 'hostSpace', pointer: '/configurations/clientOptions/bootstrapServers/6' },
          { messageId: 'duplicate', pointer: '/configurations/clientOptions/bootstrapServers/8' },
        ],
        output: exampleLink({
          clientOptions: {
            bootstrapServers: ['kafka-1', '[::1]:9092', ':9092', 'a:99999', 'b:0', 'c:1', ' d:1', 'e:1', 'e:1'],
          },
        }),
      },
    ],
  },
});
