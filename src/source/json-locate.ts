/**
 * Positions in a valid JSON text, found on request: nothing is built until a span is asked for, and
 * each object or array is scanned at most once (its children's spans are kept), so the cost is linear
 * in the text for any number of lookups into documents of bounded depth.
 */
import { parsePointer } from '../util/pointer';
import type { NodeSpan } from './types';

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/** The offset just past the string whose opening quote is at `start` (the text's end when it is unterminated). */
export function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return text.length;
    // An odd run of backslashes escapes the quote.
    let b = q - 1;
    while (text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** The offset of the first non-whitespace character at or after `i` (JSON's four whitespace characters). */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** The offset just past the number or literal that starts at `start`: up to the next delimiter. */
function scalarEnd(text: string, start: number): number {
  let i = start;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
  }
  return i;
}

/** Where every object and array starts and ends: starts ascending, `ends[i]` just past `starts[i]`'s close. */
export interface Containers {
  starts: number[];
  ends: number[];
}

/**
 * The structure of a JSON text in one pass (strings skipped): its deepest bracket nesting, stopping as
 * soon as that passes `limit`, and its number of keys (in valid JSON, each `:` outside strings ends
 * exactly one key). With `containers`, it also records where each object and array starts and ends.
 */
export function jsonShape(text: string, limit: number, containers?: Containers): { depth: number; keys: number } {
  let depth = 0;
  let max = 0;
  let keys = 0;
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i) - 1;
    else if (c === 58) keys++;
    else if (c === 123 || c === 91) {
      if (containers) {
        open.push(containers.starts.length);
        containers.starts.push(i);
        containers.ends.push(text.length);
      }
      if (++depth > max) {
        max = depth;
        if (max > limit) break;
      }
    } else if (c === 125 || c === 93) {
      depth--;
      if (containers) {
        const k = open.pop();
        if (k !== undefined) containers.ends[k] = i + 1;
      }
    }
  }
  return { depth: max, keys };
}

/** The key a string token spells (decoded only when it has escapes). */
function keyName(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/** Spans of a JSON text that `JSON.parse` accepted; the same offsets as jsonc-parser's tree gives. */
export class JsonLocator {
  private readonly members = new Map<number, Map<string, NodeSpan>>();
  private readonly items = new Map<number, NodeSpan[]>();
  /** Built on the first container whose end is needed, so that skipping a container never rescans it. */
  private index?: Containers;

  /** The root value: the text is one valid value, from its first to its last non-whitespace character. */
  private readonly rootSpan: NodeSpan;

  constructor(private readonly text: string) {
    let end = text.length;
    while (end > 0 && /[ \t\r\n]/.test(text[end - 1]!)) end--;
    this.rootSpan = { value: [skipSpace(text, 0), end] };
  }

  /** The span of the node at a JSON Pointer (the last of duplicate keys), or undefined when there is none. */
  span(pointer: string): NodeSpan | undefined {
    const { text } = this;
    let node: NodeSpan | undefined = this.rootSpan;
    const tokens = parsePointer(pointer);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const start: number = node.value[0];
      const c = text.charCodeAt(start);
      if (c === 123) node = this.objectMembers(start).get(token);
      else if (c === 91 && ARRAY_INDEX.test(token)) node = this.arrayItems(start)[Number(token)];
      else return undefined;
      if (!node) return undefined;
    }
    return node;
  }

  /** The offset just past the value that starts at `start`. */
  private valueEnd(start: number): number {
    const { text } = this;
    const c = text.charCodeAt(start);
    if (c === 34) return stringEnd(text, start);
    if (c !== 123 && c !== 91) return scalarEnd(text, start);
    if (!this.index) {
      this.index = { starts: [], ends: [] };
      jsonShape(text, Infinity, this.index);
    }
    const { starts, ends } = this.index;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return ends[lo]!;
  }

  private objectMembers(start: number): Map<string, NodeSpan> {
    let found = this.members.get(start);
    if (found) return found;
    found = new Map();
    const { text } = this;
    let i = skipSpace(text, start + 1);
    while (text.charCodeAt(i) === 34) {
      const keyEnd = stringEnd(text, i);
      const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
      const end = this.valueEnd(valueStart);
      // Map.set keeps the last of duplicate keys, as the parsed value does.
      found.set(keyName(text, i, keyEnd), { key: [i, keyEnd], value: [valueStart, end] });
      i = skipSpace(text, end);
      if (text.charCodeAt(i) !== 44) break;
      i = skipSpace(text, i + 1);
    }
    this.members.set(start, found);
    return found;
  }

  private arrayItems(start: number): NodeSpan[] {
    let found = this.items.get(start);
    if (found) return found;
    found = [];
    const { text } = this;
    let i = skipSpace(text, start + 1);
    while (i < text.length && text.charCodeAt(i) !== 93) {
      const end = this.valueEnd(i);
      found.push({ value: [i, end] });
      i = skipSpace(text, end);
      if (text.charCodeAt(i) !== 44) break;
      i = skipSpace(text, i + 1);
    }
    this.items.set(start, found);
    return found;
  }
}
