/**
 * `npm run demo:client`: starts the loopback admin server (test/support/loopback) on 127.0.0.1,
 * then shows the validating client and the two commands against it: a request the linter refuses
 * (never sent), one created, the server refusing a duplicate, get-broker, and a dry run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApiError, createAdminClient, ValidationError } from '../src/client/index';
import { startLoopback } from '../test/support/loopback/server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli.cjs');
const lb = await startLoopback({ auth: { username: 'admin', password: 'demo-admin-pw' } });
console.log(`loopback admin server at ${lb.url} (basic auth admin / $ADMIN_PASSWORD)\n`);

const client = createAdminClient({
  baseUrl: lb.url,
  auth: { username: 'admin', password: 'demo-admin-pw' },
  env: { SCRAM_PASSWORD: 'demo-scram-pw' },
  onDiagnostics: (e) =>
    console.log(
      `  onDiagnostics ${e.method}/${e.phase}:`,
      e.diagnostics.map((d) => d.code),
    ),
});
console.log('library: an invalid request');
try {
  await client.createShadowLink({
    shadowLink: { name: 'dr link', configurations: { clientOptions: { bootstrapServers: [] } } },
  });
} catch (e) {
  if (!(e instanceof ValidationError)) throw e;
  for (const d of e.diagnostics) console.log(`  ${d.severity} ${d.code} ${d.pointer}: ${d.message}`);
}
console.log(`  requests the server received: ${lb.requests.length}\n`);

const dir = mkdtempSync(join(tmpdir(), 'svc-demo-'));
writeFileSync(
  join(dir, 'dr-link.yaml'),
  `name: dr-link
configurations:
  clientOptions:
    bootstrapServers: ["source-1:9092"]
    tlsSettings: { enabled: true }
    authenticationConfiguration:
      scramConfiguration:
        username: replicator
        password: \${SCRAM_PASSWORD}
        scramMechanism: SCRAM_MECHANISM_SCRAM_SHA_256
`,
);
const env = { ...process.env, ADMIN_PASSWORD: 'demo-admin-pw', SCRAM_PASSWORD: 'demo-scram-pw' };
const auth = ['--admin-url', lb.url, '--admin-user', 'admin', '--admin-password-env', 'ADMIN_PASSWORD'];
let ok = true;
for (const [args, expected] of [
  [['apply', '--dry-run', 'dr-link.yaml'], 0],
  [['apply', ...auth, 'dr-link.yaml'], 0],
  [['apply', ...auth, 'dr-link.yaml'], 1],
  [['get-broker', ...auth], 0],
] as const) {
  console.log(`$ svc-admin-spec ${args.join(' ')}`);
  // Not spawnSync: the server runs in this process and must keep answering.
  const status = await new Promise<number | null>((resolve) =>
    spawn(process.execPath, [cli, ...args], { cwd: dir, env, stdio: 'inherit' }).on('close', resolve),
  );
  console.log(`(exit code ${status}; expected ${expected})\n`);
  if (status !== expected) ok = false;
}

console.log('library: the same link again');
try {
  await client.createShadowLink({
    shadowLink: { name: 'dr-link', configurations: { clientOptions: { bootstrapServers: ['s:1'] } } },
  });
} catch (e) {
  if (!(e instanceof AdminApiError)) throw e;
  console.log(`  AdminApiError kind=${e.kind} code=${e.code} message=${JSON.stringify(e.rawMessage)}`);
}
await lb.close();
process.exit(ok ? 0 : 1);
