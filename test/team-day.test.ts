/**
 * A platform team's repository from `init` on (issue 20, "Proof"): package.json, tsconfig, CI
 * workflows, docker-compose, renovate, git-ignored node_modules/ and dist/, and a shadow-links/
 * folder holding every kind of file a team commits (an API ShadowLink, a CreateShadowLink request,
 * an rpk file) with a nested production config. Each step runs the built command as a user would.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, report, scratch } from './cli-helpers';

/** A ShadowLink whose fetchMaxBytes is below fetchMinBytes' default: a `fetch-size-order` warning. */
const LAB = `name: lab-link
configurations:
  clientOptions:
    bootstrapServers: ["lab-source:9092"]
    fetchMaxBytes: 1
`;
const RPK = `name: dr-link
client_options:
  bootstrap_servers: ["prod-source:9092"]
topic_metadata_sync_options:
  auto_create_shadow_topic_filters:
    - pattern_type: LITERAL
      filter_type: INCLUDE
      name: orders
`;
const REQUEST = `${JSON.stringify(
  { shadowLink: { name: 'dr-request', configurations: { clientOptions: { bootstrapServers: ['prod-source:9092'] } } } },
  null,
  2,
)}\n`;

/** Appends the link's name to `count.log` each time a link is checked: what the cache must spare. */
const COUNTING_PLUGIN = `import { appendFileSync } from 'node:fs';
export default {
  id: '@team/count', severity: 'info', kinds: ['ShadowLink'],
  docs: { description: 'Counts lints.' }, messages: { m: 'counted' },
  check(ctx) { appendFileSync(new URL('./count.log', import.meta.url), ctx.link?.value?.name + '\\n'); },
};
`;

function teamRepo(): string {
  const dir = scratch({
    'package.json': '{ "name": "platform", "private": true, "scripts": { "test": "vitest" } }\n',
    'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
    'renovate.json': '{ "extends": ["config:recommended"] }\n',
    'docker-compose.yml': 'services:\n  broker:\n    image: example/broker:latest\n    ports: ["9092:9092"]\n',
    '.github/workflows/ci.yml':
      'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n',
    '.gitignore': 'node_modules/\ndist/\n',
    'node_modules/left-pad/package.json': '{ "name": "left-pad" }\n',
    'node_modules/left-pad/link.yaml': LAB,
    'dist/report.json': '{ "results": [] }\n',
    'shadow-links/lab/lab.yaml': LAB,
    'shadow-links/dr.rpk.yaml': RPK,
    'shadow-links/request.json': REQUEST,
    'shadow-links/prod/dr.yaml': LAB.replace('fetchMaxBytes: 1', 'fetchMaxBytes: 52428800'),
    'shadow-links/prod/svc-admin-spec.config.yaml': 'targetVersion: "25.3"\nrules:\n  fetch-size-order: error\n',
    'policy/count.mjs': COUNTING_PLUGIN,
  });
  execFileSync('git', ['init', '-q', dir]);
  return dir;
}

const SHADOW_LINK_FILES = [
  'shadow-links/lab/lab.yaml',
  'shadow-links/dr.rpk.yaml',
  'shadow-links/request.json',
  'shadow-links/prod/dr.yaml',
];

/** Each linted file's findings as `code:severity`, by path. */
function findings(dir: string, args: string[] = ['.']): Record<string, string[]> {
  const r = cli(['lint', '-f', 'json', ...args], { cwd: dir });
  expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
  return Object.fromEntries(
    report(r).results.map((f) => [f.file, f.diagnostics.map((d) => `${d.code}:${d.severity}`)]),
  );
}

