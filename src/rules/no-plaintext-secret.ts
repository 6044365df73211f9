import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';
import { isPlaceholder } from '../util/placeholder';

/** A secret written out: a string, neither empty nor a placeholder. */
const literal = (v: unknown): boolean => typeof v === 'string' && v !== '' && !isPlaceholder(v);

/** Reports `v`, the `password` of `member` (the SASL object being visited), when it is literal; files only. */
function password(ctx: VisitContext<'password' | 'key'>, v: unknown, member: string): void {
  if (literal(v)) ctx.report({ messageId: 'password', pointer: `${ctx.here()}/password`, data: { member } });
}

/** Literal passwords and private keys committed in config files. */
export default defineRule({
  id: 'no-plaintext-secret',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'In files, `password` and the PEM `key` should be `${ENV_VAR}` placeholders filled in at deploy time, not literal secrets. Only applies when linting files.',
    rationale:
      'Config files end up in version control, CI logs and code review. A secret committed once stays in the history. (The linter never prints the secret itself.)',
  },
  messages: {
    password:
      '`{member}.password` is a literal password in a file; use a placeholder such as "${SHADOW_LINK_PASSWORD}" and inject it at deploy time.',
    key: '`tlsPemSettings.key` is a literal private key in a file; use a placeholder such as "${SHADOW_LINK_TLS_KEY}" or `tlsFileSettings.keyPath`.',
  },
  visit: {
    PlainConfiguration(plain, ctx) {
      if (ctx.isFile) password(ctx, plain.password, 'plainConfiguration');
    },
    ScramConfiguration(scram, ctx) {
      if (ctx.isFile) password(ctx, scram.password, 'scramConfiguration');
    },
    TlsPemSettings(pem, ctx) {
      if (ctx.isFile && literal(pem.key)) ctx.report({ messageId: 'key', pointer: `${ctx.here()}/key` });
    },
  },
  examples: {
    valid: [
      {
        isFile: true,
        doc: exampleLink(
          exampleClient({
            authenticationConfiguration: { plainConfiguration: { username: 'u', password: '${SHADOW_PASSWORD}' } },
          }),
        ),
      },
      {
        title: 'values in memory are not files',
        doc: exampleLink(
          exampleClient({
            authenticationConfiguration: { plainConfiguration: { username: 'u', password: 's3cret!' } },
          }),
        ),
      },
    ],
    invalid: [
      {
        isFile: true,
        doc: exampleLink(
          exampleClient({
            authenticationConfiguration: { plainConfiguration: { username: 'u', password: 's3cret!' } },
          }),
        ),
        errors: [
          {
            messageId: 'password',
            pointer: '/configurations/clientOptions/authenticationConfiguration/plainConfiguration/password',
          },
        ],
      },
      {
        isFile: true,
        doc: exampleLink(
          exampleClient({
            tlsSettings: {
              enabled: true,
              tlsPemSettings: {
                cert: '${TLS_CERT}',
                key: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIGZ4\n-----END PRIVATE KEY-----\n',
              },
            },
          }),
        ),
        errors: [{ messageId: 'key', pointer: '/configurations/clientOptions/tlsSettings/tlsPemSettings/key' }],
      },
    ],
  },
});
