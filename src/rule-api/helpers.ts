/** Navigation helpers rules share: typed access to the parts of a shadow link that tolerate any shape. */
import { childPointer, isObject, own, parsePointer, type JsonObject } from '../util/pointer';
import type { LinkLocation, RuleContext } from './types';

/** A value with the pointer where it sits. */
export interface Located<T = unknown> {
  value: T;
  readonly pointer: string;
}

/**
 * A child value whose pointer is built only when asked for: rules walk far more nodes than they
 * report on, and building pointer strings dominated their cost.
 */
class ChildLocation<T> implements Located<T> {
  private built: string | undefined;
  constructor(
    readonly value: T,
    private readonly parent: Located,
    private readonly token: string | number,
  ) {}
  get pointer(): string {
    return (this.built ??= childPointer(this.parent.pointer, this.token));
  }
}

/** The child `key` of a located value, when that value is an object and has it. */
export function child(parent: Located | undefined, key: string): Located | undefined {
  if (!parent) return undefined;
  const value = own(parent.value, key);
  return value === undefined ? undefined : new ChildLocation(value, parent, key);
}

/** Follows a path of keys; undefined as soon as a step is missing. */
export function path(start: Located | undefined, ...keys: string[]): Located | undefined {
  return follow(start, keys);
}

// The helpers below hand their keys on as an array: spreading them again would copy them per call.
function follow(start: Located | undefined, keys: readonly string[]): Located | undefined {
  let node = start;
  for (let i = 0; i < keys.length && node; i++) node = child(node, keys[i]!);
  return node;
}

/** The child as an object, or undefined when absent or not an object (the structural check reports that). */
export function objectAt(parent: Located | undefined, ...keys: string[]): Located<JsonObject> | undefined {
  const node = follow(parent, keys);
  return node && isObject(node.value) ? (node as Located<JsonObject>) : undefined;
}

/** The items of an array child, each located; empty when absent or not an array. */
export function itemsAt(parent: Located | undefined, ...keys: string[]): Located[] {
  const node = follow(parent, keys);
  if (!node || !Array.isArray(node.value)) return [];
  return node.value.map((value, i) => new ChildLocation(value, node, i));
}

/** A string field of an object, or undefined. */
export function stringAt(parent: Located | undefined, key: string): Located<string> | undefined {
  const node = child(parent, key);
  return node && typeof node.value === 'string' ? (node as Located<string>) : undefined;
}

/** Marks a lookup in the per-lint cache that found nothing (one `get` answers both questions). */
const ABSENT = Symbol('absent');
/** What `recall` answers for a key not looked up yet in this lint. */
const NOT_YET = Symbol('not yet');

/** What this lint found for `key` before (undefined: nothing there), or NOT_YET. */
function recall(link: LinkLocation, key: string): unknown {
  const hit = link.sections?.get(key);
  return hit === undefined ? NOT_YET : hit === ABSENT ? undefined : hit;
}

/** Keeps what this lint found for `key` (absence included), and returns it. */
function remember<T>(link: LinkLocation, key: string, found: T | undefined): T | undefined {
  link.sections?.set(key, found ?? ABSENT);
  return found;
}

/** The link's `configurations.<section>` object (`''`: `configurations` itself); looked up once per lint. */
export function section(ctx: Pick<RuleContext, 'link'>, name: string): Located<JsonObject> | undefined {
  const link = ctx.link as LinkLocation | undefined;
  if (!link) return undefined;
  const hit = recall(link, name);
  if (hit !== NOT_YET) return hit as Located<JsonObject> | undefined;
  return remember(link, name, name === '' ? objectAt(link, 'configurations') : objectAt(section(ctx, ''), name));
}

/** Which kind of name filter list. */
export type FilterList = 'topic' | 'group';

/** Message data for a filter name written as a glob (`orders*`): the name, and the prefix a PREFIX filter would use. */
export function globData(name: string): { value: string; prefix: string } {
  const prefix = name.slice(0, name.indexOf('*'));
  return { value: JSON.stringify(name.slice(0, 80)), prefix: prefix ? `"${prefix}"` : 'a literal prefix' };
}

/** Builds a ShadowLink document for rule examples. */
export const exampleLink = (configurations: JsonObject, name = 'dr-link'): JsonObject => ({ name, configurations });

/** A valid client section for examples. */
export const exampleClient = (extra: JsonObject = {}): JsonObject => ({
  clientOptions: { bootstrapServers: ['source-1:9092'], ...extra },
});

