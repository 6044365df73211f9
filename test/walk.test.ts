/**
 * Walking a platform team's repository: what git ignores, the config's `ignore` and `files` globs,
 * tool configs and plainly unrelated documents are skipped (unrelated ones counted); near misses of
 * an Admin API document are linted; files named explicitly (as pre-commit passes them) are read,
 * the unrelated ones with a one-line warning that does not fail the run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOOD_YAML, report, scratch, type JsonReport } from './cli-helpers';
import { runInProcess } from './run-helpers';
import { nearMissKey, namesOurSchema, relatedEvidence, unparsedEvidence } from '../src/kind/relevance';
import { detectKind } from '../src/kind/detect';
import { GitIgnores } from '../src/cli/gitignore';

const BROKEN_YAML = 'name: "dr link"\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["source-1:9092"]\n';

/** A platform team's repository, without `.git` (the `.gitignore` files alone apply). */
const TEAM_FILES = {
  'package.json': '{"name": "platform", "private": true, "scripts": {"lint": "svc-admin-spec lint ."}}',
  'tsconfig.json': '{"compilerOptions": {"strict": true}}',
  '.github/workflows/ci.yml':
    'name: ci\non: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npx svc-admin-spec lint .\n',
  'docker-compose.yml': 'name: platform\nservices:\n  broker:\n    image: redpanda\n    ports: ["9092:9092"]\n',
  'renovate.json':
    '{"$schema": "https://docs.renovatebot.com/renovate-schema.json", "extends": ["config:recommended"]}',
  '.gitignore': 'node_modules/\ndist/\n*.local.yaml\n!shadow-links/keep.local.yaml\n',
  'node_modules/pkg/broken.json': '{"name": "a b"}',
  'dist/x.json': '{"name": "a b", "configurations": {}}',
  'shadow-links/a.yaml': GOOD_YAML,
  'shadow-links/b.yaml': BROKEN_YAML,
  'shadow-links/scratch.local.yaml': BROKEN_YAML,
  'shadow-links/keep.local.yaml': GOOD_YAML,
  'shadow-links/production/svc-admin-spec.config.yaml': 'rules:\n  shadow-link-name: warning\n',
  'shadow-links/production/dr.yaml':
    'name: "prod dr"\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["p:9092"]\n',
  'shadowlinks/typo.json': '{"nmae": "dr", "configuratons": {"clientOptions": {"bootstrapServers": ["s:9092"]}}}',
};

const lint = (cwd: string, ...args: string[]) => runInProcess(args, { cwd });
const codes = (r: JsonReport) => r.results.map((x) => [x.file, x.diagnostics.map((d) => d.code)]);

const UNRELATED_WARNING = (file: string) =>
  `svc-admin-spec: ${file} was not linted: it is plainly not an Admin API document (no top-level key near one of a kind's, no "$schema" or modeline naming one of ours); pass --kind to lint it as one.\n`;

