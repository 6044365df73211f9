/**
 * A parsed YAML document turned into a value in linear time. The `yaml` package's own conversion
 * finds each alias's anchor by scanning every earlier anchor and alias (quadratic: 80,000 aliases
 * took minutes) and recurses; this walks the tree once, iteratively, in document order.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Alias, type Node as YamlNode, type Pair } from 'yaml';

type AnyNode = YamlNode | Pair | null | undefined;

/** Most values that aliases may add to a document beyond those written: more is an "alias bomb". */
export const MAX_ALIAS_EXPANSION = 1_000_000;

/** The tree as written: each alias's anchor, and every key repeated within its mapping. */
export interface YamlIndex {
  /** The node each alias refers to: the last node with that anchor before the alias, in document order. */
  targets: Map<Alias, YamlNode>;
  /** Scalar keys that repeat an earlier key of the same mapping (equal values, as the parser compares them). */
  duplicateKeys: YamlNode[];
  /** Nodes written in the text (aliases count once). */
  written: number;
}

/** The children of a node in document order: items, or each pair's key then value. */
function children(n: AnyNode): AnyNode[] {
  if (isMap(n)) return n.items.flatMap((p) => [p.key as AnyNode, p.value as AnyNode]);
  if (isSeq(n)) return n.items as AnyNode[];
  if (isPair(n)) return [n.key as AnyNode, n.value as AnyNode];
  return [];
}

/** One walk over the tree as written, in document order (pre-order, keys before values). */
export function indexYaml(root: AnyNode): YamlIndex {
  const anchors = new Map<string, YamlNode>();
  const index: YamlIndex = { targets: new Map(), duplicateKeys: [], written: 0 };
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === null || n === undefined) continue;
    index.written++;
    if (isAlias(n)) {
      const target = anchors.get(n.source);
      if (target) index.targets.set(n, target);
      continue;
    }
    if (!isPair(n) && n.anchor) anchors.set(n.anchor, n);
    if (isMap(n)) {
      const seen = new Set<unknown>();
      for (const pair of n.items) {
        const k = pair.key as AnyNode;
        if (!isScalar(k)) continue;
        if (seen.has(k.value)) index.duplicateKeys.push(k);
        else seen.add(k.value);
      }
    }
    // Children pushed last first, so that they pop in document order (keys before their values).
    if (isMap(n))
      for (let i = n.items.length - 1; i >= 0; i--) {
        const pair = n.items[i]!;
        stack.push(pair.value as AnyNode, pair.key as AnyNode);
      }
    else if (isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i] as AnyNode);
    else if (isPair(n)) stack.push(n.value as AnyNode, n.key as AnyNode);
  }
  index.duplicateKeys.sort((a, b) => (a.range?.[0] ?? 0) - (b.range?.[0] ?? 0));
  return index;
}

/** Why a document has no value: an alias inside the node it names, or aliases that expand too far. */
export type YamlValueProblem = 'cycle' | 'bomb';

/**
 * The value of a document: mappings become objects (keys as own properties, even `__proto__`;
 * the last of repeated keys wins), sequences arrays, scalars their values; an alias gives the same
 * value as its anchor (shared, as the `yaml` package does). Keys that are not scalars become their
 * JSON text. Refuses a cycle, and more than MAX_ALIAS_EXPANSION values added by aliases.
 */
