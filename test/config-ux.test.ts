/**
 * Issue 20 §3, config as users expect it: ESLint's severities, the config's JSON Schema, `init`,
 * `targetVersion` numbers refused, every config or ignore-file problem at file:line:column with
 * its fix, a missing path on stderr with exit 2, YAML errors where the construct opened, and
 * `--write-ignore-file` merging.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { lintText } from '../src/index';
import { configJsonSchema, configKeys } from '../src/config/config-model';
import { parseSource } from '../src/source/index';
import { cli, GOOD_YAML, ROOT, scratch } from './cli-helpers';

const WARNS = 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchMaxBytes: 1048576\n';

/** The stderr of `lint a.yaml` in a directory with this config file. */
function configProblem(name: string, text: string): { code: number; stderr: string; dir: string } {
  const dir = scratch({ [name]: text, 'a.yaml': WARNS });
  const r = cli(['lint', 'a.yaml'], { cwd: dir });
  return { code: r.code ?? -1, stderr: r.stderr, dir };
}

describe('severities', () => {
  it('lint options take "warn" and 0, 1, 2 as ESLint writes them (before, "warn" was a TypeError)', () => {
    const doc = 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchWaitMaxMs: -1\n';
    const severityWith = (setting: unknown) =>
      lintText(doc, { filename: 'a.shadow-link.yaml', rules: { 'client-option-range': setting } as never })
        .diagnostics.filter((d) => d.code === 'client-option-range')
        .map((d) => d.severity);
    expect(severityWith('warn')).toEqual(['warning']);
    expect(severityWith(1)).toEqual(['warning']);
    expect(severityWith(2)).toEqual(['error']);
    expect(severityWith(0)).toEqual([]);
    expect(severityWith(['warn', {}])).toEqual(['warning']);
    expect(() => severityWith(3)).toThrow(
      'lint options: rule "client-option-range" is set to 3; use "off", "info", "warning" (or "warn"), "error", or ESLint\'s 0, 1, 2 (or [severity, { options }])',
    );
    expect(() => severityWith('Warn')).toThrow('did you mean "warning"?');
  });

  it('the config file and --rule take them too', () => {
    const dir = scratch({
      'svc-admin-spec.config.yaml': 'rules:\n  duration: 0\n  field-ignored: warn\n',
      'a.yaml': WARNS,
    });
    expect(cli(['lint', 'a.yaml'], { cwd: dir }).code).toBe(0);
    const r = cli(['lint', '--no-config', '--rule', 'integer-as-string=2', '-f', 'json', 'a.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    const flag = cli(['lint', '--no-config', '--rule', 'duration=warn', '--rule', 'field-ignored=1', 'a.yaml'], {
      cwd: dir,
    });
    expect(flag.code).toBe(0);
  });
});

