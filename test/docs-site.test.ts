/**
 * The built docs site (VitePress, `npm run docs:build`) in headless Chromium, served from
 * docs/.vitepress/dist by a static server of the test's own: a sidebar link opens its page, the
 * local search finds a section and opens it, and the API reference (TypeDoc's pages) leads from the
 * sidebar to a function's page. Builds the site first when it is missing (or built without the API
 * reference). Needs
 * Debian's `chromium`: skipped without it, except where SVC_REQUIRE_BROWSER=1 (CI).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_REQUIRED, CHROMIUM, launchChromium } from './support/chromium';
import { API_PAGES, ensureBuilt, SITE } from './support/docs-build';
import { ROOT } from './cli-helpers';

const DIST = join(ROOT, 'docs', '.vitepress', 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** The file a request path names in the site: itself, `<path>.html` (a page without its extension) or `<path>/index.html`. */
function fileFor(urlPath: string): string | undefined {
  const path = normalize(decodeURIComponent(urlPath.split('?')[0]!));
  if (path.includes('..')) return undefined;
  const base = join(DIST, path);
  return [base, `${base}.html`, join(base, 'index.html')].find((p) => existsSync(p) && statSync(p).isFile());
}

/** Serves the built site on a free port of 127.0.0.1 (404.html for what is not there, as a static host does). */
function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const file = fileFor(req.url ?? '/');
    const body = readFileSync(file ?? join(DIST, '404.html'));
    res.writeHead(file ? 200 : 404, { 'content-type': TYPES[extname(file ?? '.html')] ?? 'application/octet-stream' });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

describe.skipIf(!CHROMIUM && !BROWSER_REQUIRED)('docs site in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ensureBuilt(API_PAGES, () => existsSync(join(ROOT, 'docs', 'api', 'index.md')));
    ensureBuilt(SITE, () => existsSync(join(DIST, 'index.html')) && existsSync(join(DIST, 'api', 'index.html')));
    server = await serve();
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => server?.close(ok));
  });

  it('opens a page from the sidebar', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${origin}/`);
    await expect.poll(() => page.locator('.vp-doc h1').first().innerText()).toContain('svc-admin-spec');
    await page.locator('.VPSidebar a', { hasText: 'Command line' }).first().click();
    await page.waitForURL(/\/cli(\.html)?$/);
    await expect.poll(() => page.locator('.vp-doc h1').first().innerText()).toContain('Command line');
    // The page's own content, not just its title: a section moved from the README.
    expect(await page.locator('.vp-doc h2', { hasText: 'Exit codes' }).count()).toBe(1);
    await page.close();
  }, 60_000);

  it('finds a section with the local search and opens it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${origin}/`);
    await page.locator('.VPNavBarSearch button').first().click();
    const input = page.locator('.VPLocalSearchBox input.search-input');
    await input.waitFor();
    await input.fill('lint-staged');
    const hit = page.locator('.VPLocalSearchBox a.result', { hasText: 'lint-staged and husky' }).first();
    await hit.waitFor();
    expect(await hit.getAttribute('href')).toMatch(/\/ci(\.html)?#lint-staged-and-husky$/);
    await hit.click();
    await page.waitForURL(/\/ci(\.html)?#lint-staged-and-husky$/);
    await expect.poll(() => page.locator('.vp-doc h1').first().innerText()).toContain('CI and git hooks');
    await page.close();
  }, 60_000);

  it("opens the API reference from the sidebar and finds lint's page with its doc comment", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${origin}/cli`);
    // The guide's sidebar lists the entry points under a collapsed "API reference" section.
    await page
      .locator('.VPSidebar .VPSidebarItem.level-0', { hasText: 'API reference' })
      .locator('.item')
      .first()
      .click();
    await page
      .locator('.VPSidebar a', { hasText: /^svc-admin-spec$/ })
      .first()
      .click();
    await page.waitForURL(/\/api\/svc-admin-spec\/(index(\.html)?)?$/);
    await expect.poll(() => page.locator('.vp-doc h1').first().innerText()).toContain('svc-admin-spec');
    expect(await page.locator('.vp-doc h2', { hasText: 'Functions' }).count()).toBe(1);
    // The reference's own sidebar lists every page, by kind: Functions → lint.
    await page.locator('.VPSidebar .VPSidebarItem.level-1', { hasText: 'Functions' }).locator('.item').first().click();
    await page
      .locator('.VPSidebar a', { hasText: /^lint$/ })
      .first()
      .click();
    await page.waitForURL(/\/api\/svc-admin-spec\/functions\/lint(\.html)?$/);
    await expect.poll(() => page.locator('.vp-doc h1').first().innerText()).toContain('Function: lint()');
    // lint's doc comment (src/lint/lint.ts) and its signature, rendered.
    expect(await page.locator('.vp-doc').innerText()).toContain('Lints a value as a document of kind');
    expect(await page.locator('.vp-doc h2', { hasText: 'Parameters' }).count()).toBe(1);
    await page.close();
  }, 60_000);
});
