/**
 * Scalars as the server's JSON decoder reads them (bazel/pbgen/main.go and src/v/serde/protobuf/json.cc
 * of the server, 26.1): which spellings it accepts, and the canonical form of each.
 */
import { canonicalTimestampMillis, daysInMonth } from '../util/scan';

/** Largest magnitude of a Duration's seconds the server accepts (10,000 years, inclusive; json.cc). */
const MAX_DURATION_SECONDS = 315_576_000_000n;

/**
 * An int32 written as a decimal string, as absl::SimpleAtoi reads it: surrounding ASCII whitespace,
 * one optional sign, decimal digits only, range-checked. Undefined when the server would refuse it.
 */
export function int32FromString(text: string): number | undefined {
  if (text.length > 128) return undefined;
  const m = /^[ \t\n\v\f\r]*([+-]?)(\d+)[ \t\n\v\f\r]*$/.exec(text);
  if (!m) return undefined;
  const digits = m[2]!.replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return undefined;
  const n = Number(digits) * (m[1] === '-' ? -1 : 1);
  return n >= -2_147_483_648 && n <= 2_147_483_647 ? n + 0 : undefined;
}

/** A Duration as the server reads it: seconds and nanoseconds, both carrying the sign. */
export interface ServerDuration {
  seconds: number;
  nanos: number;
}

/**
 * Parses a Duration the way the server does: `""` is zero; an integer part of `[0-9-]` that
 * SimpleAtoi accepts (leading zeros allowed, no `+`), at most ±315,576,000,000 s; an optional
 * fraction of 1–9 digits; then exactly `s`. Undefined when the server would refuse it.
 */
export function parseServerDuration(text: string): ServerDuration | undefined {
  if (text === '') return { seconds: 0, nanos: 0 };
  const m = /^(-?)(\d+)(?:\.(\d{1,9}))?s$/.exec(text);
  if (!m) return undefined;
  const digits = m[2]!.replace(/^0+(?=\d)/, '');
  if (digits.length > 19 || BigInt(digits) > MAX_DURATION_SECONDS) return undefined;
  const sign = m[1] ? -1 : 1;
  const seconds = Number(digits);
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  return { seconds: seconds === 0 ? 0 : sign * seconds, nanos: nanos === 0 ? 0 : sign * nanos };
}

/** The canonical spelling of a Duration the server accepts (`""` → `"0s"`, `"007s"` → `"7s"`), or undefined. */
export function canonicalDuration(text: string): string | undefined {
  if (text === '') return '0s';
  const m = /^(-?)(\d+)(\.\d{1,9})?s$/.exec(text);
  if (!m || parseServerDuration(text) === undefined) return undefined;
  const digits = m[2]!.replace(/^0+(?=\d)/, '');
  const zero = digits === '0' && !/[1-9]/.test(m[3] ?? '');
  return `${zero ? '' : m[1]}${digits}${m[3] ?? ''}s`;
}

/** A Timestamp as the server reads it, with the canonical RFC 3339 spelling of the same instant. */
export interface ServerTimestamp {
  /** Milliseconds since the epoch; ±Infinity for `infinite-future` / `infinite-past`. */
  epochMillis: number;
  /** The calendar year as written (0 and negative years are accepted by the server). */
  year: number;
  /** RFC 3339 of the same instant (`Z` or the offset as written, the fraction as written); undefined for infinite times. */
  canonical: string | undefined;
}

const WS = /^[ \t\n\v\f\r]*|[ \t\n\v\f\r]*$/g;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Parses a Timestamp the way the server does (absl::ParseTime with `%E4Y-%m-%d%ET%H:%M:%E*S%Ez`):
 * `""` is the epoch; surrounding whitespace is trimmed; a 4-character year from -999 to 9999;
 * 1–2 digit month, day, hour, minute and second (second 60 is a leap second); `T` or `t`; any
 * number of fraction digits; `Z`, `z` or an offset `±hh`, `±hhmm`, `±hh:mm`, `±hh:mm:ss`;
 * and `infinite-future` / `infinite-past`. Undefined when the server would refuse it.
 */
export function parseServerTimestamp(text: string): ServerTimestamp | undefined {
  // The canonical spelling, by far the most common, is read without a regular expression or a Date.
  const millis = text === '' ? NaN : canonicalTimestampMillis(text);
  if (!Number.isNaN(millis)) return { epochMillis: millis, year: Number(text.slice(0, 4)), canonical: text };
  return parseServerTimestampByPattern(text);
}

/**
 * `parseServerTimestamp` for every spelling, by regular expression and `Date`: the general parser
 * that its fast path for canonical spellings must agree with (test/scan-property.test.ts).
 */
export function parseServerTimestampByPattern(text: string): ServerTimestamp | undefined {
  if (text === '') return { epochMillis: 0, year: 1970, canonical: '1970-01-01T00:00:00Z' };
  if (text.length > 200) return undefined;
  const t = text.replace(WS, '');
  if (t === 'infinite-future') return { epochMillis: Infinity, year: Infinity, canonical: undefined };
  if (t === 'infinite-past') return { epochMillis: -Infinity, year: -Infinity, canonical: undefined };
  const m =
    /^(-\d{3}|\d{4})-(\d{1,2})-(\d{1,2})([Tt])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)$/.exec(
      t,
    );
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[5], m[6], m[7]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  let offsetSeconds = 0;
  if (m[10]) {
    const oh = Number(m[11]);
    const om = Number(m[12] ?? 0);
    const os = Number(m[13] ?? 0);
    if (oh > 23 || om > 59 || os > 59) return undefined;
    offsetSeconds = (m[10] === '-' ? -1 : 1) * (oh * 3600 + om * 60 + os);
  }
  // A leap second is read as the next second, with the fraction dropped.
  const leap = second === 60;
  const fraction = leap ? '' : (m[8] ?? '');
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, leap ? 59 : second, fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0);
  const epochMillis = date.getTime() + (leap ? 1000 : 0) - offsetSeconds * 1000;
  let canonical: string | undefined;
  if (year >= 1 && year <= 9999) {
    const keepOffset = m[10] && !m[13] ? `${m[10]}${m[11]}:${m[12] ?? '00'}` : undefined;
    if (leap || m[13]) {
      // No RFC 3339 spelling keeps this offset or second: write the instant in UTC.
      const u = new Date(epochMillis);
      canonical =
        u.getUTCFullYear() >= 1 && u.getUTCFullYear() <= 9999
          ? `${String(u.getUTCFullYear()).padStart(4, '0')}-${two(u.getUTCMonth() + 1)}-${two(u.getUTCDate())}T${two(u.getUTCHours())}:${two(u.getUTCMinutes())}:${two(u.getUTCSeconds())}Z`
          : undefined;
    } else {
      // RFC 3339 allows a lowercase `t` and `z`, and any number of fraction digits: kept as written.
      canonical = `${m[1]}-${two(month)}-${two(day)}${m[4]}${two(hour)}:${two(minute)}:${two(second)}${fraction ? `.${fraction}` : ''}${keepOffset ?? m[9]}`;
    }
  }
  return { epochMillis, year, canonical };
}
