/**
 * Heading anchors as GitHub makes them, used by the docs site too (docs/.vitepress/config.mts), so
 * a `page.md#anchor` link works on GitHub, on unpkg and on the site alike; scripts/check-links.ts
 * resolves anchors with it.
 */

/** The anchor of a heading's text (inline code without its backticks), before de-duplication. */
export const githubSlug = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');

/** Every anchor of a Markdown text's headings (outside fenced code), a repeated one suffixed -1, -2… as GitHub does. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f !== undefined) {
      if (fence === undefined) fence = f;
      else if (f.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (h === undefined) continue;
    const base = githubSlug(h.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  // Explicit anchors written as HTML.
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}
