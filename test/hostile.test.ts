/**
 * Hostile input: every case named in the safety requirements, each asserting the behaviour it
 * names. Large inputs are bounded by the test's timeout (never by a timing assertion).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as nodeFs from 'node:fs';
import { chmodSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FileAccessError, writeFileAtomic, type FileSystem } from '../src/config/fs-safe';
import { fixText } from '../src/fix/fix-text';
import { checkExchange, lint, lintText, previewFilters } from '../src/index';
import { CLI, cli, GOOD_YAML, report, scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';

const codes = (ds: readonly { code: string }[]) => ds.map((d) => d.code);

const filter = (filterType: string, name: unknown, patternType = 'PATTERN_TYPE_LITERAL') => ({
  filterType,
  name,
  patternType,
});

describe('hostile values for the rules', () => {
  it('a filter field that is an object with a non-callable toString is reported, never a crash', () => {
    const odd = { toString: 1 };
    const fields = ['filterType', 'name', 'patternType'] as const;
    for (const field of fields) {
      const f: Record<string, unknown> = { ...filter('FILTER_TYPE_INCLUDE', 'a'), [field]: odd };
      // The same object twice, as a YAML alias would give it.
      const doc = {
        name: 'x',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'] },
          topicMetadataSyncOptions: { autoCreateShadowTopicFilters: [f, f, filter('FILTER_TYPE_EXCLUDE', odd)] },
          consumerOffsetSyncOptions: { groupFilters: [f, f] },
        },
      };
      const r = lint('ShadowLink', doc);
      expect(codes(r.diagnostics)).not.toContain('internal-error');
      const at = `/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/${field}`;
      expect(r.diagnostics.find((d) => d.pointer === at)?.severity, field).toBe('error');
    }
    const text =
      '{"name":"x","configurations":{"topicMetadataSyncOptions":{"autoCreateShadowTopicFilters":[{"filterType":{"toString":1},"name":"a","patternType":"PATTERN_TYPE_LITERAL"}]}}}';
    expect(codes(lintText(text, { filename: 'odd.json' }).diagnostics)).not.toContain('internal-error');
  });

  it('an ACL resourceType named like a member of Object.prototype is an unknown type, never a crash', () => {
    for (const resourceType of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const doc = {
        name: 'x',
        configurations: {
          clientOptions: { bootstrapServers: ['a:1'] },
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: { resourceType, patternType: 'ACL_PATTERN_ANY' },
                accessFilter: { operation: 'ACL_OPERATION_READ', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
              },
            ],
          },
        },
      };
      const found = lint('ShadowLink', doc).diagnostics;
      expect(codes(found), resourceType).not.toContain('internal-error');
      // The structure check names the unknown enum value where it is written.
      expect(
        found.some((d) => d.pointer.endsWith('/resourceFilter/resourceType')),
        resourceType,
      ).toBe(true);
    }
  });

  it('a valid 8 MB config with 60,000 filters: filter-redundant compares by hash, not pairs', () => {
    const n = 60_000;
    const filters = Array.from({ length: n }, (_, i) =>
      filter(i % 10 === 0 ? 'FILTER_TYPE_EXCLUDE' : 'FILTER_TYPE_INCLUDE', `team-${i}.topic`.padEnd(40, '-')),
    );
    // Known findings far apart: a duplicate of the second filter and a contradiction of the first, at the end.
    filters.push(filter('FILTER_TYPE_INCLUDE', filters[1]!.name));
    filters.push(filter('FILTER_TYPE_INCLUDE', filters[0]!.name));
    const doc = {
      name: 'big',
      configurations: {
        clientOptions: { bootstrapServers: ['a:1'] },
        topicMetadataSyncOptions: { autoCreateShadowTopicFilters: filters },
        consumerOffsetSyncOptions: { groupFilters: filters.slice(2, n) },
      },
    };
    const text = JSON.stringify(doc, null, 1);
    expect(text.length).toBeGreaterThan(8_000_000);
    const r = lintText(text, { filename: 'big.json' });
    const found = r.diagnostics.filter((d) => d.code === 'filter-redundant');
    const list = '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters';
    expect(found.map((d) => d.pointer)).toEqual([`${list}/${n}`, `${list}/${n + 1}`]);
    expect(found[0]!.message).toBe(
      '`autoCreateShadowTopicFilters[60000]` repeats `autoCreateShadowTopicFilters[1]`; remove it.',
    );
    expect(found[1]!.message).toContain('`autoCreateShadowTopicFilters[0]` EXCLUDEs');
    expect(codes(r.diagnostics)).not.toContain('internal-error');
  }, 60_000);
});

describe('numbers beyond a double', () => {
  const response = (hw: string) =>
    `{"shadowLink":{"name":"x","uid":"6f1c2a9e-4b7d-4e3f-9a1b-2c3d4e5f6a7b","status":{"state":"SHADOW_LINK_STATE_ACTIVE","shadowTopics":[{"name":"t","topicId":"i","sourceTopicId":"s","sourceTopicName":"t","status":{"state":"SHADOW_TOPIC_STATE_ACTIVE","partitionInformation":[{"partitionId":"0","highWatermark":${hw}}]}}]}}}`;
  const findings = (text: string, name = 'r.json') =>
    lintText(text, { filename: name }).diagnostics.map((d) => [d.code, d.severity, d.message] as const);

  it('1e400 in a JSON file is a syntax error that shows the number as written (the server refuses it)', () => {
    for (const literal of ['1e400', '-1e400', '1'.repeat(400)]) {
      const [f, ...rest] = findings(response(literal));
      expect(rest).toEqual([]);
      expect(f![0]).toBe('parse/json-syntax');
      expect(f![2]).toContain(`The number ${literal.slice(0, 40)}`);
      expect(f![2]).toContain('too large for a double');
      expect(f![2]).not.toMatch(/Infinity/);
    }
    // At a secret position, the number is not shown.
    const text =
      '{"name":"x","configurations":{"clientOptions":{"bootstrapServers":["a:1"],"authenticationConfiguration":{"scramConfiguration":{"username":"u","password":4518e400}}}}}';
    const [f] = findings(text, 'l.json');
    expect(f![0]).toBe('parse/json-syntax');
    expect(f![2]).not.toContain('4518');
  });

  it('an int64 number above 2^63 is an error with its digits as written, like the same digits in a string', () => {
    const asString = findings(response('"9223372036854775809"'));
    expect(asString).toEqual([['schema/format', 'error', expect.stringContaining('"9223372036854775809"')]]);
    for (const literal of ['9223372036854775808', '9223372036854775809', '-9223372036854775809', '1'.repeat(30)]) {
      expect(findings(response(literal))).toEqual([
        [
          'int64-precision',
          'error',
          `\`highWatermark\` is ${literal}, outside the 64-bit integer range (-9223372036854775808 to 9223372036854775807): the server cannot hold it (its JSON reader turns such a number into a double, whose conversion to int64 is undefined). Send the offset as a decimal string in range.`,
        ],
      ]);
    }
    // int64's own limits round to ±2^63 as doubles, but are in range: only the precision warning, with the exact digits.
    for (const literal of ['9223372036854775807', '-9223372036854775808', '9007199254740993']) {
      expect(findings(response(literal))).toEqual([
        [
          'int64-precision',
          'warning',
          `\`highWatermark\` is ${literal}, beyond 2^53 − 1: precision is lost in most JSON parsers. Send int64 values as decimal strings.`,
        ],
      ]);
    }
    // In memory there are no digits: the double 2^63 itself is out of range.
    const doc = JSON.parse(response('0')) as {
      shadowLink: { status: { shadowTopics: { status: { partitionInformation: { highWatermark: number }[] } }[] } };
    };
    doc.shadowLink.status.shadowTopics[0]!.status.partitionInformation[0]!.highWatermark = 2 ** 63;
    expect(lint('CreateShadowLinkResponse', doc).diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['int64-precision', 'error'],
    ]);
  });

  it('other messages about a rounded integer show the digits as written too', () => {
    const text =
      '{"name":"x","configurations":{"clientOptions":{"bootstrapServers":["a:1"],"fetchMaxBytes":9223372036854775809}}}';
    const [f, ...rest] = findings(text, 'l.json');
    expect(rest).toEqual([]);
    expect(f![2]).toContain('9223372036854775809');
    expect(f![2]).not.toContain('9223372036854776000');
    // From 10^21 on, a double is written with an exponent: still shown as written.
    const huge = text.replace('9223372036854775809', '1000000000000000000001');
    const [g, ...others] = findings(huge, 'l.json');
    expect(others).toEqual([]);
    expect(g![2]).toContain('1000000000000000000001');
    expect(g![2]).not.toContain('1e+21');
  });
});

describe('hostile files for the command', () => {
  it('a NUL byte after the first 8 KiB makes the file binary (exit 2), wherever it is', async () => {
    const text = `${GOOD_YAML}# ${'x'.repeat(10_000)}\n`;
    const bytes = Buffer.from(text);
    bytes[9000] = 0;
    const dir = scratch({ 'late-nul.yaml': bytes, 'ok.yaml': GOOD_YAML });
    const r = await runInProcess(['lint', '-f', 'json', '.'], { cwd: dir });
    expect(r.code).toBe(2);
    const byFile = Object.fromEntries(report(r).results.map((x) => [x.file, x.diagnostics]));
    expect(byFile['late-nul.yaml']!.map((d) => [d.code, d.message])).toEqual([
      ['input/binary', 'The file is binary (it contains a NUL byte, the first at byte 9001), not JSON or YAML.'],
    ]);
    expect(byFile['ok.yaml']).toEqual([]);
  });

  it('a CR-only YAML file starting with a comment is linted with the right lines, and --fix keeps its CRs', async () => {
    const text = '# a shadow link\rname: x\rconfigurations:\r  client_options:\r    bootstrapServers: [a:1]\r';
    const dir = scratch({ 'cr.yaml': text });
    const r = report(await runInProcess(['lint', '-f', 'json', 'cr.yaml'], { cwd: dir }));
    expect(r.results[0]!.diagnostics.map((d) => [d.code, d.range?.start.line])).toEqual([['snake-case-key', 4]]);
    expect((await runInProcess(['lint', '--fix', 'cr.yaml'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(join(dir, 'cr.yaml'), 'utf8')).toBe(text.replace('client_options', 'clientOptions'));
  });

  it('control characters and ANSI escapes in file names are shown escaped in stylish output', async () => {
    const name = 'bad\u001b[31mred\u0007\u0001.yaml';
    const dir = scratch({ [name]: 'name: x\nconfigurations: {}\nnope: 1\n' });
    const r = await runInProcess(['lint', '--no-color', name], { cwd: dir });
    expect(r.code).toBe(1);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(r.stdout).toContain('bad\\x1b[31mred\\x07\\x01.yaml\n');
  });

  it('a BOM in the config file is accepted; a YAML config with tags prints no Node warnings', () => {
    const bom = scratch({
      'svc-admin-spec.config.json': `\uFEFF${JSON.stringify({ rules: { 'shadow-link-name': 'off' } })}`,
      'a.yaml': 'name: a b\nconfigurations:\n  clientOptions: {bootstrapServers: [a:1]}\n',
    });
    const r = cli(['lint', 'a.yaml'], { cwd: bom });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', '']);
    const tagged = scratch({
      'svc-admin-spec.config.yaml': "rules: !!map\n  duration: !!str off\nunknown: !custom 'x'\n",
      'a.yaml': GOOD_YAML,
    });
    const t = cli(['lint', 'a.yaml'], { cwd: tagged });
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/^svc-admin-spec: [^\n]*unknown key "unknown"[^\n]*\n$/);
  });

  it('config problems are usage errors: knownProperties: 5, ignore: [""]', () => {
    for (const [config, message] of [
      [
        { rules: { 'synced-property-unknown': ['warning', { knownProperties: 5 }] } },
        /option "knownProperties" of rule "synced-property-unknown" must be an array, not 5/,
      ],
      [{ ignore: [''] }, /"ignore" must be an array of non-empty glob strings/],
    ] as const) {
      const dir = scratch({ 'svc-admin-spec.config.json': JSON.stringify(config), 'a.yaml': GOOD_YAML });
      const r = cli(['lint', 'a.yaml'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('a directive inside a quoted string or block scalar is text, not a directive', async () => {
    const text = [
      'name: "# svc-admin-spec-disable shadow-link-name -- quoted"',
      'configurations:',
      '  clientOptions:',
      '    bootstrapServers: [a:1]',
      '    sourceClusterId: |',
      '      # svc-admin-spec-disable schema/unknown-property -- in a block scalar',
      '  nope: 1',
      '',
    ].join('\n');
    const r = lintText(text, { filename: 'd.yaml' });
    expect(codes(r.diagnostics)).toContain('shadow-link-name');
    expect(codes(r.diagnostics)).toContain('schema/unknown-property');
    expect(codes(r.diagnostics).filter((c) => c.startsWith('suppression/'))).toEqual([]);
  });

  it('-o naming an input file, or an empty -o, is a usage error (exit 2) and writes nothing', async () => {
    const dir = scratch({ 'links.yaml': GOOD_YAML });
    for (const args of [
      ['lint', '-o', 'links.yaml', 'links.yaml'],
      ['lint', '-o', './links.yaml', '.'],
      ['lint', '-o', '', 'links.yaml'],
      ['lint', '--output.json', '', 'links.yaml'],
    ]) {
      const r = await runInProcess(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^svc-admin-spec: /);
      expect(r.stdout).toBe('');
      expect(readFileSync(join(dir, 'links.yaml'), 'utf8')).toBe(GOOD_YAML);
    }
  });

  it('an explicit looping symbolic link is input/unreadable (exit 2), and the other files are linted', async () => {
    const dir = scratch({ 'ok.yaml': GOOD_YAML });
    symlinkSync('loop.yaml', join(dir, 'loop.yaml'));
    const r = await runInProcess(['lint', '-f', 'json', 'loop.yaml', 'ok.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(report(r).results.map((x) => [x.file, codes(x.diagnostics)])).toEqual([
      ['loop.yaml', ['input/unreadable']],
      ['ok.yaml', []],
    ]);
  });

  it('/dev/zero as input is input/not-a-file, never read', async () => {
    const r = await runInProcess(['lint', '-f', 'json', '/dev/zero'], { cwd: scratch() });
    expect(r.code).toBe(2);
    expect(report(r).results[0]!.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['input/not-a-file', '/dev/zero is a device, not a regular file; it was not read.'],
    ]);
  });

  it.runIf(process.platform !== 'win32')(
    'a FIFO as input, config, ignore file or output is refused without being opened',
    () => {
      const dir = scratch({ 'ok.yaml': GOOD_YAML });
      for (const fifo of ['in.yaml', 'cfg.json', 'ignore.json', 'out.json']) execFileSync('mkfifo', [join(dir, fifo)]);
      // Each would block forever if it were opened; the subprocess has a timeout to turn that into a failure.
      const run = (args: string[]) => cli(args, { cwd: dir });
      const input = run(['lint', '-f', 'json', 'in.yaml', 'ok.yaml']);
      expect(input.code).toBe(2);
      expect(report(input).results.map((x) => [x.file, codes(x.diagnostics)])).toEqual([
        ['in.yaml', ['input/not-a-file']],
        ['ok.yaml', []],
      ]);
      const walked = run(['lint', '-f', 'json', '.']);
      expect(report(walked).results.find((x) => x.file === 'in.yaml')?.diagnostics[0]?.code).toBe('input/not-a-file');
      for (const [args, what] of [
        [
          ['lint', '--config', 'cfg.json', 'ok.yaml'],
          /The config file .*cfg\.json is a named pipe \(FIFO\), not a regular file\./,
        ],
        [
          ['lint', '--ignore-file', 'ignore.json', 'ok.yaml'],
          /ignore\.json is a named pipe \(FIFO\), not a regular file\./,
        ],
        [
          ['lint', '-f', 'json', '-o', 'out.json', 'ok.yaml'],
          /out\.json is a named pipe \(FIFO\), not a regular file\./,
        ],
      ] as const) {
        const r = run([...args]);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr).toMatch(what);
        expect(r.stdout).toBe('');
      }
    },
  );

  it.runIf(process.platform !== 'win32')(
    'an unreadable subdirectory is input/unreadable (exit 2); the readable files are still linted',
    () => {
      const dir = scratch({ 'ok.yaml': GOOD_YAML, 'locked/x.yaml': GOOD_YAML });
      chmodSync(dir, 0o755);
      chmodSync(join(dir, 'locked'), 0o000);
      // Permissions do not stop root: run the command as an unprivileged user then.
      const asRoot = process.getuid?.() === 0;
      const r = spawnSync(process.execPath, [CLI, 'lint', '-f', 'json', '.'], {
        cwd: dir,
        encoding: 'utf8',
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      chmodSync(join(dir, 'locked'), 0o755);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe('');
      const results = (JSON.parse(r.stdout) as ReturnType<typeof report>).results;
      expect(results.map((x) => [x.file, codes(x.diagnostics)])).toEqual([
        ['ok.yaml', []],
        ['locked', ['input/unreadable']],
      ]);
      expect(results[1]!.diagnostics[0]!.message).toBe(
        'The directory cannot be read (permission denied); the files in it were not linted.',
      );
    },
  );

  it.runIf(process.platform !== 'win32')('a closed output pipe (| head -1) ends the command quietly', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`f${i}.yaml`] = 'name: x\nconfigurations: {}\nnope: 1\n';
    const dir = scratch(files);
    const r = spawnSync('bash', ['-c', `set -o pipefail; node ${JSON.stringify(CLI)} lint . | head -1`], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toBe('');
    // The command's own status: stopped by the closed pipe, never a crash (a crash would be 2 or 7).
    expect([0, 1, 141]).toContain(r.status);
  });
});

describe('hostile arguments at the API boundary', () => {
  it('a rule severity written another way is a TypeError with a did-you-mean', () => {
    // ESLint's "warn", 0, 1 and 2 are accepted (test/config-ux.test.ts); other spellings are refused.
    for (const [setting, hint] of [
      ['Warn', 'warning'],
      ['Error', 'error'],
      ['2', 'error'],
      [true, 'error'],
      [null, 'off'],
    ] as const) {
      const call = () => lint('ShadowLink', { name: 'x' }, { rules: { 'shadow-link-name': setting as never } });
      expect(call).toThrow(TypeError);
      expect(call).toThrow(`did you mean "${hint}"?`);
    }
    expect(() => lint('ShadowLink', {}, { rules: { 'no-such-rule': 'off' } })).toThrow(
      /^lint options: unknown rule "no-such-rule"\. Run `svc-admin-spec rules` to list them\.$/,
    );
  });

  it('checkExchange rejects a cyclic value with a TypeError; lint reports it without walking it', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic['self'] = cyclic;
    for (const exchange of [
      { kind: 'CreateShadowLink', request: cyclic, response: {} },
      { kind: 'CreateShadowLink', request: { shadowLink: { name: 'x' } }, response: cyclic },
    ]) {
      expect(() => checkExchange(exchange as never)).toThrow(TypeError);
      expect(() => checkExchange(exchange as never)).toThrow(/refers back to one of its ancestors \(a cycle\)/);
    }
    expect(lint('ShadowLink', cyclic).diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['schema/not-json', '/self'],
    ]);
  });

  it('previewFilters on topics that are not an array is a TypeError naming it', () => {
    expect(() => previewFilters({}, { topics: 'orders' as never })).toThrow(
      new TypeError(
        'previewFilters: the second argument must be { topics?: string[], groups?: string[] }; "topics" is not an array.',
      ),
    );
  });
});

describe('--fix never damages a file', () => {
  const LINK = 'name: x\nconfigurations:\n  clientOptions:\n    bootstrapServers: [a:1]\n';
  const fixable = `${LINK}  topicMetadataSyncOptions:\n    interval: 30 # seconds\n`;

  it.runIf(process.platform !== 'win32')(
    'EFBIG (a file size limit) during --fix leaves the file intact and says so',
    () => {
      // Larger than the 1 KiB limit set below, so that writing the fixed copy fails.
      const text = `${fixable}# ${'padding '.repeat(300)}\n`;
      const dir = scratch({ 'big.yaml': text });
      chmodSync(join(dir, 'big.yaml'), 0o640);
      const r = spawnSync('bash', ['-c', `ulimit -f 1; exec node ${JSON.stringify(CLI)} lint --fix -f json big.yaml`], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(r.status).toBe(2);
      const d = report({ code: r.status, stdout: r.stdout, stderr: r.stderr }).results[0]!.diagnostics;
      expect(d.map((x) => x.code)).toEqual(['input/unwritable']);
      expect(d[0]!.message).toMatch(
        /big\.yaml could not be written \(the file size limit was exceeded\); it is unchanged\. No fix was written to this file\./,
      );
      expect(readFileSync(join(dir, 'big.yaml'), 'utf8')).toBe(text);
      expect(statSync(join(dir, 'big.yaml')).mode & 0o777).toBe(0o640);
      expect(readdirSync(dir)).toEqual(['big.yaml']);
    },
  );

  it('ENOSPC, EFBIG or EIO at any step of the write leaves the file byte for byte intact and no temporary file', () => {
    const dir = scratch({ 'a.yaml': fixable });
    const path = join(dir, 'a.yaml');
    for (const step of ['openSync', 'writeSync', 'fsyncSync', 'closeSync', 'chmodSync', 'renameSync'] as const) {
      for (const code of ['ENOSPC', 'EFBIG', 'EIO']) {
        const failing: FileSystem = {
          ...nodeFs,
          [step]: () => {
            throw Object.assign(new Error(`${code}: injected`), { code });
          },
        };
        let error: unknown;
        try {
          writeFileAtomic(path, 'replaced\n', { expected: Buffer.from(fixable), fs: failing });
        } catch (e) {
          error = e;
        }
        expect(error, `${step} ${code}`).toBeInstanceOf(FileAccessError);
        expect((error as FileAccessError).code).toBe(code);
        expect((error as Error).message).toMatch(/a\.yaml could not be written \(.+\); it is unchanged\.$/);
        expect(readFileSync(path, 'utf8')).toBe(fixable);
        expect(readdirSync(dir), `${step} ${code}`).toEqual(['a.yaml']);
      }
    }
  });

  it('a file edited while --fix runs is not written (input/changed), and keeps the edit', () => {
    const dir = scratch({ 'a.yaml': fixable });
    const path = join(dir, 'a.yaml');
    const read = readFileSync(path);
    writeFileSync(path, `${fixable}# edited meanwhile\n`);
    expect(() => writeFileAtomic(path, 'fixed\n', { expected: read })).toThrow(
      expect.objectContaining({
        code: 'changed',
        message: `${path} changed on disk since it was read; it was not written.`,
      }),
    );
    expect(readFileSync(path, 'utf8')).toBe(`${fixable}# edited meanwhile\n`);
    expect(readdirSync(dir)).toEqual(['a.yaml']);
  });

  it('BOM and BOM+CRLF files keep their BOM and line ends; the fix applies', async () => {
    for (const [name, text] of [
      ['bom.yaml', `\uFEFF${fixable}`],
      ['bom-crlf.yaml', `\uFEFF${fixable}`.replace(/\n/g, '\r\n')],
      ['bom.json', '\uFEFF{"name":"x","configurations":{"clientOptions":{"bootstrap_servers":["a:1"]}}}'],
    ] as const) {
      const dir = scratch({ [name]: text });
      const r = await runInProcess(['lint', '--fix', '-f', 'json', name], { cwd: dir });
      expect(report(r).results[0]!.diagnostics.map((d) => d.code)).toEqual(['parse/bom']);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(
        text.replace('interval: 30 #', 'interval: 30s #').replace('bootstrap_servers', 'bootstrapServers'),
      );
    }
  });

  it('durations in block scalars, with chomping and indentation indicators, are replaced keeping the header comment', () => {
    const text = `${LINK}  topicMetadataSyncOptions:\n    interval: |-\n      30\n  consumerOffsetSyncOptions:\n    interval: >2+ # one minute\n        1m\n\n  securitySyncOptions:\n    interval: |\n      PT30S\n`;
    const r = fixText(text, { filename: 'b.yaml' });
    expect(r.skipped).toEqual([]);
    expect(r.result.diagnostics).toEqual([]);
    expect(r.text).toBe(
      `${LINK}  topicMetadataSyncOptions:\n    interval: 30s\n  consumerOffsetSyncOptions:\n    interval: 60s # one minute\n\n  securitySyncOptions:\n    interval: 30s\n`,
    );
  });

  it('a case-only rename next to the key it would become is skipped, and the finding says why', () => {
    const text = LINK.replace('bootstrapServers: [a:1]', 'bootstrapServers: [a:1]\n    BootstrapServers: [b:1]');
    const r = fixText(text, { filename: 'c.yaml' });
    expect(r.text).toBe(text);
    expect(r.result.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /"BootstrapServers".*\(Its fix was not applied: the object already has "bootstrapServers"; renaming would make a duplicate key\.\)$/,
      ),
    ]);
  });

  it('removing a flow sequence item followed by a comment keeps the comment', () => {
    const text = `${LINK}  topicMetadataSyncOptions:\n    syncedShadowTopicProperties: [segment.ms, # first\n      segment.ms, # second\n      retention.bytes # third\n    ]\n`;
    const r = fixText(text, { filename: 'f.yaml' });
    expect(r.applied).toBe(1);
    for (const comment of ['# first', '# second', '# third']) expect(r.text).toContain(comment);
    expect(parse(r.text)).toEqual({
      ...(parse(LINK) as object),
      configurations: {
        clientOptions: { bootstrapServers: ['a:1'] },
        topicMetadataSyncOptions: { syncedShadowTopicProperties: ['segment.ms', 'retention.bytes'] },
      },
    });
  });

  it('an anchored node used elsewhere is neither removed nor changed; both findings say why', () => {
    const text = `${LINK}  topicMetadataSyncOptions:\n    interval: &iv 30\n    syncedShadowTopicProperties:\n      - &p svc.remote.readreplica\n      - segment.ms\n  consumerOffsetSyncOptions:\n    interval: *iv\n  securitySyncOptions:\n    interval: 60s\n    paused: false\nx-again: [*p]\n`;
    const r = fixText(text, { filename: 'a.yaml' });
    expect(r.text).toBe(text);
    expect(r.skipped.map((s) => s.reason).sort()).toEqual([
      'it carries the anchor &p, which other places may use',
      'the value carries the anchor &iv, which other places may use',
      'the value comes from a YAML alias (*…) that other places share',
    ]);
    const fixable = r.result.diagnostics.filter((d) => d.code !== 'schema/unknown-property');
    expect(fixable).toHaveLength(3);
    for (const d of fixable) expect(d.message).toMatch(/\(Its fix was not applied: .+\.\)$/);
  });
});

describe('large and expanding YAML', () => {
  it('40,000 unknown keys in a 1 MB YAML file: the first 2000 findings and a total (repeated keys found by hash)', () => {
    const lines = ['name: x', 'configurations:', '  clientOptions:', '    bootstrapServers: [a:1]'];
    for (let i = 0; i < 40_000; i++) lines.push(`    unknown_key_number_${i}: ${i}`);
    lines.splice(20, 0, '    unknown_key_number_7: again');
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const r = lintText(text, { filename: 'u.yaml' });
    expect(r.diagnostics).toHaveLength(2001);
    expect(r.diagnostics.filter((d) => d.code === 'parse/duplicate-key').map((d) => d.range?.start.line)).toEqual([21]);
    expect(r.diagnostics.at(-1)).toMatchObject({ code: 'report/too-many-findings', severity: 'error' });
    expect(r.diagnostics.at(-1)!.message).toMatch(
      /^38001 more findings were not listed \(38001 errors, .*40001 in all\)/,
    );
  }, 60_000);

  it('a 170 KB YAML file whose aliases expand to more than 120,000 findings: the first N and a total, in valid reports', async () => {
    const keys = Array.from(
      { length: 1250 },
      (_, i) => `unknown_${String(i).padStart(5, '0')}_${'x'.repeat(110)}: ${i}`,
    );
    const text = [
      'name: x',
      'configurations:',
      '  clientOptions: {bootstrapServers: [a:1]}',
      '  topicMetadataSyncOptions:',
      '    autoCreateShadowTopicFilters:',
      `      - &u {filterType: FILTER_TYPE_INCLUDE, name: a, patternType: PATTERN_TYPE_LITERAL, ${keys.join(', ')}}`,
      ...Array.from({ length: 99 }, () => '      - *u'),
      '',
    ].join('\n');
    expect(text.length).toBeGreaterThan(160_000);
    expect(text.length).toBeLessThan(180_000);
    const dir = scratch({ 'aliases.yaml': text });
    const r = await runInProcess(
      ['lint', '--max-findings', '500', '-f', 'json', '-f', 'sarif', '-o', 'r.sarif', 'aliases.yaml'],
      { cwd: dir },
    );
    expect(r.code).toBe(1);
    const d = report(r).results[0]!.diagnostics;
    expect(d).toHaveLength(501);
    expect(d.at(-1)!.code).toBe('report/too-many-findings');
    const total = Number(/; (\d+) in all\)/.exec(d.at(-1)!.message)![1]);
    expect(total).toBeGreaterThan(120_000);
    const sarif = JSON.parse(readFileSync(join(dir, 'r.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results).toHaveLength(501);
  }, 60_000);

  it('80,000 aliases (quadratic in the YAML package) are converted in linear time', () => {
    const lines = ['name: x', 'configurations:', '  clientOptions: {bootstrapServers: [a:1]}', 'x-defs:'];
    for (let a = 0; a < 800; a++) lines.push(`  - &a${a} {n: ${a}}`);
    lines.push('x-uses:');
    for (let a = 0; a < 800; a++) for (let u = 0; u < 100; u++) lines.push(`  - *a${a}`);
    const r = lintText(`${lines.join('\n')}\n`, { filename: 'many.yaml' });
    expect(r.source.ok).toBe(true);
    expect(codes(r.diagnostics)).toEqual(['schema/unknown-property', 'schema/unknown-property']);
    const uses = (r.source.value as Record<string, { n: number }[]>)['x-uses']!;
    expect(uses).toHaveLength(80_000);
    expect(uses[79_999]).toEqual({ n: 799 });
  }, 60_000);

  it('an alias bomb and an alias inside its own anchor are refused, not expanded', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      bomb.push(
        `${'b'.repeat(i)}: &a${i} [${Array(10)
          .fill(i === 1 ? '*a' : `*a${i - 1}`)
          .join(', ')}]`,
      );
    const b = lintText(`${bomb.join('\n')}\n`, { filename: 'bomb.yaml' });
    expect(b.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'parse/alias-bomb',
        'The YAML\'s aliases expand to more than 1,000,000 values beyond those written (an "alias bomb"); it was not linted. Write the values out instead of nesting aliases.',
      ],
    ]);
    const cycle = lintText('name: &n [a, *n]\n', { filename: 'cycle.yaml' });
    expect(codes(cycle.diagnostics)).toEqual(['parse/alias-bomb']);
    expect(cycle.diagnostics[0]!.message).toMatch(/refers to a node that contains it/);
  });

  it('YAML values are the YAML package’s: scalars, keys, __proto__, repeated keys, complex keys, shared anchors', () => {
    const text = [
      'a: 1',
      'b: 0x1F',
      "c: '2'",
      'd: ~',
      'e:',
      '__proto__: {polluted: true}',
      'f: &f {x: [1, 2]}',
      'g: *f',
      'a: 3',
      '? [k1, k2]',
      ': complex',
      'h: [p: 1, q]',
      'i: .inf',
      '1: one',
      'null: n',
      '',
    ].join('\n');
    const value = lintText(text, { filename: 'v.yaml' }).source.value as Record<string, unknown>;
    const expected = parse(text, { uniqueKeys: false, logLevel: 'silent' }) as Record<string, unknown>;
    // A key that is a collection has no one spelling: the YAML package writes YAML, this JSON.
    expect(value['["k1","k2"]']).toBe('complex');
    expect(expected['[ k1, k2 ]']).toBe('complex');
    delete value['["k1","k2"]'];
    delete expected['[ k1, k2 ]'];
    expect(value).toEqual(expected);
    expect(Object.keys(value)).toEqual(Object.keys(expected));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(value['g']).toBe(value['f']);
    expect(value['a']).toBe(3);
  });
});

describe('pathological YAML and large fix previews', () => {
  it('nesting written on one line (`- - - …`, 26,000 levels) is refused before the parser composes it', () => {
    const r = lintText(`${'- '.repeat(26_000)}1\n`, { filename: 'deep.yaml' });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['parse/too-deep']);
  }, 30_000);

  it('a line of 1 MB of quotes (half a million parser errors) is reported in bounded time', () => {
    const r = lintText(`name: x\npassword: ${'"'.repeat(1 << 20)}!\n`, { filename: 'q.yaml' });
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.code === 'parse/yaml-syntax')).toBe(true);
  }, 30_000);

  it.runIf(process.platform !== 'win32')(
    '--fix-dry-run of 20,000 fixes is a diff that patch -p0 applies, computed in linear time',
    async () => {
      const lines = [
        'name: x',
        'configurations:',
        '  clientOptions:',
        '    bootstrapServers: [a:1]',
        '  topicMetadataSyncOptions:',
        '    syncedShadowTopicProperties:',
      ];
      for (let i = 0; i < 20_000; i++) lines.push(i % 2 === 0 ? '      - segment.ms' : `      - retention.ms # ${i}`);
      lines.push('    interval: 30');
      const text = `${lines.join('\n')}\n`;
      const dir = scratch({ 'big.yaml': text });
      const dry = await runInProcess(['lint', '--fix-dry-run', '-f', 'json', 'big.yaml'], { cwd: dir });
      expect(dry.stderr.startsWith('--- big.yaml\n+++ big.yaml\n@@ ')).toBe(true);
      expect(readFileSync(join(dir, 'big.yaml'), 'utf8')).toBe(text);
      writeFileSync(join(dir, 'fix.patch'), dry.stderr);
      const patched = spawnSync('patch', ['-p0', '--dry-run', '-i', 'fix.patch'], { cwd: dir, encoding: 'utf8' });
      expect(patched.status, patched.stdout + patched.stderr).toBe(0);
      spawnSync('patch', ['-p0', '-i', 'fix.patch'], { cwd: dir });
      const fixed = readFileSync(join(dir, 'big.yaml'), 'utf8');
      await runInProcess(['lint', '--fix', 'big.yaml'], { cwd: scratch({ 'big.yaml': text }) }).then(() => undefined);
      expect(fixed).toBe(fixText(text, { filename: 'big.yaml' }).text);
    },
    60_000,
  );
});
