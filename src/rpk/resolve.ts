/**
 * How gopkg.in/yaml.v2 (2.4.0, the version rpk builds with) resolves a plain scalar: YAML 1.1's
 * booleans (`yes`, `on`, `y`…), nulls, integers in Go's `ParseInt` base-0 forms (`0x1F`, `0o17`,
 * `017` octal, `0b101`, underscores dropped), floats and timestamps — not the `yaml` package's
 * YAML 1.1 schema, which differs (it reads `190:20:30` as a number, yaml.v2 as a string).
 * Source: yaml.v2's resolve.go (`resolve`, `parseTimestamp`).
 */

/** A resolved scalar: its YAML tag (as yaml.v2's messages write it) and value. */
export type Resolved =
  | { readonly tag: '!!null'; readonly value: null }
  | { readonly tag: '!!bool'; readonly value: boolean }
  /** A Go `int`/`int64` or, beyond int64, a `uint64`. */
  | { readonly tag: '!!int'; readonly value: bigint }
  | { readonly tag: '!!float'; readonly value: number }
  | { readonly tag: '!!timestamp'; readonly value: GoTime }
  | { readonly tag: '!!str'; readonly value: string }
  | { readonly tag: '!!merge'; readonly value: '<<' };

/** A Go `time.Time` as yaml.v2 builds one: an instant and the UTC offset it was written with. */
export interface GoTime {
  /** Milliseconds since the epoch (whole), plus nanoseconds within that millisecond. */
  readonly millis: number;
  readonly nanos: number;
  /** Offset from UTC in minutes (0 for `Z` and for the forms without a zone). */
  readonly offset: number;
}

const WORDS = new Map<string, Resolved>();
const word = (resolved: Resolved, ...spellings: string[]) => {
  for (const s of spellings) WORDS.set(s, resolved);
};
word({ tag: '!!bool', value: true }, 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON');
word({ tag: '!!bool', value: false }, 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF');
word({ tag: '!!null', value: null }, '', '~', 'null', 'Null', 'NULL');
word({ tag: '!!float', value: Number.NaN }, '.nan', '.NaN', '.NAN');
word({ tag: '!!float', value: Infinity }, '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF');
word({ tag: '!!float', value: -Infinity }, '-.inf', '-.Inf', '-.INF');
word({ tag: '!!merge', value: '<<' }, '<<');

/** Go's float syntax as yaml.v2 checks it before `ParseFloat`. */
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** The first characters after which yaml.v2 tries more than a string: signs, digits, the word table's initials, `.`. */
function hint(s: string): 'sign-or-digit' | 'word' | 'dot' | undefined {
  if (s === '') return 'word';
  const c = s[0]!;
  if (c === '+' || c === '-' || (c >= '0' && c <= '9')) return 'sign-or-digit';
  if ('yYnNtTfFoO~'.includes(c)) return 'word';
  return c === '.' ? 'dot' : undefined;
}

/** Resolves a plain (untagged, unquoted) scalar as yaml.v2 does. */
export function resolvePlain(s: string): Resolved {
  const h = hint(s);
  if (h === undefined) return { tag: '!!str', value: s };
  const known = WORDS.get(s);
  if (known) return known;
  if (h === 'dot') {
    const f = /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s) ? Number(s) : Number.NaN;
    return Number.isFinite(f) ? { tag: '!!float', value: f } : { tag: '!!str', value: s };
  }
  if (h === 'word') return { tag: '!!str', value: s };
  const t = parseTimestamp(s);
  if (t) return { tag: '!!timestamp', value: t };
  const plain = s.replaceAll('_', '');
  const i = parseGoInt(plain);
  if (i !== undefined && i >= INT64_MIN && i <= UINT64_MAX) return { tag: '!!int', value: i };
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain);
    // Go's ParseFloat refuses what overflows a double (`1e400`): then it stays a string.
    if (Number.isFinite(f)) return { tag: '!!float', value: f };
  }
  return { tag: '!!str', value: s };
}