describe('walking a team repository', () => {
  it('lint . reports the broken links and the near miss only; unrelated files are counted', async () => {
    const dir = scratch(TEAM_FILES);
    const r = await lint(dir, 'lint', '-f', 'json', '.');
    expect(r.code).toBe(1);
    expect(codes(report(r))).toEqual([
      ['shadow-links/a.yaml', []],
      ['shadow-links/b.yaml', ['shadow-link-name']],
      ['shadow-links/keep.local.yaml', []],
      // The nested config makes the name a warning in production.
      ['shadow-links/production/dr.yaml', ['shadow-link-name']],
      ['shadowlinks/typo.json', ['kind/unrecognised']],
    ]);
    const typo = report(r).results[4]!.diagnostics[0]!;
    expect(typo.severity).toBe('error');
    expect(typo.message).toContain(
      '"configuratons" is close to "configurations", a top-level key of a ShadowLink: check its spelling.',
    );
    expect(r.stderr).toBe('svc-admin-spec: 3 files skipped: not Admin API documents (--verbose lists them).\n');
    // The stylish report: the same findings, and the same line on stderr.
    const stylish = await lint(dir, 'lint', '--no-color', '.');
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toContain('✖ 3 problems (2 errors, 1 warning, 0 infos) in 3 files');
    expect(stylish.stderr).toBe(r.stderr);
    // --quiet keeps the count quiet.
    expect((await lint(dir, 'lint', '--quiet', '-f', 'json', '.')).stderr).toBe('');
  });

  it('--verbose lists every skipped path and why', async () => {
    const dir = scratch(TEAM_FILES);
    const r = await lint(dir, 'lint', '-f', 'json', '--verbose', '.');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        'skipped .github/workflows/ci.yml: not an Admin API document',
        'skipped dist/: ignored by .gitignore',
        'skipped docker-compose.yml: not an Admin API document',
        'skipped node_modules/: installed packages, never walked',
        "skipped package.json: a tool's config file, never an Admin API document",
        'skipped renovate.json: not an Admin API document',
        "skipped shadow-links/production/svc-admin-spec.config.yaml: a tool's config file, never an Admin API document",
        'skipped shadow-links/scratch.local.yaml: ignored by .gitignore',
        "skipped tsconfig.json: a tool's config file, never an Admin API document",
      ]
        .map((l) => `svc-admin-spec: ${l}\n`)
        .join(''),
    );
  });

  it('--list-files prints what would be linted; with --verbose, why each other file was skipped', async () => {
    const dir = scratch(TEAM_FILES);
    const r = await lint(dir, 'lint', '--list-files');
    expect(r).toEqual({
      code: 0,
      stdout:
        'shadow-links/a.yaml\nshadow-links/b.yaml\nshadow-links/keep.local.yaml\nshadow-links/production/dr.yaml\nshadowlinks/typo.json\n',
      stderr: 'svc-admin-spec: 3 files skipped: not Admin API documents (--verbose lists them).\n',
    });
    const verbose = await lint(dir, 'lint', '--list-files', '--verbose', 'shadow-links');
    expect(verbose).toEqual({
      code: 0,
      stdout:
        'shadow-links/a.yaml\nshadow-links/b.yaml\nshadow-links/keep.local.yaml\nshadow-links/production/dr.yaml\n',
      stderr:
        "svc-admin-spec: skipped shadow-links/production/svc-admin-spec.config.yaml: a tool's config file, never an Admin API document\n" +
        'svc-admin-spec: skipped shadow-links/scratch.local.yaml: ignored by .gitignore\n',
    });
    const missing = await lint(dir, 'lint', '--list-files', 'nope.yaml', 'shadow-links/a.yaml');
    expect(missing).toEqual({
      code: 2,
      stdout: 'shadow-links/a.yaml\n',
      stderr: `svc-admin-spec: nope.yaml: no such file or directory (paths are relative to ${dir}); check the path, or leave it out.\n`,
    });
    expect((await lint(dir, 'lint', '--list-files', '--fix')).code).toBe(2);
  });

  it('pre-commit style: every staged file named; unrelated ones get a warning, the exit follows real findings', async () => {
    const dir = scratch(TEAM_FILES);
    const staged = [
      '.github/workflows/ci.yml',
      'docker-compose.yml',
      'package.json',
      'renovate.json',
      'shadow-links/a.yaml',
      'shadow-links/b.yaml',
      // A hook's `files: ^shadow-links/` passes the folder's own config too: skipped without a note.
      'shadow-links/production/svc-admin-spec.config.yaml',
      'shadowlinks/typo.json',
      'tsconfig.json',
    ];
    const r = await lint(dir, 'lint', '-f', 'json', ...staged);
    expect(r.code).toBe(1);
    expect(codes(report(r))).toEqual([
      ['shadow-links/a.yaml', []],
      ['shadow-links/b.yaml', ['shadow-link-name']],
      ['shadowlinks/typo.json', ['kind/unrecognised']],
    ]);
    expect(r.stderr).toBe(
      UNRELATED_WARNING('.github/workflows/ci.yml') +
        UNRELATED_WARNING('docker-compose.yml') +
        "svc-admin-spec: package.json was not linted: it is a tool's config file (package.json), never an Admin API document.\n" +
        UNRELATED_WARNING('renovate.json') +
        "svc-admin-spec: tsconfig.json was not linted: it is a tool's config file (tsconfig.json), never an Admin API document.\n",
    );
    // A commit that touches docker-compose.yml and a good link is not blocked.
    const compose = await lint(dir, 'lint', 'docker-compose.yml', 'shadow-links/a.yaml');
    expect(compose).toMatchObject({ code: 0, stderr: UNRELATED_WARNING('docker-compose.yml') });
    // --kind lints it as asked.
    expect((await lint(dir, 'lint', '--kind', 'ShadowLink', 'docker-compose.yml')).code).toBe(1);
  });

  it('our own config and ignore files named on the command line: no note, but --verbose lists them', async () => {
    const dir = scratch({
      ...TEAM_FILES,
      'shadow-links/.svc-admin-spec-ignore.json': '{"version": 1, "ignores": []}\n',
    });
    const named = [
      'shadow-links/a.yaml',
      'shadow-links/production/svc-admin-spec.config.yaml',
      'shadow-links/.svc-admin-spec-ignore.json',
    ];
    expect(await lint(dir, 'lint', ...named)).toMatchObject({ code: 0, stderr: '' });
    expect(await lint(dir, 'lint', '--verbose', ...named)).toMatchObject({
      code: 0,
      stderr:
        "svc-admin-spec: skipped shadow-links/.svc-admin-spec-ignore.json: this linter's own ignore file\n" +
        "svc-admin-spec: skipped shadow-links/production/svc-admin-spec.config.yaml: this linter's own config file\n",
    });
  });

  it('a file named explicitly is linted even when git ignores it; globs skip what git ignores', async () => {
    const dir = scratch(TEAM_FILES);
    const named = await lint(dir, 'lint', '-f', 'json', 'dist/x.json');
    expect(named.code).toBe(1);
    expect(codes(report(named))).toEqual([['dist/x.json', ['shadow-link-name', 'bootstrap-servers']]]);
    expect(named.stderr).toBe('');
    const glob = await lint(dir, 'lint', '--list-files', '--verbose', '**/*.json');
    expect(glob).toEqual({
      code: 0,
      stdout: 'shadowlinks/typo.json\n',
      stderr:
        'svc-admin-spec: skipped dist/x.json: ignored by .gitignore\n' +
        'svc-admin-spec: skipped renovate.json: not an Admin API document\n',
    });
    // A directory whose every file git ignores matches nothing, and says why.
    const ignoredDir = await lint(dir, 'lint', 'dist');
    expect(ignoredDir.code).toBe(2);
    expect(ignoredDir.stderr).toContain('No files matched "dist"');
    expect(ignoredDir.stderr).toContain('Git ignores some of what was found: name a file to lint it anyway.');
  });

  it('a "files" list in the config narrows what a walk lints; a file named outside it gets a note', async () => {
    const dir = scratch({ ...TEAM_FILES, 'svc-admin-spec.config.yaml': 'files: ["shadow-links/**"]\n' });
    const r = await lint(dir, 'lint', '--list-files', '--verbose');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'shadow-links/a.yaml\nshadow-links/b.yaml\nshadow-links/keep.local.yaml\nshadow-links/production/dr.yaml\n',
    );
    expect(r.stderr).toContain(
      'svc-admin-spec: skipped shadowlinks/typo.json: it is outside the "files" globs of svc-admin-spec.config.yaml\n',
    );
    expect(r.stderr).toContain(
      'svc-admin-spec: skipped docker-compose.yml: it is outside the "files" globs of svc-admin-spec.config.yaml\n',
    );
    const named = await lint(dir, 'lint', 'shadowlinks/typo.json');
    expect(named).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'svc-admin-spec: shadowlinks/typo.json was not linted: it is outside the "files" globs of svc-admin-spec.config.yaml.\n',
    });
    const bad = scratch({ 'svc-admin-spec.config.yaml': 'files: []\n', 'a.yaml': GOOD_YAML });
    const refused = await lint(bad, 'lint', '.');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"files" must list at least one glob');
  });

  it('symbolic links to directories are still followed once each, and git ignores apply to them', async () => {
    const dir = scratch({ 'real/a.yaml': GOOD_YAML, '.gitignore': 'hidden\n' });
    const elsewhere = scratch({ 'b.yaml': BROKEN_YAML });
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    symlinkSync(elsewhere, join(dir, 'hidden'));
    symlinkSync(elsewhere, join(dir, 'shown'));
    const r = await lint(dir, 'lint', '--list-files', '--verbose');
    expect(r).toEqual({
      code: 0,
      // link/a.yaml is real/a.yaml, walked once; shown/ reaches what hidden/ would have.
      stdout: 'real/a.yaml\nshown/b.yaml\n',
      stderr: 'svc-admin-spec: skipped hidden/: ignored by .gitignore\n',
    });
  });
});

