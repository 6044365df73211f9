/**
 * Bounded cost on every input (issue 19 §3): deep YAML and JSON nesting, DSA keys with huge
 * parameters, pathological config globs. Each cost test compares the work at n and 4n (the least of
 * seven runs each, a ratio under 8 where linear work gives 4 and quadratic 16), never a wall-clock
 * figure; the 12.8 MB nesting runs in a child process with 512 MB of heap, so running out of
 * memory fails the test instead of the test runner.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config/config';
import { readCertificate, readPrivateKey, type PemBlock } from '../src/facts/pem/index';
import { lint } from '../src/lint/lint';
import { lintText } from '../src/lint/lint-text';
import { unparsedEvidence } from '../src/kind/relevance';
import { readCst } from '../src/source/yaml';
import { toBase64 } from '../src/util/base64';
import { compileGlob, GlobError, MAX_GLOB_ALTERNATIVES, MAX_GLOB_LENGTH } from '../src/util/glob';
import { cli, CLI, ROOT, scratch } from './cli-helpers';
import { FIXTURES } from './helpers';

/** Milliseconds of one run of `f`. */
function time(f: () => void): number {
  const start = performance.now();
  f();
  return performance.now() - start;
}

/**
 * The work of `run` on the input `make(4n)` over its work on `make(n)`: the least time of seven
 * runs of each, taken in turn (other work on the machine only adds time); inputs are made outside.
 */
function ratio<T>(make: (n: number) => T, run: (input: T) => void, n: number): number {
  const [small, large] = [make(n), make(4 * n)];
  run(small); // warm up
  let [least, most] = [Infinity, Infinity];
  for (let i = 0; i < 7; i++) {
    least = Math.min(
      least,
      time(() => run(small)),
    );
    most = Math.min(
      most,
      time(() => run(large)),
    );
  }
  return most / Math.max(least, 0.05);
}

const codes = (ds: readonly { code: string }[]) => ds.map((d) => d.code);

