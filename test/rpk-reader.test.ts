/**
 * The rpk reader (src/rpk) against gopkg.in/yaml.v2 itself: test/rpk-go is a Go program that
 * decodes YAML into structs with rpk's names, tags and types, with Debian's yaml.v2 2.4.0 (the
 * version rpk builds with). Generated and mutated rpk files — typo'd keys, YAML 1.1 scalars,
 * quoting, nulls, integers and durations in every form, duplicate keys, merge keys, nesting
 * mistakes — must read the same: the same value, the same keys dropped, the same refusals.
 * CI installs golang-go and golang-gopkg-yaml.v2-dev and sets SVC_REQUIRE_GO=1, so there it must
 * run; elsewhere it is skipped, saying so, when Go or yaml.v2 is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Alias } from 'yaml';
import { RPK_CONFIG, type GoStruct, type GoType } from '../src/model/rpk-format';
import { readRpkConfig, type RpkRead } from '../src/rpk/read';
import { chooser } from './support/fuzz';
import { laughs, mergeBomb } from './support/rpk-hostile';

const YAML_V2 = '/usr/share/gocode/src/gopkg.in/yaml.v2';
const required = process.env['SVC_REQUIRE_GO'] === '1';
const goFound = spawnSync('go', ['version']).status === 0 && existsSync(YAML_V2);
if (!goFound)
  console.warn(
    `rpk-reader: the differential test against yaml.v2 is skipped: ${existsSync(YAML_V2) ? 'go' : YAML_V2} is not installed (apt-get install golang-go golang-gopkg-yaml.v2-dev)`,
  );

interface GoResult {
  value: unknown;
  error: string | null;
  strict: string | null;
}

/** Builds the Go oracle once and reads each text with it. */
function oracle(texts: string[]): GoResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'rpk-go-'));
  const bin = join(dir, 'rpkread');
  const env = {
    ...process.env,
    GO111MODULE: 'off',
    GOPATH: `${join(import.meta.dirname, 'rpk-go')}:/usr/share/gocode`,
    GOCACHE: join(dir, 'cache'),
    GOFLAGS: '',
  };
  execFileSync('go', ['build', '-o', bin, 'rpkread'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const out = execFileSync(bin, { input: JSON.stringify(texts), maxBuffer: 1 << 28 });
  return JSON.parse(out.toString('utf8')) as GoResult[];
}

/** The reader's answer in the oracle's terms: the value, Unmarshal's error text, and UnmarshalStrict's extra lines. */
function ours(read: RpkRead, text: string) {
  const fatal = read.errors.find((e) => e.kind !== 'type');
  const types = read.errors.filter((e) => e.kind === 'type').map((e) => e.message);
  const line = (at: readonly [number, number]) => text.slice(0, at[0]).split('\n').length;
  const strictLines = [
    ...read.dropped.map((d) => `line ${line(d.at)}: field ${d.key} not found in type ${d.struct.name}`),
    ...read.repeated.map((r) => `line ${line(r.at)}: field ${r.pointer.split('/').pop()} already set in type`),
  ];
  return { fatal, types, strictLines };
}

/** Unmarshal's error as a list of type-error lines (yaml.v2's TypeError), or undefined for another error. */
function typeLines(error: string | null): string[] | undefined {
  if (error === null) return [];
  const prefix = 'yaml: unmarshal errors:\n  ';
  return error.startsWith(prefix) ? error.slice(prefix.length).split('\n  ') : undefined;
}

function compare(text: string, go: GoResult): void {
  const read = readRpkConfig(text);
  const mine = ours(read, text);
  const context = `--- file ---\n${text}\n--- go ---\n${JSON.stringify(go, null, 1)}\n--- ours ---\n${JSON.stringify(read.errors)}`;
  const goTypes = typeLines(go.error);
  if (goTypes === undefined) {
    // A failure that stops yaml.v2 (a syntax error, a bad merge, a time it cannot parse): refused too.
    expect(mine.fatal, context).toBeDefined();
    // yaml.v2 returns that failure alone, not the mismatches it met before it.
    expect(read.errors, context).toHaveLength(1);
    if (mine.fatal!.kind === 'fatal' && !go.error!.startsWith('parsing time'))
      expect(mine.fatal!.message, context).toBe(go.error);
    return;
  }
  expect(mine.fatal, context).toBeUndefined();
  expect(mine.types, context).toEqual(goTypes);
  expect(read.value, context).toEqual(go.value);
  // UnmarshalStrict names the keys Unmarshal drops, and fields set twice in one mapping — but it
  // does not go into the second value of a field set twice, where Unmarshal (and this reader) does.
  const strict = (typeLines(go.strict) ?? [])
    .filter((l) => / not found in type | already set in type /.test(l))
    .map((l) => l.replace(/ already set in type .*/, ' already set in type'));
  if (strict.some((l) => l.endsWith(' already set in type')))
    expect(mine.strictLines, context).toEqual(expect.arrayContaining(strict));
  else expect(mine.strictLines.sort(), context).toEqual(strict.sort());
}

// ---- A generator of rpk files: rpk's own keys mostly, written in many ways, with mistakes. ----

type Pick = (n: number) => number;
const oneOf = <T>(pick: Pick, list: readonly T[]): T => list[pick(list.length)]!;

const SCALARS: Record<string, readonly string[]> = {
  string: [
    'a',
    'orders',
    '"quoted"',
    "'single'",
    'yes',
    'no',
    'on',
    '~',
    'null',
    'Null',
    '""',
    '0x10',
    '1.50',
    '017',
    '2024-01-01',
    '"*"',
    "'*'",
    '${PASSWORD}',
    '|\n  block',
    '12e3',
  ],
  bool: [
    'true',
    'false',
    'yes',
    'no',
    'on',
    'off',
    'y',
    'n',
    'Y',
    'N',
    'True',
    'FALSE',
    '"true"',
    '1',
    '0',
    '~',
    '',
    'Null',
    'tru',
  ],
  int32: [
    '0',
    '100',
    '-5',
    '0250',
    '0x1F',
    '0o17',
    '0b101',
    '52_428_800',
    '100.5',
    '1e3',
    '"5000"',
    '3221225472',
    '-2147483648',
    '2147483648',
    '.5',
    '~',
    'abc',
    '09',
    '1_0.5',
    '9223372036854775808',
    '18446744073709551616',
    '.inf',
    '.nan',
    '+12',
  ],
  duration: [
    '30s',
    '1m30s',
    '500ms',
    '30',
    '1.5',
    '-5s',
    '0',
    '"30s"',
    '1d',
    '30 s',
    'PT30S',
    '1h',
    '2h45m',
    '1.5h',
    '.5s',
    '~',
    '',
    '"30"',
    '300000000000000000000',
    '1us',
    '1µs',
    '+3s',
    '-0',
    '1e3',
    '0x10',
  ],
  time: [
    '2024-01-01T00:00:00Z',
    '2024-01-01',
    '"2024-01-01T00:00:00Z"',
    '"2024-01-01"',
    '2024-1-2',
    '2024-01-01 10:00:00',
    '2024-01-01t10:00:00+02:00',
    '2024-01-01T10:00:00.5-03:30',
    '~',
    '',
    'Null',
    '5',
    'yes',
    '2024-02-30',
  ],
  enum: [
    'LITERAL',
    'PREFIX',
    'PREFIXED',
    'literal',
    'INCLUDE',
    'EXCLUDE',
    'SCRAM-SHA-256',
    'SCRAM_SHA_256',
    'ANY',
    'TOPIC',
    'SR_SUBJECT',
    'READ',
    'ALLOW',
    '~',
    'yes',
    '1',
  ],
};

/** A scalar as written for a field of type `t`: mostly fitting values, sometimes another type's. */
function scalarFor(pick: Pick, t: GoType): string {
  const kind = t.kind === 'string' && t.values ? 'enum' : t.kind;
  const pool = Object.hasOwn(SCALARS, kind) && pick(5) > 0 ? SCALARS[kind]! : oneOf(pick, Object.values(SCALARS));
  return oneOf(pick, pool);
}

/** A typo of a key: a letter dropped or doubled, camelCase, or a made-up key. */
function typo(pick: Pick, key: string): string {
  switch (pick(4)) {
    case 0:
      return key.slice(0, -1);
    case 1:
      return `${key}s`;
    case 2:
      return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    default:
      return 'unknown_key';
  }
}

/** Lines of YAML for a value of type `t` at `indent` (the first line goes after `key:`). */
function valueLines(pick: Pick, t: GoType, indent: string, depth: number): { inline?: string; lines?: string[] } {
  const inner = t.kind === 'ptr' ? t.to : t;
  if (inner.kind === 'struct') {
    const r = pick(12);
    if (r === 0) return { inline: oneOf(pick, ['~', '', '{}', 'Null', 'x', '[a]']) };
    if (depth > 5 || inner.fields.length === 0) return { inline: '{}' };
    return { lines: structLines(pick, inner, indent, depth + 1) };
  }
  if (inner.kind === 'slice') {
    const r = pick(8);
    if (r === 0) return { inline: oneOf(pick, ['~', '', '[]', 'x', '{a: 1}']) };
    const n = pick(3);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const item = valueLines(pick, inner.of, `${indent}  `, depth + 1);
      if (item.lines && item.lines.length > 0) {
        out.push(`${indent}- ${item.lines[0]!.trimStart()}`, ...item.lines.slice(1));
      } else out.push(`${indent}- ${item.inline ?? ''}`.trimEnd());
    }
    return out.length > 0 ? { lines: out } : { inline: '[]' };
  }
  const s = scalarFor(pick, inner);
  // A block scalar's body goes on the next line, indented under the key.
  if (s.startsWith('|\n')) return { inline: `|\n${indent}${s.slice(2).trim()}` };
  return { inline: s };
}

