/**
 * The server's JSON decoding, reproduced: every spelling the server accepts for a field (snake_case
 * keys, enum numbers, int32 decimal strings, `null` for messages and lists, lenient Durations and
 * Timestamps) is turned into the canonical document, so that structure and rules check exactly what
 * the server will act on. Each non-canonical spelling is reported where it is written.
 * Source: bazel/pbgen/main.go and src/v/serde/protobuf/json.cc of the server (26.1).
 */
import type { TSchema } from '@sinclair/typebox';
import { ruleFinding } from '../engine/findings';
import type { Diagnostic } from '../core/diagnostics';
import { kindSchemas, type DocumentKind } from '../model/kinds';
import { childPointer, fieldName, isObject, parsePointer } from '../util/pointer';
import { camelToSnake } from '../util/suggest';
import { canonicalDuration, int32FromString, parseServerTimestamp } from '../model/server-scalars';
import { ENUM_ALIASES } from '../facts/enum-spelling';

type Node = { [key: string]: unknown };

/** Where a canonical container came from: its written pointer, and written names of renamed keys or moved items. */
interface Origin {
  at: string;
  keys?: Map<string, string>;
  items?: string[];
}

/** The result of decoding: the canonical document, the spelling findings, and the pointer mapping. */
export interface Decoded {
  /** The document as the server reads it; the input itself when it was already canonical. */
  value: unknown;
  /** Findings about spellings, with pointers as written. */
  diagnostics: Diagnostic[];
  /** Maps a pointer into `value` to the pointer of the same place as written. */
  written(pointer: string): string;
}

/** `bootstrapServers` → `bootstrap_servers`: the protobuf field name the server also accepts. */
export const protoName = camelToSnake;

/** Property schemas by JSON name and by proto name, per object schema (computed once). */
const nameTables = new WeakMap<object, Map<string, string>>();
function namesOf(schema: Node): Map<string, string> {
  let table = nameTables.get(schema);
  if (!table) {
    table = new Map();
    for (const json of Object.keys((schema.properties as Node) ?? {})) {
      table.set(json, json);
      const proto = protoName(json);
      if (proto !== json) table.set(proto, json);
    }
    nameTables.set(schema, table);
  }
  return table;
}

const isMessage = (s: Node | undefined): boolean => !!s && isObject(s.properties);
const isList = (s: Node | undefined): boolean => !!s && s.type === 'array';
const isEnum = (s: Node | undefined): s is Node & { enum: string[] } => !!s && Array.isArray(s.enum);
const isInt32 = (s: Node | undefined): boolean => !!s && s.type === 'integer';

/** The enum names by protobuf number: aliases share their target's number and are not numbered themselves. */
function enumByNumber(s: Node & { enum: string[] }, n: number): string | undefined {
  return s.enum.filter((name) => !Object.hasOwn(ENUM_ALIASES, name))[n];
}

/**
 * Where to decode: everywhere, or only along the places the structure check refused (and all of
 * what lies below them) — every other spelling the decoder rewrites is one the check refuses.
 */
type Focus = { readonly all: true } | { readonly all: false; readonly below: Map<string, Focus> };

const EVERYWHERE: Focus = { all: true };

/** The focus of a child: undefined when nothing below it needs decoding. */
const within = (focus: Focus, token: string): Focus | undefined => (focus.all ? focus : focus.below.get(token));

/** The focus made of the pointers of structural findings: each place, and the way to it. */
function focusOn(pointers: readonly string[]): Focus {
  const root: { all: false; below: Map<string, Focus> } = { all: false, below: new Map() };
  for (const pointer of pointers) {
    if (pointer === '') return EVERYWHERE;
    const tokens = parsePointer(pointer);
    let node: Focus = root;
    for (let i = 0; i < tokens.length && !node.all; i++) {
      const last = i === tokens.length - 1;
      let next: Focus | undefined = node.below.get(tokens[i]!);
      if (last) next = EVERYWHERE;
      else if (!next) next = { all: false, below: new Map() };
      node.below.set(tokens[i]!, next);
      node = next;
    }
  }
  return root;
}

/** A new object with the first `n` of `keys` of `value`, in order. */
function copyUpTo(value: Node, keys: readonly string[], n: number): Node {
  const out: Node = {};
  for (let i = 0; i < n; i++) out[keys[i]!] = value[keys[i]!];
  return out;
}

