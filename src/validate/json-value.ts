/** Checks that an in-memory value is JSON data before validating it (library callers may pass anything). */
import type { Diagnostic } from '../core/diagnostics';
import { childPointer } from '../util/pointer';
import { isPlainJson, MAX_DEPTH } from '../util/plain-json';

const MAX_PROBLEMS = 20;

/** Result of the JSON-value check: findings, and whether validation may go on. */
export interface JsonCheck {
  diagnostics: Diagnostic[];
  /** False for cycles or excessive depth: nothing further may walk the value. */
  walkable: boolean;
}

/** Finds values JSON cannot carry (undefined, functions, NaN, bigint, class instances), cycles and excessive depth. */
export function checkJsonValue(value: unknown): JsonCheck {
  // Almost every value is plain JSON: confirm that cheaply, and only walk with pointers to explain a problem.
  if (isPlainJson(value, 0)) return { diagnostics: [], walkable: true };
  const diagnostics: Diagnostic[] = [];
  const onPath = new Set<object>();
  let walkable = true;

  const report = (pointer: string, message: string) => {
    if (diagnostics.length < MAX_PROBLEMS)
      diagnostics.push({ code: 'schema/not-json', severity: 'error', pointer, message });
  };

  // Iterative depth-first walk: `exit` entries pop objects off the current path for cycle detection.
  const stack: { v: unknown; p: string; depth: number; exit?: object }[] = [{ v: value, p: '', depth: 0 }];
  while (stack.length > 0 && walkable) {
    const { v, p, depth, exit } = stack.pop()!;
    if (exit) {
      onPath.delete(exit);
      continue;
    }
    switch (typeof v) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (!Number.isFinite(v)) report(p, `The value at ${p || 'the root'} is ${v}, which JSON cannot represent.`);
        continue;
      case 'undefined':
        report(
          p,
          p === ''
            ? 'The document is undefined: pass a JSON value.'
            : `The value at ${p} is undefined; JSON has no undefined: remove the field or set a value.`,
        );
        continue;
      case 'object':
        break;
      default:
        report(p, `The value at ${p || 'the root'} is a ${typeof v}, which JSON cannot represent.`);
        continue;
    }
    if (v === null) continue;
    if (onPath.has(v)) {
      report(
        p,
        `The value at ${p || 'the root'} refers back to one of its ancestors (a cycle); JSON documents are trees.`,
      );
      walkable = false;
      break;
    }
    if (depth >= MAX_DEPTH) {
      report(
        p,
        `The document is nested more than ${MAX_DEPTH} levels deep at ${p}; no Admin API message is that deep.`,
      );
      walkable = false;
      break;
    }
    const proto = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) {
      report(
        p,
        `The value at ${p || 'the root'} is a ${(v as object).constructor?.name ?? 'class instance'}, not a plain JSON object.`,
      );
      continue;
    }
    onPath.add(v);
    stack.push({ v, p, depth, exit: v });
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], p: childPointer(p, i), depth: depth + 1 });
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        stack.push({ v: (v as Record<string, unknown>)[k], p: childPointer(p, k), depth: depth + 1 });
      }
    }
  }
  return { diagnostics, walkable };
}