describe('a real git repository', () => {
  const env = {
    ...process.env,
    HOME: scratch(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  const hasGit = spawnSync('git', ['--version']).status === 0;
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' });

  it.runIf(hasGit)('honours .git/info/exclude and nested .gitignore files as git does', async () => {
    const dir = scratch({
      ...TEAM_FILES,
      // A deeper .gitignore wins: it re-includes one file the root's pattern ignores.
      'shadow-links/.gitignore': '!scratch.local.yaml\n',
      // Below an ignored directory, nothing is re-included.
      'dist/keep.json': GOOD_YAML,
      'shadow-links/drafts/c.yaml': BROKEN_YAML,
    });
    writeFileSync(join(dir, '.gitignore'), `${TEAM_FILES['.gitignore']}!dist/keep.json\n`);
    git(dir, 'init', '-q', '-b', 'main');
    mkdirSync(join(dir, '.git', 'info'), { recursive: true });
    writeFileSync(join(dir, '.git', 'info', 'exclude'), 'shadow-links/drafts/\n');
    const r = await lint(dir, 'lint', '--list-files', '--verbose');
    expect(r.stdout).toBe(
      'shadow-links/a.yaml\nshadow-links/b.yaml\nshadow-links/keep.local.yaml\nshadow-links/scratch.local.yaml\nshadow-links/production/dr.yaml\nshadowlinks/typo.json\n',
    );
    expect(r.stderr).toContain('svc-admin-spec: skipped shadow-links/drafts/: ignored by .git/info/exclude\n');
    expect(r.stderr).toContain('svc-admin-spec: skipped dist/: ignored by .gitignore\n');
    // Git agrees: every JSON/YAML file git does not ignore is listed or skipped for another reason.
    const notIgnored = git(dir, 'ls-files', '--others', '--exclude-standard')
      .split('\n')
      .filter((f) => /\.(json|ya?ml)$/.test(f));
    const listed = r.stdout.split('\n').filter(Boolean);
    const skippedOtherwise = [...r.stderr.matchAll(/skipped ([^:]+[^/:]): (?!ignored by)/g)].map((m) => m[1]);
    expect([...listed, ...skippedOtherwise].sort()).toEqual(notIgnored.sort());
    // Walking a subdirectory still reads the root's ignore files.
    const sub = await lint(dir, 'lint', '--list-files', 'shadow-links');
    expect(sub.stdout).not.toContain('drafts');
    // From inside the subdirectory too.
    const inside = await lint(join(dir, 'shadow-links'), 'lint', '--list-files');
    expect(inside.stdout).toBe('a.yaml\nb.yaml\nkeep.local.yaml\nscratch.local.yaml\nproduction/dr.yaml\n');
  });

  it.runIf(hasGit)('a worktree (.git is a file) finds the common info/exclude', () => {
    const main = scratch({ 'a.yaml': GOOD_YAML });
    git(main, 'init', '-q', '-b', 'main');
    git(main, 'add', 'a.yaml');
    git(main, 'commit', '-q', '-m', 'a');
    const tree = join(scratch(), 'wt');
    git(main, 'worktree', 'add', '-q', tree);
    writeFileSync(join(main, '.git', 'info', 'exclude'), 'b.yaml\n');
    writeFileSync(join(tree, 'b.yaml'), BROKEN_YAML);
    const ignores = new GitIgnores(tree, (p) => p);
    expect(ignores.reason(join(tree, 'b.yaml'), false)).toBe(`ignored by ${join(main, '.git', 'info', 'exclude')}`);
    expect(ignores.reason(join(tree, 'a.yaml'), false)).toBeUndefined();
  });
});

describe('git ignore rules, without git', () => {
  it('a nested clone is judged by the outer repository; its own files by its own rules', () => {
    const dir = scratch({ '.gitignore': 'vendor/\n', 'tools/lib/.gitignore': 'b.yaml\n' });
    for (const d of ['.git', 'vendor/lib/.git', 'tools/lib/.git']) mkdirSync(join(dir, d), { recursive: true });
    const ignores = new GitIgnores(dir, (p) => p.slice(dir.length + 1));
    expect(ignores.reason(join(dir, 'vendor', 'lib'), true)).toBe('ignored by .gitignore');
    expect(ignores.reason(join(dir, 'tools', 'lib'), true)).toBeUndefined();
    expect(ignores.reason(join(dir, 'tools', 'lib', 'b.yaml'), false)).toBe('ignored by tools/lib/.gitignore');
    expect(ignores.reason(join(dir, 'tools', 'lib', 'a.yaml'), false)).toBeUndefined();
  });
});

describe('plainly unrelated or a near miss', () => {
  it("a top-level key one or two letters from a kind's own is a near miss; common words are not", () => {
    expect(nearMissKey({ nmae: 'x', configuratons: {} })).toEqual({
      key: 'configuratons',
      like: 'configurations',
      kind: 'ShadowLink',
    });
    expect(nearMissKey({ name: 'x', client_optons: {} })).toMatchObject({ like: 'client_options' });
    expect(nearMissKey({ 'shadow-link': {} })).toMatchObject({ like: 'shadowLink' });
    expect(nearMissKey({ Configurations: {} })).toMatchObject({ like: 'configurations' });
    expect(nearMissKey({ brokers: [] })).toMatchObject({ like: 'broker', kind: 'GetBrokerResponse' });
    // A CI workflow, a compose file, renovate, Kubernetes: nothing near.
    expect(nearMissKey({ name: 'ci', on: 'push', jobs: {} })).toBeUndefined();
    expect(nearMissKey({ name: 'p', services: {}, volumes: {}, networks: {}, configs: {} })).toBeUndefined();
    expect(nearMissKey({ apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: {} })).toBeUndefined();
    expect(nearMissKey({ code: 1, message: 'x', mode: 'y', node: 'z', messages: [] })).toBeUndefined();
    expect(nearMissKey(['configurations'])).toBeUndefined();
  });

  it("a $schema or modeline naming our schemas, even misspelt, is evidence; another tool's is not", () => {
    expect(namesOurSchema('https://unpkg.com/svc-admin-spec/schemas/Nope.schema.json')).toBe(true);
    expect(namesOurSchema('./schemas/ShadowLnk.schema.json')).toBe(true);
    expect(namesOurSchema('https://docs.renovatebot.com/renovate-schema.json')).toBe(false);
    expect(namesOurSchema('https://json.schemastore.org/github-workflow.json')).toBe(false);
    expect(namesOurSchema('https://example.com/tsconfig.schema.json')).toBe(false);
    expect(relatedEvidence({ $schema: './ShadowLnk.schema.json', x: 1 })).toContain('"$schema"');
    expect(relatedEvidence({ x: 1 }, 'https://unpkg.com/svc-admin-spec/schemas/X.schema.json')).toContain('modeline');
    expect(relatedEvidence({ x: 1 }, 'https://json.schemastore.org/github-workflow.json')).toBeUndefined();
  });

  it('the kind/unrecognised message names the near-miss key, and only then', () => {
    const near = detectKind({ nmae: 'x', configuratons: {} }, {});
    expect(near).toMatchObject({ kind: null, reason: 'unrecognised' });
    expect(near.kind === null && near.message).toContain(
      '"configuratons" is close to "configurations", a top-level key of a ShadowLink: check its spelling.',
    );
    const far = detectKind({ replicas: 3 }, {});
    expect(far.kind === null && far.message).not.toContain('is close to');
  });

  it('near misses found by a walk are linted as errors: misspelt $schema, modeline, rpk key', async () => {
    const dir = scratch({
      'a.json': '{"$schema": "./schemas/ShadowLnk.schema.json", "x": 1}',
      'b.yaml':
        '# yaml-language-server: $schema=https://unpkg.com/svc-admin-spec/schemas/ShadowLnk.schema.json\nx: 1\n',
      'c.yaml': 'name: dr\nclient_optons:\n  bootstrap_servers: ["s:9092"]\n',
      'd.yaml': 'apiVersion: v1\nkind: ConfigMap\n',
    });
    const r = await lint(dir, 'lint', '-f', 'json', '.');
    expect(r.code).toBe(1);
    expect(codes(report(r))).toEqual([
      ['a.json', ['kind/unknown-schema']],
      ['b.yaml', ['kind/unrecognised']],
      ['c.yaml', ['kind/unrecognised']],
    ]);
    expect(r.stderr).toBe('svc-admin-spec: 1 file skipped: not an Admin API document (--verbose lists it).\n');
  });
});

/** A platform repository with a Helm chart, files that do not parse and are not ours, and links. */
const CHART_FILES = {
  'deploy/chart/Chart.yaml': 'apiVersion: v2\nname: platform\nversion: 0.1.0\n',
  'deploy/chart/values.yaml': 'replicas: 1\nimage:\n  repository: redpanda\n',
  // Not YAML until rendered: a flow mapping in a block, a directive line.
  'deploy/chart/templates/deployment.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: {{ .Values.replicas }}\n  template: {{- toYaml .Values.pod | nindent 4 }} x\n',
  'deploy/chart/templates/extra/configmap.yaml': '{{- if .Values.extra }}\ndata: [{{ .Values.extra }}\n{{- end }}\n',
  // No key of ours at any depth (a `broker:` service would be a near miss of GetBrokerResponse's).
  'ops/broken.yaml': 'services:\n  web:\n    ports: [9092\n',
  'ci/broken-workflow.yml': 'name: CI\non: [push\njobs:\n  test:\n    runs-on: ubuntu-latest\n',
  '.vscode/settings.json': '{\n  // editor settings\n  "editor.tabSize": 2,\n}\n',
  // Broken, with words of ours only in a value, deeper than the top, in a comment, or in a list of entries.
  'compose/docker-compose.yml': 'services:\n  app:\n    environment:\n      KAFKA: broker:9092\n     ports: [8080]\n',
  'misc/a.yaml': 'kafka:\n  brokers:\n    - k1\n   topic: x\n',
  'misc/d.yaml': '# Kafka broker: see docs\njobs:\n\tbuild: x\n',
  'misc/errors.yaml': '- code: E1\n  text: a\n - code: E2\n',
  'shadow-links/a.yaml': GOOD_YAML,
};

/** The summary of a walk over CHART_FILES: the files that do not parse counted apart from the unrelated ones. */
const SKIPPED_CHART_FILES =
  'svc-admin-spec: 4 files skipped: not Admin API documents (--verbose lists them).\n' +
  'svc-admin-spec: 7 files skipped: they do not parse and name nothing of ours (--verbose lists them; name a file to lint it anyway).\n';

describe('Helm charts and files that do not parse', () => {
  it("a walk skips a Helm chart's templates and unparsable files that name nothing of ours, counted", async () => {
    const dir = scratch(CHART_FILES);
    const r = await lint(dir, 'lint', '-f', 'json', '.');
    expect(r.code).toBe(0);
    expect(codes(report(r))).toEqual([['shadow-links/a.yaml', []]]);
    // Chart.yaml and values.yaml parse, and are plainly unrelated.
    expect(r.stderr).toBe(SKIPPED_CHART_FILES);
    const verbose = await lint(dir, 'lint', '--list-files', '--verbose');
    expect(verbose).toEqual({
      code: 0,
      stdout: 'shadow-links/a.yaml\n',
      stderr: [
        'skipped .vscode/settings.json: does not parse and names nothing of ours',
        'skipped ci/broken-workflow.yml: does not parse and names nothing of ours',
        'skipped compose/docker-compose.yml: does not parse and names nothing of ours',
        'skipped deploy/chart/Chart.yaml: not an Admin API document',
        'skipped deploy/chart/templates/deployment.yaml: a Helm chart template, never an Admin API document',
        'skipped deploy/chart/templates/extra/configmap.yaml: a Helm chart template, never an Admin API document',
        'skipped deploy/chart/values.yaml: not an Admin API document',
        'skipped misc/a.yaml: does not parse and names nothing of ours',
        'skipped misc/d.yaml: does not parse and names nothing of ours',
        'skipped misc/errors.yaml: does not parse and names nothing of ours',
        'skipped ops/broken.yaml: does not parse and names nothing of ours',
      ]
        .map((l) => `svc-admin-spec: ${l}\n`)
        .join(''),
    });
    // A glob skips the templates alike.
    const glob = await lint(dir, 'lint', '--list-files', '--verbose', 'deploy/**/*.yaml');
    expect(glob.stdout).toBe('');
    expect(glob.stderr).toContain(
      'svc-admin-spec: skipped deploy/chart/templates/deployment.yaml: a Helm chart template, never an Admin API document\n',
    );
    // A templates folder without a Chart.yaml above it is no chart's: its broken file is judged by its text.
    const plain = scratch({ 'templates/x.yaml': 'configurations:\n  clientOptions: [\n' });
    expect(codes(report(await lint(plain, 'lint', '-f', 'json', '.')))).toEqual([
      ['templates/x.yaml', ['parse/yaml-syntax']],
    ]);
  });

  it('a broken shadow link, CreateShadowLink request or rpk file in a walk keeps its parse error and fails the run', async () => {
    const dir = scratch({
      ...CHART_FILES,
      'links/dr.yaml': 'name: dr\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"\n',
      // One line, as `jq -c` writes it: the key is found at the object's top level, not at a line start.
      'links/dr.json': '{"name":"dr","configurations":{"clientOptions":{"bootstrapServers":["s:9092"]}}',
      'links/request.json': '{\n  "shadowLink": {\n    "name": "dr",\n  }\n}\n',
      'links/rpk.yaml': 'name: dr\nclient_options:\n  bootstrap_servers: [s:9092\n',
      // A near miss of a key, a $schema or modeline of ours, a kind's file name: meant as ours.
      'links/typo.yaml': 'configuratons:\n  clientOptions: {\n',
      'links/schema.json': '{"$schema": "https://unpkg.com/svc-admin-spec/schemas/ShadowLink.schema.json", "x": }',
      'links/modeline.yaml':
        '# yaml-language-server: $schema=https://unpkg.com/svc-admin-spec/schemas/ShadowLink.schema.json\nx: [\n',
      'links/x.create-shadow-link.yaml': 'x: [\n',
      // Broken in ways that hide the keys from a reader that looks at line starts or at JSON only.
      'links/misindented.yaml': 'name: dr-link\n  client_options:\n    bootstrap_servers: [a:9092]\n',
      'links/tab.yaml': 'name: dr\n\tconfigurations:\n  clientOptions: {}\n',
      'links/json-in.yaml': '{ "name": "dr", "configurations": {\n  "clientOptions": {}\n',
      'links/single.json': "{'name': 'dr', 'configurations': {'clientOptions': {}}}",
      'links/bare.json': '{ name: "dr", configurations: { clientOptions: {} } }',
      'links/indented.yaml': '  name: dr\n  configurations:\n    clientOptions: {\n',
    });
    const r = await lint(dir, 'lint', '-f', 'json', '.');
    expect(r.code).toBe(1);
    const syntax = (file: string) => [file, [file.endsWith('.json') ? 'parse/json-syntax' : 'parse/yaml-syntax']];
    expect(report(r).results.map((x) => [x.file, [...new Set(x.diagnostics.map((d) => d.code))]])).toEqual([
      syntax('links/bare.json'),
      syntax('links/dr.json'),
      syntax('links/dr.yaml'),
      syntax('links/indented.yaml'),
      syntax('links/json-in.yaml'),
      syntax('links/misindented.yaml'),
      syntax('links/modeline.yaml'),
      syntax('links/request.json'),
      syntax('links/rpk.yaml'),
      syntax('links/schema.json'),
      syntax('links/single.json'),
      syntax('links/tab.yaml'),
      syntax('links/typo.yaml'),
      syntax('links/x.create-shadow-link.yaml'),
      ['shadow-links/a.yaml', []],
    ]);
    expect(r.stderr).toBe(SKIPPED_CHART_FILES);
    // A kind fixed for the files (--kind, or an override's kind) says they are ours: each is linted.
    const fixed = await lint(dir, 'lint', '-f', 'json', '--kind', 'ShadowLink', 'ops');
    expect(codes(report(fixed))).toEqual([['ops/broken.yaml', ['parse/yaml-syntax']]]);
  });

  it('a walk skips an empty or comment-only file that names nothing of ours; named, or named ours, it is reported', async () => {
    const dir = scratch({
      'empty.yaml': '',
      'notes.yaml': '# to do\n',
      'blank.json': '  \n',
      'links/dr.shadow-link.yaml': '',
      'shadow-links/a.yaml': GOOD_YAML,
    });
    const r = await lint(dir, 'lint', '-f', 'json', '.');
    expect(r.code).toBe(2);
    expect(codes(report(r))).toEqual([
      ['links/dr.shadow-link.yaml', ['input/empty']],
      ['shadow-links/a.yaml', []],
    ]);
    const verbose = await lint(dir, 'lint', '--list-files', '--verbose', '.');
    for (const file of ['blank.json', 'empty.yaml', 'notes.yaml'])
      expect(verbose.stderr).toContain(`svc-admin-spec: skipped ${file}: empty, and names nothing of ours\n`);
    // Without a file of ours among them, the run passes.
    const plain = scratch({ 'empty.yaml': '', 'shadow-links/a.yaml': GOOD_YAML });
    expect((await lint(plain, 'lint', '-f', 'json', '.')).code).toBe(0);
    const named = await lint(dir, 'lint', '-f', 'json', 'empty.yaml');
    expect(named.code).toBe(2);
    expect(codes(report(named))).toEqual([['empty.yaml', ['input/empty']]]);
  });

  it('a file named explicitly keeps its parse errors; a named Helm template gets a note and does not fail', async () => {
    const dir = scratch(CHART_FILES);
    const named = await lint(dir, 'lint', '-f', 'json', 'ops/broken.yaml', '.vscode/settings.json');
    expect(named.code).toBe(1);
    expect(report(named).results.map((x) => [x.file, [...new Set(x.diagnostics.map((d) => d.code))]])).toEqual([
      ['ops/broken.yaml', ['parse/yaml-syntax']],
      ['.vscode/settings.json', ['parse/json-syntax']],
    ]);
    expect(named.stderr).toBe('');
    // pre-commit passes every staged YAML file by name, a chart's templates among them.
    const staged = await lint(
      dir,
      'lint',
      '-f',
      'json',
      'deploy/chart/templates/deployment.yaml',
      'deploy/chart/templates/extra/configmap.yaml',
      'shadow-links/a.yaml',
    );
    expect(staged.code).toBe(0);
    expect(codes(report(staged))).toEqual([['shadow-links/a.yaml', []]]);
    expect(staged.stderr).toBe(
      'svc-admin-spec: deploy/chart/templates/deployment.yaml was not linted: it is a template of the Helm chart deploy/chart/Chart.yaml, never an Admin API document.\n' +
        'svc-admin-spec: deploy/chart/templates/extra/configmap.yaml was not linted: it is a template of the Helm chart deploy/chart/Chart.yaml, never an Admin API document.\n',
    );
  });

  it("what counts as naming something of ours in a text that does not parse: a kind's top-level key, our schema, a kind's file name", () => {
    const none = (text: string, format: 'json' | 'yaml', name = '/r/x.' + format) => unparsedEvidence(text, name);
    expect(none('name: dr\nconfigurations:\n  x: [\n', 'yaml')).toContain('"configurations"');
    expect(none('"client_options":\n  x: [\n', 'yaml')).toContain('"client_options"');
    expect(none('brokers: [\n', 'yaml')).toContain('"broker"');
    // Near misses among the outermost keys only; deeper, only a long distinctive key written exactly
    // (a broken file may be mis-indented): `broker` names a compose service as well.
    expect(none('services:\n  broker:\n    ports: [\n', 'yaml')).toBeUndefined();
    expect(none('services:\n  brokers:\n    ports: [\n', 'yaml')).toBeUndefined();
    expect(none('a:\n  configuratons:\n    x: [\n', 'yaml')).toBeUndefined();
    expect(none('a:\n  configurations:\n    x: [\n', 'yaml')).toContain('"configurations"');
    // Only in key position: not inside a value, nor in a comment.
    expect(none('env:\n  KAFKA: broker:9092\n ports: [\n', 'yaml')).toBeUndefined();
    expect(none('env:\n  X: configurations: 1\n ports: [\n', 'yaml')).toBeUndefined();
    expect(none('# configurations: see docs\njobs:\n\tbuild: x\n', 'yaml')).toBeUndefined();
    expect(none('jobs: x # configurations: y\n\tbuild: x\n', 'yaml')).toBeUndefined();
    expect(none('jobs: "# x"\n\tconfigurations: x\n', 'yaml')).toContain('"configurations"');
    expect(none('- name: x\n  - configurations: [\n', 'yaml')).toContain('"configurations"');
    expect(none('a: {b: 1, configurations: [\n', 'yaml')).toContain('"configurations"');
    expect(none('a: b, configurations: [\n', 'yaml')).toBeUndefined();
    expect(none('name: x\nmessage: y\nstatus: [\n', 'yaml')).toBeUndefined();
    expect(none('{"a": 1, "nodeId": ', 'json')).toContain('"nodeId"');
    expect(none('{"services": {"broker": {"ports": [9092}}', 'json')).toBeUndefined();
    expect(none('{"a": [{"configurations": 1}], "b": }', 'json')).toContain('"configurations"');
    expect(none("{'name': 'dr', 'configurations': {", 'json')).toContain('"configurations"');
    expect(none('{ name: "dr", configurations: {', 'json')).toContain('"configurations"');
    expect(none('{ "name": "dr", "configurations": {', 'yaml')).toContain('"configurations"');
    expect(none('name: dr\n\tconfigurations:\n', 'yaml')).toContain('"configurations"');
    // A key's text inside a string value is not a key; a key longer than 64 characters is not compared.
    expect(none('{"a": "{\\"configurations\\": 1", "b": }', 'json')).toBeUndefined();
    expect(none(`{"configurations${'x'.repeat(64)}": 1, "b": }`, 'json')).toBeUndefined();
    expect(none('{"a": 1,,}', 'json')).toBeUndefined();
    // A ConnectError's shape, as detection tells it: "code", or "message" with "details", among the outermost keys.
    expect(none('{"code": "not_found", "message": "x",, }', 'json')).toContain('ConnectError');
    expect(none('{"message": "x", "details": [}', 'json')).toContain('ConnectError');
    expect(none('  code: not_found\n  message: [\n', 'yaml')).toContain('ConnectError');
    expect(none('{"message": "x", "detail": [}', 'json')).toBeUndefined();
    expect(none('jobs:\n  build:\n    code: 1\n    steps: [\n', 'yaml')).toBeUndefined();
    expect(none('{"a": {"code": 1}, "b": [}', 'json')).toBeUndefined();
    // Only a mapping at the root has a ConnectError's shape: not a list of error entries.
    expect(none('- code: E1\n  text: a\n - code: E2\n', 'yaml')).toBeUndefined();
    expect(none('---\n- code: E1\n  message: [\n', 'yaml')).toBeUndefined();
    expect(none('[{"code": "E1"}, ', 'json')).toBeUndefined();
    expect(none('---\ncode: E1\nmessage: [\n', 'yaml')).toContain('ConnectError');
    expect(none('x: [\n', 'yaml', '/r/shadow-links/dr.json')).toContain('file name');
    expect(none('{"$schema": "./schemas/ShadowLnk.schema.json", }', 'json')).toContain('"$schema"');
    expect(none('{"$schema": "https://json.schemastore.org/package.json", }', 'json')).toBeUndefined();
  });
});
