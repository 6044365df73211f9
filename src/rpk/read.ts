/**
 * Reads an rpk shadow-link config file as rpk does: `yaml.Unmarshal` (gopkg.in/yaml.v2 2.4.0, not
 * the strict variant) into rpk's structs (src/model/rpk-format). What rpk holds afterwards, the keys
 * it drops without a word, and its refusals with the text yaml.v2 gives them, each with where it
 * is in the file. Source: yaml.v2's decode.go (`unmarshal`, `prepare`, `scalar`, `mappingStruct`,
 * `merge`), read to learn its behaviour; test/rpk-reader.test.ts holds this reader to yaml.v2 itself.
 */
import { isAlias, isMap, isScalar, isSeq, Scalar, type Alias, type Document, type Node as YamlNode } from 'yaml';
import { goTypeName, RPK_CONFIG, type GoStruct, type GoType } from '../model/rpk-format';
import { composeQuietly, readCst, YAML_OPTIONS } from '../source/yaml';
import { LineIndex } from '../source/text-position';
import { indexYaml } from '../source/yaml-value';
import { MAX_FILE_DEPTH } from '../source/types';
import { childPointer } from '../util/pointer';
import { formatGoTime, parseTimestamp, resolvePlain, type GoTime, type Resolved } from './resolve';

/** A value as rpk holds it: every field of every struct present (Go's zero values), nil pointers as null. */
export type GoValue = null | boolean | number | string | GoValue[] | { [key: string]: GoValue };

/** Where something is in the file: offsets `[start, end)`. */
export type Offsets = readonly [number, number];

/** A refusal of the file by yaml.v2: rpk stops with it. */
export interface RpkReadError {
  /** yaml.v2's text for it (`line 3: cannot unmarshal !!str \`5\` into int32`). */
  message: string;
  at: Offsets;
  /** A type mismatch (yaml.v2 goes on and lists them all) rather than a failure that stops the decoding. */
  kind: 'type' | 'fatal' | 'syntax';
  /** The field being read, in rpk's structs (`''`: the file). */
  pointer: string;
}

/** A key rpk reads over without a word: not a field of the struct it is in. */
export interface DroppedKey {
  /** Where the key's struct is in rpk's structs (JSON Pointer of YAML keys, `''` for the file). */
  parent: string;
  key: string;
  /** The Go struct it is not a field of. */
  struct: GoStruct;
  at: Offsets;
}

/** What rpk reads from a file. */
export interface RpkRead {
  /** What rpk holds, as far as yaml.v2 got (rpk uses it only when `errors` is empty). */
  value: GoValue;
  errors: RpkReadError[];
  dropped: DroppedKey[];
  /** Fields written twice in one mapping (the last one wins, or two mappings are merged). */
  repeated: { pointer: string; at: Offsets }[];
  /** Where each field rpk set was written (the key and the value), by its pointer in rpk's structs. */
  written: Map<
    string,
    { key?: Offsets; value: Offsets; /** Written as null (`key:`, `~`): its zero value was not written. */ null?: true }
  >;
  /** Values rpk reads otherwise than they look: a duration written as a number, a marker written as null. */
  notes: RpkNote[];
  /** The keys written into each struct value (so a walk can pass over the zero fields without making their pointers). */
  writtenKeys: WeakMap<object, Set<string>>;
}

/**
 * A value rpk reads, but not as written: a bare number for a duration (nanoseconds), a marker key
 * with nothing after it (not set), a number with a fraction for an integer field (truncated).
 */
export interface RpkNote {
  kind: 'number-duration' | 'null-marker' | 'truncated';
  pointer: string;
  /** The text as written. */
  written: string;
  at: Offsets;
  /** For `truncated`: the whole number rpk reads, and the type it reads it into. */
  read?: number;
  into?: 'int32' | 'duration';
}

/** Past this many decode steps through aliases the reader stops, as yaml.v2 does ("excessive aliasing"). */
const ALIAS_LOW = 400_000;
const ALIAS_HIGH = 4_000_000;

