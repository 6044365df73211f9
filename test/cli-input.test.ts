/** The command's inputs: paths, directories, globs, stdin, unreadable and odd files, parsing with positions, kinds, exit codes. */
import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, GOOD_YAML, report, ROOT, scratch } from './cli-helpers';

const codesOf = (r: ReturnType<typeof report>, file?: string) =>
  r.results.filter((x) => file === undefined || x.file === file).flatMap((x) => x.diagnostics.map((d) => d.code));

describe('svc-admin-spec basics', () => {
  it('prints help and the package version', () => {
    const help = cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: svc-admin-spec lint');
    for (const flag of [
      '--kind',
      '--format',
      '--output',
      '--fail-severity',
      '--max-warnings',
      '--config',
      '--rule',
      '--stdin-filename',
      '--no-error-on-unmatched-pattern',
      '--write-ignore-file',
      '--fix',
      '--fix-dry-run',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(cli(['--version']).stdout.trim()).toBe(version);
  });

  it('exits 2 with a usage message for a bad flag or value', () => {
    for (const args of [
      ['lint', '--nope'],
      ['lint', '--format', 'xml', 'x'],
      ['lint', '--kind', 'Shadow', 'x'],
      ['lint', '--rule', 'no-such=error', 'x'],
      ['lint', '--rule', 'duration=loud', 'x'],
      ['lint', '--max-warnings', '-1', 'x'],
      ['lint', '--fix', '--fix-dry-run', 'x'],
    ]) {
      const r = cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^svc-admin-spec: [^]+\nRun "svc-admin-spec --help" for usage\.\n$/);
      expect(r.stdout).toBe('');
    }
  });

  it('lists the rules', () => {
    const r = cli(['rules', '--format', 'json']);
    expect(r.code).toBe(0);
    const rules = JSON.parse(r.stdout) as { id: string; kinds: string[] }[];
    expect(rules.map((x) => x.id)).toContain('tls-key-cert-pair');
    // Each built-in rule lists the kinds its trait of the kind table covers.
    expect(rules.find((x) => x.id === 'tls-key-cert-pair')!.kinds).toEqual(['ShadowLink', 'CreateShadowLinkRequest']);
    expect(rules.find((x) => x.id === 'output-only-field')!.kinds).toEqual([
      'ShadowLink',
      'CreateShadowLinkRequest',
      'GetBrokerRequest',
    ]);
  });

  it('exits 0 on the good examples and 1 on the bad ones', () => {
    expect(cli(['lint', 'examples/good']).code).toBe(0);
    const bad = cli(['lint', 'examples/bad']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/examples\/bad\/typos\.yaml\n\s+3:7\s+error/);
  });
});

describe('inputs', () => {
  it('walks directories for .json, .yaml and .yml only, skipping node_modules and tool configs', () => {
    const dir = scratch({
      'a.yaml': GOOD_YAML,
      'b.yml': GOOD_YAML,
      'c.json': '{"name":"x","configurations":{}}',
      'd.txt': 'nope',
      'node_modules/x.json': '{',
      'package.json': '{}',
      'sub/e.yaml': GOOD_YAML,
    });
    const r = report(cli(['lint', '--format', 'json', '.'], { cwd: dir }));
    expect(r.results.map((x) => x.file).sort()).toEqual(['a.yaml', 'b.yml', 'c.json', 'sub/e.yaml']);
  });

  it('follows symbolic links to directories, once each, ending loops, and lints a shared file once', () => {
    const outside = scratch({ 'prod.yaml': 'name: "a b"\n', 'nested/deep.json': '{"name":"x","configurations":{}}' });
    const dir = scratch({ 'real/a.yaml': GOOD_YAML });
    symlinkSync(outside, join(dir, 'shared')); // a linked directory without a document's name
    symlinkSync(join(dir, 'real'), join(dir, 'again')); // a second way into a walked directory
    symlinkSync(dir, join(dir, 'real', 'loop')); // a link to an ancestor
    const r = cli(['lint', '--format', 'json', '.'], { cwd: dir });
    const files = report(r).results.map((x) => x.file);
    expect(files.sort()).toEqual(['real/a.yaml', 'shared/nested/deep.json', 'shared/prod.yaml']);
    // The broken document behind the link is reported, so the run is not green.
    expect(r.code).toBe(1);
  });

  it('expands globs, and a pattern matching nothing is an error unless allowed', () => {
    const dir = scratch({ 'links/a.yaml': GOOD_YAML, 'links/b.yaml': GOOD_YAML, 'other.yaml': GOOD_YAML });
    const r = report(cli(['lint', '--format', 'json', 'links/*.yaml'], { cwd: dir }));
    expect(r.results.map((x) => x.file)).toEqual(['links/a.yaml', 'links/b.yaml']);
    const none = cli(['lint', 'nothing/**/*.yaml'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No files matched "nothing/**/*.yaml"');
    expect(cli(['lint', '--no-error-on-unmatched-pattern', 'nothing/**/*.yaml'], { cwd: dir }).code).toBe(0);
  });

  it('lints a file list as pre-commit passes it, once per file', () => {
    const dir = scratch({
      'a.yaml': GOOD_YAML,
      'b.json': '{"name":"b","configurations":{"clientOptions":{"bootstrapServers":["s:1"]}}}',
      '.pre-commit-config.yaml': 'repos: []\n',
      'package.json': '{}',
    });
    const r = report(
      cli(['lint', '--format', 'json', 'a.yaml', 'b.json', 'a.yaml', '.pre-commit-config.yaml', 'package.json'], {
        cwd: dir,
      }),
    );
    // Tool configs passed by name (pre-commit passes every staged YAML file) are skipped.
    expect(r.results.map((x) => x.file)).toEqual(['a.yaml', 'b.json']);
  });

  it('says on stderr when a file named on the command line is not linted, and why', () => {
    const dir = scratch({
      'tsconfig.json': '{"compilerOptions": {"strict": true}}',
      'other.json': '{"compilerOptions": {"strict": true}}',
      'legacy/x.yaml': GOOD_YAML,
      'svc-admin-spec.config.yaml': 'ignore: ["legacy/**"]\n',
    });
    const tool = cli(['lint', 'tsconfig.json'], { cwd: dir });
    expect(tool).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        "svc-admin-spec: tsconfig.json was not linted: it is a tool's config file (tsconfig.json), never an Admin API document.\n",
    });
    const ignored = cli(['lint', 'legacy/x.yaml'], { cwd: dir });
    expect(ignored).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        'svc-admin-spec: legacy/x.yaml was not linted: the "ignore" globs of svc-admin-spec.config.yaml cover it.\n',
    });
    // --quiet keeps them quiet; a directory walk skips both without a word.
    expect(cli(['lint', '--quiet', 'tsconfig.json', 'legacy/x.yaml'], { cwd: dir }).stderr).toBe('');
    expect(cli(['lint', '-f', 'json', 'legacy', 'tsconfig.json'], { cwd: dir }).stderr).toMatch(
      /^svc-admin-spec: tsconfig\.json was not linted/,
    );
    // Any other JSON or YAML named on the command line is read; one plainly no Admin API document gets a warning.
    const other = cli(['lint', '-f', 'json', 'other.json'], { cwd: dir });
    expect(other.code).toBe(0);
    expect(report(other).results).toEqual([]);
    expect(other.stderr).toBe(
      'svc-admin-spec: other.json was not linted: it is plainly not an Admin API document (no top-level key near one of a kind\'s, no "$schema" or modeline naming one of ours); pass --kind to lint it as one.\n',
    );
  });

  it('skips CI workflows and compose files in a linted directory (counted); the config\'s "ignore" excludes them', () => {
    const files = {
      'links/dr.yaml': GOOD_YAML,
      '.github/workflows/ci.yml':
        'name: ci\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: [{run: echo}]\n',
      'docker-compose.yml': 'services:\n  web:\n    image: nginx\n',
    };
    const bare = scratch(files);
    const r = cli(['lint', '-f', 'json', '.'], { cwd: bare });
    expect(r.code).toBe(0);
    expect(report(r).results.map((x) => [x.file, x.diagnostics.map((d) => d.code)])).toEqual([['links/dr.yaml', []]]);
    expect(r.stderr).toBe('svc-admin-spec: 2 files skipped: not Admin API documents (--verbose lists them).\n');
    const configured = scratch({
      ...files,
      'svc-admin-spec.config.yaml': 'ignore: [".github/**", "docker-compose*.yml"]\n',
    });
    const clean = cli(['lint', '-f', 'json', '.'], { cwd: configured });
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(report(clean).results.map((x) => x.file)).toEqual(['links/dr.yaml']);
  });

  it('reads standard input, named by --stdin-filename or detected as JSON', () => {
    const yaml = cli(['lint', '--format', 'json', '--stdin-filename', 'links/dr.yaml', '-'], {
      input: 'name: "a b"\nconfigurations: {}\n',
    });
    expect(yaml.code).toBe(1);
    const r = report(yaml);
    expect(r.results[0]!.file).toBe('links/dr.yaml');
    expect(r.results[0]!.diagnostics.find((d) => d.code === 'shadow-link-name')?.range?.start).toEqual({
      line: 1,
      column: 7,
    });
    const json = report(cli(['lint', '--format', 'json', '-'], { input: '{"nodeId": -3}' }));
    expect(json.results[0]).toMatchObject({ file: '<stdin>', kind: 'GetBrokerRequest' });
    expect(codesOf(json)).toEqual(['node-id']);
  });

  it('says missing paths on stderr, reports unreadable, binary and empty files, exits 2 and still lints the rest', () => {
    const dir = scratch({
      'good.yaml': GOOD_YAML,
      'bad.yaml': 'name: "a b"\n',
      'bin.json': Buffer.from([0x7b, 0x00, 0x01, 0x02]),
      'latin1.yaml': Buffer.from([0x6e, 0x3a, 0x20, 0xe9, 0x0a]),
      'empty.yaml': '',
      'blank.json': '  \n',
      'comments.yaml': '# only a comment\n',
    });
    symlinkSync(join(dir, 'nowhere.yaml'), join(dir, 'dangling.yaml'));
    const r = cli(
      [
        'lint',
        '--format',
        'json',
        'missing.yaml',
        'bin.json',
        'latin1.yaml',
        'empty.yaml',
        'blank.json',
        'comments.yaml',
        'dangling.yaml',
        '/proc/self/mem',
        'good.yaml',
        'bad.yaml',
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    const rep = report(r);
    const by = Object.fromEntries(rep.results.map((x) => [x.file, x.diagnostics.map((d) => d.code)]));
    // A path that does not exist (or a dangling link) is said on stderr, not reported as a file.
    expect(r.stderr).toContain(
      `svc-admin-spec: missing.yaml: no such file or directory (paths are relative to ${dir}); check the path, or leave it out.\n`,
    );
    expect(r.stderr).toContain('svc-admin-spec: dangling.yaml: no such file or directory');
    expect(Object.keys(by)).not.toContain('missing.yaml');
    expect(Object.keys(by)).not.toContain('dangling.yaml');
    expect(by).toMatchObject({
      'bin.json': ['input/binary'],
      'latin1.yaml': ['input/binary'],
      'empty.yaml': ['input/empty'],
      'blank.json': ['input/empty'],
      'comments.yaml': ['input/empty'],
      'good.yaml': [],
    });
    expect(by['bad.yaml']).toContain('shadow-link-name');
    expect(rep.results.find((x) => x.file.endsWith('mem'))!.diagnostics.map((d) => d.code)).toEqual([
      'input/unreadable',
    ]);
  });

  it('reports an unreadable file (permissions) when not running as root', () => {
    const dir = scratch({ 'locked.yaml': GOOD_YAML });
    chmodSync(join(dir, 'locked.yaml'), 0o000);
    const r = report(cli(['lint', '--format', 'json', 'locked.yaml'], { cwd: dir }));
    // Root can read any file; then the file simply lints clean.
    const expected = process.getuid?.() === 0 ? [] : ['input/unreadable'];
    expect(r.results[0]!.diagnostics.map((d) => d.code)).toEqual(expected);
  });
});

describe('parsing with positions', () => {
  const lintText = (name: string, text: string | Buffer) => {
    const dir = scratch({ [name]: text });
    const r = cli(['lint', '--format', 'json', name], { cwd: dir });
    return { run: r, diags: report(r).results[0]!.diagnostics };
  };

  it('JSON syntax errors become diagnostics with a position', () => {
    const { run, diags } = lintText('a.json', '{\n  "name": "x",\n  "configurations": {},\n}\n');
    expect(run.code).toBe(1);
    expect(diags[0]).toMatchObject({ code: 'parse/json-syntax', range: { start: { line: 4, column: 1 } } });
    expect(diags[0]!.message).toContain('trailing comma');
    expect(lintText('c.json', '{"name": "x" // no\n}').diags[0]!.message).toContain('Comments are not allowed');
  });

  it('duplicate keys are reported on the second key, in JSON and YAML', () => {
    const json = lintText('d.json', '{"name": "a", "configurations": {}, "name": "b"}').diags;
    expect(json.filter((d) => d.code === 'parse/duplicate-key').map((d) => d.range!.start)).toEqual([
      { line: 1, column: 37 },
    ]);
    const yaml = lintText('d.yaml', 'name: a\nconfigurations: {}\nname: b\n').diags;
    expect(yaml.map((d) => [d.code, d.range!.start.line])).toContainEqual(['parse/duplicate-key', 3]);
  });

  it('a BOM is an error in JSON (sent as written, the server refuses it), a warning in YAML; positions stay right; CRLF line ends keep line numbers', () => {
    const bom = lintText(
      'b.json',
      '\uFEFF{"name": "a b", "configurations": {"clientOptions": {"bootstrapServers": ["s:1"]}}}',
    ).diags;
    expect(bom.map((d) => [d.code, d.severity])).toEqual([
      ['parse/bom', 'error'],
      ['shadow-link-name', 'error'],
    ]);
    expect(bom[1]!.range!.start).toEqual({ line: 1, column: 10 });
    const yamlBom = lintText(
      'b.yaml',
      '\uFEFFname: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: [s:1]\n',
    );
    expect(yamlBom.diags.map((d) => [d.code, d.severity])).toEqual([['parse/bom', 'warning']]);
    const crlf = lintText(
      'c.yaml',
      'name: dr-link\r\nconfigurations:\r\n  clientOptions:\r\n    bootstrapServers: []\r\n',
    ).diags;
    expect(crlf.find((d) => d.code === 'bootstrap-servers')!.range).toEqual({
      start: { line: 4, column: 23 },
      end: { line: 4, column: 25 },
    });
    const crlfJson = lintText(
      'c.json',
      '{\r\n"name": "a b",\r\n"configurations": {"clientOptions": {"bootstrapServers": ["s:1"]}}\r\n}',
    ).diags;
    expect(crlfJson[0]!.range!.start).toEqual({ line: 2, column: 9 });
  });

  it('odd YAML (complex keys, anchors, a top-level list) gives findings and nothing on stderr', () => {
    const complex = lintText(
      'c.yaml',
      '? [a, b]\n: c\nname: x\nconfigurations: {clientOptions: {bootstrapServers: ["s:1"]}}\n',
    );
    expect(complex.diags.map((d) => d.code)).toEqual(['schema/unknown-property']);
    expect(complex.run.stderr).toBe('');
    expect(
      lintText(
        'an.yaml',
        'name: x\nconfigurations: &c {clientOptions: {bootstrapServers: ["s:1"]}}\nother: *c\n',
      ).diags.map((d) => [d.code, d.range!.start.line]),
    ).toEqual([['schema/unknown-property', 3]]);
    // A top-level list is plainly no Admin API document: named, it is not linted (a warning), read from stdin it is.
    const list = cli(['lint', '--format', 'json', 'l.yaml'], { cwd: scratch({ 'l.yaml': '- a\n' }) });
    expect(list.code).toBe(0);
    expect(report(list).results).toEqual([]);
    expect(list.stderr).toMatch(/^svc-admin-spec: l\.yaml was not linted: it is plainly not an Admin API document/);
    const piped = report(cli(['lint', '--format', 'json', '--stdin-filename', 'l.yaml', '-'], { input: '- a\n' }));
    expect(piped.results[0]!.diagnostics.map((d) => d.code)).toEqual(['kind/unrecognised']);
  });

  it('tabs used for YAML indentation, and multi-document YAML, are diagnostics', () => {
    const tabs = lintText('t.yaml', 'name: x\nconfigurations:\n\tclientOptions: {}\n').diags;
    expect(tabs[0]!.code).toBe('parse/yaml-syntax');
    expect(tabs[0]!.range!.start.line).toBe(3);
    const multi = lintText('m.yaml', `${GOOD_YAML}---\n${GOOD_YAML}`);
    expect(multi.diags.map((d) => [d.code, d.range!.start.line])).toEqual([['parse/multi-document', 5]]);
    expect(multi.run.code).toBe(1);
  });

  it('puts key problems on the key, value problems on the value, missing fields on the nearest parent', () => {
    const text =
      'name: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n    fetchMaxByte: 5\n    fetchWaitMaxMs: -1\n  topicMetadataSyncOptions:\n    autoCreateShadowTopicFilters:\n      - name: a\n';
    const diags = lintText('k.yaml', text).diags;
    const at = (code: string) => diags.find((d) => d.code === code)!.range;
    expect(at('schema/unknown-property')).toEqual({ start: { line: 5, column: 5 }, end: { line: 5, column: 17 } });
    expect(at('client-option-range')).toEqual({ start: { line: 6, column: 21 }, end: { line: 6, column: 23 } });
    // filterType is missing from the filter: reported where the filter item starts.
    expect(diags.find((d) => d.code === 'unspecified-enum' && d.pointer.endsWith('filterType'))!.range!.start).toEqual({
      line: 9,
      column: 9,
    });
  });

  it('survives hostile input: deep nesting, alias bombs, huge files, __proto__ keys', () => {
    const deep = lintText('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(deep.diags.map((d) => d.code)).toEqual(['parse/too-deep']);
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 8; i++)
      bomb.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(',')}]`,
      );
    const alias = lintText('bomb.yaml', `${bomb.join('\n')}\n`);
    expect(alias.diags.map((d) => d.code)).toEqual(['parse/alias-bomb']);
    const proto = lintText('p.json', '{"__proto__": {"polluted": true}, "name": "x", "configurations": {}}').diags;
    expect(proto.map((d) => d.code)).toContain('schema/unknown-property');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const partitions = Array.from({ length: 40 }, (_, p) => ({
      partitionId: String(p),
      highWatermark: '123456789',
      sourceHighWatermark: '123456790',
      sourceLastStableOffset: '123456789',
    }));
    const topics = Array.from({ length: 2100 }, (_, t) => ({
      name: `topic-${t}`,
      status: { state: 'SHADOW_TOPIC_STATE_ACTIVE', partitionInformation: partitions },
    }));
    const big = JSON.stringify({
      shadowLink: {
        name: 'big',
        uid: '6f1c2a9e-4b7d-4e3f-9a1b-2c3d4e5f6a7b',
        status: { state: 'SHADOW_LINK_STATE_ACTIVE', shadowTopics: topics },
      },
    });
    expect(big.length).toBeGreaterThan(10_000_000);
    const huge = lintText('huge.json', big);
    expect(huge.run.code).toBe(0);
    expect(huge.diags).toEqual([]);
  }, 60_000);
});

describe('document kinds', () => {
  const kindOf = (name: string, text: string, args: string[] = []) => {
    const dir = scratch({ [name]: text });
    return report(cli(['lint', '--format', 'json', ...args, name], { cwd: dir })).results[0]!;
  };

  it('takes the kind from --kind, a $schema key, a modeline, or the shape', () => {
    expect(kindOf('a.json', '{}', ['--kind', 'GetBrokerRequest']).kind).toBe('GetBrokerRequest');
    const withSchema = kindOf(
      'b.json',
      '{"$schema": "./node_modules/svc-admin-spec/schemas/GetBrokerRequest.schema.json", "nodeId": 1}',
    );
    expect(withSchema).toMatchObject({ kind: 'GetBrokerRequest', diagnostics: [] });
    expect(
      kindOf(
        'c.yaml',
        '# yaml-language-server: $schema=https://unpkg.com/svc-admin-spec/schemas/ConnectError.schema.json\nmessage: x\n',
      ).kind,
    ).toBe('ConnectError');
    expect(kindOf('d.yaml', GOOD_YAML).kind).toBe('ShadowLink');
    expect(kindOf('e.json', '{"shadowLink": {"name": "x", "uid": "u", "status": {}, "configurations": {}}}').kind).toBe(
      'CreateShadowLinkResponse',
    );
    expect(kindOf('f.json', '{"broker": {}}').kind).toBe('GetBrokerResponse');
  });

  it('lints a link with a "uid" as a response only on the response\'s own evidence', () => {
    const link = (extra: string, auth = '') =>
      `{"shadowLink": {"name": "x", "uid": "u"${extra}, "configurations": {"clientOptions": {${auth}}}}}`;
    const scram = (fields: string) => `"authenticationConfiguration": {"scramConfiguration": {${fields}}}`;
    // A response pasted into a request: the password without its marker makes it a request.
    expect(kindOf('p.json', link('', scram('"username": "u", "password": ""'))).kind).toBe('CreateShadowLinkRequest');
    expect(kindOf('q.json', link(', "status": {}', scram('"password": "s3cret"'))).kind).toBe(
      'CreateShadowLinkRequest',
    );
    const pem = '"tls_settings": {"tls_pem_settings": {"key": "k", "cert": "c"}}';
    expect(kindOf('r.json', link('', pem)).kind).toBe('CreateShadowLinkRequest');
    // The server's own fields: status, or a secret's marker.
    expect(kindOf('s.json', link(', "status": {"state": "SHADOW_LINK_STATE_ACTIVE"}')).kind).toBe(
      'CreateShadowLinkResponse',
    );
    expect(kindOf('t.json', link('', scram('"password": "", "passwordSet": true'))).kind).toBe(
      'CreateShadowLinkResponse',
    );
    expect(kindOf('u.json', link('', '"tlsSettings": {"tlsPemSettings": {"keyFingerprint": "abc"}}')).kind).toBe(
      'CreateShadowLinkResponse',
    );
    // A uid and nothing else decides nothing: an error that says so, not a lenient kind.
    const bare = kindOf('v.json', link(''));
    expect(bare.kind).toBeNull();
    expect(bare.diagnostics.map((d) => [d.code, d.severity])).toEqual([['kind/ambiguous', 'error']]);
    expect(bare.diagnostics[0]!.message).toContain('"uid"');
  });

  it('says how to name the kind when the shape is ambiguous or unknown', () => {
    const empty = kindOf('g.json', '{}');
    expect(empty.kind).toBeNull();
    expect(empty.diagnostics.map((d) => d.code)).toEqual(['kind/ambiguous']);
    expect(empty.diagnostics[0]!.message).toContain('--kind');
    // Read from standard input: a file named on the command line that is plainly no Admin API document is not linted.
    const piped = (name: string, text: string) =>
      report(cli(['lint', '--format', 'json', '--stdin-filename', name, '-'], { input: text })).results[0]!;
    expect(piped('h.yaml', 'replicas: 3\n').diagnostics.map((d) => d.code)).toEqual(['kind/unrecognised']);
    const wrongSchema = piped('i.json', '{"$schema": "https://json.schemastore.org/package.json", "name": "x"}');
    expect(wrongSchema.diagnostics.map((d) => [d.code, d.range?.start.line])).toEqual([['kind/unknown-schema', 1]]);
  });
});

describe('launcher code cache', () => {
  // Node ≥ 22.1 keeps the cache itself (module.enableCompileCache); Node 20 gets V8 code cache files.
  const nodeCache = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

  it('writes a code cache per user on the first run, reuses it, and can be turned off', () => {
    const cacheHome = scratch();
    const dir = scratch({ 'a.yaml': 'name: "a b"\nconfigurations: {}\n' });
    const first = cli(['lint', 'a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome } });
    const files = readdirSync(join(cacheHome, 'svc-admin-spec'));
    if (nodeCache) expect(files.length).toBeGreaterThan(0);
    else expect(files).toEqual([expect.stringMatching(/^cli-v\d+\.\d+\.\d+-\d+-\d+-lint\.v8$/)]);
    const second = cli(['lint', 'a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome } });
    expect(second).toEqual(first);
    const off = scratch();
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: off, SVC_ADMIN_SPEC_NO_CACHE: '1' } })).toEqual(
      first,
    );
    expect(readdirSync(off)).toEqual([]);
  });

  it.skipIf(nodeCache)('keeps the newest code cache files only: one per install is never left to pile up', () => {
    const cacheHome = scratch();
    const cacheDir = join(cacheHome, 'svc-admin-spec');
    const stale = Array.from({ length: 6 }, (_, i) => `cli-v20.0.0-${1000 + i}-1.v8`);
    mkdirSync(cacheDir, { recursive: true });
    for (const [i, name] of stale.entries()) {
      writeFileSync(join(cacheDir, name), 'old');
      utimesSync(join(cacheDir, name), 1_000_000 + i * 1000, 1_000_000 + i * 1000);
    }
    writeFileSync(join(cacheDir, 'notes.txt'), 'not a cache file');
    const dir = scratch({ 'a.yaml': GOOD_YAML });
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome } }).code).toBe(0);
    const left = readdirSync(cacheDir).sort();
    const current = left.filter((f) => !stale.includes(f) && f.endsWith('.v8'));
    expect(current).toHaveLength(1);
    expect(left).toEqual([...current, ...stale.slice(-5), 'notes.txt'].sort());
  });

  it.skipIf(nodeCache)('gives lint runs a cache of their own: one made by --version would lack the linter', () => {
    const cacheHome = scratch();
    const dir = scratch({ 'a.yaml': GOOD_YAML });
    expect(cli(['--version'], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome } }).code).toBe(0);
    expect(cli(['lint', 'a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome } }).code).toBe(0);
    expect(cli(['a.yaml'], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome } }).code).toBe(0);
    const files = readdirSync(join(cacheHome, 'svc-admin-spec')).sort();
    expect(files.map((f) => f.replace(/^cli-v[\d.]+-\d+-\d+-/, ''))).toEqual(['lint.v8', 'version.v8']);
    // The lint cache holds the linter's code: larger than the one a --version run compiled.
    const size = (f: string) => readFileSync(join(cacheHome, 'svc-admin-spec', f)).length;
    expect(size(files[0]!)).toBeGreaterThan(size(files[1]!) * 1.2);
  });
});

describe('files too large to parse in memory', () => {
  it('a YAML file over 48 MiB is input/too-large with a way out; the other files are still linted', () => {
    const big = `name: dr-link\n# ${'x'.repeat(49 * 1024 * 1024)}\n`;
    const dir = scratch({ 'big.yaml': big, 'ok.yaml': GOOD_YAML });
    const r = cli(['lint', '-f', 'json', '.'], { cwd: dir });
    const byFile = Object.fromEntries(report(r).results.map((x) => [x.file, x.diagnostics]));
    expect(byFile['big.yaml']!.map((d) => d.code)).toEqual(['input/too-large']);
    expect(byFile['big.yaml']![0]!.message).toMatch(/49 MiB, more than the 48 MiB .* convert it to JSON/);
    expect(byFile['ok.yaml']).toEqual([]);
  }, 60_000);
});
