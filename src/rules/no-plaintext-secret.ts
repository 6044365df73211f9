import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink, ownObject, ownString, section } from '../rule-api/helpers';

const MEMBERS = ['plainConfiguration', 'scramConfiguration'];

/** A secret written out: neither empty nor a placeholder. */
const literal = (v: string | undefined): v is string => v !== undefined && v !== '' && !isPlaceholder(v);
import { isPlaceholder } from '../secrets/placeholder';

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
  check(ctx) {
    if (!ctx.isFile) return;
    const client = section(ctx, 'clientOptions');
    if (!client) return;
    const auth = ownObject(client.value, 'authenticationConfiguration');
    for (let i = 0; i < MEMBERS.length; i++) {
      const member = MEMBERS[i]!;
      if (literal(ownString(ownObject(auth, member), 'password')))
        ctx.report({
          messageId: 'password',
          pointer: `${client.pointer}/authenticationConfiguration/${member}/password`,
          data: { member },
        });
    }
    if (literal(ownString(ownObject(ownObject(client.value, 'tlsSettings'), 'tlsPemSettings'), 'key')))
      ctx.report({ messageId: 'key', pointer: `${client.pointer}/tlsSettings/tlsPemSettings/key` });
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