/**
 * Reads rpk's config file text. Never throws. `parsed`: the text's first document as the YAML
 * reader composed it without an error (src/source/yaml), read instead of parsing the text again:
 * only its node structure, scalar texts, styles and tags are read, which no schema changes.
 */
export function readRpkConfig(text: string, parsed?: Document): RpkRead {
  const out: RpkRead = {
    value: zeroOf(RPK_CONFIG),
    errors: [],
    dropped: [],
    repeated: [],
    written: new Map(),
    notes: [],
    writtenKeys: new WeakMap(),
  };
  // Lines are counted only for a message that names one (most files have none).
  let lines: LineIndex | undefined;
  const lineOf = (offset: number): number => (lines ??= new LineIndex(text)).position(offset).line;
  let doc: Document | undefined = parsed;
  try {
    if (!doc) {
      const cst = readCst(text);
      // Past the depth limit the parse stopped: there is nothing to compose (the YAML reader says parse/too-deep).
      if (cst.depth > MAX_FILE_DEPTH) {
        out.errors.push({
          message: `yaml: the document nests deeper than ${MAX_FILE_DEPTH} levels`,
          at: [0, 0],
          kind: 'syntax',
          pointer: '',
        });
        return out;
      }
      doc = composeQuietly(cst.tokens, { ...YAML_OPTIONS, strict: false, version: '1.1' })[0];
    }
  } catch (e) {
    out.errors.push({
      message: `yaml: ${e instanceof Error ? e.message : String(e)}`,
      at: [0, 0],
      kind: 'syntax',
      pointer: '',
    });
    return out;
  }
  const syntax = doc?.errors[0];
  if (syntax) {
    const at: Offsets = [syntax.pos[0], syntax.pos[1]];
    out.errors.push({
      message: `yaml: line ${lineOf(at[0])}: ${syntax.message}`,
      at,
      kind: 'syntax',
      pointer: '',
    });
    return out;
  }
  if (!doc || doc.contents === null) return out;
  const decoder = new Decoder(doc, lineOf, out);
  try {
    out.value = decoder.decode(doc.contents, RPK_CONFIG, '', out.value) ?? out.value;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    // A failure that stops yaml.v2 is the only error it returns: the mismatches met before are dropped.
    out.errors = [{ message: e.message, at: e.at, kind: 'fatal', pointer: e.pointer }];
  }
  return out;
}

/** A failure that stops yaml.v2's decoding (its `failf`/`fail`): rpk reports that message alone. */
class Stop {
  constructor(
    readonly message: string,
    readonly at: Offsets,
    readonly pointer = '',
  ) {}
}

/** A field's Go zero value. */
function zeroOf(t: GoType): GoValue {
  switch (t.kind) {
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'duration':
      return 0;
    case 'time':
    case 'slice':
    case 'ptr':
      return null;
    case 'struct': {
      const o: { [key: string]: GoValue } = {};
      for (const field of t.fields) o[field.key] = zeroOf(field.type);
      return o;
    }
  }
}

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The decoding of one document. */
class Decoder {
  private decodes = 0;
  private aliasSteps = 0;
  private aliasDepth = 0;
  private readonly aliasing = new Set<YamlNode>();
  /** Each alias's anchor, found in one walk: the `yaml` package's `Alias.resolve` walks the whole document per alias (36,000 aliases took minutes). */
  private targets: Map<Alias, YamlNode> | undefined;

  constructor(
    private readonly doc: Document,
    private readonly lineOf: (offset: number) => number,
    private readonly out: RpkRead,
  ) {}

  private at(node: YamlNode | null | undefined): Offsets {
    const r = node?.range;
    return r ? [r[0], r[1]] : [0, 0];
  }

  private line(node: YamlNode | null | undefined): number {
    return this.lineOf(this.at(node)[0]);
  }