function structLines(pick: Pick, t: GoStruct, indent: string, depth: number): string[] {
  const out: string[] = [];
  const n = 1 + pick(Math.min(4, t.fields.length));
  for (let i = 0; i < n; i++) {
    const field = oneOf(pick, t.fields);
    const key = pick(8) === 0 ? typo(pick, field.key) : field.key;
    const v = valueLines(pick, field.type, `${indent}  `, depth);
    if (v.lines) out.push(`${indent}${key}:`, ...v.lines);
    else out.push(`${indent}${key}: ${v.inline ?? ''}`.trimEnd());
  }
  return out;
}

/** An rpk file: rpk's keys with generated values, sometimes with an anchor and a merge key. */
function rpkFile(pick: Pick): string {
  const lines = structLines(pick, RPK_CONFIG, '', 0);
  if (pick(6) === 0)
    return `base: &base\n  interval: ${oneOf(pick, ['30s', '1', 'x'])}\n  paused: yes\n${lines.join('\n')}\nsecurity_sync_options:\n  <<: *base\n  paused: ${oneOf(pick, ['no', '1'])}\n`;
  return `${lines.join('\n')}\n`;
}

/** Files that exercise one fact each: the table in ../shared/rpk.md and what yaml.v2 does beyond it. */
const FACTS = [
  'topic_metadata_sync_options:\n  interval: 30\n',
  'topic_metadata_sync_options:\n  interval: 1.5\n',
  'topic_metadata_sync_options:\n  interval: 1m30s\n',
  'topic_metadata_sync_options:\n  interval: 1d\n',
  'topic_metadata_sync_options:\n  interval: PT30S\n',
  'client_options:\n  fetch_max_bytes: 100.5\n  fetch_min_bytes: 0250\n  retry_backoff_ms: 52_428_800\n',
  'client_options:\n  fetch_max_bytes: "5000"\n',
  'client_options:\n  fetch_max_bytes: 3221225472\n',
  'client_options:\n  tls_settings:\n    enabled: yes\n    do_not_set_sni_hostname: off\n',
  'client_options:\n  tls_settings:\n    enabled: "true"\n',
  'topic_metadata_sync_options:\n  start_at_latest:\n  start_at_earliest: ~\n',
  'topic_metadata_sync_options:\n  start_at_latest: {}\n',
  'topic_metadata_sync_options:\n  start_at_latest: Null\n',
  'topic_metadata_sync_options:\n  start_at_timestamp: 2024-01-01T00:00:00Z\n',
  'topic_metadata_sync_options:\n  start_at_timestamp: 2024-01-01\n',
  'topic_metadata_sync_options:\n  start_at_timestamp: "2024-01-01"\n',
  'topic_metadata_sync_options:\n  start_at_timestamp: "2024-01-01T00:00:00Z"\n',
  'a: &a\n  paused: true\nsecurity_sync_options:\n  <<: *a\n  interval: 5s\n',
  'name: a\nname: b\nclient_options:\n  bootstrap_servers: [x:1]\nclient_options:\n  fetch_max_bytes: 5\n',
  'name: a\n---\nname: b\n',
  'exclude_defaults: true\nbootstrap_server: x\nclient_options:\n  bootstrap_server: [x:1]\n',
  'security_sync_options:\n  acl_filters:\n    - resource_filter: {resource_type: SR_SUBJECT}\n    - ~\n    - x\n',
  'name: [1, 2]\nclient_options: 5\n',
  'name: yes\nclient_options:\n  source_cluster_id: 0x10\n',
  '- a\n- b\n',
  'plain scalar\n',
  '',
  '# only a comment\n',
  'security_sync_options:\n  <<: 5\n',
  'name: &x a\nclient_options:\n  source_cluster_id: *x\n',
  'topic_metadata_sync_options:\n  interval: -.inf\n',
  'topic_metadata_sync_options:\n  interval: -1e30\n',
  'topic_metadata_sync_options:\n  interval: 9223372036854775808.0\n',
  'topic_metadata_sync_options:\n  interval: .nan\n',
  'client_options:\n  fetch_max_bytes: -.inf\n',
  mergeBomb(7, 10),
  laughs(6, 10),
];

