/**
 * The character-code scanners (src/util/scan.ts) give the verdicts and values of the regular
 * expression and `Date` parsers they replaced. Those parsers are the oracle: the server's general
 * timestamp parser (`parseServerTimestampByPattern`, still the path for other spellings), and the
 * duration and int64 patterns as they were, kept here verbatim;
 * the inputs are valid values, near misses (every field one out, one or two digits, each offset
 * spelling, leap days, long fractions), mutations of them and garbage.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChecks, isInt64String, isTimestamp, parseDuration, parseTimestamp } from '../src/model/formats';
import { parseServerTimestamp, parseServerTimestampByPattern } from '../src/model/server-scalars';
import { FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';

// ---- The oracle: the parsers as they were before the scanners (commit 2dd0e99), or the general parser. ----

const two = (n: number) => String(n).padStart(2, '0');

function oldParseTimestamp(text: string): { epochMillis: number; year: number } | undefined {
  const parsed = parseServerTimestampByPattern(text);
  return parsed && parsed.canonical === text ? { epochMillis: parsed.epochMillis, year: parsed.year } : undefined;
}

const OLD_DURATION_RE = /^(-)?(0|[1-9]\d{0,11})(?:\.(\d{1,9}))?s$/;

function oldParseDuration(text: string): { seconds: number; nanos: number } | undefined {
  const m = OLD_DURATION_RE.exec(text);
  if (!m) return undefined;
  const sign = m[1] ? -1 : 1;
  const seconds = Number(m[2]);
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  if (seconds > 315_576_000_000 || (seconds === 315_576_000_000 && nanos > 0)) return undefined;
  return { seconds: sign * seconds, nanos: sign * nanos };
}

function oldIsInt64String(text: string): boolean {
  if (!/^-?\d{1,19}$/.test(text)) return false;
  if (text.length <= 18) return true;
  const n = BigInt(text);
  return n >= -(2n ** 63n) && n <= 2n ** 63n - 1n;
}

// ---- Generators. ----

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((a) => a.join(''));

/** A number written with one or two digits, or the canonical two; values a little past each field's range. */
const field = (max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: max + 2 }), fc.constantFrom(2, 2, 2, 1, 3))
    .map(([n, width]) => (width === 2 ? two(n) : width === 1 ? String(n) : String(n).padStart(3, '0')));

/** Years around the edges: 0000, 0001, leap and non-leap centuries, 9999, three-digit negatives. */
const year = fc.oneof(
  fc.constantFrom(
    '0000',
    '0001',
    '0004',
    '0100',
    '0400',
    '1600',
    '1900',
    '1969',
    '1970',
    '2000',
    '2024',
    '2100',
    '9999',
  ),
  fc.integer({ min: 0, max: 9999 }).map((y) => String(y).padStart(4, '0')),
  fc.integer({ min: 0, max: 999 }).map((y) => `-${String(y).padStart(3, '0')}`),
  digits(1, 5),
);

const offset = fc.oneof(
  fc.constantFrom('Z', 'z', '', 'UTC', '+', 'Zz'),
  fc
    .tuple(
      fc.constantFrom('+', '-'),
      field(23),
      field(59),
      field(59),
      fc.constantFrom('hh', 'hhmm', 'hh:mm', 'hh:mm:ss', 'hhmmss', 'hh:mmss'),
    )
    .map(([sign, h, m, s, shape]) => shape.replace('hh', h).replace('mm', m).replace('ss', s).replace(/^/, sign)),
);

const fraction = fc.oneof(
  fc.constant(''),
  fc.constant('.'),
  digits(1, 12).map((d) => `.${d}`),
);

const separator = fc.constantFrom('T', 'T', 't', ' ', '_');

/** Timestamps of every shape the grammar knows, mostly near the canonical one. */
const timestamp = fc
  .tuple(
    year,
    field(12),
    fc.oneof(field(31), fc.constantFrom('28', '29', '30', '31')),
    separator,
    field(23),
    field(59),
    fc.oneof(field(59), fc.constantFrom('59', '60', '61')),
    fraction,
    offset,
    fc.constantFrom('', '', '', ' ', '\n', '\t '),
  )
  .map(([y, mo, d, t, h, mi, s, f, o, ws]) => `${ws}${y}-${mo}-${d}${t}${h}:${mi}:${s}${f}${o}${ws}`);

/** Canonical in shape (two-digit fields, `T`/`t`, `Z`/`z`/`±hh:mm`), each value a little past its range at times. */
const nearCanonical = fc
  .tuple(
    fc.oneof(
      year,
      fc.integer({ min: 1, max: 9999 }).map((y) => String(y).padStart(4, '0')),
    ),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.constantFrom('T', 't'),
    fc.integer({ min: 0, max: 24 }),
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 0, max: 61 }),
    fraction,
    fc.oneof(
      fc.constantFrom('Z', 'z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
        .map(([sign, h, m]) => `${sign}${two(h)}:${two(m)}`),
    ),
  )
  .map(([y, mo, d, t, h, mi, s, f, o]) => `${y}-${two(mo)}-${two(d)}${t}${two(h)}:${two(mi)}:${two(s)}${f}${o}`);

