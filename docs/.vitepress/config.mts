// The docs site (VitePress): the hand-written pages in docs/, the generated rule pages in docs/rules/
// and the API reference in docs/api/ (TypeDoc, written by `npm run docs:api` before each build).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';
import { githubSlug } from '../../scripts/markdown-slug';

const DOCS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULES_DIR = join(DOCS_DIR, 'rules');
const API_DIR = join(DOCS_DIR, 'api');

/** Every rule and code page, by its title (the first heading), read when the site is built so a new rule is listed without editing this file. */
const rulePages = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => {
    const title = /^# (.*)$/m.exec(readFileSync(join(RULES_DIR, f), 'utf8'))?.[1] ?? f;
    return { text: title.replace(/`/g, ''), link: `/rules/${f.slice(0, -3)}` };
  });

/** TypeDoc's folders of a module's pages, in the order its index lists them, with their sidebar titles. */
const API_KINDS: ReadonlyArray<readonly [folder: string, title: string]> = [
  ['functions', 'Functions'],
  ['classes', 'Classes'],
  ['interfaces', 'Interfaces'],
  ['type-aliases', 'Types'],
  ['variables', 'Constants and schemas'],
];

type SidebarItem = { text: string; link?: string; collapsed?: boolean; items?: SidebarItem[] };

/**
 * The API reference's pages, read when the site is built: per entry point (a folder of docs/api
 * with an index.md, such as `svc-admin-spec/node`), its overview and its pages by kind, each
 * titled by its file name (the symbol). A fresh checkout has no docs/api until `npm run docs:api`.
 */
function apiModules(dir: string): SidebarItem[] {
  const abs = join(API_DIR, dir);
  if (!existsSync(join(abs, 'index.md'))) return [];
  const base = `/api/${dir}`;
  const kinds = API_KINDS.filter(([folder]) => existsSync(join(abs, folder))).map(([folder, title]) => ({
    text: title,
    collapsed: true,
    items: readdirSync(join(abs, folder))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => ({ text: f.slice(0, -3), link: `${base}/${folder}/${f.slice(0, -3)}` })),
  }));
  const nested = readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !API_KINDS.some(([folder]) => folder === e.name))
    .map((e) => e.name)
    .sort()
    .flatMap((name) => apiModules(`${dir}/${name}`));
  return [{ text: dir, link: `${base}/`, items: kinds }, ...nested];
}

const apiPages: SidebarItem[] = existsSync(API_DIR)
  ? readdirSync(API_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()
      .flatMap((name) => apiModules(name))
  : [];

const guideSidebar: SidebarItem[] = [
  {
    text: 'Guide',
    items: [
      { text: 'Overview', link: '/' },
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Command line', link: '/cli' },
      { text: 'Configuration', link: '/configuration' },
      { text: 'CI and git hooks', link: '/ci' },
      { text: 'What the server accepts', link: '/server' },
    ],
  },
  {
    text: 'Integrations',
    items: [
      { text: 'Library', link: '/library' },
      { text: 'Client, apply and get-broker', link: '/client' },
      { text: 'Custom rules', link: '/custom-rules' },
      { text: 'Editor setup', link: '/editor' },
      { text: 'Language server', link: '/language-server' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'Security model', link: '/security' },
      { text: 'Performance', link: '/performance' },
      { text: 'Development', link: '/development' },
    ],
  },
  { text: 'Rules and codes', collapsed: true, items: [{ text: 'All rules', link: '/rules' }, ...rulePages] },
  {
    text: 'API reference',
    collapsed: true,
    // The entry points here; their pages in the API reference's own sidebar (below).
    items: [
      { text: 'Entry points', link: '/api/' },
      ...apiPages.map(({ text, link }) => ({ text, ...(link === undefined ? {} : { link }) })),
    ],
  },
];

/**
 * The API reference's pages (hundreds) are listed on its own pages only: every page holds its whole
 * sidebar, so listing them on every guide page too would multiply the site's size and build time.
 */
const apiSidebar: SidebarItem[] = [
  { text: 'Guide', items: [{ text: 'Back to the guide', link: '/' }] },
  { text: 'API reference', items: [{ text: 'Entry points', link: '/api/' }] },
  ...apiPages,
];

export default defineConfig({
  title: 'svc-admin-spec',
  description:
    'Types, JSON Schemas, a linter, a client and a language server for the Admin API v2 of a streaming-data cluster',
  // A self-hosted copy under a sub-path sets DOCS_BASE (e.g. "/svc-admin-spec/") when building.
  base: process.env['DOCS_BASE'] ?? '/',
  lastUpdated: false,
  // The map of every page's chunk in a file of its own, not inlined in each page (hundreds of API pages).
  metaChunk: true,
  // GitHub's anchors, so `page.md#anchor` links work the same on GitHub, unpkg and the site.
  markdown: {
    anchor: { slugify: githubSlug },
    headers: { slugify: githubSlug },
    config(md) {
      // Inline code is literal, as in fenced blocks: Vue must not read a `{{ … }}` quoted in it (the
      // API reference quotes doc comments that name templates).
      const render = md.renderer.rules.code_inline!;
      md.renderer.rules.code_inline = (tokens, idx, options, env, self) => {
        tokens[idx]!.attrSet('v-pre', '');
        return render(tokens, idx, options, env, self);
      };
    },
  },
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Rules', link: '/rules' },
      { text: 'Library', link: '/library' },
      { text: 'API', link: '/api/' },
      { text: 'GitHub', link: 'https://github.com/svc-admin-spec/svc-admin-spec' },
    ],
    sidebar: { '/api/': apiSidebar, '/': guideSidebar },
    outline: { level: [2, 3] },
  },
});
