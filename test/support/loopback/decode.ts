/**
 * Decodes a request body the way the admin server's generated `from_json` does (research notes:
 * decoding.md §1–§9), into protobuf-es messages: proto and JSON field names, unknown keys skipped,
 * duplicates (last wins; repeated fields append; messages replaced), `null` only for messages,
 * lists and maps, int32 wrapping and truncation, decimal strings, enum names without aliases and
 * numbers (unknown → 0), Duration and Timestamp with the server's grammar.
 */
import { create, ScalarType, type DescEnum, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';
import { DurationSchema, TimestampSchema } from '@bufbuild/protobuf/wkt';
import { parseJsonTree, type JsonNode } from './json-tree';

/** Any decoding failure: the server answers `invalid_argument` "invalid request input". */
export class DecodeError extends Error {}

const fail = (what: string): never => {
  throw new DecodeError(what);
};

type Msg = Message & Record<string, unknown>;

/** Decodes a whole body as a message of `desc`. */
export function decodeBody<T extends Message>(desc: DescMessage, body: string): T {
  let node: JsonNode;
  try {
    node = parseJsonTree(body);
  } catch (error) {
    throw new DecodeError((error as Error).message);
  }
  return decodeMessage(desc, node) as T;
}

function decodeMessage(desc: DescMessage, node: JsonNode): Msg {
  if (desc.typeName === 'google.protobuf.Duration') return decodeDuration(node) as Msg;
  if (desc.typeName === 'google.protobuf.Timestamp') return decodeTimestamp(node) as Msg;
  if (node.t !== 'object') return fail(`expected start_object, got ${node.t}`);
  const msg = create(desc) as Msg;
  const byKey = new Map<string, DescField>();
  for (const f of desc.fields) {
    byKey.set(f.name, f);
    byKey.set(f.jsonName, f);
  }
  for (const [key, value] of node.entries) {
    const f = byKey.get(key);
    if (!f) continue; // unknown keys are skipped, whatever their value
    setField(msg, f, value);
  }
  return msg;
}

function setField(msg: Msg, f: DescField, node: JsonNode): void {
  if (f.fieldKind === 'list') {
    if (node.t === 'null') return;
    if (node.t !== 'array') return fail(`expected array for ${f.name}`);
    const list = msg[f.localName] as unknown[];
    for (const item of node.items) {
      if (f.listKind === 'message') {
        if (item.t === 'null') continue; // a null message element is skipped
        list.push(decodeMessage(f.message, item));
      } else if (f.listKind === 'enum') list.push(decodeEnum(f.enum, item));
      else list.push(decodeScalar(f.scalar, item));
    }
    return;
  }
  if (f.fieldKind === 'map') return fail('maps are not used by these requests');
  let value: unknown;
  if (f.fieldKind === 'message') {
    if (node.t === 'null') return; // null leaves a message field unset
    value = decodeMessage(f.message, node);
  } else if (f.fieldKind === 'enum') value = decodeEnum(f.enum, node);
  else value = decodeScalar(f.scalar, node);
  if (f.oneof) msg[f.oneof.localName] = { case: f.localName, value };
  else msg[f.localName] = value;
}

const INT32 = 2n ** 32n;
const wrapInt32 = (v: bigint): number => {
  const m = ((v % INT32) + INT32) % INT32;
  return Number(m >= 2n ** 31n ? m - INT32 : m);
};

/** absl::SimpleAtoi: trimmed ASCII whitespace, one optional sign, decimal digits, range-checked. */
function simpleAtoi(s: string, min: bigint, max: bigint): bigint {
  if (s.length > 128) return fail('number too big');
  const m = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)[ \t\n\v\f\r]*$/.exec(s);
  if (!m) return fail('failed to parse number from string');
  const v = BigInt(`${m[1] === '-' ? '-' : ''}${m[2]}`);
  if (v < min || v > max) return fail('failed to parse number from string');
  return v;
}

