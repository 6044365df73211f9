/* eslint-disable @typescript-eslint/no-explicit-any -- SARIF logs are walked loosely here; the schema check types them. */
/** Output formats: golden outputs, the JSON contract, SARIF against the official schema, annotations, colour, secrets, exit codes. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { cli, GOOD_YAML, report, ROOT, scratch } from './cli-helpers';
import { gitlabProblems, junitProblems } from './report-schemas';

const GOLDEN = join(ROOT, 'test', 'golden');

/** Output with the machine-specific parts (working directory, version) replaced. */
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const normalize = (text: string) =>
  text.split(`file://${ROOT}/`).join('file:///ROOT/').split(`"${VERSION}"`).join('"<version>"');

describe('golden outputs on the bad examples', () => {
  for (const format of ['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab']) {
    it(format, () => {
      const r = cli(['lint', '--format', format, 'examples/bad']);
      expect(r.code).toBe(1);
      const file = join(GOLDEN, `examples-bad.${format}.txt`);
      const actual = normalize(r.stdout);
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(file, actual);
      expect(
        existsSync(file),
        `${file} is missing: run UPDATE_GOLDEN=1 npx vitest run test/cli-output.test.ts and review it`,
      ).toBe(true);
      expect(actual).toBe(readFileSync(file, 'utf8'));
    });
  }
});

