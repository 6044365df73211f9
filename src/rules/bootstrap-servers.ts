import { defineRule, type RuleContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** Lists up to this long find duplicates by `indexOf`; longer ones use a set. */
const SMALL_LIST = 32;

/**
 * `host:port` with nothing to report: a host of printable ASCII without `:` or whitespace, not
 * starting with `[`, and a port of 1–5 digits without a leading zero (so that it is its own
 * canonical spelling). One compiled scan beats a character-code loop over the whole entry.
 */
const CLEAN_SERVER = /^[!-9;-Z\\-~][!-9;-~]*:[1-9]\d{0,4}$/;

/** True when `raw` needs no report; anything else goes to `reportServer`, which decides. */
function isCleanServer(raw: string): boolean {
  if (!CLEAN_SERVER.test(raw)) return false;
  const n = raw.length;
  // Only a five-digit port can exceed 65535.
  if (raw.charCodeAt(n - 6) !== 58) return true;
  let port = 0;
  for (let i = n - 5; i < n; i++) port = port * 10 + raw.charCodeAt(i) - 48;
  return port <= 65535;
}

type MessageId =
  | 'missing'
  | 'empty'
  | 'shape'
  | 'ipv6'
  | 'emptyHost'
  | 'hostSpace'
  | 'port'
  | 'portZero'
  | 'whitespace'
  | 'leadingZero'
  | 'duplicate';

/** Everything said about one entry that is a duplicate or not plainly `host:port`. */
function reportServer(ctx: RuleContext<MessageId>, pointer: string, i: number, raw: string, duplicate: boolean): void {
  const field = `\`bootstrapServers[${i}]\``;
  const value = JSON.stringify(raw.length > 80 ? `${raw.slice(0, 77)}...` : raw);
  if (duplicate) ctx.report({ messageId: 'duplicate', pointer, data: { field, value } });
  if (raw.trim().startsWith('[')) {
    ctx.report({ messageId: 'ipv6', pointer, data: { field, value } });
    return;
  }
  const parts = raw.split(':');
  if (parts.length !== 2) {
    ctx.report({ messageId: 'shape', pointer, data: { field, value } });
    return;
  }
  const [host, port] = parts as [string, string];
  if (host === '') ctx.report({ messageId: 'emptyHost', pointer, data: { field } });
  else if (/\s/.test(host)) ctx.report({ messageId: 'hostSpace', pointer, data: { field, value } });
  const m = /^[ \t\n\v\f\r]*\+?(\d{1,10})[ \t\n\v\f\r]*$/.exec(port);
  const number = m ? Number(m[1]) : NaN;
  if (!m || number > 65535) {
    ctx.report({ messageId: 'port', pointer, data: { field, port: JSON.stringify(port.slice(0, 20)) } });
    return;
  }
  if (number === 0) ctx.report({ messageId: 'portZero', pointer, data: { field } });
  const canonical = `${host}:${number}`;
  if (canonical !== raw && host !== '' && !/\s/.test(host))
    ctx.report({
      // Only leading zeros between the colon and the number: said as such.
      messageId: port === m[1] ? 'leadingZero' : 'whitespace',
      pointer,
      data: { field, canonical: JSON.stringify(canonical) },
      fix: { kind: 'replace-value', pointer, value: canonical },
    });
}

/** Bootstrap servers: a non-empty list of `host:port` the server can parse. */
export default defineRule<MessageId>({
  id: 'bootstrap-servers',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      '`configurations.clientOptions.bootstrapServers` must be a non-empty list of `host:port` with exactly one `:`, a host, and a port 0–65535 — also when `configurations` or `clientOptions` is missing altogether. Port 0, whitespace, a `+` or leading zeros around the port number, and duplicates are warnings.',
    rationale:
      'This is the first thing the server checks (src/v/redpanda/admin/services/shadow_link/converter.cc, `create_connection_config`). A missing or empty list — including a link without `configurations` or `clientOptions`, which the server reads as empty — is refused with "Invalid cluster link configuration: bootstrap_servers must not be empty in the client options". Each entry is parsed by `unresolved_address::from_string` (src/v/utils/unresolved_address.cc): it splits on `:` and needs exactly two parts, so IPv6 literals such as `[::1]:9092` and bare host names are refused ("expected address format: \'host:port\'"); an empty host is refused; the port is read with absl::SimpleAtoi, which accepts surrounding whitespace, a `+` and leading zeros (as a decimal number: `09092` is 9092), within 0–65535. The host is not checked at all until the server connects, so whitespace inside it fails the connection. Port 0 and duplicates are accepted but are almost always slips.',
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
    leadingZero: {
      text: '{field} has a port with a leading zero; the server reads it as {canonical} (a decimal number, not octal). Write that.',
      severity: 'warning',
    },
    duplicate: { text: '{field} repeats {value}; remove the duplicate.', severity: 'warning' },
  },
  visit: {
    // No `configurations`, or no `clientOptions` in it: the server reads an empty list. (A list missing inside
    // `clientOptions` is a `schema/required` finding; a section written but not an object, the structure check's.)
    ShadowLink(link, ctx) {
      const configurations = link.configurations;
      if (configurations === undefined)
        ctx.report({
          messageId: 'missing',
          pointer: `${ctx.here()}/configurations`,
          data: { missing: '`configurations`' },
        });
      else if (isObject(configurations) && configurations.clientOptions === undefined)
        ctx.report({
          messageId: 'missing',
          pointer: `${ctx.here()}/configurations/clientOptions`,
          data: { missing: '`clientOptions`' },
        });
    },
    ClientOptions(client, ctx) {
      const list = client.bootstrapServers;
      if (!Array.isArray(list)) return;
      if (list.length === 0) return ctx.report({ messageId: 'empty', pointer: `${ctx.here()}/bootstrapServers` });
      // Duplicates by first index: no set on a list of a few servers; a long list gets one.
      const seen = list.length > SMALL_LIST ? new Set<string>() : undefined;
      let at: string | undefined;
      for (let i = 0; i < list.length; i++) {
        const raw: unknown = list[i];
        if (typeof raw !== 'string') continue;
        const duplicate = seen ? seen.has(raw) : list.indexOf(raw) < i;
        seen?.add(raw);
        if (!duplicate && isCleanServer(raw)) continue;
        at ??= `${ctx.here()}/bootstrapServers`;
        reportServer(ctx, `${at}/${i}`, i, raw, duplicate);
      }
    },
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
            bootstrapServers: [
              'kafka-1',
              '[::1]:9092',
              ':9092',
              'a:99999',
              'b:0',
              'c:1 ',
              ' d:1',
              'e:1',
              'e:1',
              'f:09092',
            ],
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
          { messageId: 'leadingZero', pointer: '/configurations/clientOptions/bootstrapServers/9' },
        ],
        output: exampleLink({
          clientOptions: {
            bootstrapServers: [
              'kafka-1',
              '[::1]:9092',
              ':9092',
              'a:99999',
              'b:0',
              'c:1',
              ' d:1',
              'e:1',
              'e:1',
              'f:9092',
            ],
          },
        }),
      },
    ],
  },
});
