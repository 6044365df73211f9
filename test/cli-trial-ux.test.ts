/**
 * What a new user's trial of the commands met: `preview` and `convert` honour lint's ignore file,
 * `convert` reports a file that does not parse as lint does, the findings about rpk's converted file
 * name where it went, short flags of other commands are named as such, a subcommand's usage errors
 * point at its own help, `--write-ignore-file` says which findings it could not record, kind names
 * take "an" where they should, and `init`'s pre-commit snippet is the one docs/ci.md shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRE_COMMIT_SNIPPET } from '../src/cli/init';
import { ROOT, scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';

/** A ShadowLink whose only finding is an error lint can baseline (an unknown field). */
const UNKNOWN_FIELD = `name: dr-link
bogus: 1
configurations:
  clientOptions:
    bootstrapServers: ["source-1:9092"]
`;

/** A ShadowLink with a YAML syntax error. */
const BROKEN = `name: dr-link
configurations:
  clientOptions: [
    bootstrapServers: ["source-1:9092"]
`;

const run = (args: string[], cwd: string, stdin?: string) =>
  runInProcess(args, { cwd, ...(stdin !== undefined ? { stdin } : {}) });

describe('preview and convert read the ignore file as lint does', () => {
  it('a finding lint --write-ignore-file baselined does not block preview or convert', async () => {
    const dir = scratch({ 'shadow-links/link.yaml': UNKNOWN_FIELD, 'topics.txt': 'orders\n' });
    const before = await run(['preview', 'shadow-links/link.yaml', '--topics', 'topics.txt'], dir);
    expect(before.code).toBe(1);
    // Not every error is one the server refuses (it ignores unknown fields): the message says what to do.
    expect(before.stderr).toContain(
      'svc-admin-spec: shadow-links/link.yaml has errors (above): not previewed; fix them, or suppress them as for lint.',
    );
    expect(before.stderr).not.toContain('the server would refuse');
    const convertBefore = await run(['convert', 'shadow-links/link.yaml', '--to', 'rpk'], dir);
    expect(convertBefore.code).toBe(1);
    expect(convertBefore.stderr).toContain(
      'shadow-links/link.yaml has errors (above): not converted; fix them, suppress them as for lint, or use --force.',
    );

    expect((await run(['lint', 'shadow-links', '--write-ignore-file'], dir)).code).toBe(0);
    expect((await run(['lint', 'shadow-links/link.yaml'], dir)).code).toBe(0);

    const preview = await run(['preview', 'shadow-links/link.yaml', '--topics', 'topics.txt'], dir);
    expect([preview.code, preview.stderr]).toEqual([0, '']);
    expect(preview.stdout).toContain('0 of 1 topic would be shadowed.');
    const convert = await run(['convert', 'shadow-links/link.yaml', '--to', 'rpk'], dir);
    expect([convert.code, convert.stderr]).toEqual([0, '']);
    expect(convert.stdout).toContain('bootstrap_servers:');
  });

  it('they offer suppression only when some error can be suppressed; otherwise what the errors ask for', async () => {
    const dir = scratch({
      'broken.yaml': BROKEN,
      'what.json': '{}',
      'dup.yaml': `name: other\n${UNKNOWN_FIELD.replace('bogus: 1\n', '')}`,
      'topics.txt': 'orders\n',
    });
    const refusal = async (args: string[]) => (await run(args, dir)).stderr.split('\n').at(-2);
    const preview = (file: string) => refusal(['preview', file, '--topics', 'topics.txt']);
    expect(await preview('broken.yaml')).toBe(
      'svc-admin-spec: broken.yaml has errors (above): not previewed; fix its syntax.',
    );
    expect(await preview('what.json')).toBe(
      'svc-admin-spec: what.json has errors (above): not previewed; give its kind ("$schema" in the file, or "kind" in a config override).',
    );
    expect(await preview('dup.yaml')).toBe(
      'svc-admin-spec: dup.yaml has errors (above): not previewed; fix them (they cannot be suppressed).',
    );
    expect(await refusal(['convert', 'dup.yaml', '--to', 'rpk'])).toBe(
      'svc-admin-spec: dup.yaml has errors (above): not converted; fix them (they cannot be suppressed), or use --force.',
    );
  });

  it('a malformed ignore file stops them as it stops lint (exit 2, its message)', async () => {
    const dir = scratch({
      'link.yaml': UNKNOWN_FIELD,
      'topics.txt': 'orders\n',
      '.svc-admin-spec-ignore.json': '{"version":1,"ignores":{}}',
    });
    for (const args of [
      ['lint', 'link.yaml'],
      ['preview', 'link.yaml', '--topics', 'topics.txt'],
      ['convert', 'link.yaml', '--to', 'rpk'],
    ]) {
      const r = await run(args, dir);
      expect([args[0], r.code, r.stdout]).toEqual([args[0], 2, '']);
      expect(r.stderr).toContain('.svc-admin-spec-ignore.json');
    }
  });
});

