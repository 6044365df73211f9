/**
 * The language server runs no code from the workspace unless the user's setting trusts it: the
 * config's plugins are neither resolved nor imported by default, the user is told once per config,
 * and the setting (initialization options or didChangeConfiguration) loads them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { describe, expect, it } from 'vitest';
import { GOOD_YAML, scratch } from './cli-helpers';
import { LspSession, uriOf } from './lsp-helpers';

/** A plugin that leaves a marker file beside itself when imported, and reports one finding. */
const PLUGIN = `import { writeFileSync } from 'node:fs';
writeFileSync(new URL('./imported', import.meta.url), 'imported');
export default { id: '@acme/name', severity: 'warning', kinds: ['ShadowLink'], docs: { description: 'Names.' }, messages: { m: 'from the plugin' }, check(ctx) { ctx.report({ messageId: 'm', pointer: '/name' }); } };
`;

function workspace(): { dir: string; marker: string } {
  const dir = scratch({
    // The custom rule's setting must not make the config unusable when its plugin is not loaded.
    'svc-admin-spec.config.yaml': 'plugins: ["./rules/policy.mjs"]\nrules:\n  "@acme/name": error\n',
    'rules/policy.mjs': PLUGIN,
    'a.yaml': GOOD_YAML,
    'b.yaml': GOOD_YAML,
  });
  return { dir, marker: join(dir, 'rules', 'imported') };
}

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);

describe('language server: plugins and trust', () => {
  it('lints with the built-in rules and imports no plugin without the setting, and says so once', async () => {
    const { dir, marker } = workspace();
    const session = await LspSession.start(dir);
    try {
      const a = await session.open(uriOf(join(dir, 'a.yaml')), GOOD_YAML);
      const b = await session.open(uriOf(join(dir, 'b.yaml')), GOOD_YAML);
      expect(codes(a)).toEqual([]);
      expect(codes(b)).toEqual([]);
      expect(existsSync(marker)).toBe(false);
      expect(session.shown).toHaveLength(1);
      expect(session.shown[0]!.type).toBe(2);
      expect(session.shown[0]!.message).toContain(join(dir, 'svc-admin-spec.config.yaml'));
      expect(session.shown[0]!.message).toContain('"./rules/policy.mjs"');
      expect(session.shown[0]!.message).toContain('svcAdminSpec.trustPlugins');

      // Turned on during the session: every open document is linted again, with the plugin.
      const next = session.nextDiagnostics(uriOf(join(dir, 'a.yaml')));
      await session.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { svcAdminSpec: { trustPlugins: true } },
      });
      expect(codes((await next).diagnostics)).toEqual(['@acme/name']);
      expect(existsSync(marker)).toBe(true);
      expect(session.shown).toHaveLength(1);

      // The section is the whole of the settings: without the key, plugins are off again.
      const off = session.nextDiagnostics(uriOf(join(dir, 'a.yaml')));
      await session.connection.sendNotification('workspace/didChangeConfiguration', { settings: { svcAdminSpec: {} } });
      expect(codes((await off).diagnostics)).toEqual([]);
    } finally {
      await session.stop();
    }
  });

  it('loads the plugins when the initialization options trust them', async () => {
    const { dir, marker } = workspace();
    const session = await LspSession.start(dir, undefined, {}, { svcAdminSpec: { trustPlugins: true } });
    try {
      const a = await session.open(uriOf(join(dir, 'a.yaml')), GOOD_YAML);
      expect(a.map((d) => [d.code, d.severity, d.message])).toEqual([['@acme/name', 1, 'from the plugin']]);
      expect(existsSync(marker)).toBe(true);
      expect(session.shown).toEqual([]);
    } finally {
      await session.stop();
    }
  });

  it('logs a setting of the wrong type and keeps the default', async () => {
    const { dir, marker } = workspace();
    const session = await LspSession.start(dir, undefined, {}, { svcAdminSpec: { trustPlugins: 'yes' } });
    try {
      expect(codes(await session.open(uriOf(join(dir, 'a.yaml')), GOOD_YAML))).toEqual([]);
      expect(existsSync(marker)).toBe(false);
      expect(session.logs.join('\n')).toContain('svcAdminSpec.trustPlugins must be true or false');
    } finally {
      await session.stop();
    }
  });
});