describe('json', () => {
  it('follows the versioned contract: results with file, kind and diagnostics, and a summary', () => {
    const r = report(cli(['lint', '--format', 'json', 'examples']));
    expect(Object.keys(r)).toEqual(['version', 'results', 'summary']);
    expect(r.version).toBe(1);
    expect(r.summary.files).toBe(r.results.length);
    expect(r.summary.errors).toBe(r.results.flatMap((x) => x.diagnostics).filter((d) => d.severity === 'error').length);
    for (const res of r.results) {
      expect(Object.keys(res)).toEqual(['file', 'kind', 'diagnostics']);
      for (const d of res.diagnostics) {
        expect(d).toMatchObject({
          code: expect.any(String),
          severity: expect.stringMatching(/^(error|warning|info)$/),
          message: expect.any(String),
          pointer: expect.any(String),
        });
        expect(d.range!.start.line).toBeGreaterThanOrEqual(1);
        expect(d.range!.start.column).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe('sarif', () => {
  const sarifSchema = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'reference', 'sarif-schema-2.1.0.json'), 'utf8'),
  ) as object;
  const validate = new Ajv04({ allErrors: true, strict: false, validateFormats: false }).compile(sarifSchema);

  it('is valid SARIF 2.1.0 with rules, docs links, utf16 columns and stable fingerprints', () => {
    const first = cli(['lint', '--format', 'sarif', 'examples']);
    const log = JSON.parse(first.stdout) as any;
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const run = log.runs[0];
    expect(run.columnKind).toBe('utf16CodeUnits');
    const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'tls-key-cert-pair');
    expect(rule.shortDescription.text).toContain('keyPath');
    expect(rule.helpUri).toMatch(/docs\/rules\/tls-key-cert-pair\.md$/);
    for (const res of run.results) {
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(res.ruleId);
      expect(res.partialFingerprints['svcAdminSpec/v1']).toMatch(/^[0-9a-f]{64}$/);
    }
    const again = JSON.parse(cli(['lint', '--format', 'sarif', 'examples']).stdout);
    expect(again.runs[0].results.map((x: any) => x.partialFingerprints)).toEqual(
      run.results.map((x: any) => x.partialFingerprints),
    );
  });

  it('stays valid for files with no position (missing files) and empty runs', () => {
    const dir = scratch({ 'ok.yaml': 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n' });
    for (const args of [['missing.json'], ['ok.yaml']]) {
      const log = JSON.parse(cli(['lint', '--format', 'sarif', ...args], { cwd: dir }).stdout) as object;
      expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    }
  });
});

describe('github', () => {
  it('prints one workflow annotation per finding, escaped', () => {
    const dir = scratch({
      'a,b.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: ["s:1"] } }\n',
    });
    const r = cli(['lint', '--format', 'github', 'a,b.yaml'], { cwd: dir });
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^::error file=a%2Cb\.yaml,line=1,col=7,endLine=1,endColumn=12,title=svc-admin-spec shadow-link-name::The shadow link/,
      ),
    ]);
  });

  it('gives no columns to an annotation that spans lines (GitHub accepts columns within one line only)', () => {
    const lines = cli(['lint', '--format', 'github', 'examples/bad']).stdout.trim().split('\n');
    const multi = lines.filter((l) => {
      const m = /,line=(\d+),(?:col=\d+,)?endLine=(\d+)/.exec(l);
      return m && m[1] !== m[2];
    });
    expect(multi.length).toBeGreaterThan(0);
    for (const l of multi) expect(l).not.toMatch(/,col=|,endColumn=/);
    for (const l of lines.filter((x) => !multi.includes(x))) expect(l).toMatch(/,col=\d+,endLine=\d+,endColumn=\d+,/);
  });

  it('writes paths relative to GITHUB_WORKSPACE when it is set, and keeps paths outside it', () => {
    const root = scratch({
      'links/sub/a.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n',
    });
    const sub = join(root, 'links');
    const inside = cli(['lint', '-f', 'github', 'sub/a.yaml'], { cwd: sub, env: { GITHUB_WORKSPACE: root } });
    expect(inside.stdout).toMatch(/^::error file=links\/sub\/a\.yaml,line=1,/);
    const elsewhere = scratch();
    const outside = cli(['lint', '-f', 'github', 'sub/a.yaml'], { cwd: sub, env: { GITHUB_WORKSPACE: elsewhere } });
    expect(outside.stdout).toMatch(/^::error file=sub\/a\.yaml,line=1,/);
  });
});

describe('junit', () => {
  it("is valid against Jenkins' JUnit schema, with a suite per file and a case per finding", async () => {
    const dir = scratch({
      'ok.yaml': GOOD_YAML,
      'bad.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n',
    });
    for (const [cwd, args] of [
      [ROOT, ['examples']],
      [dir, ['.']],
      [dir, ['missing.yaml', 'ok.yaml']],
    ] as const) {
      const xml = cli(['lint', '--format', 'junit', ...args], { cwd }).stdout;
      expect(await junitProblems(xml), xml.slice(0, 400)).toEqual([]);
      const r = report(cli(['lint', '--format', 'json', ...args], { cwd }));
      const findings = r.results.flatMap((x) => x.diagnostics);
      const failing = findings.filter((d) => d.severity !== 'info').length;
      const cases = r.results.reduce((n, x) => n + Math.max(1, x.diagnostics.length), 0);
      expect(xml).toContain(`<testsuites name="svc-admin-spec" tests="${cases}" failures="${failing}" errors="0"`);
      expect(xml.match(/<testsuite /g)).toHaveLength(r.results.length);
      expect(xml.match(/<testcase /g)).toHaveLength(cases);
      expect(xml.match(/<failure /g) ?? []).toHaveLength(failing);
    }
  });

  it('passes info findings (kept in system-out) and fails errors and warnings', async () => {
    const dir = scratch({
      'i.yaml':
        'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchMaxBytes: 1048576\n',
    });
    const xml = cli(['lint', '-f', 'junit', '--rule', 'fetch-size-order=info', 'i.yaml'], { cwd: dir }).stdout;
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml).toContain('failures="0"');
    expect(xml).toMatch(
      /<testcase classname="i" name="fetch-size-order at \d+:\d+" time="0"><system-out>info at i\.yaml:/,
    );
  });
});

describe('gitlab', () => {
  it('is a Code Quality report GitLab accepts: its parser schema and its documented fields', () => {
    const dir = scratch({
      'ok.yaml': GOOD_YAML,
      'bad.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n',
    });
    for (const [cwd, args] of [
      [ROOT, ['examples']],
      [dir, ['.']],
      [dir, ['missing.yaml']],
    ] as const) {
      const text = cli(['lint', '--format', 'gitlab', ...args], { cwd }).stdout;
      expect(gitlabProblems(text)).toEqual([]);
    }
    expect(JSON.parse(cli(['lint', '-f', 'gitlab', 'ok.yaml'], { cwd: dir }).stdout)).toEqual([]);
  });

  it('has unique fingerprints that stay when lines move, and maps severities', () => {
    const first = JSON.parse(cli(['lint', '-f', 'gitlab', 'examples/bad']).stdout) as any[];
    const prints = first.map((x) => x.fingerprint as string);
    expect(new Set(prints).size).toBe(prints.length);
    expect(new Set(first.map((x) => x.severity))).toEqual(new Set(['major', 'minor', 'info']));
    const dir = scratch({ 'a.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n' });
    const before = JSON.parse(cli(['lint', '-f', 'gitlab', 'a.yaml'], { cwd: dir }).stdout) as any[];
    const moved = scratch({
      'a.yaml': '# a comment\n\nname: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n',
    });
    const after = JSON.parse(cli(['lint', '-f', 'gitlab', 'a.yaml'], { cwd: moved }).stdout) as any[];
    expect(after[0].location.lines.begin).toBe(before[0].location.lines.begin + 2);
    expect(after.map((x) => x.fingerprint)).toEqual(before.map((x) => x.fingerprint));
  });

  it('writes paths relative to CI_PROJECT_DIR when it is set', () => {
    const root = scratch({
      'links/a.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n',
    });
    const r = cli(['lint', '-f', 'gitlab', 'a.yaml'], { cwd: join(root, 'links'), env: { CI_PROJECT_DIR: root } });
    expect((JSON.parse(r.stdout) as any[])[0].location.path).toBe('links/a.yaml');
  });
});