describe('convert', () => {
  it('a file that does not parse: its parse findings and exit 1, not a usage error about its kind', async () => {
    const dir = scratch({ 'shadow-links/broken.yaml': BROKEN });
    for (const to of ['rpk', 'api']) {
      const r = await run(['convert', 'shadow-links/broken.yaml', '--to', to], dir);
      expect([to, r.code, r.stdout]).toEqual([to, 1, '']);
      expect(r.stderr).toContain('parse/yaml-syntax');
      expect(r.stderr).toContain(
        'svc-admin-spec: shadow-links/broken.yaml has errors (above): not converted; fix its syntax.',
      );
      expect(r.stderr).not.toContain('is not a ShadowLink');
      expect(r.stderr).not.toContain('--help');
      // --force converts a file with errors, never one that has no document.
      expect((await run(['convert', 'shadow-links/broken.yaml', '--to', to, '--force'], dir)).code).toBe(1);
    }
  });

  it('reads standard input as preview and check-exchange do ("-"), named <stdin>', async () => {
    const dir = scratch();
    const link = 'name: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["a:9092"]\n';
    const r = await run(['convert', '-', '--to', 'rpk'], dir, link);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('bootstrap_servers:');
    const wrong = await run(['convert', '-', '--to', 'api'], dir, link);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('<stdin> is not an rpk config file');
  });

  it("rpk's findings on the converted file name standard output, or -o's path: never a file that does not exist", async () => {
    const example = join(ROOT, 'examples', 'good', 'dr-link.yaml');
    const dir = scratch();
    const shown = await run(['convert', example, '--to', 'rpk'], dir);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain('rpk/literal-placeholder');
    expect(shown.stderr).toMatch(/^<stdout>$/m);
    expect(shown.stderr).not.toContain('converted.rpk.yaml');
    const written = await run(['convert', example, '--to', 'rpk', '-o', 'out.rpk.yaml'], dir);
    expect(written.code).toBe(0);
    expect(written.stderr).toMatch(/^out\.rpk\.yaml$/m);
  });

  it("rpk's findings on the converted file come out whatever its format or -o's extension, at the written file's lines", async () => {
    const dir = scratch({
      'req.json': JSON.stringify({
        shadowLink: { name: '${LINK}', configurations: { clientOptions: { bootstrapServers: ['a:9092'] } } },
      }),
    });
    const cases: [string[], RegExp][] = [
      [['--output-format', 'json', '-o', 'o.json'], /^o\.json\n +2:\d+ +warning .*rpk\/literal-placeholder$/m],
      [['--output-format', 'json', '-o', 'o.yaml'], /^o\.yaml\n +2:\d+ +warning .*rpk\/literal-placeholder$/m],
      [['-o', 'p.json'], /^p\.json\n +1:\d+ +warning .*rpk\/literal-placeholder$/m],
      [['--output-format', 'json'], /^<stdout>\n +2:\d+ +warning .*rpk\/literal-placeholder$/m],
    ];
    for (const [args, note] of cases) {
      const r = await run(['convert', 'req.json', '--to', 'rpk', '--force', ...args], dir);
      expect([args, r.code]).toEqual([args, 1]);
      expect(r.stderr).toMatch(note);
    }
    expect(readFileSync(join(dir, 'o.json'), 'utf8').split('\n')[1]).toContain('"name": "${LINK}"');
  });
});