describe('config problems are said at file:line:column with the fix', () => {
  it.each([
    [
      'targetVersion: 25.10\n',
      'svc-admin-spec.config.yaml:1:16: "targetVersion" is written as a number (25.10), which YAML reads as 25.1; quote it: targetVersion: "25.10" (one of "25.3", "26.1").',
    ],
    [
      'targetVersion: 26.1\n',
      'svc-admin-spec.config.yaml:1:16: "targetVersion" is written as a number (26.1), which YAML reads as 26.1; quote it: targetVersion: "26.1" (one of "25.3", "26.1").',
    ],
    [
      'overrides:\n  - files: [a.yaml]\n    targetVersion: 25.3\n',
      'svc-admin-spec.config.yaml:3:20: overrides[0]: "targetVersion" is written as a number (25.3), which YAML reads as 25.3; quote it: targetVersion: "25.3" (one of "25.3", "26.1").',
    ],
    [
      'rules:\n  duraton: warn\n',
      'svc-admin-spec.config.yaml:2:3: unknown rule "duraton"; did you mean "duration"? Run `svc-admin-spec rules` to list them.',
    ],
    [
      'ignores: [x]\n',
      'svc-admin-spec.config.yaml:1:1: unknown key "ignores"; did you mean "ignore"? Allowed: $schema, plugins, rules, targetVersion, rpkVersion, ignore, files, overrides.',
    ],
    [
      'ignore:\n  - a\n  - ""\n',
      'svc-admin-spec.config.yaml:3:5: "ignore" must be an array of non-empty glob strings; write this entry as a quoted glob.',
    ],
    [
      'overrides:\n  - files: [a]\n    kind: ShadowLnk\n',
      'svc-admin-spec.config.yaml:3:11: overrides[0]: "kind" is not a document kind; did you mean "ShadowLink"? Use one of',
    ],
    [
      'overrides:\n  - files: []\n',
      'svc-admin-spec.config.yaml:2:12: overrides[0]: "files" must list at least one glob, e.g. files: ["shadow-links/**"].',
    ],
    [
      'rpkVersion: 26.1\n',
      'svc-admin-spec.config.yaml:1:13: "rpkVersion" must be one of "25.3", "26.1", "next" (a string: the rpk release that reads rpk config files; "next" is the release after 26.1); quote it: rpkVersion: "26.1".',
    ],
    [
      'rules:\n  duration: [b\nignore: []\n',
      'svc-admin-spec.config.yaml:2:13: the config file is not valid YAML: YAML syntax error: this flow sequence ([) is never closed; end it with ] (a ] on a later line must be indented more than the key). Fix the YAML syntax there.',
    ],
  ])('%j', (text, message) => {
    const { code, stderr, dir } = configProblem('svc-admin-spec.config.yaml', text);
    expect(code).toBe(2);
    expect(stderr).toContain(`svc-admin-spec: ${join(dir, message)}`);
  });

  it('in JSON too, and for the ignore file', () => {
    const json = configProblem('svc-admin-spec.config.json', '{\n  "rules": {\n    "duration": "loud"\n  }\n}\n');
    expect(json.stderr).toContain(
      `${join(json.dir, 'svc-admin-spec.config.json')}:3:17: rule "duration" is set to "loud"; use "off", "info", "warning" (or "warn"), "error"`,
    );
    const number = configProblem('svc-admin-spec.config.json', '{"targetVersion": 26.1}');
    expect(number.stderr).toContain(
      `${join(number.dir, 'svc-admin-spec.config.json')}:1:19: "targetVersion" is written as a number (26.1)`,
    );
    const dir = scratch({
      'a.yaml': WARNS,
      '.svc-admin-spec-ignore.json':
        '{"version": 1, "ignores": [\n  {"file": "a.yaml", "code": "x", "pointer": ""},\n  {"file": "a.yaml", "pointer": ""}\n]}\n',
    });
    const r = cli(['lint', 'a.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `svc-admin-spec: ${join(dir, '.svc-admin-spec-ignore.json')}:3:3: ignores[1]: "code" must be a string; it must be { "version": 1, "ignores": [{ "file", "code", "pointer", "reason"? }] }. Fix the entry, or delete it and run --write-ignore-file again.\n`,
    );
    writeFileSync(join(dir, '.svc-admin-spec-ignore.json'), '{"ignores": [}');
    expect(cli(['lint', 'a.yaml'], { cwd: dir }).stderr).toContain(
      `${join(dir, '.svc-admin-spec-ignore.json')}:1:14: the ignore file is not valid JSON: JSON syntax error`,
    );
  });
});

describe('YAML syntax errors point where the construct opened', () => {
  it.each([
    ['a: [b\nc: d\n', 1, 4, 'this flow sequence ([) is never closed; end it with ]'],
    ['x:\n  a: {b: 1\n  d: e\nf: g\n', 2, 6, 'this flow mapping ({) is never closed; end it with }'],
    ['a: "abc\nb: c\n', 1, 4, 'this quoted string (") is never closed; end it with "'],
    ['a:\n  - [x, [y]\nb: 1\n', 2, 5, 'this flow sequence ([) is never closed'],
  ])('%j', (text, line, column, message) => {
    const [d] = parseSource(text, 'yaml').diagnostics;
    expect(d!.code).toBe('parse/yaml-syntax');
    expect(d!.range!.start).toEqual({ line, column });
    expect(d!.message).toContain(message);
  });
});

describe('a badly indented line names the levels it could belong to', () => {
  it.each([
    [
      'name: x\nclient_options:\n  bootstrap_servers: ["a:9092"]\n     tls_settings:\n    enabled: true\n',
      4,
      6,
      'this line (`tls_settings`) is indented 5 spaces, more than `bootstrap_servers` on line 3, which has its value already; indent it by 2 spaces to sit beside `bootstrap_servers` (line 3).',
    ],
    [
      'name: x\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["a:9092"]\n   tlsSettings: {}\n',
      5,
      4,
      'this line (`tlsSettings`) is indented 3 spaces, between the levels of `clientOptions` (line 3) and `bootstrapServers` (line 4); indent it by 4 spaces to sit beside `bootstrapServers` (line 4), or by 2 spaces to sit beside `clientOptions` (line 3).',
    ],
    // A list item's key that lost its indentation (the parser: "Sequence item without - indicator").
    [
      'filters:\n  - name: a\n    pattern: x\n   type: y\n',
      4,
      4,
      'this line (`type`) is indented 3 spaces, between the levels of `filters` (line 1) and `pattern` (line 3); indent it by 4 spaces to sit beside `pattern` (line 3), or by 0 spaces to sit beside `filters` (line 1).',
    ],
    // A key under an entry that has its value (the parser raises two errors there: said once).
    [
      'key: value\n  other: 2\n',
      2,
      3,
      'this line (`other`) is indented 2 spaces, more than `key` on line 1, which has its value already; indent it by 0 spaces to sit beside `key` (line 1).',
    ],
    // The text of a block scalar is not a level (nor quoted); a list item's key is one, at its column.
    [
      'name: x\nclient_options:\n  notes: |\n    db admin password is Tr0ub4dor&3: keep\n    password: hunter2\n   bootstrap_servers: [a]\n',
      6,
      4,
      'this line (`bootstrap_servers`) is indented 3 spaces, more than `notes` on line 3, which has its value already; indent it by 2 spaces to sit beside `notes` (line 3).',
    ],
    [
      'a:\n  - b:\n      c: 1\n     d: 2\n',
      4,
      6,
      'this line (`d`) is indented 5 spaces, between the levels of `b` (line 2) and `c` (line 3); indent it by 6 spaces to sit beside `c` (line 3), or by 4 spaces to sit beside `b` (line 2).',
    ],
    // The parser points at the blank line before the one it means.
    [
      'name: x\nconfigurations:\n  clientOptions:\n    bootstrapServers: [a]\n\n   tlsSettings: {}\n',
      6,
      4,
      'this line (`tlsSettings`) is indented 3 spaces, between the levels of `clientOptions` (line 3) and `bootstrapServers` (line 4); indent it by 4 spaces to sit beside `bootstrapServers` (line 4), or by 2 spaces to sit beside `clientOptions` (line 3).',
    ],
    // Comments and blank lines between are not levels.
    [
      'a:\n  # c\n\n  b: 1\n c: 2\n',
      5,
      2,
      'this line (`c`) is indented 1 space, between the levels of `a` (line 1) and `b` (line 4); indent it by 2 spaces to sit beside `b` (line 4), or by 0 spaces to sit beside `a` (line 1).',
    ],
  ])('%j', (text, line, column, message) => {
    const diagnostics = parseSource(text, 'yaml').diagnostics;
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d!.code).toBe('parse/yaml-syntax');
    expect(d!.range!.start).toEqual({ line, column });
    expect(d!.message).toBe(`YAML syntax error: ${message}`);
  });
});

