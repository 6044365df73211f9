// The docs site (VitePress): the hand-written pages in docs/ and the generated rule pages in docs/rules/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';
import { githubSlug } from '../../scripts/markdown-slug';

const RULES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'rules');

/** Every rule and code page, by its title (the first heading), read when the site is built so a new rule is listed without editing this file. */
const rulePages = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => {
    const title = /^# (.*)$/m.exec(readFileSync(join(RULES_DIR, f), 'utf8'))?.[1] ?? f;
    return { text: title.replace(/`/g, ''), link: `/rules/${f.slice(0, -3)}` };
  });

export default defineConfig({
  title: 'svc-admin-spec',
  description:
    'Types, JSON Schemas, a linter, a client and a language server for the Admin API v2 of a streaming-data cluster',
  // A self-hosted copy under a sub-path sets DOCS_BASE (e.g. "/svc-admin-spec/") when building.
  base: process.env['DOCS_BASE'] ?? '/',
  lastUpdated: false,
  // GitHub's anchors, so `page.md#anchor` links work the same on GitHub, unpkg and the site.
  markdown: { anchor: { slugify: githubSlug }, headers: { slugify: githubSlug } },
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Rules', link: '/rules' },
      { text: 'Library', link: '/library' },
      { text: 'GitHub', link: 'https://github.com/svc-admin-spec/svc-admin-spec' },
    ],
    sidebar: [
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
    ],
    outline: { level: [2, 3] },
  },
});
