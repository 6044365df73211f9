/**
 * The library in a real browser: esbuild bundles it for `platform: 'browser'` (a Node built-in would
 * fail the build), headless Chromium runs every fixture, example, rule example and PEM test vector
 * through the public API, and the findings must equal Node's exactly.
 * Needs Debian's `chromium` (or `chromium-headless-shell`): CI installs it and sets
 * SVC_REQUIRE_BROWSER=1, so there it must run; on a machine without it the test is skipped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { BROWSER_REQUIRED, CHROMIUM, launchChromium } from './support/chromium';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index';
import { allRules } from '../src/engine/registry';
import { exampleKind, exampleLintOptions } from '../src/lint/rule-examples';
import { runCases, type Case } from './browser/cases';
import { bundleSize, packageOf } from '../scripts/bundle-size';
import { FIXTURES } from './helpers';

const ROOT = join(import.meta.dirname, '..');
const required = BROWSER_REQUIRED;
const NOW = '2026-11-22T00:00:00Z';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));

/** Every call the browser repeats: the whole test corpus through each entry point. */
function corpus(): { cases: Case[]; pems: Record<string, string> } {
  const cases: Case[] = [];
  // Documents as files (lintText: JSON and YAML parsers, positions) and, for fixtures, as values (lint).
  const documents = [...filesUnder(join(FIXTURES, 'valid')), ...filesUnder(join(FIXTURES, 'invalid'))].filter(
    (f) => f.endsWith('.json') && !f.endsWith('.expected.json'),
  );
  for (const file of [...documents, ...filesUnder(join(ROOT, 'examples'))]) {
    const text = readFileSync(file, 'utf8');
    cases.push({ fn: 'lintText', text, filename: relative(ROOT, file), now: NOW });
  }
  for (const file of documents) {
    const kind = file.split('/').pop()!.split('.')[0]!;
    const doc: unknown = JSON.parse(readFileSync(file, 'utf8'));
    cases.push({ fn: 'lint', kind, doc, options: { now: NOW, isFile: true } });
    cases.push({ fn: 'assertValid', kind, doc });
  }
  for (const rule of allRules) {
    for (const ex of [...rule.examples.valid, ...rule.examples.invalid]) {
      const { now, ...options } = exampleLintOptions(rule, ex);
      cases.push({
        fn: 'lint',
        kind: exampleKind(rule, ex),
        doc: ex.doc,
        options: { ...options, now: now.toISOString() },
      });
    }
  }
  // Every certificate with every key of fixtures/pem, each certificate also as `ca`, at two instants.
  const pemDir = join(FIXTURES, 'pem');
  const pems = Object.fromEntries(
    readdirSync(pemDir)
      .filter((f) => /\.(crt|key)$/.test(f))
      .map((f) => [f, readFileSync(join(pemDir, f), 'utf8')]),
  );
  const certs = Object.keys(pems).filter((f) => f.endsWith('.crt'));
  const keys = Object.keys(pems).filter((f) => f.endsWith('.key'));
  for (const cert of certs) {
    for (const key of keys) cases.push({ fn: 'pemPair', cert, key, now: '2030-01-01T00:00:00Z' });
    for (const now of ['2020-06-01T00:00:00Z', '2095-01-01T00:00:00Z']) cases.push({ fn: 'pemPair', ca: cert, now });
  }
  for (const text of Object.values(pems)) cases.push({ fn: 'keyFingerprint', text });
  // The exchange and filter helpers, on the fixtures they are tested with.
  const load = (name: string): Record<string, unknown> =>
    JSON.parse(readFileSync(join(FIXTURES, 'valid', name), 'utf8')) as Record<string, unknown>;
  const link = load('ShadowLink.full.json');
  const response = load('CreateShadowLinkResponse.full.json');
  cases.push({ fn: 'checkExchange', exchange: { kind: 'CreateShadowLink', request: { shadowLink: link }, response } });
  cases.push({
    fn: 'checkExchange',
    exchange: {
      kind: 'GetBroker',
      request: load('GetBrokerRequest.node.json'),
      response: load('GetBrokerResponse.full.json'),
    },
  });
  cases.push({
    fn: 'previewFilters',
    link,
    names: { topics: ['orders', 'payments.eu', '_svc.audit_log', '__consumer_offsets'], groups: ['billing', 'x'] },
  });
  return { cases, pems };
}

