/**
 * The ShadowLink rpk sends for a config file (mapper.go's `shadowLinkConfigToProto`), in the Admin
 * API's JSON: the option blocks under `configurations`, keys in camelCase, rpk's enum spellings as
 * the API's names (any other spelling becomes UNSPECIFIED, which protobuf does not send), zero values
 * left out, intervals only when above zero, the first `start_at_*` that is set. With it, where each
 * part came from in the file, so that findings on it point at what the user wrote.
 */
import {
  apiEnumName,
  type GoStruct,
  type GoType,
  RPK_CONFIG,
  RPK_VERSION_ORDER,
  RPK_ONE_OF,
  rpkTopLevelPlace,
  type RpkVersion,
} from '../model/rpk-format';
import { childPointer, isDigits, parsePointer } from '../util/pointer';
import { snakeToCamel } from '../util/suggest';
import type { GoValue } from './read';
import { formatGoTime, goDuration, parseTimestamp } from './resolve';
import { parseServerDuration } from '../model/server-scalars';

/** rpk's keys in the API's camelCase, made once per key (they are the table's few dozen). */
const CAMEL = new Map<string, string>();
const camel = (key: string): string => {
  let c = CAMEL.get(key);
  if (c === undefined) CAMEL.set(key, (c = snakeToCamel(key)));
  return c;
};

/**
 * True for a Redpanda Cloud file (`cloud_options`, read from 26.1 on): rpk sends it to the cloud's
 * control plane, not to the Admin API, and the cloud fills in or resolves parts of it.
 */
export function isCloudFile(value: GoValue, rpk: RpkVersion): boolean {
  return (
    RPK_VERSION_ORDER['26.1'] <= RPK_VERSION_ORDER[rpk] &&
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value['cloud_options'] ?? null) !== null
  );
}

/** What `rpkToApi` builds: the ShadowLink, and for each of its pointers the pointer in the file it came from. */
export interface MappedLink {
  value: { [key: string]: unknown };
  /** API pointer → rpk pointer (the nearest part of the file it comes from). */
  from: Map<string, string>;
}

/** Nanoseconds as the API's Duration string (`30s`, `0.00000003s`). */
function apiDuration(ns: number): string {
  const whole = Math.trunc(ns / 1e9);
  const frac = Math.abs(ns % 1e9);
  return frac === 0 ? `${whole}s` : `${whole}.${String(frac).padStart(9, '0').replace(/0+$/, '')}s`;
}

/** The ShadowLink that release `rpk` of rpk sends for the file it read as `value` (`readRpkConfig`). */
export function rpkToApi(value: GoValue, rpk: RpkVersion): MappedLink {
  const from = new Map<string, string>();
  const knows = (since: RpkVersion) => RPK_VERSION_ORDER[since] <= RPK_VERSION_ORDER[rpk];

  const mapValue = (t: GoType, v: GoValue, api: string, rpk: string): unknown => {
    // A zero value was not written (or means "not set"): a finding there goes to the nearest part that was.
    if (v !== null && v !== '' && v !== 0 && v !== false) from.set(api, rpk);
    switch (t.kind) {
      case 'string':
        if (t.values) return typeof v === 'string' ? apiEnumName(t.name!, v) : undefined;
        return v === '' ? undefined : v;
      case 'bool':
        return v === true ? true : undefined;
      case 'int32':
        return v === 0 ? undefined : v;
      case 'duration':
        return typeof v === 'number' && v > 0 ? apiDuration(v) : undefined;
      case 'time':
        return typeof v === 'string' ? protoTimestamp(v) : undefined;
      case 'slice':
        if (!Array.isArray(v) || v.length === 0) return undefined;
        // A zero item is still an item: an empty string of a list of strings, an empty message of a list of them.
        return v.map((item, i) => {
          const at = childPointer(api, i);
          const mapped = mapValue(t.of, item, at, childPointer(rpk, i));
          if (mapped !== undefined) return mapped;
          // Written, though empty: a finding on it belongs to it.
          from.set(at, childPointer(rpk, i));
          return t.of.kind === 'string' ? '' : {};
        });
      case 'ptr':
        return v === null ? undefined : mapStruct(t.to, v, api, rpk);
      case 'struct':
        return mapStruct(t, v, api, rpk);
    }
  };

  const mapStruct = (t: GoStruct, v: GoValue, api: string, rpk: string): { [key: string]: unknown } => {
    const out: { [key: string]: unknown } = {};
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
    const oneOf = RPK_ONE_OF[t.name];
    let chosen = false;
    for (const field of t.fields) {
      const written = v[field.key] ?? null;
      // A zero value is not sent: nothing to map, and no pointer to make for it.
      if (!knows(field.since) || written === null || written === '' || written === 0 || written === false) continue;
      if (oneOf?.includes(field.key)) {
        if (chosen || v[field.key] === null) continue;
        chosen = true;
      }
      const key = camel(field.key);
      const mapped = mapValue(field.type, written, childPointer(api, key), childPointer(rpk, field.key));
      if (mapped !== undefined) out[key] = mapped;
    }
    return out;
  };

  const link: { [key: string]: unknown } = {};
  const configurations: { [key: string]: unknown } = {};
  const file = value as { [key: string]: GoValue };
  from.set('', '');
  from.set('/configurations', '');
  for (const field of RPK_CONFIG.fields) {
    const place = rpkTopLevelPlace(field.key);
    if (!knows(field.since) || place === 'cloud') continue;
    const key = camel(field.key);
    const api = place === 'configurations' ? `/configurations/${key}` : `/${key}`;
    const mapped = mapValue(field.type, file[field.key] ?? null, api, childPointer('', field.key));
    if (mapped === undefined) continue;
    if (place === 'configurations') configurations[key] = mapped;
    else link[key] = mapped;
  }
  // mapper.go always makes `configurations`, even when every block is unset.
  link['configurations'] = configurations;
  return { value: link, from };
}