/**
 * What the decoder puts in place of a string under a `duration` or `timestamp` format — the
 * canonical spelling of what the server reads — or undefined when it keeps the string. `exact`:
 * false for an infinite time, which has no RFC 3339 spelling (the nearest representable instant
 * stands in for it, for the rules to judge).
 */
function formattedRewrite(
  format: 'duration' | 'timestamp',
  value: string,
): { canonical: string; exact: boolean } | undefined {
  if (format === 'duration') {
    const canonical = canonicalDuration(value);
    return canonical === undefined || canonical === value ? undefined : { canonical, exact: true };
  }
  const parsed = parseServerTimestamp(value);
  if (!parsed || parsed.canonical === value) return undefined;
  if (parsed.canonical !== undefined) return { canonical: parsed.canonical, exact: true };
  const nearest =
    parsed.epochMillis > 0 ? '9999-12-31T23:59:59Z' : parsed.epochMillis < 0 ? '0001-01-01T00:00:00Z' : undefined;
  return nearest === undefined ? undefined : { canonical: nearest, exact: false };
}

/**
 * Whether the decoder keeps a value its format refused as it is. In a document refused only by
 * formats, such strings are all the decoder could rewrite: keys, enums, integers and nulls the
 * structure check accepted are canonical already.
 */
export function keepsFormatted(format: string, value: unknown): boolean {
  return (
    typeof value !== 'string' ||
    (format !== 'duration' && format !== 'timestamp') ||
    formattedRewrite(format, value) === undefined
  );
}

class Decoder {
  readonly diagnostics: Diagnostic[] = [];
  readonly origins = new WeakMap<object, Origin>();

  /** Decodes `value` (written at `at`) against `schema`; returns the canonical value (the same object when unchanged). */
  decode(value: unknown, schema: Node | undefined, at: string, depth: number, focus: Focus = EVERYWHERE): unknown {
    if (!schema || depth > 300) return value;
    if (isMessage(schema) && isObject(value)) return this.message(value, schema, at, depth, focus);
    if (isList(schema) && Array.isArray(value)) return this.list(value, schema.items as Node, at, depth, focus);
    if (isEnum(schema) && typeof value === 'number' && Number.isInteger(value)) {
      const name = enumByNumber(schema, value);
      if (name === undefined) return value;
      this.diagnostics.push(
        ruleFinding(
          'enum-spelling',
          'number',
          at,
          { field: fieldName(at), value, name },
          { kind: 'replace-value', pointer: at, value: name },
        ),
      );
      return name;
    }
    if (isInt32(schema) && typeof value === 'string') {
      const n = int32FromString(value);
      if (n === undefined) return value;
      this.diagnostics.push(
        ruleFinding(
          'integer-as-string',
          'quoted',
          at,
          { field: fieldName(at), value: JSON.stringify(value.slice(0, 40)), number: n },
          {
            kind: 'replace-value',
            pointer: at,
            value: n,
          },
        ),
      );
      return n;
    }
    if (typeof value === 'string' && (schema.format === 'duration' || schema.format === 'timestamp')) {
      const rewrite = formattedRewrite(schema.format, value);
      if (rewrite === undefined) return value;
      const { canonical, exact } = rewrite;
      if (schema.format === 'duration')
        this.diagnostics.push(
          ruleFinding(
            'duration',
            value === '' ? 'empty' : 'nonCanonical',
            at,
            { field: fieldName(at), value: JSON.stringify(value.slice(0, 40)), canonical: JSON.stringify(canonical) },
            { kind: 'replace-value', pointer: at, value: canonical },
          ),
        );
      else if (value === '') this.diagnostics.push(ruleFinding('start-at-timestamp', 'empty', at, {}));
      else
        this.diagnostics.push(
          ruleFinding(
            'start-at-timestamp',
            'nonCanonical',
            at,
            { value: JSON.stringify(value.slice(0, 60)), canonical: JSON.stringify(canonical) },
            exact ? { kind: 'replace-value', pointer: at, value: canonical } : undefined,
          ),
        );
      return canonical;
    }
    return value;
  }

