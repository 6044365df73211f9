/**
 * Fails on a dead relative link: every `[text](target)`, `[label]: target` and `href="target"` in
 * README.md, CONTRIBUTING.md and docs/**\/*.md (outside code) must name an existing file or
 * directory, and its `#anchor` a heading of the Markdown file it names (GitHub's anchors, which the
 * docs site uses too). Prints `file:line: …` for each and exits 1. Absolute URLs are not fetched.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headingAnchors } from './markdown-slug';

/**
 * Folders of the docs written when the site is built, not committed, with the command that writes
 * them: checked like the rest when present (`npm test` builds the site first), and named in the
 * reason when a link points into one that is missing.
 */
export const BUILT_DOCS: Readonly<Record<string, string>> = { 'docs/api': 'npm run docs:api' };

/** A dead link: where it is written and why it does not resolve. */
export interface DeadLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** The Markdown files checked, relative to the root: the README, CONTRIBUTING and the docs site's pages. */
export function markdownFiles(root: string): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
      .flatMap((e) => (e.isDirectory() ? under(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []))
      .sort();
  return [
    ...['README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(root, f))),
    ...(existsSync(join(root, 'docs')) ? under('docs') : []),
  ];
}

/** The link targets of a line with inline code removed: inline links and images, reference definitions, HTML hrefs. */
function targets(line: string): string[] {
  const text = line.replace(/`[^`]*`/g, '');
  const found: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push(m[1]!);
  const ref = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text);
  if (ref) found.push(ref[1]!);
  for (const m of text.matchAll(/\bhref="([^"]+)"/g)) found.push(m[1]!);
  return found;
}

/** Every dead relative link of the files. */
export function deadLinks(root: string, files = markdownFiles(root)): DeadLink[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (abs: string): Set<string> => {
    let set = anchorsOf.get(abs);
    if (!set) anchorsOf.set(abs, (set = headingAnchors(readFileSync(abs, 'utf8'))));
    return set;
  };
  const dead: DeadLink[] = [];
  for (const file of files) {
    const abs = join(root, file);
    let fence: string | undefined;
    readFileSync(abs, 'utf8')
      .split(/\r?\n/)
      .forEach((line, i) => {
        const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
        if (f !== undefined) {
          if (fence === undefined) fence = f;
          else if (f.startsWith(fence)) fence = undefined;
          return;
        }
        if (fence !== undefined) return;
        for (const target of targets(line)) {
          // A scheme (https:, mailto:) or a protocol-relative URL: not a file of this repository.
          if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
          const report = (reason: string) => dead.push({ file, line: i + 1, target, reason });
          const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
          const path = decodeURIComponent(pathPart.split('?')[0]!);
          let dest: string;
          if (path === '') dest = abs;
          else if (path.startsWith('/')) {
            // A site-absolute link of the docs site: docs/<path>, a page without its .md, / the index.
            const site = join(root, 'docs', path);
            dest =
              [site, `${site}.md`, join(site, 'index.md')].find((p) => existsSync(p) && statSync(p).isFile()) ?? site;
          } else dest = resolve(dirname(abs), path);
          if (!existsSync(dest)) {
            const rel = relative(root, dest).split('\\').join('/');
            const built = Object.keys(BUILT_DOCS).find((dir) => rel.startsWith(`${dir}/`) || rel === dir);
            report(
              built !== undefined && !existsSync(join(root, built))
                ? `${rel} does not exist: ${built}/ is generated, run \`${BUILT_DOCS[built]}\` first`
                : `${rel} does not exist`,
            );
            continue;
          }
          if (anchor === undefined || anchor === '') continue;
          if (!dest.endsWith('.md') || statSync(dest).isDirectory()) {
            report(`#${anchor} points into a file that is not Markdown`);
            continue;
          }
          if (!anchors(dest).has(decodeURIComponent(anchor)))
            report(`${relative(root, dest)} has no heading with the anchor #${anchor}`);
        }
      });
  }
  return dead;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const files = markdownFiles(root);
  const dead = deadLinks(root, files);
  for (const d of dead) console.error(`${d.file}:${d.line}: dead link ${d.target}: ${d.reason}`);
  if (dead.length > 0) process.exit(1);
  console.log(`links checked in ${files.length} Markdown files: none dead`);
}