/** rpk's spelling of an API enum name (`PATTERN_TYPE_LITERAL` of a name filter is `LITERAL`); undefined when rpk has none. */
function rpkEnumValue(t: GoType & { kind: 'string' }, api: unknown): string | undefined {
  return typeof api === 'string' ? t.values?.find((v) => apiEnumName(t.name!, v) === api) : undefined;
}

/**
 * A time rpk read (Go's RFC 3339 with nanoseconds, at any offset) as protojson writes the Timestamp
 * rpk's mapper makes of it (`timestamppb.New`): in UTC, with 0, 3, 6 or 9 fraction digits.
 */
function protoTimestamp(goTime: string): string | undefined {
  const t = parseTimestamp(goTime);
  if (!t) return undefined;
  const nanos = (((t.millis % 1000) + 1000) % 1000) * 1e6 + t.nanos;
  const base = new Date(t.millis - (((t.millis % 1000) + 1000) % 1000)).toISOString().slice(0, 19);
  if (nanos === 0) return `${base}Z`;
  const digits = String(nanos).padStart(9, '0');
  const kept = nanos % 1e6 === 0 ? digits.slice(0, 3) : nanos % 1e3 === 0 ? digits.slice(0, 6) : digits;
  return `${base}.${kept}Z`;
}

/**
 * An API Timestamp as rpk writes it back (`AsTime()` is UTC; yaml.v2 writes time.RFC3339Nano: no
 * trailing zeros in the fraction); undefined when there is none.
 */
function goTimeOf(api: unknown): string | undefined {
  if (typeof api !== 'string') return undefined;
  // The API's spellings Go's reader also takes: an upper-case `T` and `Z`, nanoseconds at most.
  const text = api
    .replace(/^(.{10})t/, '$1T')
    .replace(/z$/, 'Z')
    .replace(/(\.\d{9})\d+/, '$1');
  const t = parseTimestamp(text);
  // What no time can be is kept as written: rpk's file then says the same mistake (and rpk refuses it).
  return t ? formatGoTime({ ...t, offset: 0 }) : api;
}

/** An API Duration (`30s`, `1.5s`) as a Go duration (`goDuration`); undefined when not above zero (rpk does not send it). */
function goDurationOf(api: unknown): string | undefined {
  const d = typeof api === 'string' ? parseServerDuration(api) : undefined;
  const ns = d === undefined ? 0 : d.seconds * 1e9 + d.nanos;
  // A Go duration is an int64 of nanoseconds (about 292 years): a longer API Duration has no rpk form.
  if (ns > GO_DURATION_MAX_NS)
    throw new RpkFormError(
      `the Duration ${JSON.stringify(api)} is longer than a Go duration can hold (about 292 years)`,
    );
  return ns > 0 ? goDuration(ns) : undefined;
}

