/**
 * Nested configs: each file gets the nearest config from its own directory up, with the ignore
 * file beside that config — the same answer from the command in any working directory, from
 * `resolveConfig`, and in the language server; `--config` still applies to every file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/node';
import { cli, report, scratch } from './cli-helpers';
import { LspSession, uriOf } from './lsp-helpers';

const WARNS = 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchMaxBytes: 1048576\n';

/** A repository with a root config (the rule at error) and a sub-folder config (the rule off). */
function repo(extra: Record<string, string> = {}): string {
  return scratch({
    'svc-admin-spec.config.yaml': 'rules:\n  fetch-size-order: error\n',
    'root.yaml': WARNS,
    'team/svc-admin-spec.config.json': '{"rules": {"fetch-size-order": "off"}, "targetVersion": "25.3"}',
    'team/sub/nested.yaml': WARNS,
    ...extra,
  });
}

/** Each file's codes with severities, by absolute path, from a JSON report run in `cwd`. */
function findingsFrom(cwd: string, args: string[]): Record<string, string[]> {
  const r = cli(['lint', '-f', 'json', ...args], { cwd });
  return Object.fromEntries(
    report(r).results.map((f) => [join(cwd, f.file), f.diagnostics.map((d) => `${d.code}:${d.severity}`)]),
  );
}

describe('nested configs in the command', () => {
  it('gives each file its own config from any working directory', () => {
    const dir = repo();
    const want = {
      [join(dir, 'root.yaml')]: ['fetch-size-order:error'],
      [join(dir, 'team/sub/nested.yaml')]: [],
    };
    expect(findingsFrom(dir, ['root.yaml', 'team/sub/nested.yaml'])).toEqual(want);
    expect(findingsFrom(join(dir, 'team'), ['../root.yaml', 'sub/nested.yaml'])).toEqual(want);
    expect(findingsFrom(join(dir, 'team/sub'), ['../../root.yaml', 'nested.yaml'])).toEqual(want);
    // From outside the repository altogether.
    const elsewhere = scratch();
    expect(findingsFrom(elsewhere, [join(dir, 'root.yaml'), join(dir, 'team/sub/nested.yaml')])).toEqual(want);
  });

  it('--config applies to every file, wherever it is', () => {
    const dir = repo({ 'strict.json': '{"rules": {"fetch-size-order": "info"}}' });
    expect(findingsFrom(dir, ['--config', 'strict.json', 'root.yaml', 'team/sub/nested.yaml'])).toEqual({
      [join(dir, 'root.yaml')]: ['fetch-size-order:info'],
      [join(dir, 'team/sub/nested.yaml')]: ['fetch-size-order:info'],
    });
  });

  it('--print-config reports the config found from the file', () => {
    const dir = repo();
    const shown = (cwd: string, file: string) =>
      JSON.parse(cli(['--print-config', file], { cwd }).stdout) as {
        config: string;
        targetVersion: string;
        rules: Record<string, { severity: string }>;
      };
    const nested = shown(dir, 'team/sub/nested.yaml');
    expect(nested.config).toBe(join('team', 'svc-admin-spec.config.json'));
    expect(nested.targetVersion).toBe('25.3');
    expect(nested.rules['fetch-size-order']!.severity).toBe('off');
    const root = shown(join(dir, 'team'), '../root.yaml');
    expect(root.config).toBe(join('..', 'svc-admin-spec.config.yaml'));
    expect(root.rules['fetch-size-order']!.severity).toBe('error');
  });

  it('reads and writes the ignore file beside each file’s config', () => {
    const dir = repo();
    const w = cli(['lint', '--write-ignore-file', '--rule', 'fetch-size-order=warning', '.'], {
      cwd: join(dir, 'team'),
    });
    expect(w.code).toBe(0);
    // Only the sub-folder's files were linted: their entries go beside the sub-folder's config.
    expect(w.stderr).toBe(
      `Ignore file ${join(dir, 'team', '.svc-admin-spec-ignore.json')}: 1 added, 0 removed, 0 kept.\n`,
    );
    // The root file is not covered by the team's ignore file; the nested file is, from any directory.
    expect(findingsFrom(dir, ['--rule', 'fetch-size-order=warning', 'root.yaml', 'team/sub/nested.yaml'])).toEqual({
      [join(dir, 'root.yaml')]: ['fetch-size-order:warning'],
      [join(dir, 'team/sub/nested.yaml')]: [],
    });
    // An ignore file in the sub-sub-folder is not the config's: it is not read.
    writeFileSync(join(dir, 'team/sub/.svc-admin-spec-ignore.json'), '{"version": 1, "ignores": 5}');
    expect(cli(['lint', 'nested.yaml'], { cwd: join(dir, 'team/sub') }).code).toBe(0);
  });

  it('apply --dry-run lints each file with its own config, as lint does', () => {
    const dir = repo();
    const apply = (cwd: string, file: string) =>
      cli(['apply', '--dry-run', '--target-version', '26.1', file], { cwd, env: { NO_COLOR: '1' } });
    // The sub-folder's config turns the rule off: lint passes the file, so apply would send it.
    expect(cli(['lint', 'team/sub/nested.yaml'], { cwd: dir }).code).toBe(0);
    const nested = apply(dir, 'team/sub/nested.yaml');
    expect([nested.code, nested.stderr]).toEqual([0, '']);
    expect(nested.stdout).toContain('would send');
    // The root config makes it an error: lint fails the root file, so apply stops, from any directory.
    expect(cli(['lint', '../root.yaml'], { cwd: join(dir, 'team') }).code).toBe(1);
    const root = apply(join(dir, 'team'), '../root.yaml');
    expect(root.code).toBe(1);
    expect(root.stdout).toContain('fetch-size-order');
    expect(root.stderr).toContain('nothing was sent');
  });

  it('without any config, the nearest ignore file up from the file is read', () => {
    const dir = scratch({
      'links/a.json':
        '{"name": "a", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"], "fetchWaitMaxMs": -1}}}',
    });
    expect(cli(['lint', '--write-ignore-file', 'links/a.json'], { cwd: dir }).code).toBe(0);
    expect(cli(['lint', 'a.json'], { cwd: join(dir, 'links') }).code).toBe(0);
    expect(cli(['lint', 'links/a.json'], { cwd: dir }).code).toBe(0);
  });
});