/** The three sync tasks with `paused` options, by configuration key. */
export const PAUSABLE_TASKS = ['topicMetadataSyncOptions', 'consumerOffsetSyncOptions', 'securitySyncOptions'] as const;

/** Builds a CreateShadowLinkResponse document for rule examples: client options plus an optional status. */
export const exampleResponse = (client: JsonObject = {}, status?: JsonObject): JsonObject => ({
  shadowLink: {
    name: 'dr-link',
    configurations: { clientOptions: { bootstrapServers: ['source-1:9092'], ...client } },
    ...(status ? { status } : {}),
  },
});

/** A response status with one shadow topic whose partitions are given. */
export const examplePartitions = (...partitionInformation: JsonObject[]): JsonObject => ({
  shadowTopics: [{ name: 'orders', status: { partitionInformation } }],
});

// ---------------------------------------------------------------------------------------------
// Raw reads for rules' happy paths: they build no Located and allocate nothing; rules build
// pointers only when they report.

/** The own string property `key` of `v`, or undefined: `stringAt` without building a Located. */
export function ownString(v: unknown, key: string): string | undefined {
  const s = own(v, key);
  return typeof s === 'string' ? s : undefined;
}

/** The own property `key` of `v` when it is an object, or undefined: `objectAt` without building a Located. */
export function ownObject(v: unknown, key: string): JsonObject | undefined {
  const o = own(v, key);
  return isObject(o) ? o : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Raw response walks, allocation-free: the response rules read a status of thousands of partitions in
// place with index loops, and build a pointer only to report.
// ---------------------------------------------------------------------------------------------------

/** The raw `shadowLink.status.shadowTopics` array of a response if an array. */
export function shadowTopicsOf(doc: unknown): readonly unknown[] | undefined {
  const topics = own(own(own(doc, 'shadowLink'), 'status'), 'shadowTopics');
  return Array.isArray(topics) ? topics : undefined;
}

/** The raw `status.partitionInformation` array of one shadow topic, if an array. */
export function partitionsOf(topic: unknown): readonly unknown[] | undefined {
  const partitions = own(own(topic, 'status'), 'partitionInformation');
  return Array.isArray(partitions) ? partitions : undefined;
}

/** The pointer of partition `partition` of shadow topic `topic`: built only when a rule reports on it. */
export const partitionPointer = (topic: number, partition: number): string =>
  `/shadowLink/status/shadowTopics/${topic}/status/partitionInformation/${partition}`;

/** True when `Object.prototype` has any of `keys` (someone added them): direct reads could find them there. */
export function inheritedAny(keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (keys[i]! in Object.prototype) return true;
  return false;
}

/**
 * True when reading a key of `value` directly gives what `own` gives (the own property, or
 * undefined): a plain or null-prototype object, while `Object.prototype` has none of the keys read
 * (`inherited`: `inheritedAny(keys)`, asked once per check). `Object.hasOwn` per read costs more
 * than the rest of a partition's check.
 */
export function readsOwn(value: object, inherited: boolean): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || (proto === Object.prototype && !inherited);
}

/** UTF-8 length of a string as TextEncoder encodes it (a lone surrogate becomes U+FFFD), without encoding it. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * How a message names field `key` of the object at `pointer`, from the nearest list up:
 * `aclFilters[0].resourceFilter.resourceType`, `groupFilters[1].name`; the field alone when the
 * object is in no list. For visitors, which know their object's pointer, not the list it is in.
 */
export function itemFieldName(pointer: string, key: string): string {
  const tokens = parsePointer(pointer);
  let start = tokens.length;
  while (start > 0 && !/^\d+$/.test(tokens[start - 1]!)) start--;
  if (start === 0) return key;
  let out = start >= 2 ? `${tokens[start - 2]}[${tokens[start - 1]}]` : `[${tokens[start - 1]}]`;
  for (let i = start; i < tokens.length; i++) out += `.${tokens[i]}`;
  return `${out}.${key}`;
}

/** Whether a TLS key or certificate counts as given: the server reads an empty string as absent. */
export const tlsGiven = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/**
 * True when exactly one of a TLS key and its certificate is given (an empty string is none): the
 * server refuses that pair while converting the settings, whether TLS is enabled or not.
 */
export const tlsPairBroken = (key: unknown, cert: unknown): boolean => tlsGiven(key) !== tlsGiven(cert);
