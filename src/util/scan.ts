/**
 * Character-code scanners for the scalars a large document holds by the thousand (timestamps,
 * durations, int64 strings): no regular expression, no `Date`, no allocation on the happy path.
 * test/scan-property.test.ts compares each with the regular-expression parser it stands in for.
 */

const ZERO = 48;

/** The digit a character code stands for, or -1. */
function digit(code: number): number {
  const d = code - ZERO;
  return d >= 0 && d <= 9 ? d : -1;
}

/** Two digits at `i` as a number, or -1. */
function twoDigits(text: string, i: number): number {
  const a = digit(text.charCodeAt(i));
  const b = digit(text.charCodeAt(i + 1));
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Shortest canonical timestamp: `YYYY-MM-DDThh:mm:ssZ`. */
const MIN_TIMESTAMP = 20;

/**
 * Epoch milliseconds of a timestamp in canonical RFC 3339 form (what `isCanonicalTimestamp`
 * accepts), and NaN for any other text (the lenient spellings the server also reads are left to the
 * full parser).
 */
export function canonicalTimestampMillis(text: string): number {
  if (!isCanonicalTimestamp(text)) return NaN;
  // Every field is where `isCanonicalTimestamp` found it, and in range.
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  let i = 19;
  let millis = 0;
  if (text.charCodeAt(i) === 46) {
    const start = ++i;
    for (; digit(text.charCodeAt(i)) >= 0; i++) {
      // Only the first three digits count: the instant is kept to the millisecond.
      if (i - start < 3) millis = millis * 10 + digit(text.charCodeAt(i));
    }
    for (let k = i - start; k < 3; k++) millis *= 10;
  }
  const z = text.charCodeAt(i);
  const offsetMinutes =
    z === 43 || z === 45 ? (z === 45 ? -1 : 1) * (twoDigits(text, i + 1) * 60 + twoDigits(text, i + 4)) : 0;
  const seconds =
    daysFromCivil(year, month, day) * 86_400 +
    twoDigits(text, 11) * 3600 +
    twoDigits(text, 14) * 60 +
    twoDigits(text, 17) -
    offsetMinutes * 60;
  return seconds * 1000 + millis;
}

/**
 * True for a timestamp in canonical RFC 3339 form — years 0001–9999, two-digit fields, `T`/`t`,
 * seconds 00–59, any number of fraction digits (RFC 3339's `1*DIGIT`; the server keeps milliseconds),
 * `Z`/`z` or `±hh:mm` — checked without computing the instant:
 * the format check runs once per timestamp of a large document.
 */
export function isCanonicalTimestamp(text: string): boolean {
  const n = text.length;
  if (n < MIN_TIMESTAMP) return false;
  const y1 = twoDigits(text, 0);
  const y2 = twoDigits(text, 2);
  if (y1 < 0 || y2 < 0 || (y1 === 0 && y2 === 0)) return false;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  if (month < 1 || month > 12 || day < 1 || (day > 28 && day > daysInMonth(y1 * 100 + y2, month))) return false;
  const t = text.charCodeAt(10);
  if ((t !== 84 && t !== 116) || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return false;
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  let i = 19;
  if (text.charCodeAt(i) === 46) {
    const start = ++i;
    for (let d = text.charCodeAt(i) - ZERO; i < n && d >= 0 && d <= 9; d = text.charCodeAt(i) - ZERO) i++;
    if (i === start) return false;
  }
  const z = text.charCodeAt(i);
  if (z === 90 || z === 122) return i + 1 === n;
  if (z !== 43 && z !== 45) return false;
  const oh = twoDigits(text, i + 1);
  const om = twoDigits(text, i + 4);
  return text.charCodeAt(i + 3) === 58 && oh >= 0 && oh <= 23 && om >= 0 && om <= 59 && i + 6 === n;
}

/** Largest magnitude of a canonical Duration's whole seconds: at most twelve digits. */
const MAX_DURATION_DIGITS = 12;

/**
 * Reads a canonical protobuf Duration — an optional `-`, `0` or a whole number without leading
 * zeros of at most twelve digits, an optional fraction of 1–9 digits, then `s` — into `out` as
 * unsigned seconds and nanoseconds; returns the sign (1 or -1), or 0 when the text is not one.
 */
export function scanDuration(text: string, out: { seconds: number; nanos: number }): number {
  const n = text.length;
  let i = 0;
  let sign = 1;
  if (text.charCodeAt(0) === 45) {
    sign = -1;
    i = 1;
  }
  const first = digit(text.charCodeAt(i));
  if (first < 0) return 0;
  let seconds = first;
  const start = i++;
  // A leading zero stands alone: `0s`, `0.5s`, never `05s`.
  if (first > 0)
    for (let d = digit(text.charCodeAt(i)); d >= 0 && i - start < MAX_DURATION_DIGITS; d = digit(text.charCodeAt(i))) {
      seconds = seconds * 10 + d;
      i++;
    }
  let nanos = 0;
  if (text.charCodeAt(i) === 46) {
    const fracStart = ++i;
    for (let d = digit(text.charCodeAt(i)); d >= 0 && i - fracStart < 9; d = digit(text.charCodeAt(i))) {
      nanos = nanos * 10 + d;
      i++;
    }
    const count = i - fracStart;
    if (count === 0) return 0;
    for (let k = count; k < 9; k++) nanos *= 10;
  }
  if (text.charCodeAt(i) !== 115 || i + 1 !== n) return 0;
  out.seconds = seconds;
  out.nanos = nanos;
  return sign;
}

/** True for `-?` and 1–19 decimal digits (the int64 range is checked separately). */
export function isDecimalInt(text: string): boolean {
  const n = text.length;
  const start = n > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  if (n - start < 1 || n - start > 19) return false;
  for (let i = start; i < n; i++) if (digit(text.charCodeAt(i)) < 0) return false;
  return true;
}