/** The longest Go duration, in nanoseconds (int64's maximum; as a float, 2^63). */
const GO_DURATION_MAX_NS = 2 ** 63 - 1;

/** A value of the API link that rpk's file cannot hold: `apiToRpk` says which, and nothing is converted. */
export class RpkFormError extends Error {
  override readonly name = 'RpkFormError';
}

/**
 * The rpk config file for an API ShadowLink, as rpk writes one (mapper.go's `shadowLinkToConfig`,
 * yaml.v2's `omitempty`): rpk's keys in struct order, rpk's enum spellings (a value rpk has no
 * spelling for is left out, as rpk writes UNSPECIFIED), Go durations, zero values left out except
 * `name` and TLS `enabled`. What that release of rpk does not read is not written.
 */
export function apiToRpk(link: unknown, rpk: RpkVersion): { [key: string]: unknown } {
  const source = isPlainObj(link) ? link : {};
  const configurations = isPlainObj(source['configurations']) ? source['configurations'] : {};
  const out: { [key: string]: unknown } = { name: typeof source['name'] === 'string' ? source['name'] : '' };
  for (const field of RPK_CONFIG.fields) {
    if (rpkTopLevelPlace(field.key) !== 'configurations' || !knowsOf(rpk)(field.since)) continue;
    const value = fromApi(field.type, configurations[camel(field.key)], rpk);
    if (value !== undefined) out[field.key] = value;
  }
  return out;
}

/**
 * An API value (a fix's replacement) in rpk's form for the rpk key at `pointer`: enum spellings,
 * Go durations, snake_case keys. Undefined when the pointer is no field of rpk's structs, or rpk
 * has no form for the value.
 */
export function apiValueAsRpk(pointer: string, value: unknown, rpk: RpkVersion): unknown {
  let t: GoType | undefined = RPK_CONFIG;
  for (const token of parsePointer(pointer)) {
    while (t?.kind === 'ptr') t = t.to;
    if (t?.kind === 'struct') t = t.fields.find((f) => f.key === token)?.type;
    else if (t?.kind === 'slice' && isDigits(token)) t = t.of;
    else t = undefined;
  }
  return t === undefined ? undefined : fromApi(t, value, rpk);
}

const isPlainObj = (v: unknown): v is { [key: string]: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const knowsOf = (rpk: RpkVersion) => (since: RpkVersion) => RPK_VERSION_ORDER[since] <= RPK_VERSION_ORDER[rpk];

/** An API value of a field as rpk writes it (`omitempty`: a zero value is undefined). */
function fromApi(t: GoType, v: unknown, rpk: RpkVersion): unknown {
  switch (t.kind) {
    case 'string':
      if (t.values) return rpkEnumValue(t, v);
      return typeof v === 'string' && v !== '' ? v : undefined;
    case 'bool':
      return v === true ? true : undefined;
    case 'int32':
      return typeof v === 'number' && v !== 0 ? v : undefined;
    case 'duration':
      return goDurationOf(v);
    case 'time':
      return goTimeOf(v);
    case 'slice':
      return Array.isArray(v) && v.length > 0 ? v.map((item) => fromApi(t.of, item, rpk) ?? {}) : undefined;
    case 'ptr':
      return isPlainObj(v) ? fromApiStruct(t.to, v, rpk) : undefined;
    case 'struct':
      return isPlainObj(v) ? fromApiStruct(t, v, rpk) : undefined;
  }
}

function fromApiStruct(t: GoStruct, v: { [key: string]: unknown }, rpk: RpkVersion): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const field of t.fields) {
    if (!knowsOf(rpk)(field.since)) continue;
    const value = fromApi(field.type, v[camel(field.key)], rpk);
    // TLS `enabled` has no omitempty: rpk always writes it.
    if (value !== undefined) out[field.key] = value;
    else if (t.name === 'shadow.TLSSettings' && field.key === 'enabled') out[field.key] = false;
  }
  return out;
}