  /** A type mismatch, as yaml.v2's `terror` words it. */
  private mismatch(node: YamlNode, tag: string, t: GoType, pointer: string): void {
    let shown = '';
    if (tag !== '!!seq' && tag !== '!!map') {
      // yaml.v2 counts bytes, not characters (TextEncoder, not Buffer: this module runs in browsers too).
      const written = isScalar(node) ? scalarText(node) : '';
      const bytes = new TextEncoder().encode(written);
      shown = bytes.length > 10 ? ` \`${new TextDecoder().decode(bytes.subarray(0, 7))}...\`` : ` \`${written}\``;
    }
    const explicit = explicitTag(node);
    this.out.errors.push({
      message: `line ${this.line(node)}: cannot unmarshal ${explicit ?? tag}${shown} into ${goName(t)}`,
      at: this.at(node),
      kind: 'type',
      pointer,
    });
  }

  /**
   * Decodes `node` into a value of type `t` that held `current` (a struct being merged into keeps
   * its fields); undefined when the node does not fit (yaml.v2's "not good": a list drops it).
   */
  decode(node: YamlNode, t: GoType, pointer: string, current: GoValue): GoValue | undefined {
    this.decodes++;
    if (this.aliasDepth > 0) this.aliasSteps++;
    if (
      this.aliasSteps > 100 &&
      this.decodes > 1000 &&
      this.aliasSteps / this.decodes > allowedAliasRatio(this.decodes)
    )
      throw new Stop('yaml: document contains excessive aliasing', this.at(node));
    if (isAlias(node)) {
      const target = this.target(node);
      if (!target) throw new Stop(`yaml: unknown anchor '${node.source}' referenced`, this.at(node));
      if (this.aliasing.has(node)) throw new Stop(`yaml: anchor '${node.source}' value contains itself`, this.at(node));
      this.aliasing.add(node);
      this.aliasDepth++;
      try {
        return this.decode(target, t, pointer, current);
      } finally {
        this.aliasDepth--;
        this.aliasing.delete(node);
      }
    }
    // yaml.v2's `prepare`: a null written as `null`, `~` or nothing leaves a pointer nil; any other
    // value allocates it first (so `Null` gives a set pointer to a zero struct).
    if (isNullShortcut(node)) {
      // A marker (an empty struct) written with nothing after its key stays unset.
      if (t.kind === 'ptr' && t.to.fields.length === 0 && isScalar(node) && scalarText(node) === '' && node.range)
        this.out.notes.push({ kind: 'null-marker', pointer, written: '', at: this.at(node) });
      return this.scalar(node as Scalar, t, true, pointer);
    }
    if (t.kind === 'ptr') {
      const inner = current === null ? zeroOf(t.to) : current;
      return this.decode(node, t.to, pointer, inner);
    }
    if (t.kind === 'time' && !isScalar(node)) {
      // A time.Time is a struct without a field yaml.v2 can set: a mapping sets none, silently.
      if (isMap(node)) {
        this.struct(node, TIME_STRUCT, pointer, null);
        return ZERO_TIME;
      }
      this.mismatch(node, '!!seq', { kind: 'time' }, pointer);
      return undefined;
    }
    if (isScalar(node)) return this.scalar(node, t, false, pointer);
    if (isMap(node)) {
      if (t.kind === 'struct') return this.struct(node, t, pointer, current);
      this.mismatch(node, '!!map', t, pointer);
      return undefined;
    }
    if (isSeq(node)) {
      if (t.kind !== 'slice') {
        this.mismatch(node, '!!seq', t, pointer);
        return undefined;
      }
      // An item that does not fit is left out (yaml.v2 keeps only the good ones, in order).
      const items: GoValue[] = [];
      for (const item of node.items as YamlNode[]) {
        const itemPointer = childPointer(pointer, items.length);
        const v = this.decode(item, t.of, itemPointer, zeroOf(t.of));
        if (v === undefined) continue;
        this.out.written.set(itemPointer, { value: this.at(item) });
        items.push(v);
      }
      return items;
    }
    return undefined;
  }

