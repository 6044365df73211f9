/**
 * Hostile input: every case named in the safety requirements, each asserting the behaviour it
 * names. Large inputs are bounded by the test's timeout (never by a timing assertion).
 */
import { describe, expect, it } from 'vitest';
import { lint, lintText } from '../src/index';
import { GOOD_YAML, report, scratch } from './cli-helpers';
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
});

describe('hostile arguments at the API boundary', () => {
  it('a rule severity written another way is a TypeError with a did-you-mean', () => {
    for (const [setting, hint] of [
      ['warn', 'warning'],
      ['Error', 'error'],
      [2, 'error'],
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
});