function decodeScalar(type: ScalarType, node: JsonNode): unknown {
  switch (type) {
    case ScalarType.STRING:
      if (node.t !== 'string') return fail(`expected string, got ${node.t}`);
      return node.v;
    case ScalarType.BOOL:
      if (node.t !== 'bool') return fail(`expected boolean, got ${node.t}`);
      return node.v;
    case ScalarType.INT32:
      if (node.t === 'int') return wrapInt32(node.v);
      if (node.t === 'double') return wrapInt32(BigInt(Math.trunc(node.v)));
      if (node.t === 'string') return Number(simpleAtoi(node.v, -(2n ** 31n), 2n ** 31n - 1n));
      return fail(`expected number, got ${node.t}`);
    case ScalarType.INT64:
      if (node.t === 'int') return node.v;
      if (node.t === 'double') return BigInt(Math.trunc(node.v));
      if (node.t === 'string') return simpleAtoi(node.v, -(2n ** 63n), 2n ** 63n - 1n);
      return fail(`expected number, got ${node.t}`);
    default:
      return fail(`scalar type ${ScalarType[type]} is not used by these requests`);
  }
}

/** Enum names the server knows: the first-declared name of each number (aliases are left out). */
function primaryNames(e: DescEnum): Map<string, number> {
  const out = new Map<string, number>();
  const seen = new Set<number>();
  for (const v of e.values) {
    if (seen.has(v.number)) continue;
    seen.add(v.number);
    out.set(v.name, v.number);
  }
  return out;
}

function decodeEnum(e: DescEnum, node: JsonNode): number {
  if (node.t === 'string') return primaryNames(e).get(node.v) ?? 0;
  if (node.t === 'int') {
    const n = Number(node.v);
    return e.values.some((v) => v.number === n) ? n : 0;
  }
  return fail(`unexpected json token for enum, got ${node.t}`);
}

const MAX_DURATION_SECONDS = 315_576_000_000n;

function decodeDuration(node: JsonNode) {
  if (node.t !== 'string') return fail(`expected string, got ${node.t}`);
  const s = node.v;
  if (s === '') return create(DurationSchema);
  const m = /^([0-9-]+)(?:\.([0-9]*))?(.*)$/s.exec(s);
  if (!m) return fail(`invalid duration string: ${s}`);
  if (!/^-?[0-9]+$/.test(m[1]!)) return fail(`invalid duration string: ${s}`);
  const seconds = BigInt(m[1]!);
  if (seconds > MAX_DURATION_SECONDS || seconds < -MAX_DURATION_SECONDS) return fail('duration out of range');
  const frac = m[2];
  if (frac !== undefined && (frac.length < 1 || frac.length > 9)) return fail(`invalid duration string: ${s}`);
  if (m[3] !== 's') return fail(`invalid duration string: ${s}`);
  let nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  if (s.startsWith('-')) nanos = -nanos;
  return create(DurationSchema, { seconds, nanos });
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** absl::ParseTime with `%E4Y-%m-%d%ET%H:%M:%S%Ez` or `…%E9S%Ez`, as json.cc uses it. */
function decodeTimestamp(node: JsonNode) {
  if (node.t !== 'string') return fail(`expected string, got ${node.t}`);
  const s = node.v.split('\0')[0]!.trim();
  if (s === '') return create(TimestampSchema);
  const m =
    /^(\d{4}|[+-]\d{3})-(\d{1,2})-(\d{1,2})[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)$/.exec(
      s,
    );
  if (!m) return fail(`invalid timestamp string: ${s}`);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  if (year! < -999 || year! > 9999) return fail('year out of range');
  if (month! < 1 || month! > 12 || hour! > 23 || minute! > 59 || second! > 60) return fail('out-of-range field');
  const dim = month === 2 && leap(year!) ? 29 : DAYS[month! - 1]!;
  if (day! < 1 || day! > dim) return fail('out-of-range field');
  let offset = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11] ?? 0);
    const os = Number(m[12] ?? 0);
    if (oh > 23 || om > 59 || os > 59) return fail('invalid offset');
    offset = (m[9] === '-' ? -1 : 1) * (oh * 3600 + om * 60 + os);
  }
  const leapSecond = second === 60;
  const days = daysFromCivil(year!, month!, day!);
  const seconds =
    BigInt(days) * 86400n + BigInt(hour! * 3600 + minute! * 60 + (leapSecond ? 60 : second!)) - BigInt(offset);
  const nanos = leapSecond || !m[7] ? 0 : Number(m[7].slice(0, 9).padEnd(9, '0'));
  return create(TimestampSchema, { seconds, nanos });
}
