/**
 * The browser build in headless Chromium: a page served from one origin creates a link on the
 * loopback server (another origin, which allows the page's) through connect-web. Skipped only when
 * Chromium is absent locally; required when SVC_REQUIRE_BROWSER=1 (as in CI, like test/browser.test.ts).
 */
import { build } from 'esbuild';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { BROWSER_REQUIRED, CHROMIUM, launchChromium } from './support/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './cli-helpers';
import { startLoopback, type Loopback } from './support/loopback/server';
import type * as BrowserEntry from '../src/client/browser';

type BrowserClient = typeof BrowserEntry;

const required = BROWSER_REQUIRED;
if (required && !CHROMIUM)
  throw new Error('SVC_REQUIRE_BROWSER=1 but there is no Chromium (apt-get install chromium).');

describe.skipIf(!CHROMIUM)('svc-admin-spec/client in Chromium', () => {
  let page: Server;
  let pageUrl: string;
  let browser: Browser;
  let lb: Loopback;

  beforeAll(async () => {
    // The page: the published browser build, bundled as a browser app would bundle it.
    const bundled = await build({
      stdin: {
        contents: "import * as client from './dist/client.browser.js'; globalThis.svcClient = client;",
        resolveDir: ROOT,
      },
      bundle: true,
      platform: 'browser',
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    const script = bundled.outputFiles[0]!.text;
    page = createServer((req, res) => {
      if (req.url === '/app.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      else res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><script src="/app.js"></script>');
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    lb = await startLoopback({ allowOrigins: [pageUrl], auth: { token: 'browser-token-1' } });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await lb?.close();
    await new Promise((r) => page?.close(r));
  });

  it('creates a link, lints first, and maps server errors', async () => {
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => 'svcClient' in globalThis);
    const result = await tab.evaluate(async (baseUrl) => {
      const { createAdminClient, ValidationError, AdminApiError } = (
        globalThis as unknown as { svcClient: BrowserClient }
      ).svcClient;
      const c = createAdminClient({
        baseUrl,
        auth: { token: 'browser-token-1' },
        targetVersion: 'auto',
        env: { SCRAM_PASSWORD: 'from-the-page' },
      });
      const request = {
        shadowLink: {
          name: 'browser-link',
          configurations: {
            clientOptions: {
              bootstrapServers: ['source-1:9092'],
              tlsSettings: { enabled: true },
              authenticationConfiguration: {
                scramConfiguration: {
                  username: 'u',
                  password: '${SCRAM_PASSWORD}',
                  scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256' as const,
                },
              },
            },
          },
        },
      };
      const created = await c.createShadowLink(request);
      let invalid = '';
      try {
        await c.createShadowLink({ shadowLink: { name: 'bad name' } });
      } catch (e) {
        invalid = e instanceof ValidationError ? e.diagnostics.map((d) => d.code).join(',') : String(e);
      }
      let refused = '';
      try {
        await c.createShadowLink(request);
      } catch (e) {
        refused = e instanceof AdminApiError ? `${e.kind} ${e.code} ${e.rawMessage}` : String(e);
      }
      return { uid: created.shadowLink.uid, state: created.shadowLink.status?.state, invalid, refused };
    }, lb.url);
    expect(result.uid).toBe(lb.cluster.links.get('browser-link')!.shadowLink!.uid);
    expect(result.state).toBe('SHADOW_LINK_STATE_ACTIVE');
    expect(result.invalid).toContain('shadow-link-name');
    expect(result.refused).toBe('server 6 Shadow link with name browser-link already exists');
    const creates = lb.requests.filter((r) => r.path.endsWith('/CreateShadowLink'));
    expect(creates).toHaveLength(2); // the invalid one was never sent
    expect(creates[0]!.headers.origin).toBe(pageUrl);
    expect(creates[0]!.body).toContain('"password":"from-the-page"');
  }, 60_000);
});
