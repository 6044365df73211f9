/** The check every fixed text must pass before it is used: it parses, and its value is exactly the intended one. */
import type { Fix } from '../core/diagnostics';
import { parseSource, type ParsedSource } from '../source/index';
import { isObject, parsePointer } from '../util/pointer';

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

function countCodes(source: ParsedSource): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of source.diagnostics)
    if (d.code.startsWith('parse/')) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return counts;
}

function commentTexts(source: ParsedSource): string[] {
  return source.comments.map((c) => c.text.trimEnd()).sort();
}

/**
 * Checks that the fixed text is the original with exactly these fixes applied: it must parse with
 * no new parse findings, keep every comment and have the intended value. Gives the parsed result
 * (reused by the next batch) or the reason it fails.
 */
export function verifyFixed(
  original: ParsedSource,
  fixedText: string,
  fixes: readonly Fix[],
): { reason: string } | { fixed: ParsedSource } {
  const fixed = parseSource(fixedText, original.format);
  const reason = whyNot(original, fixed, fixes);
  return reason === undefined ? { fixed } : { reason };
}

/** Why `fixed` is not `original` with exactly `fixes` applied, or undefined when it is. */
function whyNot(original: ParsedSource, fixed: ParsedSource, fixes: readonly Fix[]): string | undefined {
  if (!fixed.ok) return 'the fixed text would not parse';
  const before = countCodes(original);
  for (const [code, n] of countCodes(fixed))
    if (n > (before.get(code) ?? 0))
      return code === 'parse/duplicate-key' ? 'it would create a duplicate key' : `it would cause ${code}`;
  const expected = intendedValue(original.value, fixes);
  if (expected === undefined) return 'the fix no longer fits the document';
  if (!jsonEqual(expected, fixed.value)) return 'the result would differ from the intended change';
  const a = commentTexts(original);
  const b = commentTexts(fixed);
  if (a.length !== b.length || a.some((t, i) => t !== b[i])) return 'a comment would be lost or changed';
  return undefined;
}
