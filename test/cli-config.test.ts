/** Config files, --rule, suppression comments, the ignore file, and --fix. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, report, scratch } from './cli-helpers';

const WARNS = 'name: a\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n    fetchMaxBytes: 1048576\n';
const codes = (dir: string, args: string[] = ['.']) =>
  report(cli(['lint', '--format', 'json', ...args], { cwd: dir })).results.map((r) => [
    r.file,
    r.diagnostics.map((d) => `${d.code}:${d.severity}`),
  ]);

describe('config file', () => {
  it('is found upward from the working directory and sets rules, target version, ignores and overrides', () => {
    const dir = scratch({
      'svc-admin-spec.config.yaml': [
        'rules:',
        '  fetch-size-order: error',
        'targetVersion: "25.3"',
        'ignore: ["legacy/**"]',
        'overrides:',
        '  - files: ["relaxed/*.yaml"]',
        '    rules: { fetch-size-order: "off" }',
        '  - files: ["requests/*.json"]',
        '    kind: CreateShadowLinkRequest',
      ].join('\n'),
      'links/a.yaml': WARNS,
      'links/b.yaml':
        'name: b\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:1"]\n  topicMetadataSyncOptions:\n    syncedShadowTopicProperties: [svc.cloud_topic.enabled, svc.storage.mode]\n',
      'relaxed/c.yaml': WARNS,
      'legacy/d.yaml': 'garbage: [',
      'requests/e.json': '{}',
    });
    const out = Object.fromEntries(codes(join(dir, 'links'), ['.', '../relaxed', '../legacy', '../requests']));
    expect(out['a.yaml']).toEqual(['fetch-size-order:error']);
    // 25.3 forbids svc.cloud_topic.enabled; svc.storage.mode does not exist there yet.
    expect(out['b.yaml']).toEqual(['synced-property-forbidden:error', 'synced-property-unknown:warning']);
    expect(out['../relaxed/c.yaml']).toEqual([]);
    expect(out['../legacy/d.yaml']).toBeUndefined();
    expect(out['../requests/e.json']).toEqual(['schema/required:error']);
  });

  it('--rule overrides the config; --config names another file; --no-config ignores it', () => {
    const dir = scratch({
      'svc-admin-spec.config.json': '{"rules": {"fetch-size-order": "error"}}',
      'other.json': '{"rules": {"fetch-size-order": "info"}}',
      'a.yaml': WARNS,
    });
    expect(codes(dir, ['a.yaml'])).toEqual([['a.yaml', ['fetch-size-order:error']]]);
    expect(codes(dir, ['--rule', 'fetch-size-order=off', 'a.yaml'])).toEqual([['a.yaml', []]]);
    expect(codes(dir, ['--config', 'other.json', 'a.yaml'])).toEqual([['a.yaml', ['fetch-size-order:info']]]);
    expect(codes(dir, ['--no-config', 'a.yaml'])).toEqual([['a.yaml', ['fetch-size-order:warning']]]);
  });

  it('--target-version picks the version-dependent facts and wins over the config', () => {
    const yaml =
      'name: a\nconfigurations:\n  clientOptions: { bootstrapServers: ["s:1"] }\n  topicMetadataSyncOptions: { syncedShadowTopicProperties: [svc.cloud_topic.enabled] }\n';
    const dir = scratch({ 'svc-admin-spec.config.json': '{"targetVersion": "26.1"}', 'a.yaml': yaml });
    // 26.1 removed the cloud-topic property altogether: unknown there, forbidden on 25.3.
    expect(codes(dir, ['a.yaml'])).toEqual([['a.yaml', ['synced-property-unknown:warning']]]);
    expect(codes(dir, ['--target-version', '25.3', 'a.yaml'])).toEqual([
      ['a.yaml', ['synced-property-forbidden:error']],
    ]);
    expect(cli(['lint', '--target-version', '24.1', 'a.yaml'], { cwd: dir }).code).toBe(2);
  });

  it('takes rule options', () => {
    const dir = scratch({
      'svc-admin-spec.config.json':
        '{"rules": {"synced-property-unknown": ["warning", {"knownProperties": ["my.prop"]}]}}',
      'a.yaml':
        'name: a\nconfigurations:\n  clientOptions: { bootstrapServers: ["s:1"] }\n  topicMetadataSyncOptions: { syncedShadowTopicProperties: [my.prop, other.prop] }\n',
    });
    expect(codes(dir, ['a.yaml'])).toEqual([['a.yaml', ['synced-property-unknown:warning']]]);
  });

  it('an invalid config is a usage error (exit 2) naming the problem', () => {
    for (const [name, text, msg] of [
      ['svc-admin-spec.config.json', '{"rules": {"nope": "error"}}', 'unknown rule "nope"'],
      [
        'svc-admin-spec.config.json',
        '{"rules": {"duration": "loud"}}',
        'svc-admin-spec.config.json:1:24: rule "duration" is set to "loud"; use "off", "info", "warning" (or "warn"), "error", or ESLint\'s 0, 1, 2',
      ],
      ['svc-admin-spec.config.json', '{"rules": {"duration": "Warning"}}', 'did you mean "warning"?'],
      [
        'svc-admin-spec.config.json',
        '{"rules": {"synced-property-unknown": ["warning", {"knownProperties": 5}]}}',
        'option "knownProperties" of rule "synced-property-unknown" must be an array, not 5',
      ],
      ['svc-admin-spec.config.json', '{"ignore": [""]}', '"ignore" must be an array of non-empty glob strings'],
      ['svc-admin-spec.config.yaml', '\uFEFFrules: !!map {nope: error}', 'unknown rule "nope"'],
      ['svc-admin-spec.config.json', '{"rulez": {}}', 'unknown key "rulez"'],
      ['svc-admin-spec.config.yaml', 'targetVersion: "24.1"', 'target version "24.1" is not known'],
      [
        'svc-admin-spec.config.json',
        '{',
        'svc-admin-spec.config.json:1:2: the config file is not valid JSON: JSON syntax error',
      ],
      [
        'svc-admin-spec.config.yaml',
        'a: [b\n',
        'svc-admin-spec.config.yaml:1:4: the config file is not valid YAML: YAML syntax error: this flow sequence ([) is never closed; end it with ]',
      ],
    ] as const) {
      const dir = scratch({ [name]: text, 'a.yaml': WARNS });
      const r = cli(['lint', 'a.yaml'], { cwd: dir });
      expect(r.code, text).toBe(2);
      expect(r.stderr).toContain(msg);
    }
  });
});

describe('a config or ignore file that does not parse', () => {
  it('is described by line and column, never by quoting it (it may be a document with a password)', () => {
    const secret = 'Zq9SuperSecretValue77';
    for (const [option, name, text] of [
      ['--config', 'c.json', `{"password": "${secret}", oops}`],
      ['--config', 'c.json', `{"password": "${secret}`],
      ['--config', 'c.yaml', `password: *${secret}\n`], // the YAML reader's message names the alias
      ['--config', 'c.yaml', `password: "${secret}"\nnext: [unclosed\n`],
      ['--ignore-file', 'i.json', `{"password": "${secret}", oops}`],
      ['--ignore-file', 'i.json', `password: ${secret}\n`],
    ] as const) {
      const dir = scratch({ [name]: text, 'a.yaml': WARNS });
      const r = cli(['lint', option, name, 'a.yaml'], { cwd: dir });
      expect(r.code, text).toBe(2);
      expect(r.stderr, text).toMatch(/is not valid (JSON|YAML): /);
      for (let i = 0; i + 6 <= secret.length; i++)
        expect(r.stderr + r.stdout, text).not.toContain(secret.slice(i, i + 6));
    }
  });
});

describe('suppression comments (YAML)', () => {
  it('disable-next-line and file-level directives need a reason; unused ones are reported', () => {
    const text = [
      'name: a',
      'configurations:',
      '  clientOptions:',
      '    bootstrapServers: ["s:1"]',
      '    # svc-admin-spec-disable-next-line fetch-size-order -- capped on purpose for the lab cluster',
      '    fetchMaxBytes: 1048576',
      '    # svc-admin-spec-disable-next-line client-option-range',
      '    fetchWaitMaxMs: -1',
      '    # svc-admin-spec-disable-next-line duration -- nothing here',
      '    fetchMinBytes: 5',
      '# svc-admin-spec-disable plain-without-tls -- TLS terminates at the sidecar',
      '# svc-admin-spec-disable no-such-rule -- typo',
      '',
    ].join('\n');
    const dir = scratch({ 'a.yaml': text });
    const r = report(cli(['lint', '--format', 'json', 'a.yaml'], { cwd: dir }));
    const found = r.results[0]!.diagnostics.map((d) => [d.code, d.range!.start.line]);
    expect(found).toEqual([
      ['suppression/missing-reason', 7],
      ['client-option-range', 8],
      ['suppression/unused', 9],
      ['suppression/unused', 11],
      ['suppression/invalid', 12],
    ]);
  });

  it('disable-line covers its own line; a file-wide disable after a value is refused, not applied to the file', () => {
    const text = [
      'name: a',
      'configurations:',
      '  clientOptions:',
      '    bootstrapServers: ["s:1"]',
      '    fetchWaitMaxMs: -1 # svc-admin-spec-disable-line client-option-range -- lab cluster',
      '    fetchMinBytes: -5 # svc-admin-spec-disable client-option-range -- meant for this line only',
      '    fetchMaxBytes: 7 # svc-admin-spec-disable-line duration -- nothing here',
      '',
    ].join('\n');
    const dir = scratch({ 'a.yaml': text });
    const r = report(cli(['lint', '--format', 'json', 'a.yaml'], { cwd: dir }));
    const found = r.results[0]!.diagnostics.map((d) => [d.code, d.range!.start.line, d.range!.start.column]);
    expect(found).toEqual([
      ['client-option-range', 6, 20],
      ['suppression/invalid', 6, 23],
      ['fetch-size-order', 7, 20],
      ['suppression/unused', 7, 22],
    ]);
    const invalid = r.results[0]!.diagnostics.find((d) => d.code === 'suppression/invalid')!;
    expect(invalid.message).toContain('svc-admin-spec-disable-line');
  });
});

describe('ignore file (JSON has no comments)', () => {
  it('--write-ignore-file records current findings; later runs are clean until they change; stale entries are reported', () => {
    const dir = scratch({
      'a.json':
        '{"name": "a", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"], "fetchWaitMaxMs": -1}}}',
    });
    expect(cli(['lint', 'a.json'], { cwd: dir }).code).toBe(1);
    const w = cli(['lint', '--write-ignore-file', 'a.json'], { cwd: dir });
    expect(w.code).toBe(0);
    expect(w.stderr).toBe(`Ignore file ${join(dir, '.svc-admin-spec-ignore.json')}: 1 added, 0 removed, 0 kept.\n`);
    const ignore = JSON.parse(readFileSync(join(dir, '.svc-admin-spec-ignore.json'), 'utf8'));
    expect(ignore.ignores).toEqual([
      {
        file: 'a.json',
        code: 'client-option-range',
        pointer: '/configurations/clientOptions/fetchWaitMaxMs',
        reason: expect.stringContaining('baseline'),
      },
    ]);
    expect(cli(['lint', 'a.json'], { cwd: dir })).toMatchObject({ code: 0, stdout: '' });
    const fixed = scratch({
      'a.json': '{"name": "a", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"]}}}',
      '.svc-admin-spec-ignore.json': JSON.stringify(ignore),
    });
    expect(codes(fixed, ['a.json'])).toEqual([['a.json', ['suppression/unused:warning']]]);
  });

  it('--fix leaves what the ignore file records (a baseline is kept, not fixed) and fixes the rest', () => {
    const text =
      '{"name": "b", "configurations": {"clientOptions": {"bootstrap_servers": ["a:1"], "fetchMaxBytes": "1048576"}}}';
    const dir = scratch({ 'b.json': text });
    expect(cli(['lint', '--write-ignore-file', '--rule', 'integer-as-string=off', 'b.json'], { cwd: dir }).code).toBe(
      0,
    );
    const r = cli(['lint', '--fix', 'b.json'], { cwd: dir });
    expect(r.stdout).not.toContain('suppression/unused');
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(text.replace('"1048576"', '1048576'));
  });
});

describe('an ignore file and --max-findings', () => {
  it('a baseline holds every finding, not only those listed, and then suppresses them all', () => {
    const keys = Array.from({ length: 6 }, (_, i) => `"unknown_${i}": 1`).join(', ');
    const dir = scratch({
      'a.json': `{"name": "a", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"], ${keys}}}}\n`,
    });
    const before = report(cli(['lint', '--max-findings', '2', '-f', 'json', 'a.json'], { cwd: dir }));
    expect(before.summary.errors).toBe(6);
    expect(cli(['lint', '--max-findings', '2', '--write-ignore-file', 'a.json'], { cwd: dir }).stderr).toBe(
      `Ignore file ${join(dir, '.svc-admin-spec-ignore.json')}: 6 added, 0 removed, 0 kept.\n`,
    );
    const after = cli(['lint', '--max-findings', '2', '-f', 'json', 'a.json'], { cwd: dir });
    expect(after.code).toBe(0);
    expect(report(after).results[0]!.diagnostics).toEqual([]);
  });
});

describe('--ignore-file', () => {
  it('reads and writes the named ignore file instead of the default one', () => {
    const dir = scratch({
      'a.json':
        '{"name": "a", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"], "fetchMinBytes": -1}}}',
    });
    expect(
      cli(['lint', '--ignore-file', 'baseline/ignore.json', '--write-ignore-file', 'a.json'], { cwd: dir }).code,
    ).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'baseline', 'ignore.json'), 'utf8')).ignores[0].file).toBe('../a.json');
    expect(cli(['lint', '--ignore-file', 'baseline/ignore.json', 'a.json'], { cwd: dir }).code).toBe(0);
    expect(cli(['lint', 'a.json'], { cwd: dir }).code).toBe(1);
    const broken = scratch({ 'a.json': '{}', 'bad.json': '{"ignores": 5}' });
    const r = cli(['lint', '--ignore-file', 'bad.json', 'a.json'], { cwd: broken });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('must be { "version": 1, "ignores"');
  });
});

describe('--fix', () => {
  const original = [
    '# Shadow link for the DR site',
    'name: dr-link # keep this name',
    'configurations:',
    '  clientOptions:',
    "    bootstrap_servers: ['kafka-1:9092'] # primary",
    '  topicMetadataSyncOptions:',
    '    interval: PT1M   # once a minute',
    '    autoCreateShadowTopicFilters:',
    '      - filterType: include',
    '        name: "orders."',
    '        patternType: PATTERN_TYPE_PREFIXED',
    '    syncedShadowTopicProperties:',
    '      - segment.ms',
    '      - svc.remote.recovery # copied from the source',
    '      - timestamp.type',
    '',
  ].join('\n');

  it('rewrites YAML in place keeping comments, key order and quoting, then lints clean', () => {
    const dir = scratch({ 'a.yaml': original });
    const r = cli(['lint', '--fix', 'a.yaml'], { cwd: dir });
    const after = readFileSync(join(dir, 'a.yaml'), 'utf8');
    expect(after).toBe(
      [
        '# Shadow link for the DR site',
        'name: dr-link # keep this name',
        'configurations:',
        '  clientOptions:',
        "    bootstrapServers: ['kafka-1:9092'] # primary",
        '  topicMetadataSyncOptions:',
        '    interval: 60s   # once a minute',
        '    autoCreateShadowTopicFilters:',
        '      - filterType: FILTER_TYPE_INCLUDE',
        '        name: "orders."',
        '        patternType: PATTERN_TYPE_PREFIX',
        '    syncedShadowTopicProperties:',
        '      - segment.ms',
        '      # copied from the source',
        '      - message.timestamp.type',
        '',
      ].join('\n'),
    );
    // The comment of the removed entry stays, on its own line. What is left is the info that message.timestamp.type is always replicated.
    expect(r.code).toBe(0);
    expect(codes(dir, ['a.yaml'])).toEqual([['a.yaml', ['synced-property-redundant:info']]]);
  });

  it('removes entries of YAML flow collections as text edits, keeping the layout', () => {
    const flow = [
      'name: dr-link   # the link',
      'configurations:',
      '  clientOptions: { bootstrapServers: ["s:9092"], effectiveFetchMaxBytes: 5 }',
      '  topicMetadataSyncOptions:',
      '    syncedShadowTopicProperties: [svc.remote.recovery, segment.ms, svc.leaders.preference, segment.ms]',
      '  securitySyncOptions: {effectiveInterval: 30s}',
      '',
    ].join('\n');
    const dir = scratch({ 'f.yaml': flow });
    expect(cli(['lint', '--fix', 'f.yaml'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, 'f.yaml'), 'utf8')).toBe(
      [
        'name: dr-link   # the link',
        'configurations:',
        '  clientOptions: { bootstrapServers: ["s:9092"] }',
        '  topicMetadataSyncOptions:',
        '    syncedShadowTopicProperties: [segment.ms]',
        '  securitySyncOptions: {}',
        '',
      ].join('\n'),
    );
  });

  it('--fix-dry-run prints the change and writes nothing', () => {
    const dir = scratch({ 'a.yaml': original });
    const r = cli(['lint', '--fix-dry-run', 'a.yaml'], { cwd: dir });
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(original);
    expect(r.stdout).toContain(
      "-    bootstrap_servers: ['kafka-1:9092'] # primary\n+    bootstrapServers: ['kafka-1:9092'] # primary",
    );
    expect(r.stdout).toContain('-      - svc.remote.recovery # copied from the source');
    // The dry run reports the file as it is on disk.
    expect(r.code).toBe(1);
  });

  it('fixes JSON without reformatting it', () => {
    const json =
      '{\n  "name": "a",\n  "uid": "x",\n  "configurations": {\n    "clientOptions": { "bootstrap_servers": ["s:1"], "fetchMaxBytes": "1048576" },\n    "consumerOffsetSyncOptions": { "interval": 30 }\n  }\n}\n';
    const dir = scratch({ 'a.json': json });
    expect(cli(['lint', '--fix', 'a.json'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(
      '{\n  "name": "a",\n  "configurations": {\n    "clientOptions": { "bootstrapServers": ["s:1"], "fetchMaxBytes": 1048576 },\n    "consumerOffsetSyncOptions": { "interval": "30s" }\n  }\n}\n',
    );
  });

  it('refuses to rewrite standard input', () => {
    expect(cli(['lint', '--fix', '-'], { input: '{}' }).code).toBe(2);
  });
});