describe('resolveConfig', () => {
  it('finds the nearest config from the file, with the ignore file beside it', async () => {
    const dir = repo();
    const nested = await resolveConfig(join(dir, 'team/sub/nested.yaml'));
    expect(nested).toEqual({
      configFile: join(dir, 'team', 'svc-admin-spec.config.json'),
      ignoreFile: join(dir, 'team', '.svc-admin-spec-ignore.json'),
      ignored: false,
      outsideFiles: false,
      plugins: [],
      options: { rules: { 'fetch-size-order': 'off' }, targetVersion: '25.3' },
    });
    const root = await resolveConfig(join(dir, 'root.yaml'));
    expect(root.configFile).toBe(join(dir, 'svc-admin-spec.config.yaml'));
    expect(root.options).toEqual({ rules: { 'fetch-size-order': 'error' } });
    const none = await resolveConfig(join(scratch(), 'a.yaml'));
    expect(none).toMatchObject({ configFile: null, ignoreFile: null, plugins: [] });
  });

  it('lists plugins without loading them, and keeps their rules’ settings as written', async () => {
    const dir = scratch({
      // Loading this plugin would throw: resolveConfig must not run it.
      'policy.mjs': 'throw new Error("loaded");\n',
      'svc-admin-spec.config.yaml': [
        'plugins: ["./policy.mjs"]',
        'ignore: ["legacy/**"]',
        'rules: { "@acme/region": error }',
        'overrides:',
        '  - files: ["requests/*.json"]',
        '    kind: CreateShadowLinkRequest',
      ].join('\n'),
    });
    const r = await resolveConfig(join(dir, 'requests/a.json'));
    expect(r.plugins).toEqual(['./policy.mjs']);
    expect(r.options).toEqual({ rules: { '@acme/region': 'error' }, kind: 'CreateShadowLinkRequest' });
    expect((await resolveConfig(join(dir, 'legacy/x.yaml'))).ignored).toBe(true);
    // The command loads the plugin, and says it cannot.
    expect(cli(['--print-config', 'requests/a.json'], { cwd: dir }).stderr).toContain('could not be loaded');
  });

  it('rejects an invalid config', async () => {
    const dir = scratch({ 'svc-admin-spec.config.json': '{"rules": {"no-such-rule": "error"}}' });
    await expect(resolveConfig(join(dir, 'a.yaml'))).rejects.toThrow(/unknown rule "no-such-rule"/);
  });
});

describe('nested configs in the language server', () => {
  it('lints each open document with its own config, and follows a new sub-folder config', async () => {
    const dir = repo({ 'other/b.yaml': WARNS });
    const session = await LspSession.start(dir);
    try {
      const severities = (ds: { code?: string | number; severity?: number }[]) =>
        ds.filter((d) => d.code === 'fetch-size-order').map((d) => d.severity);
      expect(severities(await session.open(uriOf(join(dir, 'root.yaml')), WARNS))).toEqual([1]);
      expect(severities(await session.open(uriOf(join(dir, 'team/sub/nested.yaml')), WARNS))).toEqual([]);
      const other = uriOf(join(dir, 'other/b.yaml'));
      expect(severities(await session.open(other, WARNS))).toEqual([1]);
      // A config created in other/: the cached lookup is dropped and the document is linted again.
      writeFileSync(join(dir, 'other/svc-admin-spec.config.json'), '{"rules": {"fetch-size-order": "info"}}');
      const next = session.nextDiagnostics(other);
      await session.filesChanged([uriOf(join(dir, 'other/svc-admin-spec.config.json'))]);
      expect(severities((await next).diagnostics)).toEqual([3]);
      // The same answer as the command's.
      expect(findingsFrom(join(dir, 'team'), ['../other/b.yaml', '../root.yaml', 'sub/nested.yaml'])).toEqual({
        [join(dir, 'other/b.yaml')]: ['fetch-size-order:info'],
        [join(dir, 'root.yaml')]: ['fetch-size-order:error'],
        [join(dir, 'team/sub/nested.yaml')]: [],
      });
    } finally {
      await session.stop();
    }
  });
});