  /**
   * `null` on an empty message whose presence is the value (`startAtLatest: {}`): unset, the choice
   * is not made. The opposite of what was written for `startAtLatest` and `shadowSchemaRegistryTopic`,
   * the default anyway for `startAtEarliest`.
   */
  private nullMarker(field: string, pointer: string): void {
    if (field === 'startAtEarliest') this.diagnostics.push(ruleFinding('null-value', 'markerSame', pointer, {}));
    else if (field === 'startAtLatest' || field === 'shadowSchemaRegistryTopic')
      this.diagnostics.push(
        ruleFinding('null-value', 'markerOpposite', pointer, {
          field,
          effect:
            field === 'startAtLatest'
              ? 'replication starts at the earliest offset (the default)'
              : 'the `_schemas` topic is not shadowed',
        }),
      );
  }

  private message(value: Node, schema: Node, at: string, depth: number, focus: Focus): unknown {
    const names = namesOf(schema);
    const props = schema.properties as Record<string, Node>;
    const written = Object.keys(value);
    if (written.every((key) => (names.get(key) ?? key) === key))
      return this.canonical(value, props, written, at, depth, focus);
    let out: Node | undefined;
    const keys = new Map<string, string>();
    const writtenAs = new Map<string, string>();
    const spelledTwice = new Set<string>();
    const seenNames = new Set<string>();
    for (const key of Object.keys(value)) {
      const json = names.get(key);
      if (json === undefined) continue;
      if (seenNames.has(json)) spelledTwice.add(json);
      seenNames.add(json);
    }
    const ensure = (upTo: string | undefined): Node => {
      if (out) return out;
      out = {};
      // Copy the keys already seen unchanged, in order, up to the first one that changes.
      for (const k of Object.keys(value)) {
        if (k === upTo) break;
        out[k] = value[k];
      }
      return out;
    };
    for (const key of Object.keys(value)) {
      const raw = value[key];
      const json = names.get(key);
      const pointer = childPointer(at, key);
      if (json === undefined) {
        if (out) out[key] = raw;
        continue;
      }
      const fieldSchema = props[json];
      if (raw === null && (isMessage(fieldSchema) || isList(fieldSchema))) {
        // `null` for a message or a list means "not set" to the server.
        this.nullMarker(json, pointer);
        ensure(key);
        continue;
      }
      // A key spelt otherwise is one the structure check did not look inside: all of it is decoded.
      const inner = json !== key ? EVERYWHERE : within(focus, key);
      const decoded = inner ? this.decode(raw, fieldSchema, pointer, depth + 1, inner) : raw;
      const previous = writtenAs.get(json);
      if (previous !== undefined) {
        // Both spellings of one field: lists are appended, anything else is replaced by the later one.
        const earlier = childPointer(at, previous);
        this.diagnostics.push(
          ruleFinding(
            'snake-case-key',
            'both',
            pointer,
            { key: JSON.stringify(key), other: JSON.stringify(previous), camel: json },
            undefined,
            {
              suggestions: [{ message: `Remove "${previous}".`, fix: { kind: 'remove', pointer: earlier } }],
              related: [{ pointer: earlier, message: `the other spelling of \`${json}\`` }],
            },
          ),
        );
        const target = ensure(key);
        if (isList(fieldSchema) && Array.isArray(target[json]) && Array.isArray(decoded)) {
          const first = target[json] as unknown[];
          const firstAt =
            this.origins.get(first)?.items ?? first.map((_, i) => childPointer(childPointer(at, previous), i));
          const merged = [...first, ...decoded];
          const secondAt = decoded.map((_, i) => childPointer(pointer, i));
          this.origins.set(merged, { at: childPointer(at, previous), items: [...firstAt, ...secondAt] });
          target[json] = merged;
        } else {
          target[json] = decoded;
          keys.set(json, key);
        }
        continue;
      }
      writtenAs.set(json, key);
      if (json !== key) {
        // With both spellings present the "both" finding says what to do; a rename would duplicate a key.
        if (!spelledTwice.has(json))
          this.diagnostics.push(
            ruleFinding(
              'snake-case-key',
              'rename',
              pointer,
              { key: JSON.stringify(key), camel: json },
              {
                kind: 'rename-key',
                pointer,
                to: json,
              },
            ),
          );
        keys.set(json, key);
        ensure(key)[json] = decoded;
      } else if (decoded !== raw) ensure(key)[json] = decoded;
      else if (out) out[json] = decoded;
    }
    if (!out) return value;
    this.origins.set(out, { at, ...(keys.size > 0 ? { keys } : {}) });
    return out;
  }