/** One character replaced, inserted or deleted. */
const mutated = (base: fc.Arbitrary<string>, alphabet: string) =>
  fc
    .tuple(base, fc.nat(), fc.constantFrom(...alphabet), fc.constantFrom('replace', 'insert', 'delete'))
    .map(([s, at, c, how]) => {
      const i = s.length === 0 ? 0 : at % s.length;
      if (how === 'replace') return s.slice(0, i) + c + s.slice(i + 1);
      if (how === 'insert') return s.slice(0, i) + c + s.slice(i);
      return s.slice(0, i) + s.slice(i + 1);
    });

const timestamps = fc.oneof(
  { weight: 4, arbitrary: nearCanonical },
  { weight: 3, arbitrary: timestamp },
  { weight: 3, arbitrary: mutated(fc.oneof(timestamp, nearCanonical), '0123456789-:.+TtZz s') },
  { weight: 1, arbitrary: fc.constantFrom('', 'infinite-future', ' infinite-past ', '2026-01-31T12:00:00Z') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9:.TZ+-]{18,36}$/) },
);

const duration = fc
  .tuple(
    fc.constantFrom('', '', '-', '+', '--'),
    fc.oneof(
      digits(0, 14),
      fc.constantFrom('315576000000', '315576000001', '999999999999', '0315576000000', '00', '0'),
    ),
    fc.oneof(
      fc.constant(''),
      fc.constant('.'),
      digits(1, 11).map((d) => `.${d}`),
      fc.constant('.000000000'),
    ),
    fc.constantFrom('s', 's', 's', 'S', 'ms', '', 'ss', 's '),
  )
  .map(([sign, whole, frac, unit]) => `${sign}${whole}${frac}${unit}`);

const durations = fc.oneof(
  { weight: 4, arbitrary: duration },
  { weight: 2, arbitrary: mutated(duration, '0123456789-.s ') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const int64s = fc.oneof(
  fc.tuple(fc.constantFrom('', '-', '+'), digits(0, 21)).map(([s, d]) => `${s}${d}`),
  fc.constantFrom('9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809'),
  mutated(digits(1, 20), '0123456789- x'),
  fc.string({ maxLength: 22 }),
);

// ---- Properties. ----

describe('character-code scanners agree with the regular-expression parsers they replace', () => {
  it(
    'timestamps: format verdict, parseTimestamp and parseServerTimestamp',
    () => {
      fc.assert(
        fc.property(timestamps, (s) => {
          const old = oldParseTimestamp(s);
          expect(isTimestamp(s), JSON.stringify(s)).toBe(old !== undefined);
          expect(formatChecks.timestamp(s)).toBe(old !== undefined);
          expect(parseTimestamp(s)).toEqual(old);
          expect(parseServerTimestamp(s)).toEqual(parseServerTimestampByPattern(s));
        }),
        { numRuns: fuzzRuns(20_000, 0.1), seed: fuzzSeed(17_0301) },
      );
    },
    LIMIT,
  );

  it('timestamps: every day of every month of leap and common years, at both ends of the year range', () => {
    for (const y of ['0000', '0001', '0004', '1900', '2000', '2023', '2024', '2100', '9999'])
      for (let m = 1; m <= 12; m++)
        for (let d = 28; d <= 32; d++)
          for (const tail of ['T00:00:00Z', 't23:59:59.999999999z', 'T12:30:00+23:59', 'T00:00:00-23:59']) {
            const s = `${y}-${two(m)}-${two(d)}${tail}`;
            expect(parseTimestamp(s), s).toEqual(oldParseTimestamp(s));
            expect(isTimestamp(s), s).toBe(oldParseTimestamp(s) !== undefined);
          }
  });

  it(
    'durations: format verdict and parseDuration, signed zeros included',
    () => {
      fc.assert(
        fc.property(durations, (s) => {
          const old = oldParseDuration(s);
          expect(formatChecks.duration(s), JSON.stringify(s)).toBe(old !== undefined);
          expect(parseDuration(s)).toEqual(old);
          if (old) expect([Object.is(parseDuration(s)!.seconds, -0)]).toEqual([Object.is(old.seconds, -0)]);
        }),
        { numRuns: fuzzRuns(20_000, 0.1), seed: fuzzSeed(17_0302) },
      );
    },
    LIMIT,
  );

  it(
    'int64 strings',
    () => {
      fc.assert(
        fc.property(int64s, (s) => {
          expect(isInt64String(s), JSON.stringify(s)).toBe(oldIsInt64String(s));
        }),
        { numRuns: fuzzRuns(10_000, 0.05), seed: fuzzSeed(17_0303) },
      );
    },
    LIMIT,
  );
});
