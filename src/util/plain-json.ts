/** Whether a value is plain JSON data: the fast check before any walk with pointers. */

/** Deepest nesting accepted; deeper documents are refused rather than walked. */
export const MAX_DEPTH = 256;

/** True when the value is plain JSON data no deeper than MAX_DEPTH (a cycle exceeds the depth). */
export function isPlainJson(v: unknown, depth: number): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object': {
      if (v === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!isPlainJson(v[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k in v)
        if (Object.hasOwn(v, k) && !isPlainJson((v as Record<string, unknown>)[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}
