/**
 * String formats of the Admin API v2, as plain predicate functions.
 *
 * One implementation serves three consumers: the ahead-of-time ajv validator (imported by the
 * generated code), TypeBox's `Value.Check` (through its FormatRegistry) and the rules.
 */
import { canonicalTimestampMillis, isCanonicalTimestamp, isDecimalInt, scanDuration } from '../util/scan';

/** Largest magnitude of a protobuf Duration, in seconds (10,000 years). */
export const MAX_DURATION_SECONDS = 315_576_000_000;

// Linear-time patterns only: every quantifier is bounded or over a disjoint character class.
/** An int64 as a decimal string (range checked separately; `isDecimalInt` is the same test by character code). */
export const INT64_STRING_RE = /^-?\d{1,19}$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A parsed protobuf Duration: whole seconds and nanoseconds, both carrying the sign. */
export interface ParsedDuration {
  readonly seconds: number;
  readonly nanos: number;
}

/** Parses a protobuf JSON Duration (`"30s"`, `"-1.5s"`); undefined when not of that grammar or out of range. */
export function parseDuration(text: string): ParsedDuration | undefined {
  const d = { seconds: 0, nanos: 0 };
  const sign = scanDuration(text, d);
  if (sign === 0 || !inDurationRange(d)) return undefined;
  return { seconds: sign * d.seconds, nanos: sign * d.nanos };
}

const inDurationRange = (d: ParsedDuration): boolean =>
  d.seconds < MAX_DURATION_SECONDS || (d.seconds === MAX_DURATION_SECONDS && d.nanos === 0);

// The format check runs once per value of a large document: one reused scratch object, nothing allocated.
const scratch = { seconds: 0, nanos: 0 };

/** True for a canonical protobuf Duration within range (what `parseDuration` accepts). */
export const isDuration = (text: string): boolean => scanDuration(text, scratch) !== 0 && inDurationRange(scratch);

/** Total milliseconds of a parsed Duration. */
export function durationMillis(d: ParsedDuration): number {
  return d.seconds * 1000 + d.nanos / 1e6;
}

/** A parsed RFC 3339 timestamp: epoch milliseconds and the calendar year. */
export interface ParsedTimestamp {
  readonly epochMillis: number;
  readonly year: number;
}

/** Parses an RFC 3339 timestamp with years 0001–9999 (protobuf's Timestamp range); undefined otherwise. */
export function parseTimestamp(text: string): ParsedTimestamp | undefined {
  // Exactly the spellings the server's lenient parser (parseServerTimestamp) would write back unchanged.
  const millis = canonicalTimestampMillis(text);
  return Number.isNaN(millis) ? undefined : { epochMillis: millis, year: Number(text.slice(0, 4)) };
}

/** True for an RFC 3339 timestamp with years 0001–9999 (the canonical form; src/decode/ rewrites the others). */
export const isTimestamp = (text: string): boolean => isCanonicalTimestamp(text);

/** True for a decimal integer string within the signed 64-bit range. */
export function isInt64String(text: string): boolean {
  if (!isDecimalInt(text)) return false;
  // Up to 18 digits always fits; only 19-digit values need the exact comparison.
  if (text.length <= 18) return true;
  const n = BigInt(text);
  return n >= INT64_MIN && n <= INT64_MAX;
}

const UUID_RE = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/** True for a canonical hyphenated UUID (any version). */
export const isUuid = (text: string): boolean => UUID_RE.test(text);

/** True for standard (RFC 4648 §4) base64, padded or not (the Connect protocol emits it unpadded and accepts both). */
export function isBase64(text: string): boolean {
  const m = /^[A-Za-z0-9+/]*(={0,2})$/.exec(text);
  if (!m) return false;
  return m[1] ? text.length % 4 === 0 : text.length % 4 !== 1;
}

/**
 * The format predicates by the names the model's schemas use in `format`.
 * The generated validator imports this object, so it must stay a plain map of functions.
 */
export const formatChecks = {
  // The canonical forms: the decoder rewrites every other spelling the server accepts (src/decode/).
  duration: isDuration,
  timestamp: isTimestamp,
  int64: isInt64String,
  uuid: isUuid,
  base64: isBase64,
} as const;

/** Name of a format the model uses. */
export type FormatName = keyof typeof formatChecks;

/** What each format looks like, for diagnostics ("must be …"). */
export const formatDescriptions: Record<FormatName, string> = {
  duration: 'a protobuf Duration string: seconds with an "s" suffix, e.g. "30s" or "1.5s", within ±315,576,000,000 s',
  timestamp: 'an RFC 3339 timestamp with a time zone, e.g. "2026-01-31T12:00:00Z"',
  int64: 'a 64-bit integer, as a JSON number or a decimal string such as "42"',
  uuid: 'a UUID such as "0c6b9d5e-3f4a-4b1c-9d2e-7a8b6c5d4e3f"',
  base64: 'standard base64, padded or not, e.g. "q83v", "AAECAw==" or "AAECAw"',
};