  private struct(node: YamlNode & { items: unknown[] }, t: GoStruct, pointer: string, current: GoValue): GoValue {
    const value = (
      current !== null && typeof current === 'object' && !Array.isArray(current) ? current : zeroOf(t)
    ) as { [key: string]: GoValue };
    const seen = new Set<string>();
    for (const pair of node.items as { key: YamlNode | null; value: YamlNode | null }[]) {
      const keyNode = pair.key;
      if (keyNode && isMergeKey(keyNode)) {
        this.merge(pair.value, t, pointer, value);
        continue;
      }
      const name = keyNode === null ? '' : this.keyName(keyNode);
      if (name === undefined) continue;
      const field = t.fields.find((x) => x.key === name);
      const at = this.at(keyNode ?? pair.value);
      if (!field) {
        this.out.dropped.push({ parent: pointer, key: name, struct: t, at });
        continue;
      }
      const fieldPointer = childPointer(pointer, name);
      if (seen.has(name)) this.out.repeated.push({ pointer: fieldPointer, at });
      seen.add(name);
      let keys = this.out.writtenKeys.get(value);
      if (!keys) this.out.writtenKeys.set(value, (keys = new Set()));
      keys.add(name);
      const valueNode = pair.value ?? new Scalar(null);
      const decoded = this.decode(valueNode as YamlNode, field.type, fieldPointer, value[name]!);
      if (decoded !== undefined) value[name] = decoded;
      else if (value[name] === null && (field.type.kind === 'ptr' || field.type.kind === 'time')) {
        // yaml.v2 allocates a pointer before it decodes into it: a value that does not fit leaves it set.
        const target = this.resolved(valueNode as YamlNode);
        if (target && !isNullShortcut(target))
          value[name] = field.type.kind === 'ptr' ? zeroOf(field.type.to) : ZERO_TIME;
      }
      const place: { key?: Offsets; value: Offsets; null?: true } = { key: at, value: this.at(pair.value ?? keyNode) };
      const target = pair.value === null ? null : this.resolved(pair.value as YamlNode);
      if (target === null || (target !== undefined && isNullShortcut(target))) place.null = true;
      this.out.written.set(fieldPointer, place);
    }
    return value;
  }

  /** The node an alias stands for (the node itself when it is not one). */
  private resolved(node: YamlNode): YamlNode | undefined {
    return isAlias(node) ? this.target(node) : node;
  }

  /** The node an alias names: the last node with its anchor before it, as yaml.v2 (and the `yaml` package) resolve it. */
  private target(alias: Alias): YamlNode | undefined {
    this.targets ??= indexYaml(this.doc.contents).targets;
    return this.targets.get(alias);
  }

  /** A key as yaml.v2 reads it into a Go string: a scalar's text, or nothing for a collection (a type mismatch). */
  private keyName(node: YamlNode): string | undefined {
    const target = this.resolved(node);
    if (!target)
      throw new Stop(`yaml: unknown anchor '${(node as { source?: string }).source}' referenced`, this.at(node));
    if (isScalar(target)) {
      const v = this.scalar(target, { kind: 'string' }, false, '');
      return typeof v === 'string' ? v : undefined;
    }
    this.mismatch(target, isSeq(target) ? '!!seq' : '!!map', { kind: 'string' }, '');
    return undefined;
  }

  /** `<<: value`: a mapping, or a list of them (earlier ones win), decoded into the struct at that point. */
  private merge(node: YamlNode | null, t: GoStruct, pointer: string, value: GoValue): void {
    const wantMap = () => new Stop('yaml: map merge requires map or sequence of maps as the value', this.at(node));
    if (!node) throw wantMap();
    if (isMap(this.resolved(node))) {
      this.decode(node, t, pointer, value);
      return;
    }
    if (!isSeq(node) || isAlias(node)) throw wantMap();
    for (let i = node.items.length - 1; i >= 0; i--) {
      const item = node.items[i] as YamlNode;
      if (!isMap(this.resolved(item))) throw wantMap();
      this.decode(item, t, pointer, value);
    }
  }

