/**
 * End to end: a git repository that uses this project's pre-commit hook (from a local clone of the
 * working tree) blocks a commit with a bad config, printing the diagnostics, and lets a good one through.
 * Needs Debian's `pre-commit`: CI installs it and sets SVC_REQUIRE_PRE_COMMIT=1, so there it must run;
 * on a machine without pre-commit the test is skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOOD_YAML, ROOT, scratch } from './cli-helpers';

const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;
const required = process.env['SVC_REQUIRE_PRE_COMMIT'] === '1';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });

describe('pre-commit hook', () => {
  it.runIf(required)('is installed where it is required (CI)', () => {
    expect(hasPreCommit, 'pre-commit is not on PATH: apt-get install pre-commit').toBe(true);
  });

  it.runIf(hasPreCommit)(
    'blocks a commit with a bad config and lets a good one pass',
    () => {
      // The hook repository: the current working tree (tracked and new files), committed.
      const hook = scratch();
      git(hook, 'init', '-q', '-b', 'main');
      for (const file of git(ROOT, 'ls-files', '-co', '--exclude-standard').split('\n').filter(Boolean)) {
        mkdirSync(dirname(join(hook, file)), { recursive: true });
        try {
          copyFileSync(join(ROOT, file), join(hook, file));
        } catch {
          // A file deleted in the working tree but still tracked: nothing to copy.
        }
      }
      git(hook, 'add', '-A');
      git(hook, 'commit', '-q', '-m', 'hook');
      const rev = git(hook, 'rev-parse', 'HEAD').trim();

      const repo = scratch({
        '.pre-commit-config.yaml': `repos:\n  - repo: ${hook}\n    rev: ${rev}\n    hooks:\n      - id: svc-admin-spec\n`,
      });
      git(repo, 'init', '-q', '-b', 'main');
      const env = {
        ...process.env,
        PRE_COMMIT_HOME: join(repo, '.cache-pre-commit'),
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      };
      writeFileSync(join(repo, '.gitignore'), '.cache-pre-commit/\n');
      execFileSync('pre-commit', ['install'], { cwd: repo, env });
      git(repo, 'add', '.pre-commit-config.yaml', '.gitignore');

      writeFileSync(
        join(repo, 'bad-link.yaml'),
        'name: "dr link"\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n',
      );
      git(repo, 'add', 'bad-link.yaml');
      const blocked = spawnSync('git', ['commit', '-m', 'bad'], { cwd: repo, env, encoding: 'utf8' });
      const out = blocked.stdout + blocked.stderr;
      expect(blocked.status, out).not.toBe(0);
      expect(out).toContain('bad-link.yaml');
      expect(out).toMatch(/1:7\s+error\s+The shadow link `name` contains " "/);
      expect(git(repo, 'log', '--oneline', '--all').trim()).toBe('');

      writeFileSync(join(repo, 'bad-link.yaml'), GOOD_YAML);
      git(repo, 'add', 'bad-link.yaml');
      const passed = spawnSync('git', ['commit', '-m', 'good'], { cwd: repo, env, encoding: 'utf8' });
      expect(passed.status, passed.stdout + passed.stderr).toBe(0);
      expect(passed.stdout + passed.stderr).toMatch(/svc-admin-spec lint\.+Passed/);
    },
    600_000,
  );
});