/** The library and the case runner bundled for browsers; fails on any Node built-in. */
async function browserBundle(): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [join(ROOT, 'test/browser/entry.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

describe('browser', () => {
  it.runIf(required)('has Chromium where it is required (CI)', () => {
    expect(CHROMIUM, 'no Chromium: apt-get install chromium').toBeDefined();
  });

  it('bundles for browsers without Node built-ins or the CLI', async () => {
    const { inputs } = await browserBundle();
    expect(inputs.filter((i) => i.startsWith('node:') || i.includes('src/cli/'))).toEqual([]);
    expect(inputs).toContain('src/facts/pem/x509.ts');
  });

  it('leaves the YAML and JSON-with-positions parsers out of a bundle of the sources that imports only lint', () => {
    const parsers = (names: string[]) =>
      bundleSize(names, 'src')
        .inputs.map(([file]) => packageOf(file))
        .filter((pkg) => pkg === 'yaml' || pkg === 'jsonc-parser');
    expect(new Set(parsers(['lint']))).toEqual(new Set());
    expect(new Set(parsers(['lint', 'lintText']))).toEqual(new Set(['yaml', 'jsonc-parser']));
  });

  it("the docs' bundle sizes are the shipped bundle's, within 5%", () => {
    const readme = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('<!-- bundle-size:start -->'),
      readme.indexOf('<!-- bundle-size:end -->'),
    );
    const rows = [
      ...table.matchAll(/`import \{ ([\w, ]+) \} from 'svc-admin-spec'` \| ([\d.]+) KB \| ([\d.]+) KB \|/g),
    ];
    expect(rows.length).toBe(2);
    for (const [, names, raw, gzip] of rows) {
      const size = bundleSize(names!.split(', '));
      expect(Math.abs(size.raw / 1024 / Number(raw) - 1), `${names} raw`).toBeLessThan(0.05);
      expect(Math.abs(size.gzip / 1024 / Number(gzip) - 1), `${names} gzip`).toBeLessThan(0.05);
    }
  });

  it("takes only the TypeBox builders the model uses, not TypeBox's whole `Type` namespace", () => {
    const typebox = bundleSize(['lint'], 'src')
      .inputs.map(([file]) => file)
      .filter((f) => f.includes('@sinclair/typebox'));
    expect(typebox.length).toBeGreaterThan(0);
    expect(typebox.filter((f) => /\/type\/type\/(json|javascript|type)\.mjs$/.test(f))).toEqual([]);
  });

  it.runIf(CHROMIUM !== undefined)(
    'gives exactly the findings Node gives, on the whole corpus',
    async () => {
      const { cases, pems } = corpus();
      const inNode = JSON.parse(runCases(api, cases, pems)) as unknown[];
      const { code } = await browserBundle();
      const browser = await launchChromium();
      let inBrowser: unknown[];
      try {
        const page = await browser.newPage();
        await page.setContent('<!doctype html><title>svc-admin-spec</title>');
        await page.addScriptTag({ content: code });
        const platform = await page.evaluate(() => [
          typeof (globalThis as { Buffer?: unknown }).Buffer,
          typeof (globalThis as { process?: unknown }).process,
        ]);
        expect(platform).toEqual(['undefined', 'undefined']);
        const json = await page.evaluate(
          ([c, p]) =>
            (globalThis as unknown as { svcRunCases: (cases: unknown, pems: unknown) => string }).svcRunCases(c, p),
          [cases, pems] as const,
        );
        inBrowser = JSON.parse(json) as unknown[];
      } finally {
        await browser.close();
      }
      expect(inBrowser).toHaveLength(cases.length);
      const differing = cases
        .map((c, i) => ({ i, fn: c.fn, node: inNode[i], browser: inBrowser[i] }))
        .filter((r) => JSON.stringify(r.node) !== JSON.stringify(r.browser));
      expect(differing.slice(0, 3)).toEqual([]);
      // The corpus exercises what matters: no internal error anywhere, and the PEM checks did report.
      const all = JSON.stringify(inBrowser);
      expect(all).not.toContain('internal-error');
      for (const id of ['does not belong to the certificate', 'is not valid PEM', 'is encrypted', 'expired on']) {
        expect(all).toContain(id);
      }
      expect(cases.length).toBeGreaterThan(500);
    },
    120_000,
  );
});
