/** A copy of any value as plain data, so that code may read its fields directly. */
import { MAX_DEPTH } from './plain-json';

/** How far below MAX_DEPTH a copy still goes: rules read a few levels below the deepest object they visit. */
const MARGIN = 16;

/**
 * `value` with every object replaced by a null-prototype object of its own string-keyed properties
 * (enumerable or not: what `Object.hasOwn` finds) and every array by an array of its elements, to
 * MAX_DEPTH and a little beyond; other values are kept. Reading `copy.key` then gives exactly what
 * `own(value, key)` gives — never something inherited, whatever the prototypes or Object.prototype
 * hold — so rules that visit it read fields directly. A property whose getter throws is left out.
 * Objects met twice (shared or in a cycle) are copied once.
 */
export function plainCopy(value: unknown): unknown {
  return copy(value, 0, new Map());
}

function copy(v: unknown, depth: number, seen: Map<object, unknown>): unknown {
  if (typeof v !== 'object' || v === null || depth > MAX_DEPTH + MARGIN) return v;
  const known = seen.get(v);
  if (known !== undefined) return known;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    seen.set(v, out);
    for (let i = 0; i < v.length; i++) out.push(copy(read(v, i), depth + 1, seen));
    return out;
  }
  const out = Object.create(null) as Record<string, unknown>;
  seen.set(v, out);
  for (const key of Reflect.ownKeys(v)) {
    if (typeof key !== 'string') continue;
    const x = read(v, key);
    if (x !== THREW) out[key] = copy(x, depth + 1, seen);
  }
  return out;
}

/** Marks a property whose getter threw. */
const THREW = Symbol('threw');

function read(v: object, key: string | number): unknown {
  try {
    return (v as Record<string | number, unknown>)[key];
  } catch {
    return THREW;
  }
}