  /** yaml.v2's `scalar`: a scalar (or a null) into a Go value of type `t`. */
  private scalar(node: Scalar, t: GoType, shortcut: boolean, pointer: string): GoValue | undefined {
    const resolved = resolveNode(node, this.at(node), pointer);
    // A null sets the zero value: nil for a pointer left unallocated, else the zero of what it points at.
    if (resolved.tag === '!!null') return t.kind === 'time' && !shortcut ? ZERO_TIME : zeroOf(t);
    const written = scalarText(node);
    switch (t.kind) {
      case 'time': {
        if (resolved.tag === '!!timestamp') return formatGoTime(resolved.value);
        // time.Time reads any other scalar as text, in RFC 3339, and its failure stops yaml.v2.
        const parsed = parseRfc3339(written);
        if (typeof parsed === 'string') throw new Stop(parsed, this.at(node), pointer);
        return formatGoTime(parsed);
      }
      case 'string':
        return written;
      case 'bool':
        if (resolved.tag === '!!bool') return resolved.value;
        break;
      case 'int32':
      case 'duration': {
        const [min, max] = t.kind === 'int32' ? [INT32_MIN, INT32_MAX] : [INT64_MIN, INT64_MAX];
        let n: bigint | undefined;
        if (resolved.tag === '!!int') n = resolved.value;
        // Go converts a float by truncation after checking it against 2^63 only: NaN and larger are
        // refused, and what is out of int64's range below (or 2^63 itself) becomes its minimum (amd64).
        else if (resolved.tag === '!!float' && resolved.value <= 2 ** 63) {
          const f = resolved.value;
          n = f >= -(2 ** 63) && f < 2 ** 63 ? BigInt(Math.trunc(f)) : INT64_MIN;
        }
        if (n !== undefined && n >= min && n <= max) {
          // A fraction is dropped without a word (`1.5` is 1): what rpk sends is not what was written.
          if (resolved.tag === '!!float' && Number(n) !== resolved.value)
            this.out.notes.push({
              kind: 'truncated',
              pointer,
              written,
              at: this.at(node),
              read: Number(n),
              into: t.kind,
            });
          else if (t.kind === 'duration')
            this.out.notes.push({ kind: 'number-duration', pointer, written, at: this.at(node) });
          return Number(n);
        }
        if (t.kind === 'duration' && resolved.tag === '!!str') {
          const ns = parseGoDuration(resolved.value);
          if (ns !== undefined) return Number(ns);
        }
        break;
      }
    }
    this.mismatch(node, resolved.tag, t, pointer);
    return undefined;
  }
}

/** Go's zero time.Time, as RFC 3339. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** time.Time as yaml.v2 sees it: a struct with no field it can set. */
const TIME_STRUCT: GoStruct = { kind: 'struct', name: 'time.Time', fields: [] };

/** yaml.v2's ratio of alias steps to all decode steps that it allows, by the number of decode steps. */
function allowedAliasRatio(decodes: number): number {
  if (decodes <= ALIAS_LOW) return 0.99;
  if (decodes >= ALIAS_HIGH) return 0.1;
  return 0.99 - (0.89 * (decodes - ALIAS_LOW)) / (ALIAS_HIGH - ALIAS_LOW);
}

/** How yaml.v2's errors name the type a node was decoded into (a pointer's element type). */
function goName(t: GoType): string {
  return t.kind === 'ptr' ? t.to.name : goTypeName(t);
}

/** The text of a scalar as yaml.v2 sees it (`n.value`): the string after quoting and folding. */
function scalarText(node: Scalar): string {
  const source = (node as Scalar & { source?: string }).source;
  if (typeof source === 'string') return source;
  return node.value === null || node.value === undefined ? '' : String(node.value);
}

/** A plain scalar, without a tag: yaml.v2 resolves it (others are strings or follow their tag). */
const isPlain = (node: Scalar) => (node.type === undefined || node.type === 'PLAIN') && explicitTag(node) === undefined;