  /**
   * `message` for an object whose keys are all spelt as the model spells them (or unknown to it): no
   * renames, no field written twice; only its values may need decoding. Allocates nothing when none does.
   */
  private canonical(
    value: Node,
    props: Record<string, Node>,
    keys: readonly string[],
    at: string,
    depth: number,
    focus: Focus,
  ): unknown {
    let out: Node | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const raw = value[key];
      if (!Object.hasOwn(props, key)) {
        if (out) out[key] = raw;
        continue;
      }
      const fieldSchema = props[key];
      // `null` for a message or a list means "not set" to the server: the key is dropped.
      if (raw === null && (isMessage(fieldSchema) || isList(fieldSchema))) {
        this.nullMarker(key, childPointer(at, key));
        out ??= copyUpTo(value, keys, i);
        continue;
      }
      const inner = within(focus, key);
      const decoded = inner ? this.decode(raw, fieldSchema, childPointer(at, key), depth + 1, inner) : raw;
      if (decoded !== raw) (out ??= copyUpTo(value, keys, i))[key] = decoded;
      else if (out) out[key] = decoded;
    }
    if (!out) return value;
    this.origins.set(out, { at });
    return out;
  }

  private list(value: unknown[], itemSchema: Node | undefined, at: string, depth: number, focus: Focus): unknown {
    let out: unknown[] | undefined;
    let items: string[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const raw = value[i];
      const pointer = childPointer(at, i);
      if (raw === null && isMessage(itemSchema)) {
        // The server skips null entries of a list of messages.
        this.diagnostics.push(ruleFinding('null-value', 'entry', pointer, {}, { kind: 'remove', pointer }));
        if (!out) {
          out = value.slice(0, i);
          items = out.map((_, j) => childPointer(at, j));
        }
        continue;
      }
      const inner = within(focus, String(i));
      const decoded = inner ? this.decode(raw, itemSchema, pointer, depth + 1, inner) : raw;
      if (!out && decoded !== raw) {
        out = value.slice(0, i);
        items = out.map((_, j) => childPointer(at, j));
      }
      if (out) {
        out.push(decoded);
        items!.push(pointer);
      }
    }
    if (!out) return value;
    this.origins.set(out, { at, items: items! });
    return out;
  }
}

/**
 * The canonical document of `kind` and its spelling findings (pointers as written); with `only`
 * (the pointers of structural findings), only the parts at and above those places are decoded.
 */
export function decodeDocument(kind: DocumentKind, value: unknown, only?: readonly string[]): Decoded {
  // A Connect error is plain JSON written by servers and proxies, not a protobuf message.
  if (kind === 'ConnectError') return { value, diagnostics: [], written: (p) => p };
  const d = new Decoder();
  const canonical = d.decode(value, kindSchemas[kind] as TSchema as Node, '', 0, only ? focusOn(only) : EVERYWHERE);
  if (canonical === value) return { value, diagnostics: d.diagnostics, written: (p) => p };
  const written = (pointer: string): string => {
    if (pointer === '') return '';
    let node: unknown = canonical;
    let at = '';
    const tokens = pointer.slice(1).split('/');
    for (const raw of tokens) {
      const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      const origin = node !== null && typeof node === 'object' ? d.origins.get(node) : undefined;
      if (origin) at = origin.at;
      let next: string;
      if (Array.isArray(node) && origin?.items && /^\d+$/.test(token) && Number(token) < origin.items.length)
        next = origin.items[Number(token)]!;
      else next = childPointer(at, origin?.keys?.get(token) ?? token);
      node = node !== null && typeof node === 'object' ? (node as Node)[token] : undefined;
      at = next;
    }
    return at;
  };
  return { value: canonical, diagnostics: d.diagnostics, written };
}

/** The document as the server would read it: camelCase keys, enum names, numbers as numbers. */
export const canonicalize = (kind: DocumentKind, value: unknown): unknown => decodeDocument(kind, value).value;

/** A document without its top-level `"$schema"`: it names the schema for editors and is not part of a request. */
export function withoutSchemaKey(value: unknown): unknown {
  if (!isObject(value) || typeof value['$schema'] !== 'string') return value;
  const { $schema: _editorOnly, ...rest } = value;
  return rest;
}
