/* eslint-disable @typescript-eslint/no-explicit-any -- SARIF logs are walked loosely here; the schema check types them. */
/** Output formats: golden outputs, the JSON contract, SARIF against the official schema, annotations, colour, secrets, exit codes. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { cli, report, ROOT, scratch } from './cli-helpers';

const GOLDEN = join(ROOT, 'test', 'golden');

/** Output with the machine-specific parts (working directory, version) replaced. */
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const normalize = (text: string) =>
  text.split(`file://${ROOT}/`).join('file:///ROOT/').split(`"${VERSION}"`).join('"<version>"');

describe('golden outputs on the bad examples', () => {
  for (const format of ['stylish', 'json', 'sarif', 'github']) {
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
});

describe('stylish', () => {
  const dir = scratch({ 'a.yaml': 'name: "a b"\nconfigurations: {}\n' });
  it('colours only on request or a terminal; NO_COLOR and FORCE_COLOR are honoured', () => {
    expect(cli(['lint', 'a.yaml'], { cwd: dir }).stdout).not.toContain('\u001b[');
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } }).stdout).toContain('\u001b[31m');
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { FORCE_COLOR: '0' } }).stdout).not.toContain('\u001b[');
    expect(cli(['lint', '--color', 'a.yaml'], { cwd: dir, env: { NO_COLOR: '1' } }).stdout).toContain('\u001b[');
    expect(cli(['lint', '--no-color', 'a.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } }).stdout).not.toContain(
      '\u001b[',
    );
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
  it('--output to a path that cannot be written is a clear error (exit 2)', () => {
    const r = cli(['lint', '--output', 'w.yaml/report.json', 'w.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^svc-admin-spec: Cannot write the report to w\.yaml\/report\.json: /);
  });
  it('--output writes the report to a file', () => {
    const r = cli(['lint', '--format', 'json', '--output', 'out/report.json', 'w.yaml'], { cwd: dir });
    expect(r.stdout).toBe('');
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
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
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
