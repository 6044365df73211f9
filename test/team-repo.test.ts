/**
 * One config per file, found the same way everywhere (issue 20 §2): in a team's repository with a
 * root config and a nested production config, the command run from the root and from a
 * sub-folder, with relative and absolute paths (lint-staged passes absolute ones), the pre-commit
 * hook's own command, `--print-config` and the language server give the same settings and the
 * same findings for the same file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveConfig } from '../src/config/resolve';
import { cli, report, ROOT, scratch } from './cli-helpers';
import { LspSession, uriOf } from './lsp-helpers';

/** fetch-size-order (a warning by default), and a synced property only 25.3 forbids. */
const LINK = [
  'name: dr-link',
  'configurations:',
  '  clientOptions:',
  '    bootstrapServers: ["source-1:9092"]',
  '    fetchMaxBytes: 1048576',
  '  topicMetadataSyncOptions:',
  '    syncedShadowTopicProperties: ["svc.remote.readreplica"]',
  '',
].join('\n');

function teamRepo(): string {
  const dir = scratch({
    'package.json': '{"name": "platform", "private": true}\n',
    'svc-admin-spec.config.yaml': 'targetVersion: "26.1"\nrules:\n  fetch-size-order: "off"\n',
    'shadow-links/lab/lab.yaml': LINK,
    // Production: a stricter config, nearest to its files, for the release production runs.
    'shadow-links/prod/svc-admin-spec.config.yaml': 'targetVersion: "25.3"\nrules:\n  fetch-size-order: error\n',
    'shadow-links/prod/dr.yaml': LINK,
  });
  execFileSync('git', ['init', '-q', dir]);
  return dir;
}

const FILES = ['shadow-links/prod/dr.yaml', 'shadow-links/lab/lab.yaml'];

/** code:severity@line:column of each finding, by path relative to the repository. */
function fromCommand(repo: string, cwd: string, args: string[]): Record<string, string[]> {
  const r = cli(['lint', '-f', 'json', ...args], { cwd });
  return Object.fromEntries(
    report(r).results.map((f) => [
      relative(repo, join(cwd, f.file)),
      f.diagnostics.map((d) => `${d.code}:${d.severity}@${d.range?.start.line}:${d.range?.start.column}`),
    ]),
  );
}