describe('a missing path', () => {
  it('is said on stderr with exit 2; the other files are linted and the JSON report stays valid', () => {
    const dir = scratch({ 'good.yaml': GOOD_YAML });
    const r = cli(['lint', '-f', 'json', 'nope/', 'good.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `svc-admin-spec: nope/: no such file or directory (paths are relative to ${dir}); check the path, or leave it out.\n`,
    );
    const report = JSON.parse(r.stdout) as { results: { file: string; diagnostics: unknown[] }[] };
    expect(report.results).toEqual([expect.objectContaining({ file: 'good.yaml', diagnostics: [] })]);
  });
});

describe('--write-ignore-file merges', () => {
  const DOC = (keys: string) =>
    `{"name": "a", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"]${keys}}}}\n`;
  const CO = '/configurations/clientOptions';

  it('keeps reasons and other files’ entries, drops stale ones, adds new ones, and says so', () => {
    const ignores = [
      { file: 'a.json', code: 'client-option-range', pointer: `${CO}/fetchWaitMaxMs`, reason: 'ticket 12' },
      { file: 'a.json', code: 'schema/unknown-property', pointer: `${CO}/gone`, reason: 'stale' },
      { file: 'b.json', code: 'schema/unknown-property', pointer: `${CO}/x`, reason: 'not linted now' },
    ];
    const dir = scratch({
      'a.json': DOC(', "fetchWaitMaxMs": -1, "unknown_0": 1, "unknown_1": 1'),
      'b.json': DOC(', "x": 1'),
      '.svc-admin-spec-ignore.json': JSON.stringify({ version: 1, ignores }),
    });
    const r = cli(['lint', '--write-ignore-file', 'a.json'], { cwd: dir, env: { TZ: 'UTC' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Ignore file ${join(dir, '.svc-admin-spec-ignore.json')}: 2 added, 1 removed, 2 kept.\n`);
    const written = JSON.parse(readFileSync(join(dir, '.svc-admin-spec-ignore.json'), 'utf8')) as {
      ignores: { file: string; code: string; pointer: string; reason: string }[];
    };
    expect(written.ignores).toEqual([
      ignores[0],
      ignores[2],
      {
        file: 'a.json',
        code: 'schema/unknown-property',
        pointer: `${CO}/unknown_0`,
        reason: expect.stringMatching(/^baseline written /),
      },
      {
        file: 'a.json',
        code: 'schema/unknown-property',
        pointer: `${CO}/unknown_1`,
        reason: expect.stringMatching(/^baseline written /),
      },
    ]);
    // Both files are clean now: b.json's entry was kept though b.json was not linted.
    expect(cli(['lint', 'a.json', 'b.json'], { cwd: dir })).toMatchObject({ code: 0, stdout: '' });
    // Run again: nothing changes, the file is not rewritten.
    const again = cli(['lint', '--write-ignore-file', 'a.json'], { cwd: dir });
    expect(again.stderr).toBe(
      `Ignore file ${join(dir, '.svc-admin-spec-ignore.json')}: 0 added, 0 removed, 4 kept (unchanged, not rewritten).\n`,
    );
  });
});

describe('init', () => {
  it('writes a commented YAML config, prints the pre-commit snippet, and the config loads', () => {
    const dir = scratch({ 'docs/a.yaml': GOOD_YAML });
    const r = cli(['init'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Wrote svc-admin-spec.config.yaml.\n');
    expect(r.stdout).toContain('      - id: svc-admin-spec\n');
    expect(r.stdout).toContain('With lint --cache, add .svc-admin-spec-cache to .gitignore: the cache is per machine.');
    // Not said where .gitignore already names it.
    const ignored = scratch({ '.gitignore': 'node_modules/\n/.svc-admin-spec-cache\n' });
    expect(cli(['init'], { cwd: ignored }).stdout).not.toContain('.svc-admin-spec-cache');
    const text = readFileSync(join(dir, 'svc-admin-spec.config.yaml'), 'utf8');
    expect(text).toContain('# The server version whose facts apply. Keep the quotes');
    expect(text).toContain('targetVersion: "26.1"');
    expect(text).toContain('# overrides:');
    expect(text).toContain('# files: ["shadow-links/**"]');
    expect(validate(parseYaml(text))).toBe(true);
    expect(cli(['lint', 'docs/a.yaml'], { cwd: dir }).code).toBe(0);
  });

  it('writes JSON when the documents are JSON; walks then lint shadow-links/ only', () => {
    const dir = scratch({ 'shadow-links/a.json': '{}' });
    const r = cli(['init'], { cwd: dir });
    expect(r.stdout).toContain('Wrote svc-admin-spec.config.json (walks lint shadow-links/ only: its "files" key).');
    const config = JSON.parse(readFileSync(join(dir, 'svc-admin-spec.config.json'), 'utf8')) as Record<string, unknown>;
    expect(config['files']).toEqual(['shadow-links/**']);
    // No kind is forced: each file's kind is detected (an rpk file there stays rpk's).
    expect(config['overrides']).toBeUndefined();
    expect(validate(config)).toBe(true);
    // --format wins over what is found.
    const yamlDir = scratch({ 'a.json': '{}' });
    expect(cli(['init', '--format', 'yaml'], { cwd: yamlDir }).code).toBe(0);
    expect(existsSync(join(yamlDir, 'svc-admin-spec.config.yaml'))).toBe(true);
  });

  it('refuses to overwrite a config (exit 2)', () => {
    const dir = scratch({ 'svc-admin-spec.config.yml': 'rules: {}\n' });
    const r = cli(['init', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'svc-admin-spec: svc-admin-spec.config.yml already exists; init never overwrites a config. Edit it, or delete it and run init again.\n',
    );
    expect(existsSync(join(dir, 'svc-admin-spec.config.json'))).toBe(false);
    // A bad format is refused for itself, not because a config exists.
    const toml = cli(['init', '--format', 'toml'], { cwd: scratch() });
    expect(toml.code).toBe(2);
    expect(toml.stderr).toContain('--format must be yaml or json');
  });

  it('parses its flags as the other commands do: a did-you-mean, exit 2 with the usage hint, nothing written', () => {
    const cases: [string[], string][] = [
      [['--formt', 'json'], 'Unknown option "--formt"; did you mean "--format"?'],
      [['--format'], '--format needs a value.'],
      [['--help=yes'], '--help does not take a value.'],
      [['--kind', 'ShadowLink'], 'Unknown option "--kind": init does not take it (it is an option of lint and apply).'],
      [['docs'], 'init takes no file or directory ("docs"): it writes the config in the current directory.'],
    ];
    for (const [args, message] of cases) {
      const dir = scratch();
      const r = cli(['init', ...args], { cwd: dir });
      expect([args.join(' '), r.code, r.stdout, r.stderr]).toEqual([
        args.join(' '),
        2,
        '',
        `svc-admin-spec: ${message}\nRun "svc-admin-spec init --help" for usage.\n`,
      ]);
      expect(readdirSync(dir)).toEqual([]);
    }
    // The forms parseArgs reads, as for every command.
    for (const args of [['-fjson'], ['--format=json'], ['-f', 'json']]) {
      const dir = scratch();
      expect(cli(['init', ...args], { cwd: dir }).code, args.join(' ')).toBe(0);
      expect(readdirSync(dir)).toEqual(['svc-admin-spec.config.json']);
    }
    expect(cli(['init', '-h']).stdout).toContain('Usage: svc-admin-spec init');
  });
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validate = ajv.compile(configJsonSchema());

describe('the config JSON Schema', () => {
  it('is the committed file, and the editor catalog names it for the config file names', () => {
    const file = JSON.parse(
      readFileSync(join(ROOT, 'schemas', 'svc-admin-spec.config.schema.json'), 'utf8'),
    ) as unknown;
    expect(file).toEqual(configJsonSchema());
    const catalog = JSON.parse(readFileSync(join(ROOT, 'schemas', 'catalog.json'), 'utf8')) as {
      schemas: { fileMatch: string[]; url: string }[];
    };
    expect(catalog.schemas.find((s) => s.url.endsWith('/svc-admin-spec.config.schema.json'))?.fileMatch).toEqual([
      'svc-admin-spec.config.json',
      'svc-admin-spec.config.yaml',
      'svc-admin-spec.config.yml',
    ]);
  });

  it('accepts what the config accepts and refuses what it refuses', () => {
    const good = {
      $schema: 'https://unpkg.com/svc-admin-spec/schemas/svc-admin-spec.config.schema.json',
      targetVersion: '25.3',
      rules: { duration: 'warn', 'null-value': 0, 'synced-property-unknown': [2, { knownProperties: ['a'] }] },
      ignore: ['drafts/**'],
      overrides: [{ files: ['x/**'], kind: 'ShadowLink', rules: { '@acme/r': 'error' } }],
    };
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    for (const bad of [
      { targetVersion: 25.1 },
      { rules: { duraton: 'warn' } },
      { rules: { duration: 3 } },
      { rules: { duration: ['warn', { nope: 1 }] } },
      { ignores: [] },
      { overrides: [{ files: [] }] },
    ])
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
    // The checks take their keys from the model.
    const dir = scratch({ 'svc-admin-spec.config.json': '{"zzz": 1}', 'a.yaml': WARNS });
    expect(cli(['lint', 'a.yaml'], { cwd: dir }).stderr).toContain(`Allowed: ${configKeys().config.join(', ')}.`);
  });

  it('a $schema key in the config is accepted', () => {
    const dir = scratch({
      'svc-admin-spec.config.yaml': `$schema: https://unpkg.com/svc-admin-spec/schemas/svc-admin-spec.config.schema.json\n`,
      'a.yaml': GOOD_YAML,
    });
    expect(cli(['lint', 'a.yaml'], { cwd: dir }).code).toBe(0);
  });
});

describe('--print-config', () => {
  it('shows ESLint spellings given with --rule as the severity they mean', () => {
    const dir = scratch({ 'a.yaml': GOOD_YAML });
    const r = cli(['--print-config', 'a.yaml', '--rule', 'duration=warn', '--rule', 'null-value=0'], { cwd: dir });
    const shown = JSON.parse(r.stdout) as { rules: Record<string, { severity: string }> };
    expect(shown.rules['duration']!.severity).toBe('warning');
    expect(shown.rules['null-value']!.severity).toBe('off');
  });
});
