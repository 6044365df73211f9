/** Hostile rpk files for the reader's bounds: alias and merge-key bombs, deep nesting. */

/** `<<` merges that multiply the work by `width` at each of `levels` anchors, merged into a struct rpk reads. */
export function mergeBomb(levels: number, width: number): string {
  let text = 'name: a\nclient_options:\n  bootstrap_servers: [x:1]\nm0: &m0 {paused: true}\n';
  for (let i = 1; i <= levels; i++)
    text += `m${i}: &m${i} {<<: [${Array(width)
      .fill(`*m${i - 1}`)
      .join(', ')}]}\n`;
  return `${text}security_sync_options:\n  <<: *m${levels}\n`;
}

/** Nested aliases of lists (the "billion laughs") where rpk reads a list of strings. */
export function laughs(levels: number, width: number): string {
  let text = 'name: a\nl0: &l0 [a, a, a, a, a, a, a, a, a, a]\n';
  for (let i = 1; i <= levels; i++)
    text += `l${i}: &l${i} [${Array(width)
      .fill(`*l${i - 1}`)
      .join(', ')}]\n`;
  return `${text}client_options:\n  bootstrap_servers: *l${levels}\n`;
}

/** Flow lists nested `depth` deep where rpk reads a list of strings. */
export function deepLists(depth: number): string {
  return `name: a\nclient_options:\n  bootstrap_servers: [x:1]\ntopic_metadata_sync_options:\n  synced_shadow_topic_properties: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
}