describe("a team's repository: one config per file, the same everywhere", () => {
  it('gives each file the same findings from the root, a sub-folder, absolute paths and the pre-commit hook', () => {
    const repo = teamRepo();
    const expected = fromCommand(repo, repo, FILES);
    // The nested config decides production (25.3 forbids the property; the rule at error), the root lab.
    expect(Object.keys(expected).sort()).toEqual([...FILES].sort());
    expect(expected['shadow-links/prod/dr.yaml']!.map((f) => f.split('@')[0])).toEqual(
      expect.arrayContaining(['fetch-size-order:error']),
    );
    expect(expected['shadow-links/lab/lab.yaml']!.some((f) => f.startsWith('fetch-size-order'))).toBe(false);
    expect(
      fromCommand(
        repo,
        repo,
        FILES.map((f) => join(repo, f)),
      ),
    ).toEqual(expected);
    expect(fromCommand(repo, join(repo, 'shadow-links/prod'), ['dr.yaml', '../lab/lab.yaml'])).toEqual(expected);
    expect(fromCommand(repo, join(repo, 'shadow-links'), ['.'])).toEqual(expected);
    // The hook's command as pre-commit runs it: its entry, from the repository root, with the staged files.
    const hook = (parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { entry: string }[])[0]!;
    const [command, ...entryArgs] = hook.entry.split(' ');
    expect(command).toBe('svc-admin-spec');
    expect(fromCommand(repo, repo, [...entryArgs.slice(1), ...FILES])).toEqual(expected);
  });

  it('--print-config prints the same settings for a file from any working directory', () => {
    const repo = teamRepo();
    // Paths are printed relative to the working directory: compared resolved.
    const printed = (cwd: string, file: string) => {
      const r = cli(['--print-config', file], { cwd });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { file: string; config: string; targetVersion?: string };
      return { ...out, file: relative(repo, resolve(cwd, out.file)), config: relative(repo, resolve(cwd, out.config)) };
    };
    const fromRoot = printed(repo, 'shadow-links/prod/dr.yaml');
    expect(fromRoot.targetVersion).toBe('25.3');
    expect(fromRoot.config).toBe('shadow-links/prod/svc-admin-spec.config.yaml');
    expect(printed(join(repo, 'shadow-links/prod'), 'dr.yaml')).toEqual(fromRoot);
    expect(printed(join(repo, 'shadow-links/lab'), join(repo, 'shadow-links/prod/dr.yaml'))).toEqual(fromRoot);
    expect(printed(join(repo, 'shadow-links/prod'), '../lab/lab.yaml')).toEqual(
      printed(repo, 'shadow-links/lab/lab.yaml'),
    );
  });

  it('a file outside the config\'s "files" is left out alike by the command, --print-config and the language server', async () => {
    const repo = teamRepo();
    // The root config narrows linting to shadow-links/; a draft beside it would have findings.
    writeFileSync(
      join(repo, 'svc-admin-spec.config.yaml'),
      'targetVersion: "26.1"\nfiles: ["shadow-links/**"]\nrules:\n  fetch-size-order: "off"\n',
    );
    mkdirSync(join(repo, 'drafts'));
    writeFileSync(join(repo, 'drafts/dr.yaml'), LINK.replace('dr-link', 'dr link'));
    const outside = 'drafts/dr.yaml';
    const why = 'it is outside the "files" globs of svc-admin-spec.config.yaml';
    // The command: a walk skips it (--verbose says why); named, it is not linted and said, exit 0.
    const walk = cli(['lint', '--list-files', '--verbose', '.'], { cwd: repo });
    expect(walk.code).toBe(0);
    expect(walk.stdout.split('\n')).not.toContain(outside);
    expect(walk.stdout.split('\n')).toEqual(expect.arrayContaining(FILES));
    expect(walk.stderr).toContain(`svc-admin-spec: skipped ${outside}: ${why}\n`);
    const named = cli(['lint', '-f', 'json', outside], { cwd: repo });
    expect(named.code, named.stderr).toBe(0);
    expect(report(named).results).toEqual([]);
    expect(named.stderr).toBe(`svc-admin-spec: ${outside} was not linted: ${why}.\n`);
    // Linted when the globs take it: the draft's findings are real.
    expect(
      report(cli(['lint', '-f', 'json', '--no-config', outside], { cwd: repo })).results[0]!.diagnostics.length,
    ).toBeGreaterThan(0);
    // --print-config: outside "files", not ignored; a file inside is neither.
    const printed = (file: string) =>
      JSON.parse(cli(['--print-config', file], { cwd: repo }).stdout) as Record<string, unknown>;
    expect(printed(outside)).toMatchObject({ ignored: false, outsideFiles: true });
    expect(printed(FILES[1]!)).toMatchObject({ ignored: false, outsideFiles: false });
    // The library's resolveConfig says the same.
    expect(await resolveConfig(join(repo, outside))).toMatchObject({ ignored: false, outsideFiles: true });
    // The language server: no findings for the open document, and one line in its log saying why.
    const session = await LspSession.start(repo);
    try {
      const uri = uriOf(join(repo, outside));
      expect(await session.open(uri, readFileSync(join(repo, outside), 'utf8'))).toEqual([]);
      const logged = session.logs.filter((l) => l.includes(uri));
      expect(logged).toEqual([
        `svc-admin-spec: ${uri} is not linted: it is outside the "files" globs of ${join(repo, 'svc-admin-spec.config.yaml')}.`,
      ]);
      // Said once, not at every edit.
      await session.changeAndWait(uri, [{ text: `${LINK.replace('dr-link', 'dr  link')}` }]);
      expect(session.logs.filter((l) => l.includes(uri))).toHaveLength(1);
      // A document inside "files" is linted as the command lints it.
      const inside = await session.open(uriOf(join(repo, FILES[1]!)), LINK);
      expect(inside.length).toBeGreaterThan(0);
    } finally {
      await session.stop();
    }
  });

  it('the language server gives each open document the findings the command gives', async () => {
    const repo = teamRepo();
    const expected = fromCommand(repo, repo, FILES);
    const session = await LspSession.start(repo);
    try {
      for (const file of FILES) {
        const diagnostics = await session.open(uriOf(join(repo, file)), LINK);
        const severity = ['', 'error', 'warning', 'info', 'info'];
        // LSP positions are 0-based; the command's are 1-based.
        const seen = diagnostics.map(
          (d) =>
            `${String(d.code)}:${severity[d.severity ?? 0]}@${d.range.start.line + 1}:${d.range.start.character + 1}`,
        );
        expect(seen.sort(), file).toEqual([...expected[file]!].sort());
      }
    } finally {
      await session.stop();
    }
  });
});