describe('command-line usage', () => {
  it("a short flag of other commands is named as such, as the long one is; a subcommand's hint is its own help", async () => {
    const dir = scratch({ 'link.yaml': UNKNOWN_FIELD });
    const short = await run(['convert', 'link.yaml', '--to', 'rpk', '-f', 'json'], dir);
    const long = await run(['convert', 'link.yaml', '--to', 'rpk', '--format', 'json'], dir);
    expect(short.code).toBe(2);
    expect(short.stderr).toBe(`${long.stderr.replace('"--format"', '"-f"')}`);
    expect(short.stderr).toBe(
      'svc-admin-spec: Unknown option "-f": convert does not take it (it is an option of lint and apply and get-broker and init and preview and check-exchange).\nRun "svc-admin-spec convert --help" for usage.\n',
    );
    // A letter no command has stays a plain unknown option.
    expect((await run(['init', '-x'], dir)).stderr).toBe(
      'svc-admin-spec: Unknown option "-x".\nRun "svc-admin-spec init --help" for usage.\n',
    );
    for (const args of [
      ['init', 'docs'],
      ['preview', 'link.yaml'],
      ['check-exchange', 'link.yaml'],
      ['convert', 'link.yaml'],
    ]) {
      const r = await run(args, dir);
      expect([args[0], r.code]).toEqual([args[0], 2]);
      expect(r.stderr).toMatch(new RegExp(`\\nRun "svc-admin-spec ${args[0]} --help" for usage\\.\\n$`));
    }
    // lint's own usage errors still point at the main help.
    expect((await run(['lint', '--rule', 'nope=error', 'link.yaml'], dir)).stderr).toMatch(
      /\nRun "svc-admin-spec --help" for usage\.\n$/,
    );
  });

  it('check-exchange: "an" before a kind name read with a vowel', async () => {
    const dir = scratch({
      'req.json': JSON.stringify({
        shadowLink: { name: 'dr', configurations: { clientOptions: { bootstrapServers: ['a:9092'] } } },
      }),
      'link.rpk.yaml': readFileSync(join(ROOT, 'examples', 'good', 'shadow-link.rpk.yaml'), 'utf8'),
    });
    const r = await run(['check-exchange', 'req.json', 'link.rpk.yaml'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('link.rpk.yaml an RpkShadowLinkConfig;');
    expect(r.stderr).toContain('a CreateShadowLinkRequest with a CreateShadowLinkResponse');
    expect(r.stderr).not.toMatch(/\ba Rpk/);
  });
});

describe('lint --write-ignore-file', () => {
  it('says which findings it could not record (a file that does not parse), and records the rest', async () => {
    const dir = scratch({ 'shadow-links/link.yaml': UNKNOWN_FIELD, 'shadow-links/broken.yaml': BROKEN });
    const r = await run(['lint', 'shadow-links', '--write-ignore-file', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `Ignore file ${join(dir, '.svc-admin-spec-ignore.json')}: 1 added, 0 removed, 0 kept.\n` +
        '1 finding was not recorded: the file does not parse; fix its syntax: shadow-links/broken.yaml.\n',
    );
    const ignores = (
      JSON.parse(readFileSync(join(dir, '.svc-admin-spec-ignore.json'), 'utf8')) as {
        ignores: { file: string; code: string }[];
      }
    ).ignores;
    expect(ignores.map((e) => [e.file, e.code])).toEqual([['shadow-links/link.yaml', 'schema/unknown-property']]);
    // Nothing unrecorded: the summary line alone, as before.
    const clean = scratch({ 'link.yaml': UNKNOWN_FIELD });
    expect((await run(['lint', 'link.yaml', '--write-ignore-file'], clean)).stderr).toBe(
      `Ignore file ${join(clean, '.svc-admin-spec-ignore.json')}: 1 added, 0 removed, 0 kept.\n`,
    );
  });

  it('counts the findings the entries refuse (input/ too) by what fixes them, and not those below --fail-severity', async () => {
    const dir = scratch({
      'bom.yaml': `\uFEFF${UNKNOWN_FIELD}`,
      'dup.yaml': `name: other\n${UNKNOWN_FIELD}`,
      'empty.yaml': '',
      'what.json': '{}',
    });
    const files = ['bom.yaml', 'dup.yaml', 'empty.yaml', 'what.json'];
    const r = await run(['lint', ...files, '--write-ignore-file', '--format', 'json'], dir);
    expect(r.code).toBe(2);
    const notRecorded = r.stderr;
    // parse/bom is a warning here: it does not fail the run, so it is not counted; bom.yaml parses and has a kind.
    expect(notRecorded).not.toContain('bom.yaml');
    expect(notRecorded).toMatch(/\n\d+ findings were not recorded:\n/);
    expect(notRecorded).toContain('\n  they cannot be suppressed; fix the files: dup.yaml, empty.yaml.');
    expect(notRecorded).toContain('\n  its kind is not told; give it ($schema or a config override): what.json.');
    expect(notRecorded).not.toContain('not parse');
    // At --fail-severity warning the byte order mark fails the run: it is counted, as one the file must fix.
    const strict = await run(['lint', 'bom.yaml', '--write-ignore-file', '--fail-severity', 'warning'], dir);
    expect(strict.stderr).toContain('1 finding was not recorded: it cannot be suppressed; fix the file: bom.yaml.\n');
  });
});

describe('init', () => {
  it('prints the pre-commit snippet docs/ci.md shows, word for word', () => {
    const ci = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    expect(ci).toContain(`\`\`\`yaml\n${PRE_COMMIT_SNIPPET}\n\`\`\``);
  });
});

describe('file names with control characters', () => {
  it('preview, convert, check-exchange, apply and the output checks show them escaped, never as escape sequences', async () => {
    const E = '\u001b[31m';
    const link = 'name: dr\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["a:9092"]\n';
    const dir = scratch({
      [`${E}e.json`]: '{"code": "not_found", "message": "x"}',
      [`${E}l.yaml`]: link,
      'l.yaml': link,
      'r.json': JSON.stringify({
        shadowLink: { name: 'dr', configurations: { clientOptions: { bootstrapServers: ['a:9092'] } } },
      }),
      't.txt': 'orders\n',
    });
    const cases: [string[], string][] = [
      [['preview', `${E}e.json`, '--topics', 't.txt'], '\\x1b[31me.json is a ConnectError'],
      [['preview', `${E}missing.yaml`, '--topics', 't.txt'], '\\x1b[31mmissing.yaml cannot be read'],
      [['preview', 'l.yaml', '--topics', `${E}t.txt`], '--topics \\x1b[31mt.txt cannot be read'],
      [['convert', `${E}l.yaml`, '--to', 'rpk', '-o', `${E}l.yaml`], '-o \\x1b[31ml.yaml is the file being converted'],
      [['convert', 'l.yaml', '--to', 'rpk', '-o', `${E}nodir/x.yaml`], 'cannot write \\x1b[31mnodir/x.yaml: '],
      [
        ['check-exchange', 'r.json', `${E}e.json`, '--output.json', `${E}e.json`],
        '--output \\x1b[31me.json is also an input',
      ],
      [
        ['check-exchange', 'r.json', `${E}e.json`, '-o', `${E}x.json`],
        '\\x1b[31mx.json would receive the stylish report',
      ],
      [['apply', '--dry-run', `${E}e.json`], '\\x1b[31me.json is a ConnectError'],
    ];
    for (const [args, said] of cases) {
      const r = await run(args, dir);
      expect([args, r.stderr]).toEqual([args, expect.stringContaining(said)]);
      expect([args, r.stderr]).not.toEqual([args, expect.stringContaining('\u001b')]);
    }
  });
});