describe('several outputs in one run', () => {
  const bad = 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n';
  it('-f github -f sarif -o results.sarif: annotations on stdout, SARIF in the file', () => {
    const dir = scratch({ 'a.yaml': bad });
    const r = cli(['lint', '-f', 'github', '-f', 'sarif', '-o', 'results.sarif', 'a.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=a\.yaml,/);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .every((l) => l.startsWith('::')),
    ).toBe(true);
    const log = JSON.parse(readFileSync(join(dir, 'results.sarif'), 'utf8')) as any;
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results[0].ruleId).toBe('shadow-link-name');
  });

  it('pairs -o files with formats in order, and --output.<format> names a file outright', async () => {
    const dir = scratch({ 'a.yaml': bad });
    const r = cli(['lint', '-f', 'junit', '-f', 'gitlab', '-o', 'out/junit.xml', '-o', 'out/gl.json', 'a.yaml'], {
      cwd: dir,
    });
    expect(await junitProblems(readFileSync(join(dir, 'out', 'junit.xml'), 'utf8'))).toEqual([]);
    expect(gitlabProblems(readFileSync(join(dir, 'out', 'gl.json'), 'utf8'))).toEqual([]);
    expect(r.stdout).toBe(
      '✖ 1 problem (1 error, 0 warnings, 0 infos) in 1 file; reports written to out/junit.xml (junit), out/gl.json (gitlab).\n',
    );
    // --output.sarif adds sarif; the default stylish report stays on the console.
    const keyed = cli(['lint', '--output.sarif', 'r.sarif', 'a.yaml'], { cwd: dir });
    expect(keyed.stdout).toContain('a.yaml\n  1:7  error');
    expect(JSON.parse(readFileSync(join(dir, 'r.sarif'), 'utf8')).version).toBe('2.1.0');
  });

  it('prints the summary line for a clean run written to files only', () => {
    const dir = scratch({ 'ok.yaml': GOOD_YAML });
    const r = cli(['lint', '-f', 'json', '-o', 'r.json', 'ok.yaml'], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: '✔ No problems in 1 file; report written to r.json.\n', stderr: '' });
    // With colour asked for, the clean summary is bold, as every summary is.
    const coloured = cli(['lint', '--color', '-f', 'json', '-o', 'r.json', 'ok.yaml'], { cwd: dir });
    expect(coloured.stdout).toBe('\u001b[1m✔ No problems in 1 file\u001b[0m; report written to r.json.\n');
  });

  it('refuses ambiguous or clashing outputs with a usage error', () => {
    const dir = scratch({ 'a.yaml': bad });
    const cases: [string[], RegExp][] = [
      [['-f', 'json', '-f', 'sarif'], /Formats json and sarif would both print to standard output/],
      [['-f', 'json', '-o', 'a.json', '-o', 'b.json'], /2 output files \(-o\) for 1 format \(json\)/],
      [
        ['-f', 'sarif', '-o', 'results.sarif', '-f', 'github'],
        /results\.sarif would receive the github report, which is not SARIF/,
      ],
      [['-o', 'report.json'], /report\.json would receive the stylish report, which is not JSON/],
      [['-f', 'json', '-f', 'gitlab', '-o', 'r.json', '-o', 'r.json'], /r\.json is named as the output of two formats/],
      [['-f', 'json', '-f', 'json'], /-f json is given twice/],
      [['-f', 'json', '-o', 'a.yaml'], /--output a\.yaml is also an input/],
      [['-f', 'json', '-o', ''], /--output needs a file name/],
      [['--output.sraif', 'x'], /did you mean "--output\.sarif"/],
    ];
    for (const [args, message] of cases) {
      const r = cli(['lint', ...args, 'a.yaml'], { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(bad);
  });

  it('--fix-dry-run sends the diff to stderr when stdout carries a machine-readable report', () => {
    const dir = scratch({ 'a.yaml': 'name: a\nconfigurations:\n  clientOptions:\n    bootstrap_servers: ["s:1"]\n' });
    for (const format of ['json', 'sarif', 'gitlab', 'github']) {
      const r = cli(['lint', '--fix-dry-run', '-f', format, 'a.yaml'], { cwd: dir });
      if (format !== 'github') expect(() => JSON.parse(r.stdout), format).not.toThrow();
      expect(r.stdout).not.toContain('+    bootstrapServers');
      expect(r.stderr).toContain('+    bootstrapServers');
    }
    const junit = cli(['lint', '--fix-dry-run', '-f', 'junit', 'a.yaml'], { cwd: dir });
    expect(junit.stdout.startsWith('<?xml')).toBe(true);
    expect(junit.stderr).toContain('+    bootstrapServers');
    // With every report in a file, the console shows the diff and the summary.
    const filed = cli(['lint', '--fix-dry-run', '-f', 'json', '-o', 'r.json', 'a.yaml'], { cwd: dir });
    expect(filed.stdout).toContain('+    bootstrapServers');
    expect(filed.stdout).toMatch(/report written to r\.json\.\n$/);
  });
});

describe('stylish', () => {
  const dir = scratch({ 'a.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n' });
  it('colours only on request or a terminal; NO_COLOR and FORCE_COLOR are honoured', () => {
    expect(cli(['lint', 'a.yaml'], { cwd: dir }).stdout).not.toContain('\u001b[');
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } }).stdout).toContain('\u001b[31m');
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { FORCE_COLOR: '0' } }).stdout).not.toContain('\u001b[');
    expect(cli(['lint', '--color', 'a.yaml'], { cwd: dir, env: { NO_COLOR: '1' } }).stdout).toContain('\u001b[');
    expect(cli(['lint', '--no-color', 'a.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } }).stdout).not.toContain(
      '\u001b[',
    );
  });
  it('apply colours its report as lint does: the flag, then FORCE_COLOR / NO_COLOR', () => {
    const coloured = (args: string[], env: Record<string, string>) =>
      cli(args, { cwd: dir, env }).stdout.includes('\u001b[');
    const cases: [string[], Record<string, string>][] = [
      [[], {}],
      [[], { FORCE_COLOR: '1' }],
      [[], { FORCE_COLOR: '0' }],
      [[], { NO_COLOR: '1' }],
      [['--color'], { NO_COLOR: '1' }],
      [['--no-color'], { FORCE_COLOR: '1' }],
    ];
    const apply = ['apply', '--dry-run', '--target-version', '26.1'];
    const seen = cases.map(([flags, env]) => ({
      lint: coloured(['lint', ...flags, 'a.yaml'], env),
      apply: coloured([...apply, ...flags, 'a.yaml'], env),
    }));
    const expected = [false, true, false, false, true, false];
    expect(seen).toEqual(expected.map((c) => ({ lint: c, apply: c })));
  });
  it('prints nothing for clean files', () => {
    const clean = scratch({ 'ok.yaml': 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n' });
    expect(cli(['lint', 'ok.yaml'], { cwd: clean })).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('exit codes and thresholds', () => {
  const dir = scratch({
    'w.yaml': 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchMaxBytes: 1048576\n',
  });
  it('fails on warnings only when asked', () => {
    expect(cli(['lint', 'w.yaml'], { cwd: dir }).code).toBe(0);
    expect(cli(['lint', '--fail-severity', 'warning', 'w.yaml'], { cwd: dir }).code).toBe(1);
    expect(cli(['lint', '--max-warnings', '1', 'w.yaml'], { cwd: dir }).code).toBe(0);
    const over = cli(['lint', '--max-warnings', '0', 'w.yaml'], { cwd: dir });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('more than --max-warnings 0');
  });
  it('--quiet reports errors only', () => {
    expect(cli(['lint', '--quiet', '--format', 'json', 'w.yaml'], { cwd: dir }).stdout).toContain('"diagnostics": []');
  });
  it('--quiet hides warnings but the exit code still counts them (--fail-severity, --max-warnings)', () => {
    const failing = cli(['lint', '--quiet', '--fail-severity', 'warning', 'w.yaml'], { cwd: dir });
    expect(failing).toMatchObject({ code: 1, stdout: '' });
    expect(failing.stderr).toBe(
      'svc-admin-spec found 1 warning at or above --fail-severity warning; --quiet lists errors only.\n',
    );
    const over = cli(['lint', '--quiet', '--max-warnings', '0', 'w.yaml'], { cwd: dir });
    expect(over).toMatchObject({ code: 1, stdout: '' });
    expect(over.stderr).toBe('svc-admin-spec found 1 warning (more than --max-warnings 0).\n');
    expect(cli(['lint', '--quiet', '--max-warnings', '1', 'w.yaml'], { cwd: dir })).toMatchObject({
      code: 0,
      stderr: '',
    });
    // The report (its summary too) holds what --quiet shows: errors only.
    const json = report(cli(['lint', '--quiet', '--fail-severity', 'warning', '-f', 'json', 'w.yaml'], { cwd: dir }));
    expect(json.summary).toEqual({ errors: 0, warnings: 0, infos: 0, files: 1 });
  });
  it('--quiet with --max-findings: the errors left out are counted, the hidden warnings are not', () => {
    const keys = Array.from({ length: 4 }, (_, i) => `    unknown_${i}: 1`).join('\n');
    const mixed = scratch({
      'm.yaml': `name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchMaxBytes: 1048576\n${keys}\n`,
    });
    const json = report(cli(['lint', '--quiet', '--max-findings', '2', '-f', 'json', 'm.yaml'], { cwd: mixed }));
    expect(json.summary).toEqual({ errors: 4, warnings: 0, infos: 0, files: 1 });
    expect(json.results[0]!.diagnostics.map((d) => d.severity)).toEqual(['error', 'error', 'error']);
    expect(json.results[0]!.diagnostics[2]).toMatchObject({
      code: 'report/too-many-findings',
      omitted: { errors: 2, warnings: 0, infos: 0 },
    });
  });
  it('--output to a path that cannot be written is a clear error (exit 2)', () => {
    const r = cli(['lint', '--output', 'w.yaml/report.txt', 'w.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^svc-admin-spec: Cannot write the report to w\.yaml\/report\.txt: /);
  });
  it('--output writes the report to a file, and the console gets the summary line', () => {
    const r = cli(['lint', '--format', 'json', '--output', 'out/report.json', 'w.yaml'], { cwd: dir });
    expect(r.stdout).toBe('✖ 1 problem (0 errors, 1 warning, 0 infos) in 1 file; report written to out/report.json.\n');
    expect(JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).summary.warnings).toBe(1);
  });
});

describe('secrets', () => {
  const PASSWORD = 'Tr0ub4dor&3-very-secret';
  const KEY_BODY = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgitmDhJ6lhOEjvZRE';
  const PEM = `-----BEGIN PRIVATE KEY-----\\n${KEY_BODY}\\n-----END PRIVATE KEY-----\\n`;
  const files = {
    'link.json': `{"name": "a b", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"], "authenticationConfiguration": {"plainConfiguration": {"username": "u", "password": "${PASSWORD}", "passwrd": "${PASSWORD}"}}, "tlsSettings": {"tlsPemSettings": {"key": "${PEM}", "cert": "${PEM}"}}}}}`,
    'broken.yaml': `name: x\nconfigurations:\n  clientOptions:\n    authenticationConfiguration:\n      plainConfiguration: { username: u, password: ${PASSWORD}\n`,
    'resp.json': `{"shadowLink": {"name": "a", "uid": "u", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"], "authenticationConfiguration": {"scramConfiguration": {"password": "${PASSWORD}"}}}}}}`,
  };
  it('never appear in any format, including suggestions, echoed values, syntax errors and fix previews', () => {
    const dir = scratch(files);
    for (const format of ['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab']) {
      const r = cli(['lint', '--format', format, '.'], { cwd: dir });
      expect(r.stdout.length).toBeGreaterThan(100);
      expect(r.stdout, format).not.toContain(PASSWORD);
      expect(r.stdout, format).not.toContain(KEY_BODY);
      expect(r.stderr).not.toContain(PASSWORD);
    }
    const dry = cli(['lint', '--fix-dry-run', '.'], { cwd: dir });
    expect(dry.stdout).not.toContain(PASSWORD);
  });
});

describe('a report cut short by --max-findings', () => {
  // 11 findings: 6 errors, 4 warnings, 1 info.
  const typos = join(ROOT, 'examples', 'bad', 'typos.yaml');
  const warnings = ['a', 'b', 'c', 'd', 'e'].map((s) => `      - retention.msec${s}`).join('\n');
  const dir = scratch({
    'w.yaml': `name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n  topicMetadataSyncOptions:\n    autoCreateShadowTopicFilters: [{filterType: FILTER_TYPE_INCLUDE, name: "*", patternType: PATTERN_TYPE_LITERAL}]\n    syncedShadowTopicProperties:\n${warnings}\n`,
  });
  const sarifSchema = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'reference', 'sarif-schema-2.1.0.json'), 'utf8'),
  ) as object;
  const validateSarif = new Ajv04({ allErrors: true, strict: false, validateFormats: false }).compile(sarifSchema);

  it('counts the findings it leaves out: the summaries and --max-warnings see them all', () => {
    const json = report(cli(['lint', '--max-findings', '2', '-f', 'json', 'w.yaml'], { cwd: dir }));
    expect(json.summary).toEqual({ errors: 0, warnings: 5, infos: 0, files: 1 });
    expect(json.results[0]!.diagnostics).toHaveLength(3);
    expect(json.results[0]!.diagnostics[2]).toMatchObject({
      code: 'report/too-many-findings',
      severity: 'warning',
      omitted: { errors: 0, warnings: 3, infos: 0 },
    });
    const over = cli(['lint', '--max-findings', '2', '--max-warnings', '3', 'w.yaml'], { cwd: dir });
    expect(over.code).toBe(1);
    expect(over.stderr).toBe('svc-admin-spec found 5 warnings (more than --max-warnings 3).\n');
    expect(over.stdout).toContain('✖ 5 problems (0 errors, 5 warnings, 0 infos) in 1 file');
    expect(cli(['lint', '--max-findings', '2', '--max-warnings', '5', 'w.yaml'], { cwd: dir }).code).toBe(0);
    const filed = cli(['lint', '--max-findings', '2', '-f', 'sarif', '-o', 'r.sarif', 'w.yaml'], { cwd: dir });
    expect(filed.stdout).toBe('✖ 5 problems (0 errors, 5 warnings, 0 infos) in 1 file; report written to r.sarif.\n');
  });

  it('gives the same summary at every limit, and keeps every format valid', async () => {
    const full = report(cli(['lint', '-f', 'json', typos]));
    expect(full.summary).toEqual({ errors: 6, warnings: 4, infos: 1, files: 1 });
    for (const max of ['1', '8']) {
      const json = report(cli(['lint', '--max-findings', max, '-f', 'json', typos]));
      expect(json.summary, max).toEqual(full.summary);
      const marker = json.results[0]!.diagnostics.at(-1) as { omitted?: Record<string, number>; message: string };
      const omitted = 11 - Number(max);
      expect(
        Object.values(marker.omitted!).reduce((a, b) => a + b, 0),
        max,
      ).toBe(omitted);
      expect(marker.message).toMatch(new RegExp(`^${omitted} more findings were not listed`));
      const stylish = cli(['lint', '--max-findings', max, typos]);
      expect(stylish.stdout, max).toContain('✖ 11 problems (6 errors, 4 warnings, 1 info) in 1 file');
      const sarif = JSON.parse(cli(['lint', '--max-findings', max, '-f', 'sarif', typos]).stdout) as any;
      expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
      const last = sarif.runs[0].results.at(-1);
      expect(last.ruleId).toBe('report/too-many-findings');
      expect(last.properties.omitted).toEqual(marker.omitted);
      expect(await junitProblems(cli(['lint', '--max-findings', max, '-f', 'junit', typos]).stdout)).toEqual([]);
      expect(gitlabProblems(cli(['lint', '--max-findings', max, '-f', 'gitlab', typos]).stdout)).toEqual([]);
      const github = cli(['lint', '--max-findings', max, '-f', 'github', typos]).stdout.trim().split('\n');
      expect(github).toHaveLength(Number(max) + 1);
      expect(github.at(-1)).toContain(`::${omitted} more findings were not listed`);
    }
  });
});