/** A tag written on the node (`!!str`), in yaml.v2's short form. */
function explicitTag(node: YamlNode): string | undefined {
  const tag = (node as { tag?: string }).tag;
  if (!tag) return undefined;
  return tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag;
}

/** yaml.v2's `prepare` shortcut: a `!!null` tag, or a plain `null`, `~` or empty scalar. */
function isNullShortcut(node: YamlNode): boolean {
  if (!isScalar(node)) return false;
  if (explicitTag(node) === '!!null') return true;
  if (!isPlain(node)) return false;
  const s = scalarText(node);
  return s === 'null' || s === '~' || s === '';
}

/** A `<<` key, plain or tagged `!!merge`. */
function isMergeKey(node: YamlNode): boolean {
  return isScalar(node) && scalarText(node) === '<<' && (isPlain(node) || explicitTag(node) === '!!merge');
}

/** Resolves a scalar node: plain ones as yaml.v2 does, quoted and block ones as strings, tagged ones by their tag. */
function resolveNode(node: Scalar, at: Offsets, pointer: string): Resolved {
  const text = scalarText(node);
  const tag = explicitTag(node);
  if (tag === undefined) return isPlain(node) ? resolvePlain(text) : { tag: '!!str', value: text };
  if (tag === '!!str' || tag === '!!binary') return { tag: '!!str', value: text };
  const resolved = resolvePlain(text);
  if (resolved.tag === tag || (tag === '!!float' && resolved.tag === '!!int')) {
    return resolved.tag === '!!int' && tag === '!!float' ? { tag: '!!float', value: Number(resolved.value) } : resolved;
  }
  if (['!!bool', '!!int', '!!float', '!!null', '!!timestamp'].includes(tag))
    throw new Stop(`yaml: cannot decode ${resolved.tag} \`${text}\` as a ${tag}`, at, pointer);
  // Another tag: kept as written, and no Go type here takes it but a string.
  return { tag: '!!str', value: text };
}

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  // Go accepts both micro signs: U+00B5 and U+03BC.
  '\u00b5s': 1_000n,
  '\u03bcs': 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Go's `time.ParseDuration`: `[-+]` then numbers with units (`1h30m`, `1.5s`, `0`); nanoseconds, or undefined. */
export function parseGoDuration(s: string): bigint | undefined {
  let rest = s;
  let negative = false;
  if (rest[0] === '-' || rest[0] === '+') {
    negative = rest[0] === '-';
    rest = rest.slice(1);
  }
  if (rest === '0') return 0n;
  if (rest === '') return undefined;
  let total = 0n;
  const unitRe = /^(\d*)(?:\.(\d*))?(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/;
  while (rest !== '') {
    const m = unitRe.exec(rest);
    if (!m || (m[1] === '' && (m[2] === undefined || m[2] === ''))) return undefined;
    const unit = UNITS[m[3]!]!;
    const whole = BigInt(m[1] || '0');
    let part = whole * unit;
    if (m[2]) {
      // Go keeps the fraction's first digits that fit and truncates the rest.
      const digits = m[2];
      part += (BigInt(digits) * unit) / 10n ** BigInt(digits.length);
    }
    total += part;
    if (total > 2n ** 63n) return undefined;
    rest = rest.slice(m[0].length);
  }
  if (!negative && total > 2n ** 63n - 1n) return undefined;
  return negative ? -total : total;
}

/** `time.Time.UnmarshalText`: RFC 3339 (fraction truncated to nanoseconds); the time, or Go's error text. */
function parseRfc3339(s: string): GoTime | string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{1,2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(s);
  const t = m ? parseTimestamp(`${m[1]}${m[2] ? `.${m[2].slice(0, 9)}` : ''}${m[3]}`) : undefined;
  return (
    t ?? `parsing time ${JSON.stringify(s)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(s)} as "2006"`
  );
}