/** Runs node with 512 MB of heap: an out-of-memory crash is a failed run, not a crashed test runner. */
function smallHeap(args: string[], cwd = ROOT) {
  return spawnSync(process.execPath, ['--max-old-space-size=512', ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
}

describe('nesting deeper than the limit is parse/too-deep, in linear time and bounded memory', () => {
  const flow = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('12.8 MB of YAML flow brackets, mixed brackets and block nesting: lintText in 512 MB', () => {
    const script = `
      const { lintText } = require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))});
      const n = 6_400_000;
      const texts = ['['.repeat(n) + ']'.repeat(n), '{a: ['.repeat(n / 4) + '1' + ']}'.repeat(n / 4), '- '.repeat(n)];
      for (const text of texts) {
        const r = lintText(text, { filename: 'deep.yaml' });
        console.log(JSON.stringify(r.diagnostics.map((d) => d.code)));
      }`;
    const r = smallHeap(['-e', script]);
    expect(r.status, r.stderr.slice(0, 2000)).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(Array(3).fill('["parse/too-deep"]'));
  }, 120_000);

  it('the CLI on 12.8 MB of nesting in YAML, JSON and an rpk file, in 512 MB', () => {
    const text = flow(6_400_000);
    const dir = scratch({});
    for (const name of ['deep.yaml', 'deep.json', 'deep.rpk.yaml']) writeFileSync(join(dir, name), text);
    const r = smallHeap([CLI, 'lint', '-f', 'json', 'deep.yaml', 'deep.json', 'deep.rpk.yaml'], dir);
    expect(r.stderr.slice(0, 2000)).not.toContain('heap');
    const report = JSON.parse(r.stdout) as { results: { diagnostics: { code: string }[] }[] };
    expect(report.results.map((f) => codes(f.diagnostics))).toEqual(Array(3).fill(['parse/too-deep']));
    expect(r.status).toBe(1);
  }, 120_000);

  it('costs linear time in the depth (n and 4n levels)', () => {
    for (const format of ['yaml', 'json'] as const) {
      expect(codes(lintText(flow(100_000), { format }).diagnostics)).toEqual(['parse/too-deep']);
      expect(ratio(flow, (text) => lintText(text, { format }), 100_000)).toBeLessThan(8);
    }
  }, 60_000);

  it('the parse stops past the limit, and the comments of the whole text are still found where they are', () => {
    const text = `# first\n${'['.repeat(100_000)} # second\n`;
    const cst = readCst(text);
    expect(cst.depth).toBe(513);
    expect(cst.tokens).toEqual([]);
    expect(cst.comments).toEqual([
      { offset: 0, text: '# first' },
      { offset: text.indexOf('# second'), text: '# second' },
    ]);
    // At the limit: parsed whole, as before.
    const atLimit = readCst(`${'['.repeat(512)}${']'.repeat(512)}\n`);
    expect(atLimit.depth).toBeLessThanOrEqual(512);
    expect(atLimit.tokens.length).toBeGreaterThan(0);
  });
});

describe('DSA keys: parameter sizes are checked before any arithmetic', () => {
  /** A DER element with a definite length. */
  const tlv = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
    const body = Buffer.concat(parts);
    const len = body.length;
    const head = len < 128 ? [len] : [0x84, len >>> 24, (len >>> 16) & 255, (len >>> 8) & 255, len & 255];
    return Buffer.concat([Buffer.from([tag, ...head]), body]);
  };
  const int = (bytes: Uint8Array) => tlv(0x02, Buffer.concat([Buffer.from([0]), bytes]));
  const bigBytes = (n: bigint) =>
    Buffer.from(n.toString(16).padStart(Math.ceil(n.toString(16).length / 2) * 2, '0'), 'hex');
  const OID_DSA = tlv(0x06, Buffer.from('2a8648ce380401', 'hex'));
  /** A PKCS#8 DSA key block with these parameters and private value. */
  const dsaKey = (p: Uint8Array, q: Uint8Array, g: Uint8Array, x: Uint8Array): PemBlock => {
    const der = tlv(
      0x30,
      int(new Uint8Array(0)),
      tlv(0x30, OID_DSA, tlv(0x30, int(p), int(q), int(g))),
      tlv(0x04, int(x)),
    );
    return { label: 'PRIVATE KEY', headers: [], body: toBase64(der) };
  };
  const pem = (block: PemBlock) => `-----BEGIN ${block.label}-----\n${block.body}\n-----END ${block.label}-----\n`;
  const outOfRange = { ok: true, value: { publicKey: undefined, why: 'the DSA key has out-of-range parameters' } };

  it('a key with a huge q and x is not compared (the existing info), in time linear in its size', () => {
    const p = new Uint8Array(128).fill(0xcd);
    const huge = (n: number) => dsaKey(p, new Uint8Array(n).fill(0xff), Uint8Array.of(4), new Uint8Array(n).fill(0xab));
    expect(readPrivateKey(huge(250_000))).toMatchObject(outOfRange);
    expect(ratio(huge, readPrivateKey, 250_000)).toBeLessThan(8);
  }, 60_000);

  it('limits: p up to 10,000 bits (OpenSSL), q up to 256 bits (FIPS 186-4), g no longer than p, x than q', () => {
    const bytes = (n: number, fill = 0xff) => new Uint8Array(n).fill(fill);
    const read = (p: Uint8Array, q: Uint8Array, g: Uint8Array, x: Uint8Array) => readPrivateKey(dsaKey(p, q, g, x));
    // 10,000 bits are 1250 bytes; q of 256 bits is 32 bytes.
    expect(read(bytes(1250), bytes(32), Uint8Array.of(4), bytes(32, 0x11))).toMatchObject({
      ok: true,
      value: { publicKey: { type: 'DSA' } },
    });
    expect(read(bytes(1251), bytes(32), Uint8Array.of(4), bytes(32, 0x11))).toMatchObject(outOfRange);
    expect(read(bytes(1250), bytes(33), Uint8Array.of(4), bytes(32, 0x11))).toMatchObject(outOfRange);
    expect(read(bytes(128), bytes(32), bytes(129), bytes(32, 0x11))).toMatchObject(outOfRange);
    expect(read(bytes(128), bytes(20), Uint8Array.of(4), bytes(21))).toMatchObject(outOfRange);
  });

  it('tls-pem-shape says so with its notCompared info; the key of the certificate still matches', () => {
    const cert = readFileSync(join(FIXTURES, 'pem', 'dsa.crt'), 'utf8');
    const read = readCertificate({ label: 'CERTIFICATE', headers: [], body: cert.split('\n').slice(1, -2).join('') });
    if (!read.ok || !('g' in read.value.publicKey)) throw new Error('dsa.crt is a DSA certificate');
    const { p, g } = read.value.publicKey;
    const key = dsaKey(bigBytes(p), new Uint8Array(100_000).fill(0xff), bigBytes(g), new Uint8Array(100_000).fill(1));
    const doc = {
      name: 'link',
      configurations: {
        clientOptions: {
          bootstrapServers: ['a:9092'],
          tlsSettings: { enabled: true, tlsPemSettings: { cert, key: pem(key) } },
        },
      },
    };
    const found = lint('ShadowLink', doc, { now: new Date('2030-01-01T00:00:00Z') }).diagnostics.filter(
      (d) => d.code === 'tls-pem-shape' && d.pointer.endsWith('/key'),
    );
    expect(found.map((d) => [d.severity, d.message])).toEqual([
      [
        'info',
        '`tlsPemSettings.key` was not compared with the certificate in `tlsPemSettings.cert`: the DSA key has out-of-range parameters.',
      ],
    ]);
  });
});

describe('PEM text: the work is linear in the field', () => {
  it('every certificate of `ca` is read (the server loads each): n and 4n certificates', () => {
    // Each broken block runs into the next certificate's END line: 3 broken blocks and the last certificate.
    const cert = readFileSync(join(FIXTURES, 'pem', 'rsa.crt'), 'utf8');
    const doc = (ca: string) => ({
      name: 'link',
      configurations: {
        clientOptions: { bootstrapServers: ['a:9092'], tlsSettings: { enabled: true, tlsPemSettings: { ca } } },
      },
    });
    const now = new Date('2030-01-01T00:00:00Z');
    const many = (n: number) => doc(`${cert}-----BEGIN CERTIFICATE-----\nAAAA\n`.repeat(n));
    const found = lint('ShadowLink', many(3), { now }).diagnostics.filter((d) => d.code === 'tls-pem-shape');
    expect(found.map((d) => d.message)).toEqual([
      'Certificate 2 of 4 in `tlsPemSettings.ca` is not valid PEM: its body has characters that are not base64. The server cannot load it. 2 more certificates in this field cannot be read either.',
    ]);
    expect(ratio(many, (d) => lint('ShadowLink', d, { now }), 500)).toBeLessThan(8);
  }, 60_000);
});

describe('config globs: matched in linear time, or refused when the config is read', () => {
  it('a glob with many stars against a long name: linear in the name (picomatch took minutes at 400 characters)', () => {
    const match = compileGlob('*a*a*a*a*a*a*a*a*b');
    expect(match(`${'a'.repeat(400)}!`)).toBe(false);
    expect(match(`${'a'.repeat(400)}b`)).toBe(true);
    expect(ratio((n) => `${'a'.repeat(n)}!`, match, 20_000)).toBeLessThan(8);
    const deep = compileGlob('**/a/**/a/**/a/**/a/**/b');
    expect(deep(`${'a/'.repeat(300)}!`)).toBe(false);
    expect(ratio((n) => `${'a/'.repeat(n)}!`, deep, 2_000)).toBeLessThan(8);
  }, 60_000);

  it('refuses what can backtrack or is not supported, naming the config file and the glob', () => {
    const refused: [string, string][] = [
      ['+(a|aa)', 'extglobs'],
      ['@(a|b)/*.yaml', 'extglobs'],
      ['[[:alpha:]]*', 'POSIX classes'],
      ['{1..9}.json', 'brace ranges'],
      ['[!a]*', '"[^…]"'],
      ['{a', 'no closing'],
      ['{a}', 'no alternatives'],
      ['a!b', 'only read at its start'],
      ['{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}', `more than ${MAX_GLOB_ALTERNATIVES} globs`],
      ['a'.repeat(MAX_GLOB_LENGTH + 1), `longer than ${MAX_GLOB_LENGTH} characters`],
    ];
    for (const [glob, reason] of refused) {
      expect(() => compileGlob(glob), glob).toThrow(GlobError);
      expect(() => parseConfig({ overrides: [{ files: ['ok/*.yaml', glob] }] }, 'cfg.json', '/r'), glob).toThrow(
        new ConfigError(
          `cfg.json: overrides[0]: "files": the glob ${JSON.stringify(glob)} is refused: ${(() => {
            try {
              compileGlob(glob);
            } catch (e) {
              return (e as Error).message;
            }
            return '';
          })()}.`,
        ),
      );
      expect(() => compileGlob(glob)).toThrow(reason);
    }
    expect(() => parseConfig({ ignore: ['+(a|aa)'] }, 'cfg.json', '/r')).toThrow(
      'cfg.json: "ignore": the glob "+(a|aa)" is refused: extglobs',
    );
  });

  it('the CLI: a refused glob is a usage error (exit 2) naming the config file', () => {
    const dir = scratch({ 'svc-admin-spec.config.json': '{"ignore": ["*(a|aa)b"]}', 'a.yaml': 'name: x\n' });
    const r = cli(['lint', 'a.yaml'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('svc-admin-spec.config.json:1:12: "ignore": the glob "*(a|aa)b" is refused: extglobs');
  });

  it('matches as picomatch did ({ dot: true }) for every glob it accepts', () => {
    const globPart = fc.constantFrom(
      ...['a', 'b', '.', '/', '*', '**', '?', '[a-b]', '[^a]', '[]a]', '[a', '{a,b}', '{a,}', '{*,b/a}'],
      ...['!', '\\*', '-', '..', './', '}', ',', '+', '@', '$', '^', '#', ' ', '.yaml', 'links/', '**/'],
    );
    const pathPart = fc.constantFrom('a', 'b', '..', 'ab', '.a', 'a.b', '*', '-', ']', '{a}', '[a', ',', '+', 'x.yaml');
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(globPart, { minLength: 1, maxLength: 7 }),
        fc.array(pathPart, { minLength: 1, maxLength: 4 }),
        (parts, names) => {
          const glob = parts.join('');
          const path = names.join('/');
          let match: (path: string) => boolean;
          try {
            match = compileGlob(glob);
          } catch (error) {
            if (error instanceof GlobError) return;
            throw error;
          }
          accepted++;
          // Known difference: picomatch lets a `*` inside braces match `.` or `..` (`{*,b}` matches `..`).
          if (glob.includes('{') && names.includes('..')) return;
          expect(match(path), `${glob} on ${path}`).toBe(picomatch(glob, { dot: true })(path));
        },
      ),
      { seed: 19, numRuns: 20_000 },
    );
    expect(accepted).toBeGreaterThan(10_000);
    // A name is read by UTF-16 code unit, as picomatch's regular expressions read it.
    for (const glob of ['?.json', '??.json', '\u{1F600}*'])
      expect(compileGlob(glob)('\u{1F600}.json'), glob).toBe(picomatch(glob, { dot: true })('\u{1F600}.json'));
  }, 60_000);
});

describe('a walk reading a text that does not parse for signs of ours: linear in the text', () => {
  it('YAML and JSON with nothing of ours (the whole text is read), and long lines, strings, words, colons, quotes and $schema runs', () => {
    const yaml = (n: number) => `a:\n${'  - "x", {y: [\n'.repeat(n)}`;
    const json = (n: number) => `{"a": [${'{"b": "c\\\\", "d": [1, {"e": "f"}]}, '.repeat(n)}`;
    const line = (n: number) => `${'a'.repeat(n)}: [`;
    const open = (n: number) => `{"${'\\\\a'.repeat(n)}`;
    const schemas = (n: number) => `${'$schema     x'.repeat(n)}: [`;
    // Keys at any depth, in either syntax: words without a colon, colons without a word, quotes.
    const words = (n: number) => `${'a '.repeat(n)}[`;
    const spaced = (n: number) => `${'a        '.repeat(n)}x: [`;
    const colons = (n: number) => `${':'.repeat(n)}{`;
    const quotes = (n: number) => `${'"'.repeat(n)}'${"'".repeat(n)}[`;
    const unclosed = (n: number) => `${'\'abc "de\n'.repeat(n)}[`;
    // Key positions: runs of `- ` indicators, comments, keys deeper than the top (each compared exactly once).
    const dashes = (n: number) => `${'- '.repeat(n)}[`;
    const comments = (n: number) => `${'# a: b\n'.repeat(n)}[`;
    const deep = (n: number) => `a:\n${' b:\n'.repeat(n)}[`;
    for (const make of [
      yaml,
      json,
      line,
      open,
      schemas,
      words,
      spaced,
      colons,
      quotes,
      unclosed,
      dashes,
      comments,
      deep,
    ]) {
      expect(unparsedEvidence(make(100), '/r/x'), make.name).toBeUndefined();
      expect(
        ratio(make, (text) => unparsedEvidence(text, '/r/x'), 20_000),
        make.name,
      ).toBeLessThan(8);
    }
    // Keys are compared up to a bound: a huge line of `a:a:a:…` stops early, whatever its length.
    const keys = (n: number) => `${'a:'.repeat(n)}[`;
    expect(unparsedEvidence(keys(100), '/r/x')).toBeUndefined();
    expect(ratio(keys, (text) => unparsedEvidence(text, '/r/x'), 20_000)).toBeLessThan(8);
  });
});

describe('the indentation message reads a bounded part of each line', () => {
  // Entries whose values hold long runs of spaces above badly indented lines (a backtracking
  // pattern once made this quadratic in the run's length).
  const spaced = (n: number) => {
    let text = 'name: x\nconfigurations:\n';
    for (let i = 0; i < 3; i++) text += `  k${i}:\n    v: x${' '.repeat(n)}y\n   bad: 1\n`;
    return text;
  };

  it('costs linear time in the length of the lines (n and 4n spaces)', () => {
    const first = lintText(spaced(50_000), { format: 'yaml' }).diagnostics[0];
    expect(first?.message).toMatch(/this line \(`bad`\) is indented 3 spaces/);
    expect(ratio(spaced, (text) => lintText(text, { format: 'yaml' }), 50_000)).toBeLessThan(8);
  }, 60_000);
});
