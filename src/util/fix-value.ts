/** What fixes do to a parsed value: the value a fixed file must parse to, shared by `--fix`'s check and the rule examples' check. */
import type { Fix } from '../core/diagnostics';
import { isObject, parsePointer } from './pointer';

/** Applies fixes to a copy of a value: what the fixed file must parse to. Undefined when a fix does not fit the value. */
export function intendedValue(value: unknown, fixes: readonly Fix[]): unknown {
  const root = { v: structuredClone(value) as unknown };
  // Every target is resolved before anything changes, so that fixes never see each other's effects.
  const targets: { fix: Fix; parent: unknown; key: string }[] = [];
  for (const fix of fixes) {
    const tokens = parsePointer(fix.pointer);
    let parent: unknown = root;
    let key = 'v';
    for (const t of tokens) {
      parent = (parent as Record<string, unknown>)[key];
      key = t;
      if (Array.isArray(parent)) {
        if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= parent.length) return undefined;
      } else if (!isObject(parent) || !Object.hasOwn(parent, t)) return undefined;
    }
    targets.push({ fix, parent, key });
  }
  const removedItems = new Map<unknown[], Set<number>>();
  for (const { fix, parent, key } of targets) {
    const p = parent as Record<string, unknown>;
    if (fix.kind === 'replace-value') p[key] = structuredClone(fix.value);
    else if (fix.kind === 'rename-key') {
      if (!isObject(parent) || (Object.hasOwn(parent, fix.to) && fix.to !== key)) return undefined;
      const v = p[key];
      delete p[key];
      p[fix.to] = v;
    } else if (Array.isArray(parent)) {
      let set = removedItems.get(parent);
      if (!set) removedItems.set(parent, (set = new Set()));
      set.add(Number(key));
    } else delete p[key];
  }
  for (const [array, indices] of removedItems) {
    const kept = array.filter((_, i) => !indices.has(i));
    array.length = 0;
    for (const item of kept) array.push(item);
  }
  return root.v;
}

/** Deep equality of JSON values; key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y)) continue;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (!isObject(x) || !isObject(y)) return false;
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    for (const k of kx) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([x[k], y[k]]);
    }
  }
  return true;
}
