/**
 * `lint --cache`: a file's results are reused while its content, config, plugins, ignore file,
 * flags and the tool's version are unchanged; lint is counted through a spy on `lintText`, which
 * every lint of a file goes through, and reads of the linted files through a spy on `readRegularFile`.
 */
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lintText } from '../src/lint/lint-text';
import type * as LintTextModule from '../src/lint/lint-text';
import { readRegularFile } from '../src/config/fs-safe';
import type * as FsSafeModule from '../src/config/fs-safe';
import { CACHE_FILE_NAME, SETTLE_MS } from '../src/cli/cache';
import { VERSION } from '../src/util/version';
import { GOOD_YAML, scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';

vi.mock('../src/lint/lint-text', async (importOriginal) => {
  const actual = await importOriginal<typeof LintTextModule>();
  return { ...actual, lintText: vi.fn(actual.lintText) };
});

vi.mock('../src/config/fs-safe', async (importOriginal) => {
  const actual = await importOriginal<typeof FsSafeModule>();
  return { ...actual, readRegularFile: vi.fn(actual.readRegularFile) };
});

const lints = vi.mocked(lintText);
const reads = vi.mocked(readRegularFile);

/** How many times the run read a document of `links/` (not a config, ignore or cache file). */
const documentReads = () => reads.mock.calls.filter(([path]) => /[\\/]links[\\/][^\\/]+\.yaml$/.test(path)).length;

/** Runs with the clock `ms` ahead: every file written before it looks settled (changed `SETTLE_MS` or more ago). */
async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

/** Runs the command and says how many files were linted (--fix lints a file more than once). */
async function counted(args: string[], cwd: string, stdin?: string) {
  lints.mockClear();
  reads.mockClear();
  const run = await runInProcess(args, { cwd, ...(stdin === undefined ? {} : { stdin }) });
  return {
    ...run,
    lints: new Set(lints.mock.calls.map(([, options]) => options?.filename)).size,
    reads: documentReads(),
  };
}

const SNAKE = 'name: dr-link\nconfigurations:\n  client_options:\n    bootstrapServers: ["s:9092"]\n';
const cacheText = (dir: string) => readFileSync(join(dir, CACHE_FILE_NAME), 'utf8');

/** Two files: one clean, one with a snake-case-key warning (autofixable). */
const project = (extra: Record<string, string> = {}) =>
  scratch({ 'links/a.yaml': GOOD_YAML, 'links/b.yaml': SNAKE, ...extra });

describe('lint --cache', () => {
  beforeEach(() => {
    lints.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not read a file whose stamp is the one it had settled with, and does not rewrite the cache', async () => {
    const dir = project();
    const first = await later(2 * SETTLE_MS, () => counted(['lint', '--cache', 'links'], dir));
    expect(first).toMatchObject({ lints: 2, reads: 2 });
    const before = statSync(join(dir, CACHE_FILE_NAME));
    const second = await later(2 * SETTLE_MS, () => counted(['lint', '--cache', 'links'], dir));
    expect(second).toMatchObject({ lints: 0, reads: 0, code: first.code, stdout: first.stdout, stderr: first.stderr });
    expect(statSync(join(dir, CACHE_FILE_NAME)).ino).toBe(before.ino);
    expect(statSync(join(dir, CACHE_FILE_NAME)).mtimeMs).toBe(before.mtimeMs);
    // The same by the JSON report.
    const json = await later(2 * SETTLE_MS, () => counted(['lint', '--cache', '-f', 'json', 'links'], dir));
    const jsonAgain = await later(2 * SETTLE_MS, () => counted(['lint', '--cache', '-f', 'json', 'links'], dir));
    expect(jsonAgain).toMatchObject({ lints: 0, reads: 0, stdout: json.stdout });
    expect(jsonAgain.stdout).toBe((await counted(['lint', '-f', 'json', 'links'], dir)).stdout);
  });

  it('reads and lints again a file rewritten to the same size under its old modification time', async () => {
    const dir = project();
    const a = join(dir, 'links/a.yaml');
    // A whole second, which utimes sets exactly.
    const old = Math.floor(Date.now() / 1000) - 60;
    utimesSync(a, old, old);
    await later(2 * SETTLE_MS, () => counted(['lint', '--cache', 'links'], dir));
    const { size } = statSync(a);
    writeFileSync(a, GOOD_YAML.replace('clientOptions', 'client_option'));
    utimesSync(a, old, old);
    expect(statSync(a)).toMatchObject({ size, mtimeMs: old * 1000 });
    const run = await later(2 * SETTLE_MS, () => counted(['lint', '--cache', 'links'], dir));
    expect(run).toMatchObject({ lints: 1, reads: 1 });
    expect(run.stdout).toMatch(/a\.yaml[\s\S]*client_option/);
  });

  it("compares a file that changed just before it was stat'ed by its content, and keeps its stamp once it has settled", async () => {
    const dir = project();
    const cached = () => Object.values((JSON.parse(cacheText(dir)) as { files: Record<string, object> }).files);
    await counted(['lint', '--cache', 'links'], dir);
    // Written a moment ago: a write in the same tick would not change the stamp, so none is kept.
    expect(cached().filter((e) => 'stamp' in e)).toHaveLength(0);
    const before = statSync(join(dir, CACHE_FILE_NAME)).ino;
    expect(await counted(['lint', '--cache', 'links'], dir)).toMatchObject({ lints: 0, reads: 2 });
    expect(statSync(join(dir, CACHE_FILE_NAME)).ino).toBe(before);
    // Settled now: read once more (their content decides), and their stamps are written.
    expect(await later(2 * SETTLE_MS, () => counted(['lint', '--cache', 'links'], dir))).toMatchObject({
      lints: 0,
      reads: 2,
    });
    expect(cached().filter((e) => 'stamp' in e)).toHaveLength(2);
    expect(await later(2 * SETTLE_MS, () => counted(['lint', '--cache', 'links'], dir))).toMatchObject({
      lints: 0,
      reads: 0,
    });
  });

  it('reuses the results of unchanged files: the second run lints nothing and reports the same', async () => {
    const dir = project();
    const first = await counted(['lint', '--cache', 'links'], dir);
    expect(first.lints).toBe(2);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/snake-case-key/);
    const second = await counted(['lint', '--cache', 'links'], dir);
    expect(second.lints).toBe(0);
    expect(second).toMatchObject({ code: first.code, stdout: first.stdout, stderr: first.stderr });
    // Without --cache the cache is neither read nor needed.
    expect((await counted(['lint', 'links'], dir)).lints).toBe(2);
  });

  it("lints again when the docs base URL of the findings' links changes", async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    lints.mockClear();
    const env = { SVC_ADMIN_SPEC_DOCS_URL: 'https://docs.example.com/svc/' };
    const run = await runInProcess(['lint', '--cache', '-f', 'json', 'links'], { cwd: dir, env });
    expect(new Set(lints.mock.calls.map(([, o]) => o?.filename)).size).toBe(2);
    expect(run.stdout).toContain('https://docs.example.com/svc/docs/rules/');
  });

  it('keeps a file plainly not a document skipped when its result comes from the cache', async () => {
    const dir = project({ 'links/compose.yaml': 'services:\n  web:\n    image: nginx\n' });
    const first = await counted(['lint', '--cache', '-f', 'json', 'links'], dir);
    const second = await counted(['lint', '--cache', '-f', 'json', 'links'], dir);
    expect(second.lints).toBe(0);
    expect(second).toMatchObject({ code: first.code, stdout: first.stdout, stderr: first.stderr });
    expect(second.stdout).not.toContain('compose.yaml');
    expect(second.stderr).toMatch(/1 file skipped: not an? Admin API document/);
  });

  it('keeps a settled file that does not parse and names nothing of ours skipped on every run, its result reused unread', async () => {
    const dir = project({ 'links/notes.yaml': 'foo: [1, 2\n' });
    const runs = [];
    for (let i = 0; i < 3; i++)
      runs.push(await later(2 * SETTLE_MS, () => counted(['lint', '--cache', '-f', 'json', 'links'], dir)));
    for (const run of runs) {
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain('notes.yaml');
      expect(run.stderr).toBe(
        'svc-admin-spec: 1 file skipped: it does not parse and names nothing of ours (--verbose lists it; name a file to lint it anyway).\n',
      );
    }
    // The last run read nothing: the skip came from the cache, by the files' stamps.
    expect(runs[2]).toMatchObject({ lints: 0, reads: 0 });
    // Named, it keeps its parse error, also from the cache.
    const named = await later(2 * SETTLE_MS, () => counted(['lint', '--cache', '-f', 'json', 'links/notes.yaml'], dir));
    expect(named).toMatchObject({ code: 1, reads: 0 });
    expect(named.stdout).toContain('parse/yaml-syntax');
  });

  it('lints again a file whose content changed, even to the same size', async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    writeFileSync(join(dir, 'links/a.yaml'), GOOD_YAML.replace('clientOptions', 'client_option'));
    const run = await counted(['lint', '--cache', 'links'], dir);
    expect(run.lints).toBe(1);
    expect(run.stdout).toMatch(/a\.yaml/);
  });

  it('lints again when the config file, a --rule, --kind or --target-version flag changes', async () => {
    const dir = project({ 'svc-admin-spec.config.yaml': 'rules:\n  snake-case-key: warning\n' });
    await counted(['lint', '--cache', 'links'], dir);
    expect((await counted(['lint', '--cache', 'links'], dir)).lints).toBe(0);
    writeFileSync(join(dir, 'svc-admin-spec.config.yaml'), 'rules:\n  snake-case-key: error\n');
    const edited = await counted(['lint', '--cache', 'links'], dir);
    expect(edited.lints).toBe(2);
    expect(edited.code).toBe(1);
    for (const flags of [
      ['--rule', 'snake-case-key=off'],
      ['--kind', 'ShadowLink'],
      ['--target-version', '25.3'],
    ]) {
      const changed = await counted(['lint', '--cache', ...flags, 'links'], dir);
      expect(changed.lints, flags.join(' ')).toBe(2);
      expect((await counted(['lint', '--cache', ...flags, 'links'], dir)).lints, flags.join(' ')).toBe(0);
    }
  });

  it("lints again when a plugin file's content changes", async () => {
    const rule = (word: string) =>
      `export default { id: '@acme/word', severity: 'warning', kinds: ['ShadowLink'], docs: { description: 'A word.' }, messages: { m: '${word}' }, check(ctx) { ctx.report({ messageId: 'm', pointer: '' }); } };\n`;
    const dir = project({ 'svc-admin-spec.config.yaml': 'plugins: [./rule.mjs]\n', 'rule.mjs': rule('first') });
    const first = await counted(['lint', '--cache', 'links'], dir);
    expect(first.stdout).toMatch(/first/);
    expect((await counted(['lint', '--cache', 'links'], dir)).lints).toBe(0);
    writeFileSync(join(dir, 'rule.mjs'), rule('other'));
    const edited = await counted(['lint', '--cache', 'links'], dir);
    expect(edited.lints).toBe(2);
    expect(edited.stdout).toMatch(/other/);
    expect(edited.stdout).not.toMatch(/first/);
  });

  it('lints again when the ignore file changes', async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    const ignore = {
      ignores: [{ file: 'links/b.yaml', code: 'snake-case-key', pointer: '/configurations/client_options' }],
    };
    writeFileSync(join(dir, '.svc-admin-spec-ignore.json'), JSON.stringify(ignore));
    const run = await counted(['lint', '--cache', 'links'], dir);
    expect(run.lints).toBe(2);
    expect(run.stdout).not.toMatch(/snake-case-key/);
    expect((await counted(['lint', '--cache', 'links'], dir)).lints).toBe(0);
  });

  it('drops, without a warning, a cache of another version of the tool', async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    const cache = JSON.parse(cacheText(dir)) as { version: string };
    writeFileSync(join(dir, CACHE_FILE_NAME), JSON.stringify({ ...cache, version: `${cache.version}-older` }));
    const run = await counted(['lint', '--cache', 'links'], dir);
    expect(run.lints).toBe(2);
    expect(run.stderr).toBe('');
    expect((JSON.parse(cacheText(dir)) as { version: string }).version).toBe(cache.version);
  });

  it('ignores a corrupt cache with one warning, then rewrites it', async () => {
    const dir = project();
    for (const corrupt of [
      '{"cache": "svc-admin-spec lint cache", "lay',
      '[1, 2]',
      JSON.stringify({ cache: 'svc-admin-spec lint cache', layout: 2, version: VERSION, files: [] }),
      JSON.stringify({ cache: 'svc-admin-spec lint cache', layout: 99, version: VERSION, files: {} }),
    ]) {
      writeFileSync(join(dir, CACHE_FILE_NAME), corrupt);
      const run = await counted(['lint', '--cache', 'links'], dir);
      expect(run.lints).toBe(2);
      expect(run.stderr.match(/cache file .* is ignored/g)).toHaveLength(1);
      expect(run.stdout).toMatch(/snake-case-key/);
      const again = await counted(['lint', '--cache', 'links'], dir);
      expect(again).toMatchObject({ lints: 0, stderr: '' });
    }
  });

  it('drops only a malformed entry, quietly: its file is linted again, the others are reused', async () => {
    const dir = project();
    const first = await counted(['lint', '--cache', 'links'], dir);
    const cache = JSON.parse(cacheText(dir)) as { files: Record<string, unknown> };
    const [path] = Object.keys(cache.files).filter((p) => p.endsWith('b.yaml'));
    cache.files[path!] = { content: 1 };
    cache.files['/gone/x.yaml'] = { diagnostics: [{ code: 1 }] };
    writeFileSync(join(dir, CACHE_FILE_NAME), JSON.stringify(cache));
    const run = await counted(['lint', '--cache', 'links'], dir);
    expect(run).toMatchObject({ lints: 1, stderr: '', stdout: first.stdout, code: first.code });
    // Rewritten without the bad entries: the next run lints nothing.
    expect(cacheText(dir)).not.toContain('/gone/x.yaml');
    expect(await counted(['lint', '--cache', 'links'], dir)).toMatchObject({ lints: 0, stderr: '' });
  });

  it("does not keep a finding JSON cannot carry (a plugin fix's value: undefined): no warning on later runs, the same report", async () => {
    const rule =
      "export default { id: '@acme/undef', severity: 'warning', kinds: ['ShadowLink'], docs: { description: 'x' }, messages: { m: 'Clear it.' }, check(ctx) { ctx.report({ messageId: 'm', pointer: '/name', fix: { kind: 'replace-value', pointer: '/name', value: undefined } }); } };\n";
    const dir = project({ 'svc-admin-spec.config.yaml': 'plugins: [./rule.mjs]\n', 'rule.mjs': rule });
    const first = await counted(['lint', '--cache', 'links'], dir);
    expect(first.stdout).toMatch(/Clear it/);
    for (let run = 0; run < 2; run++) {
      const again = await counted(['lint', '--cache', 'links'], dir);
      expect(again).toMatchObject({ lints: 2, stderr: '', stdout: first.stdout, code: first.code });
    }
  });

  it('drops, quietly, an entry whose findings are malformed in any part a report reads: its file is linted again', async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    const good = JSON.parse(cacheText(dir)) as { files: Record<string, { diagnostics: Record<string, unknown>[] }> };
    const [path, entry] = Object.entries(good.files).find(([, e]) => e.diagnostics.length > 0)!;
    const finding = entry.diagnostics[0]!;
    expect(finding['range']).toBeDefined();
    for (const broken of [
      { range: 'x' },
      { range: { start: { line: 1, column: 1 }, end: { line: '2', column: 1 } } },
      { related: [{ pointer: 1, message: 'x' }] },
      { related: 'x' },
      { suggestions: 'x' },
      { suggestions: [1] },
      { suggestions: [{ message: 'x', fix: { kind: 'rename-key', pointer: '/a' } }] },
      { docsUrl: 1 },
      { omitted: { errors: 1 } },
    ]) {
      const cache = structuredClone(good);
      Object.assign(cache.files[path]!.diagnostics[0]!, broken);
      for (const format of ['stylish', 'sarif', 'github', 'junit', 'gitlab']) {
        writeFileSync(join(dir, CACHE_FILE_NAME), JSON.stringify(cache));
        const run = await counted(['lint', '--cache', '-f', format, 'links'], dir);
        expect(run.stderr, JSON.stringify(broken)).toBe('');
        expect(run).toMatchObject({ code: 0, lints: 1 });
      }
    }
  });

  it('drops quietly the cache of an earlier layout, whose entries lack what this one keeps', async () => {
    const dir = project();
    writeFileSync(
      join(dir, CACHE_FILE_NAME),
      JSON.stringify({ cache: 'svc-admin-spec lint cache', layout: 1, version: VERSION, files: {} }),
    );
    const run = await counted(['lint', '--cache', 'links'], dir);
    expect(run).toMatchObject({ lints: 2, stderr: '' });
    expect(JSON.parse(cacheText(dir))).toMatchObject({ layout: 2 });
  });

  it('writes the cache by replacing the file whole, leaving nothing beside it, and only when it changed', async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    const before = statSync(join(dir, CACHE_FILE_NAME));
    await counted(['lint', '--cache', 'links'], dir);
    // Nothing changed: not rewritten.
    expect(statSync(join(dir, CACHE_FILE_NAME)).ino).toBe(before.ino);
    writeFileSync(join(dir, 'links/a.yaml'), `${GOOD_YAML}# edited\n`);
    await counted(['lint', '--cache', 'links'], dir);
    // A new file renamed over the old one: a reader sees the old cache or the new one, never a part.
    expect(statSync(join(dir, CACHE_FILE_NAME)).ino).not.toBe(before.ino);
    expect(readdirSync(dir).sort()).toEqual([CACHE_FILE_NAME, 'links']);
    expect(() => JSON.parse(cacheText(dir)) as unknown).not.toThrow();
  });

  it('never holds a secret or the content of a file: hashes and the masked findings only', async () => {
    const secret = 'Sup3rS3cretPassw0rd!xyz';
    const doc = `name: "${secret}"\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n    authenticationConfiguration:\n      scramConfiguration:\n        username: u\n        password: ${secret}\n        scramMechanism: SCRAM_MECHANISM_SCRAM_SHA_256\n`;
    const dir = scratch({ 'links/s.yaml': doc });
    const run = await counted(['lint', '--cache', '-f', 'json', 'links'], dir);
    expect(run.stdout).toMatch(/no-plaintext-secret/);
    const text = cacheText(dir);
    expect(text).toMatch(/no-plaintext-secret/);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(0, 16));
    expect(text).not.toContain('SCRAM_MECHANISM_SCRAM_SHA_256');
  });

  it('never caches standard input', async () => {
    const dir = project();
    for (let i = 0; i < 2; i++) {
      const run = await counted(['lint', '--cache', '--stdin-filename', 'links/b.yaml', '-'], dir, SNAKE);
      expect(run.lints).toBe(1);
      expect(run.stdout).toMatch(/snake-case-key/);
    }
    await counted(['lint', '--cache', 'links/a.yaml'], dir);
    expect(Object.keys((JSON.parse(cacheText(dir)) as { files: object }).files)).toEqual([join(dir, 'links/a.yaml')]);
  });

  it('does not keep results that a later time could change (a start timestamp not yet past)', async () => {
    // The in-process runs judge against 2026-11-22T12:00:00Z.
    const at = (ts: string) => `${GOOD_YAML}  topicMetadataSyncOptions:\n    startAtTimestamp: "${ts}"\n`;
    const dir = scratch({
      'links/future.yaml': at('2027-06-01T00:00:00Z'),
      'links/past.yaml': at('2025-01-01T00:00:00Z'),
    });
    const first = await counted(['lint', '--cache', 'links'], dir);
    expect(first.stdout).toMatch(/future\.yaml[\s\S]*start-at-timestamp/);
    const second = await counted(['lint', '--cache', 'links'], dir);
    expect(second.lints).toBe(1);
    expect(second.stdout).toBe(first.stdout);
    expect(Object.keys((JSON.parse(cacheText(dir)) as { files: object }).files)).toEqual([
      join(dir, 'links/past.yaml'),
    ]);
  });

  it('with --fix, reuses only files that had no finding (as ESLint), and fixes the others', async () => {
    const dir = project();
    await counted(['lint', '--cache', 'links'], dir);
    const dry = await counted(['lint', '--cache', '--fix-dry-run', 'links'], dir);
    expect(dry.lints).toBe(1);
    expect(dry.stdout).toMatch(/\+ {2}clientOptions:/);
    const fixed = await counted(['lint', '--cache', '--fix', 'links'], dir);
    expect(fixed.code).toBe(0);
    expect(readFileSync(join(dir, 'links/b.yaml'), 'utf8')).toMatch(/clientOptions/);
    // The fixed file is linted once more, then reused.
    expect((await counted(['lint', '--cache', 'links'], dir)).lints).toBe(1);
    expect((await counted(['lint', '--cache', 'links'], dir)).lints).toBe(0);
  });

  it('lints again when the report needs what --fix would fix and the cache was made without it', async () => {
    const dir = project();
    await counted(['lint', '--cache', '-f', 'json', 'links'], dir);
    const stylish = await counted(['lint', '--cache', 'links'], dir);
    expect(stylish.lints).toBe(2);
    expect(stylish.stdout).toMatch(/1 problem can be fixed/);
    expect((await counted(['lint', '--cache', '-f', 'json', 'links'], dir)).lints).toBe(0);
  });

  it('--cache-location: a file, or a directory for the default name; it needs --cache and may not be an input', async () => {
    const dir = project();
    await counted(['lint', '--cache', '--cache-location', 'tmp/lint.cache', 'links'], dir);
    expect(JSON.parse(readFileSync(join(dir, 'tmp/lint.cache'), 'utf8'))).toMatchObject({ layout: 2 });
    await counted(['lint', '--cache', '--cache-location', 'cache-dir/', 'links'], dir);
    expect(readdirSync(join(dir, 'cache-dir'))).toEqual([CACHE_FILE_NAME]);
    expect((await counted(['lint', '--cache', '--cache-location', 'cache-dir', 'links'], dir)).lints).toBe(0);
    const without = await counted(['lint', '--cache-location', 'x', 'links'], dir);
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/pass --cache too/);
    const clash = await counted(['lint', '--cache', '--cache-location', 'links/a.yaml', 'links'], dir);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(/is also an input/);
    expect(readFileSync(join(dir, 'links/a.yaml'), 'utf8')).toBe(GOOD_YAML);
  });

  it('--cache-location that cannot be a file (under a file, too long a name): a warning, and the lint stands', async () => {
    const dir = project({ afile: 'hi\n' });
    const plain = await counted(['lint', 'links'], dir);
    for (const location of ['afile/x', `${'x'.repeat(300)}/c`, 'x'.repeat(300)]) {
      const run = await counted(['lint', '--cache', '--cache-location', location, 'links'], dir);
      expect(run.stderr, location).not.toMatch(/internal error/);
      expect(run.stderr, location).toMatch(/^svc-admin-spec: Cannot write the cache file: /m);
      expect(run).toMatchObject({ code: plain.code, stdout: plain.stdout, lints: 2 });
    }
  });
});