describe("a platform team's repository, from init on", () => {
  it('init writes a config that lints exactly the shadow-link documents, each as what it is', () => {
    const dir = teamRepo();
    const init = cli(['init'], { cwd: dir });
    expect(init.code, init.stderr).toBe(0);
    expect(existsSync(join(dir, 'svc-admin-spec.config.yaml'))).toBe(true);
    const r = cli(['lint', '-f', 'json', '.'], { cwd: dir });
    const results = report(r).results;
    // Only the shadow-link documents: not the workflow, compose, renovate, package or tsconfig files,
    // nor what git ignores (node_modules/, dist/).
    expect(results.map((f) => f.file).sort()).toEqual([...SHADOW_LINK_FILES].sort());
    const byFile = Object.fromEntries(results.map((f) => [f.file, f]));
    // Each file read as its own kind: the rpk file as rpk's, the request as a request — and all
    // are valid apart from lab's fetch sizes, so init's config adds no error of its own.
    expect(byFile['shadow-links/dr.rpk.yaml']).toMatchObject({ kind: 'RpkShadowLinkConfig', diagnostics: [] });
    expect(byFile['shadow-links/request.json']).toMatchObject({ kind: 'CreateShadowLinkRequest', diagnostics: [] });
    expect(byFile['shadow-links/prod/dr.yaml']).toMatchObject({ kind: 'ShadowLink', diagnostics: [] });
    expect(byFile['shadow-links/lab/lab.yaml']!.diagnostics.map((d) => `${d.code}:${d.severity}`)).toEqual([
      'fetch-size-order:warning',
    ]);
    expect(r.code).toBe(0);
  });

  it('the nested production config decides its files from the root, the folder and absolute paths', () => {
    const dir = teamRepo();
    writeFileSync(join(dir, 'shadow-links/prod/lab-copy.yaml'), LAB);
    const fromRoot = findings(dir)['shadow-links/prod/lab-copy.yaml'];
    expect(fromRoot).toEqual(['fetch-size-order:error']);
    expect(findings(join(dir, 'shadow-links/prod'), ['lab-copy.yaml'])['lab-copy.yaml']).toEqual(fromRoot);
    const absolute = join(dir, 'shadow-links/prod/lab-copy.yaml');
    expect(Object.values(findings(dir, [absolute]))).toEqual([fromRoot]);
  });

  it('hand-written ignore reasons survive the next --write-ignore-file', () => {
    const dir = teamRepo();
    expect(cli(['lint', '--write-ignore-file', '.'], { cwd: dir }).code).toBe(0);
    const path = join(dir, '.svc-admin-spec-ignore.json');
    const written = JSON.parse(readFileSync(path, 'utf8')) as { ignores: { file: string; reason?: string }[] };
    expect(written.ignores.map((e) => e.file)).toEqual(['shadow-links/lab/lab.yaml']);
    written.ignores[0]!.reason = 'the lab cluster caps fetches on purpose';
    writeFileSync(path, `${JSON.stringify(written, null, 2)}\n`);
    // A new finding elsewhere in the same folder: its entry is added, the reason above is kept.
    writeFileSync(join(dir, 'shadow-links/lab/second.yaml'), LAB.replace('lab-link', 'second-link'));
    const again = cli(['lint', '--write-ignore-file', '.'], { cwd: dir });
    expect(again.stderr + again.stdout).toMatch(/1 added, 0 removed, 1 kept/);
    const merged = JSON.parse(readFileSync(path, 'utf8')) as { ignores: { file: string; reason?: string }[] };
    expect(merged.ignores.find((e) => e.file === 'shadow-links/lab/lab.yaml')?.reason).toBe(
      'the lab cluster caps fetches on purpose',
    );
    expect(merged.ignores.map((e) => e.file).sort()).toEqual([
      'shadow-links/lab/lab.yaml',
      'shadow-links/lab/second.yaml',
    ]);
    expect(findings(dir)['shadow-links/lab/lab.yaml']).toEqual([]);
  });

  it('--cache reuses unchanged results and lints again what a change decides', () => {
    const dir = teamRepo();
    appendFileSync(join(dir, 'svc-admin-spec.config.yaml'), 'plugins: ["./policy/count.mjs"]\n');
    const linted = () => readFileSync(join(dir, 'policy/count.log'), 'utf8').split('\n').filter(Boolean);
    const run = () => cli(['lint', '--cache', '.'], { cwd: dir });
    const first = run();
    expect(first.code, first.stderr).toBe(0);
    // The root config governs lab.yaml and the rpk file (whose link, as rpk sends it, is a ShadowLink).
    expect(linted().sort()).toEqual(['dr-link', 'lab-link']);
    const second = run();
    expect(linted()).toHaveLength(2);
    expect(second).toEqual(first);
    // A file changes: that file alone is linted again.
    writeFileSync(join(dir, 'shadow-links/lab/lab.yaml'), LAB.replace('fetchMaxBytes: 1', 'fetchMaxBytes: 2'));
    expect(run().code).toBe(0);
    expect(linted().slice(2)).toEqual(['lab-link']);
    // Their config changes: both are linted again, with the new verdict.
    appendFileSync(join(dir, 'svc-admin-spec.config.yaml'), 'rules:\n  fetch-size-order: error\n');
    const stricter = run();
    expect(linted().slice(3).sort()).toEqual(['dr-link', 'lab-link']);
    expect(stricter.code).toBe(1);
    expect(stricter.stdout).toMatch(/error .*fetch-size-order/);
    // Nothing changed since: nothing is linted again, and the report is the same.
    expect(run()).toEqual(stricter);
    expect(linted()).toHaveLength(5);
  });
});