describe.runIf(goFound || required)('the rpk reader against yaml.v2', () => {
  it('reads every fact of the facts table as yaml.v2 does', () => {
    const results = oracle(FACTS);
    FACTS.forEach((text, i) => compare(text, results[i]!));
  });

  it('reads 1,500 generated and mutated rpk files as yaml.v2 does: values, dropped keys, refusals', () => {
    const pick = chooser(18_0001);
    const texts = Array.from({ length: 1500 }, () => rpkFile(pick));
    const results = oracle(texts);
    texts.forEach((text, i) => compare(text, results[i]!));
    // The files reach every kind of outcome often enough for the comparison to mean something.
    const count = (test: (r: GoResult) => boolean) => results.filter(test).length;
    const outcomes = {
      clean: count((r) => r.error === null && r.strict === null),
      dropped: count((r) => r.error === null && (r.strict ?? '').includes(' not found in type ')),
      typeErrors: count((r) => (r.error ?? '').startsWith('yaml: unmarshal errors:')),
      stopped: count((r) => r.error !== null && !r.error.startsWith('yaml: unmarshal errors:')),
    };
    expect(
      Object.values(outcomes).every((n) => n >= 20),
      JSON.stringify(outcomes),
    ).toBe(true);
  });
});

describe('the rpk reader', () => {
  it('keeps what rpk keeps and says what it drops, where', () => {
    const text =
      'name: a\nexclude_defaults: true\ntopic_metadata_sync_options:\n  interval: 30\n  excludeDefault: true\n';
    const read = readRpkConfig(text);
    expect(read.errors).toEqual([]);
    expect(read.dropped.map((d) => [d.parent, d.key, text.slice(d.at[0], d.at[1])])).toEqual([
      ['', 'exclude_defaults', 'exclude_defaults'],
      ['/topic_metadata_sync_options', 'excludeDefault', 'excludeDefault'],
    ]);
    // A bare integer is nanoseconds for a time.Duration.
    expect(
      (read.value as { topic_metadata_sync_options: { interval: number } }).topic_metadata_sync_options.interval,
    ).toBe(30);
  });

  it('refuses what rpk refuses, with yaml.v2 words', () => {
    const read = readRpkConfig('client_options:\n  fetch_max_bytes: "5000"\n  tls_settings:\n    enabled: "true"\n');
    expect(read.errors.map((e) => e.message)).toEqual([
      'line 2: cannot unmarshal !!str `5000` into int32',
      'line 4: cannot unmarshal !!str `true` into bool',
    ]);
  });
});

describe('rpk reader cost', () => {
  it("resolves each alias from one walk of the document, never with the yaml package's per-alias walk", () => {
    // Alias.resolve walks the whole document for every alias: 36,000 aliases took minutes.
    const resolve = vi.spyOn(Alias.prototype, 'resolve');
    try {
      const text = [
        'name: x',
        'topic_metadata_sync_options:',
        `  auto_create_shadow_topic_filters: [&f {name: orders, pattern_type: PREFIX, filter_type: INCLUDE}${', *f'.repeat(2000)}]`,
      ].join('\n');
      const read = readRpkConfig(text);
      const filters = (read.value as { topic_metadata_sync_options: { auto_create_shadow_topic_filters: unknown[] } })
        .topic_metadata_sync_options.auto_create_shadow_topic_filters;
      expect(filters).toHaveLength(2001);
      expect(filters[2000]).toEqual(filters[0]);
      expect(resolve).not.toHaveBeenCalled();
    } finally {
      resolve.mockRestore();
    }
  });
});
