/**
 * The docs base URL: findings' `docsUrl`, SARIF's `helpUri` and `rules --format json` point below the
 * default (the package on unpkg) or below the base a user sets — the `docsBaseUrl` option of
 * `lint`/`lintText`/`format`, or SVC_ADMIN_SPEC_DOCS_URL for the command — and the pages they name
 * ship in the package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExchange, docsUrl, format, lint, lintText } from '../src/index';
import { DEFAULT_DOCS_BASE_URL, DOCS_BASE_URL_ENV } from '../src/core/docs-url';
import { cli, ROOT, scratch } from './cli-helpers';
import { LspSession, uriOf } from './lsp-helpers';
import { runInProcess } from './run-helpers';

const BAD_LINK = { name: 'a b', configurations: { clientOptions: { bootstrapServers: ['s:9092'] } } };
const MIRROR = 'https://docs.example.com/svc-admin-spec';

describe('docs base URL', () => {
  it('defaults to the package on unpkg, and every built-in page it names ships in the package', () => {
    const { diagnostics } = lint('ShadowLink', BAD_LINK);
    expect(diagnostics.length).toBeGreaterThan(0);
    const files: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).files;
    expect(files).toContain('docs/rules');
    for (const d of diagnostics) {
      expect(d.docsUrl?.startsWith(`${DEFAULT_DOCS_BASE_URL}docs/rules/`)).toBe(true);
      const page = d.docsUrl!.slice(DEFAULT_DOCS_BASE_URL.length).split('#')[0]!;
      expect(existsSync(join(ROOT, page)), page).toBe(true);
    }
    expect(docsUrl('schema/type')).toBe(`${DEFAULT_DOCS_BASE_URL}docs/rules/schema.md#type`);
  });

  it('follows the docsBaseUrl option of lint, lintText and format (a "/" added)', () => {
    const linted = lint('ShadowLink', BAD_LINK, { docsBaseUrl: MIRROR });
    expect(linted.diagnostics.map((d) => d.docsUrl)).toEqual(
      lint('ShadowLink', BAD_LINK).diagnostics.map((d) => d.docsUrl!.replace(DEFAULT_DOCS_BASE_URL, `${MIRROR}/`)),
    );
    const text = lintText('name: "a b"\n', { kind: 'ShadowLink', docsBaseUrl: 'file:///opt/svc/' });
    expect(text.diagnostics.length).toBeGreaterThan(0);
    expect(text.diagnostics.every((d) => d.docsUrl?.startsWith('file:///opt/svc/docs/rules/'))).toBe(true);
    const sarif = JSON.parse(
      format([{ file: 'x.yaml', kind: text.kind, diagnostics: text.diagnostics }], 'sarif', { docsBaseUrl: MIRROR }),
    ) as { runs: { tool: { driver: { rules: { helpUri?: string }[] } } }[] };
    const uris = sarif.runs[0]!.tool.driver.rules.map((r) => r.helpUri);
    expect(uris.length).toBeGreaterThan(0);
    expect(uris.every((u) => u?.startsWith(`${MIRROR}/docs/rules/`))).toBe(true);
  });

  it('refuses a base that is not an absolute http, https or file URL', () => {
    for (const bad of ['docs/', 'ftp://x/', 'https://x/?q=1', 42])
      expect(() => lint('ShadowLink', BAD_LINK, { docsBaseUrl: bad as string })).toThrow(/"docsBaseUrl" must be/);
  });

  it(`follows ${DOCS_BASE_URL_ENV} in the command, and a malformed one is a usage error`, () => {
    const dir = scratch({ 'link.yaml': 'name: "a b"\n' });
    const env = { [DOCS_BASE_URL_ENV]: MIRROR };
    const json = cli(['lint', '-f', 'json', 'link.yaml'], { cwd: dir, env });
    const urls = (
      JSON.parse(json.stdout) as { results: { diagnostics: { docsUrl?: string }[] }[] }
    ).results[0]!.diagnostics.map((d) => d.docsUrl);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => u?.startsWith(`${MIRROR}/docs/rules/`))).toBe(true);
    const sarif = cli(['lint', '-f', 'sarif', 'link.yaml'], { cwd: dir, env }).stdout;
    expect(sarif).not.toContain(DEFAULT_DOCS_BASE_URL);
    expect(sarif).toContain(`"helpUri": "${MIRROR}/docs/rules/shadow-link-name.md"`);
    const rules = JSON.parse(cli(['rules', '--format', 'json'], { cwd: dir, env }).stdout) as { docsUrl: string }[];
    expect(rules.every((r) => r.docsUrl.startsWith(`${MIRROR}/docs/rules/`))).toBe(true);
    const bad = cli(['lint', 'link.yaml'], { cwd: dir, env: { [DOCS_BASE_URL_ENV]: 'not a url' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${DOCS_BASE_URL_ENV} must be an absolute`);
  });

  it(`follows ${DOCS_BASE_URL_ENV} in check-exchange (its own findings and the documents'), and preview and convert refuse a malformed one as lint does`, async () => {
    const broker = '{"broker": {"nodeId": 2, "buildInfo": {"version": "v26.1.3", "buildSha": "3f2a9c1d"}}}\n';
    const dir = scratch({
      'request.json': '{"nodeId": 3}\n',
      'broken.json': '{"nodeId": 3,}\n',
      'response.json': broker,
      'link.yaml': 'name: "a b"\n',
      'topics.txt': 'orders\n',
    });
    const env = { [DOCS_BASE_URL_ENV]: MIRROR };
    const urls = async (request: string) => {
      const run = await runInProcess(['check-exchange', request, 'response.json', '-f', 'json'], { cwd: dir, env });
      expect(run.code, run.stderr).toBe(1);
      const shown = JSON.parse(run.stdout) as { results: { diagnostics: { code: string; docsUrl?: string }[] }[] };
      return shown.results.flatMap((r) => r.diagnostics.map((d) => [d.code, d.docsUrl]));
    };
    expect(await urls('request.json')).toEqual([
      ['conformance/node-id', `${MIRROR}/docs/rules/conformance.md#node-id`],
    ]);
    // A document that does not parse: the finding is the read's own (shared with preview).
    const parsed = await urls('broken.json');
    expect(parsed.length).toBeGreaterThan(0);
    expect(parsed).toEqual(parsed.map(() => ['parse/json-syntax', `${MIRROR}/docs/rules/parse.md#json-syntax`]));
    const sarif = (
      await runInProcess(['check-exchange', 'request.json', 'response.json', '-f', 'sarif'], { cwd: dir, env })
    ).stdout;
    expect(sarif).not.toContain(DEFAULT_DOCS_BASE_URL);
    expect(sarif).toContain(`"helpUri": "${MIRROR}/docs/rules/conformance.md#node-id"`);
    // The library's option, which the command passes.
    const found = checkExchange(
      { kind: 'GetBroker', request: { nodeId: 3 }, response: JSON.parse(broker) },
      { docsBaseUrl: 'file:///opt/svc' },
    );
    expect(found.diagnostics.map((d) => d.docsUrl)).toEqual(['file:///opt/svc/docs/rules/conformance.md#node-id']);
    const bad = { [DOCS_BASE_URL_ENV]: 'not a url' };
    for (const args of [
      ['check-exchange', 'request.json', 'response.json'],
      ['preview', 'link.yaml', '--topics', 'topics.txt'],
      ['convert', 'link.yaml', '--to', 'rpk'],
    ]) {
      const run = await runInProcess(args, { cwd: dir, env: bad });
      expect([args[0], run.code]).toEqual([args[0], 2]);
      expect(run.stderr).toContain(`${DOCS_BASE_URL_ENV} must be an absolute`);
    }
  });

  it(`follows ${DOCS_BASE_URL_ENV} in the language server, and warns once about a malformed one`, async () => {
    const dir = scratch({ 'link.yaml': 'name: "a b"\n' });
    const uri = uriOf(join(dir, 'link.yaml'));
    const session = await LspSession.start(dir, undefined, { [DOCS_BASE_URL_ENV]: MIRROR });
    const published = await session.open(uri, 'name: "a b"\n');
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((d) => d.codeDescription?.href.startsWith(`${MIRROR}/docs/rules/`))).toBe(true);
    expect(await session.stop()).toBe(0);
    const bad = await LspSession.start(dir, undefined, { [DOCS_BASE_URL_ENV]: 'nope' });
    const fallback = await bad.open(uri, 'name: "a b"\n');
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback.every((d) => d.codeDescription?.href.startsWith(`${DEFAULT_DOCS_BASE_URL}docs/rules/`))).toBe(true);
    expect(bad.logs.filter((m) => m.includes(`${DOCS_BASE_URL_ENV} must be`))).toHaveLength(1);
    expect(await bad.stop()).toBe(0);
  }, 60_000);
});