/**
 * Go's `strconv.ParseInt(s, 0, 64)`, and `ParseUint` beyond int64: a sign (ParseInt only), then
 * `0x`, `0o`, `0b` or a leading `0` (octal) or decimal digits. Undefined when it refuses.
 */
function parseGoInt(s: string): bigint | undefined {
  let sign = 1n;
  let rest = s;
  if (rest[0] === '+' || rest[0] === '-') {
    if (rest[0] === '-') sign = -1n;
    rest = rest.slice(1);
  }
  let digits: RegExp;
  let prefix = '';
  const p = rest.slice(0, 2).toLowerCase();
  if (p === '0x') [digits, prefix, rest] = [/^[0-9a-fA-F]+$/, '0x', rest.slice(2)];
  else if (p === '0o') [digits, prefix, rest] = [/^[0-7]+$/, '0o', rest.slice(2)];
  else if (p === '0b') [digits, prefix, rest] = [/^[01]+$/, '0b', rest.slice(2)];
  else if (rest.length > 1 && rest[0] === '0') [digits, prefix, rest] = [/^[0-7]+$/, '0o', rest.slice(1)];
  else digits = /^[0-9]+$/;
  if (!digits.test(rest)) return undefined;
  const n = sign * BigInt(`${prefix}${rest}`);
  // Beyond int64 only ParseUint may take it, and it takes no sign at all.
  if (n > INT64_MAX && s[0] === '+') return undefined;
  return n < INT64_MIN || (n > INT64_MAX && sign < 0n) ? undefined : n;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * yaml.v2's timestamps: four digits and `-` first, then one of `2006-1-2T15:4:5.999999999Z07:00`
 * (or with `t`), `2006-1-2 15:4:5.999999999` (no zone: UTC) or `2006-1-2`, as Go's `time.Parse`
 * reads those layouts (one or two digits where the layout has one).
 */
export function parseTimestamp(s: string): GoTime | undefined {
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})?)?$/.exec(
      s,
    );
  if (!m) return undefined;
  const [, y, mo, d, sep, hh, mi, ss, frac, zone] = m;
  // The space-separated form has no zone; the T forms must have one.
  if (sep === ' ' ? zone !== undefined : sep !== undefined && zone === undefined) return undefined;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > DAYS[month - 1]! || (month === 2 && day === 29 && !leap(year)))
    return undefined;
  const hour = Number(hh ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(ss ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offset = 0;
  if (zone && zone !== 'Z') {
    const zh = Number(zone.slice(1, 3));
    const zm = Number(zone.slice(4, 6));
    if (zh > 23 || zm > 59) return undefined;
    offset = (zone[0] === '-' ? -1 : 1) * (zh * 60 + zm);
  }
  const nanosAll = frac ? Number(frac.padEnd(9, '0')) : 0;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const millis = date.getTime() - offset * 60_000 + Math.floor(nanosAll / 1e6);
  return { millis, nanos: nanosAll % 1e6, offset };
}

/** A time as Go's `time.RFC3339Nano` writes it (fraction without trailing zeros, `Z` for UTC). */
export function formatGoTime(t: GoTime): string {
  const local = new Date(t.millis + t.offset * 60_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const nanos = (local.getUTCMilliseconds() * 1e6 + t.nanos).toString().padStart(9, '0').replace(/0+$/, '');
  const zone =
    t.offset === 0
      ? 'Z'
      : `${t.offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(t.offset) / 60))}:${pad(Math.abs(t.offset) % 60)}`;
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${nanos ? `.${nanos}` : ''}${zone}`;
}

/** Nanoseconds as a Go duration in its shortest form (`1m30s`, `500ms`); what rpk reads back as the same value. */
export function goDuration(ns: number): string {
  if (ns === 0) return '0s';
  if (ns < 0) return `-${goDuration(-ns)}`;
  if (ns < 1e9) return ns % 1e6 === 0 ? `${ns / 1e6}ms` : ns % 1e3 === 0 ? `${ns / 1e3}us` : `${ns}ns`;
  const h = Math.floor(ns / 3.6e12);
  const m = Math.floor((ns % 3.6e12) / 6e10);
  const s = (ns % 6e10) / 1e9;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s ? `${s}s` : ''}`;
}
