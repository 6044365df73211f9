/** What fixes do to a parsed value: the value a fixed file must parse to, shared by `--fix`'s check and the rule examples' check. */
import type { Diagnostic, Fix } from '../core/diagnostics';
import { isObject, parsePointer } from './pointer';
import { isPlainJson } from './plain-json';

/** The fixes `--fix` applies unasked: the autofix suggestions of the diagnostics. */
export function autofixes(diagnostics: readonly Diagnostic[]): Fix[] {
  const out: Fix[] = [];
  for (const d of diagnostics) for (const s of d.suggestions ?? []) if (s.autofix && s.fix) out.push(s.fix);
  return out;
}

/** Most lint-and-fix rounds for one file (a fix can reveal findings beneath it, e.g. under a renamed key). */
export const FIX_PASSES = 10;

/** Applies fixes to a copy of a value: what the fixed file must parse to. Undefined when a fix does not fit the value. */
export function intendedValue(value: unknown, fixes: readonly Fix[]): unknown {
  let copy: unknown;
  try {
    copy = structuredClone(value);
  } catch {
    // A value that cannot be copied (a function in it) is not one a file parses to.
    return undefined;
  }
  // A fix whose value JSON cannot carry is one no file can hold.
  if (fixes.some((f) => f.kind === 'replace-value' && !isPlainJson(f.value, 0))) return undefined;
  const root = { v: copy };
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
  // Values change before keys are renamed, as in the text (a key comes before its value, and the
  // edits are made last first): a rename and a replacement of one entry both apply to it.
  const ordered = [
    ...targets.filter((t) => t.fix.kind !== 'rename-key'),
    ...targets.filter((t) => t.fix.kind === 'rename-key'),
  ];
  for (const { fix, parent, key } of ordered) {
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
