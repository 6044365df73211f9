/**
 * Writes a message as the admin server's generated `to_json` does (decoding.md §10): camelCase
 * keys in declaration order; every non-oneof, non-optional field always, zeros, `""` and empty
 * lists included, nested messages with their defaults; oneof members and proto3 `optional` fields
 * only when set; enums by their first-declared name; int64 as strings; Durations as `"30s"` or
 * `"1.500s"`; Timestamps always with nine fractional digits and `Z`.
 */
import { ScalarType, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';

type Msg = Record<string, unknown>;

/** The JSON object the server writes for `msg`. */
export function encodeMessage(desc: DescMessage, msg: Message | undefined): unknown {
  if (desc.typeName === 'google.protobuf.Duration') return encodeDuration(msg as unknown as Msg | undefined);
  if (desc.typeName === 'google.protobuf.Timestamp') return encodeTimestamp(msg as unknown as Msg | undefined);
  const m = (msg ?? {}) as Msg;
  const out: Record<string, unknown> = {};
  for (const f of desc.fields) {
    if (f.oneof) {
      const o = m[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
      if (o?.case === f.localName) out[f.jsonName] = encodeValue(f, o.value);
      continue;
    }
    const value = m[f.localName];
    if (f.proto.proto3Optional && value === undefined) continue;
    if (f.fieldKind === 'list') {
      out[f.jsonName] = ((value as unknown[] | undefined) ?? []).map((v) => encodeValue(f, v));
      continue;
    }
    out[f.jsonName] = encodeValue(f, value);
  }
  return out;
}

function encodeValue(f: DescField, value: unknown): unknown {
  const kind = f.fieldKind === 'list' ? f.listKind : f.fieldKind;
  if (kind === 'message') return encodeMessage((f as { message: DescMessage }).message, value as Message | undefined);
  if (kind === 'enum') {
    const e = (f as DescField & { enum: { values: { number: number; name: string }[] } }).enum;
    const n = (value as number | undefined) ?? 0;
    // The first-declared name of the number; an unknown number prints as the first value.
    return (e.values.find((v) => v.number === n) ?? e.values[0]!).name;
  }
  const scalar = (f as { scalar: ScalarType }).scalar;
  switch (scalar) {
    case ScalarType.INT64:
      return String((value as bigint | undefined) ?? 0n);
    case ScalarType.INT32:
      return (value as number | undefined) ?? 0;
    case ScalarType.BOOL:
      return (value as boolean | undefined) ?? false;
    default:
      return (value as string | undefined) ?? '';
  }
}

function encodeDuration(d: Msg | undefined): string {
  const seconds = (d?.['seconds'] as bigint | undefined) ?? 0n;
  const nanos = (d?.['nanos'] as number | undefined) ?? 0;
  if (nanos === 0) return `${seconds}s`;
  const negative = seconds < 0n || nanos < 0;
  let frac = String(Math.abs(nanos)).padStart(9, '0');
  while (frac.endsWith('000')) frac = frac.slice(0, -3);
  const abs = seconds < 0n ? -seconds : seconds;
  return `${negative ? '-' : ''}${abs}.${frac}s`;
}

function encodeTimestamp(t: Msg | undefined): string {
  const seconds = (t?.['seconds'] as bigint | undefined) ?? 0n;
  const nanos = (t?.['nanos'] as number | undefined) ?? 0;
  const iso = new Date(Number(seconds) * 1000).toISOString(); // 1970-01-01T00:00:00.000Z
  return `${iso.slice(0, 19)}.${String(nanos).padStart(9, '0')}Z`;
}