export function yamlValue(root: AnyNode, index: YamlIndex): { value: unknown } | { problem: YamlValueProblem } {
  // Without an alias that names an anchor, the tree has no cycle and no sharing: one plain walk builds it.
  if (index.targets.size === 0) return { value: plainValue(root) };
  const resolve = (n: AnyNode): AnyNode => (isAlias(n) ? index.targets.get(n) : n);

  // Sizes as expanded (aliases counted as their targets), post-order; a node met again on the path is a cycle.
  const size = new Map<AnyNode, number>();
  const onPath = new Set<AnyNode>();
  const limit = index.written + MAX_ALIAS_EXPANSION;
  const sizing: { n: AnyNode; open: boolean }[] = [{ n: resolve(root), open: false }];
  while (sizing.length > 0) {
    const top = sizing[sizing.length - 1]!;
    if (top.n === null || top.n === undefined || size.has(top.n)) {
      sizing.pop();
      continue;
    }
    const kids = children(top.n).map(resolve);
    if (!top.open) {
      top.open = true;
      onPath.add(top.n);
      for (const k of kids) {
        if (onPath.has(k)) return { problem: 'cycle' };
        if (k !== null && k !== undefined && !size.has(k)) sizing.push({ n: k, open: false });
      }
      continue;
    }
    sizing.pop();
    onPath.delete(top.n);
    let total = 1;
    for (const k of kids) total += k === null || k === undefined ? 1 : size.get(k)!;
    if (total > limit) return { problem: 'bomb' };
    size.set(top.n, total);
  }

  // Values, post-order again: every node is converted once, whatever the number of aliases to it.
  const values = new Map<AnyNode, unknown>();
  const valueOf = (n: AnyNode): unknown => {
    const r = resolve(n);
    return r === null || r === undefined ? null : values.get(r);
  };
  const keyOf = (k: AnyNode): string => {
    const r = resolve(k);
    if (isScalar(r)) return r.value === null || r.value === undefined ? '' : String(r.value);
    return r === null || r === undefined ? '' : JSON.stringify(valueOf(r));
  };
  const setOwn = (o: Record<string, unknown>, key: string, value: unknown) =>
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  const pairsToObject = (pairs: readonly Pair[]): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    for (const p of pairs) setOwn(o, keyOf(p.key as AnyNode), valueOf(p.value as AnyNode));
    return o;
  };
  const building: { n: AnyNode; open: boolean }[] = [{ n: resolve(root), open: false }];
  while (building.length > 0) {
    const top = building[building.length - 1]!;
    const n = top.n;
    if (n === null || n === undefined || values.has(n)) {
      building.pop();
      continue;
    }
    if (isScalar(n)) {
      values.set(n, n.value);
      building.pop();
      continue;
    }
    if (!top.open) {
      top.open = true;
      for (const k of children(n).map(resolve))
        if (k !== null && k !== undefined && !values.has(k)) building.push({ n: k, open: false });
      continue;
    }
    building.pop();
    if (isMap(n)) values.set(n, pairsToObject(n.items as Pair[]));
    else if (isSeq(n))
      values.set(
        n,
        n.items.map((item) => (isPair(item) ? pairsToObject([item]) : valueOf(item as AnyNode))),
      );
    else if (isPair(n)) values.set(n, pairsToObject([n]));
    else values.set(n, null);
  }
  return { value: valueOf(root) };
}

/** The value of a node of a tree without resolvable aliases (an alias with no anchor reads as null, as above). */
function plainValue(n: AnyNode): unknown {
  if (n === null || n === undefined || isAlias(n)) return null;
  if (isScalar(n)) return n.value;
  if (isMap(n)) return plainObject(n.items as Pair[]);
  if (isSeq(n)) {
    const out: unknown[] = new Array<unknown>(n.items.length);
    for (let i = 0; i < n.items.length; i++) {
      const item = n.items[i] as AnyNode;
      out[i] = isPair(item) ? plainObject([item]) : plainValue(item);
    }
    return out;
  }
  if (isPair(n)) return plainObject([n]);
  return null;
}

/** The object of some pairs, by plain assignment; a `__proto__` key is defined as an own property instead. */
function plainObject(pairs: readonly Pair[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const p of pairs) {
    const k = p.key as AnyNode;
    const key = isScalar(k)
      ? k.value === null || k.value === undefined
        ? ''
        : String(k.value)
      : k === null || k === undefined || isAlias(k)
        ? ''
        : JSON.stringify(plainValue(k));
    const value = plainValue(p.value as AnyNode);
    if (key === '__proto__')
      Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
    else o[key] = value;
  }
  return o;
}
