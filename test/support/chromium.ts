/**
 * Debian's Chromium for the browser tests (no browser download exists here): found at the usual
 * paths or SVC_CHROMIUM, required when SVC_REQUIRE_BROWSER=1 (as in CI), launched headless.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Chromium executable, or undefined when there is none. */
export const CHROMIUM = [process.env['SVC_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find(
  (p): p is string => p !== undefined && p !== '' && existsSync(p),
);

/** True when the browser tests must run (CI installs Chromium with apt-get). */
export const BROWSER_REQUIRED = process.env['SVC_REQUIRE_BROWSER'] === '1';

/** Starts headless Chromium without the network chatter of a first run. */
export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('no Chromium: apt-get install chromium');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
