/** Finds the model schema that governs a place in a document. */
import type { TSchema } from '@sinclair/typebox';
import { parsePointer } from '../util/pointer';

type Node = { [key: string]: unknown };

/** The schema at a JSON Pointer below `root`, following properties, items and the first fitting anyOf branch. */
export function schemaAt(root: TSchema, pointer: string): Node | undefined {
  let node: Node | undefined = root as Node;
  for (const token of parsePointer(pointer)) {
    node = step(node, token);
    if (!node) return undefined;
  }
  return node;
}

function step(node: Node, token: string): Node | undefined {
  const props = node.properties as Record<string, Node> | undefined;
  if (props && Object.hasOwn(props, token)) return props[token];
  if (node.items && /^\d+$/.test(token)) return node.items as Node;
  if (Array.isArray(node.anyOf)) {
    for (const branch of node.anyOf as Node[]) {
      const next = step(branch, token);
      if (next) return next;
    }
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    return node.additionalProperties as Node;
  return undefined;
}

/** The property names an object schema allows (empty when it is not an object schema). */
export function allowedKeys(schema: Node | undefined): string[] {
  const props = schema?.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

/** The enum values of a schema, when it is a string enum. */
export function enumValues(schema: Node | undefined): string[] | undefined {
  return Array.isArray(schema?.enum) ? (schema.enum as string[]) : undefined;
}

let keyNames: Set<string> | undefined;
/** Every property name of every document kind's schema (computed once). */
export function modelKeyNames(roots: readonly TSchema[]): ReadonlySet<string> {
  if (keyNames) return keyNames;
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const stack: unknown[] = [...roots];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    const props = (node as Node).properties;
    if (props && typeof props === 'object') for (const k of Object.keys(props)) names.add(k);
    for (const v of Object.values(node)) stack.push(v);
  }
  return (keyNames = names);
}
