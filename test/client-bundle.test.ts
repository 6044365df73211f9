/** What each build pulls in: the main entry stays free of the client's dependencies; the client bundles for browsers. */
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli-helpers';

const DIST = join(ROOT, 'dist');

/** Every module specifier reachable from a built file through its relative imports (ESM) or requires (CJS). */
function reachable(file: string, seen = new Set<string>(), specifiers = new Set<string>()): Set<string> {
  if (seen.has(file)) return specifiers;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
  for (const m of text.matchAll(re)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) reachable(join(dirname(file), spec), seen, specifiers);
    else specifiers.add(spec);
  }
  return specifiers;
}

describe('builds', () => {
  it('svc-admin-spec (ESM and CommonJS) imports neither connect nor protobuf-es', () => {
    for (const entry of ['index.js', 'index.cjs']) {
      const specs = [...reachable(join(DIST, entry))];
      expect(
        specs.filter((s) => /@connectrpc|@bufbuild/.test(s)),
        entry,
      ).toEqual([]);
      expect(specs, `${entry} reaches the linter's dependencies`).toContain('@sinclair/typebox');
    }
  });

  it('svc-admin-spec/client does, and shares the linter with the main entry', () => {
    for (const entry of ['client.js', 'client.cjs']) {
      const specs = [...reachable(join(DIST, entry))];
      expect(specs).toEqual(expect.arrayContaining(['@connectrpc/connect', '@connectrpc/connect-node']));
    }
  });

  it('the CLI bundle leaves the client to cli-client.cjs, loaded only by apply and get-broker', () => {
    const main = readFileSync(join(DIST, 'cli-main.cjs'), 'utf8');
    const client = readFileSync(join(DIST, 'cli-client.cjs'), 'utf8');
    // A string of connect-node's error handling: present in the client bundle only.
    expect(client).toContain('ERR_STREAM_WRITE_AFTER_END');
    expect(main).not.toContain('ERR_STREAM_WRITE_AFTER_END');
    expect(main).toContain('require("./cli-client.cjs")');
  });

  it('the CLI bundle is ASCII, and carries the rules without their examples (the library keeps them)', () => {
    const main = readFileSync(join(DIST, 'cli-main.cjs'));
    // The launcher reads it as Latin-1: that is exact only for ASCII.
    expect(main.findIndex((b) => b > 0x7f)).toBe(-1);
    const text = main.toString('latin1');
    expect(text.startsWith('#!')).toBe(false);
    // A value that only filter-redundant's examples hold, and a message of the rule itself.
    expect(text).not.toContain('_svc.keep');
    expect(text).toContain('already INCLUDEs every name with');
    const library = readdirSync(DIST).filter((f) => f.endsWith('.js') && !f.startsWith('client.browser'));
    expect(library.some((f) => readFileSync(join(DIST, f), 'utf8').includes('_svc.keep'))).toBe(true);
  });

  it('the browser build bundles for browsers with no Node.js module', async () => {
    const result = await build({
      entryPoints: [join(DIST, 'client.browser.js')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('@connectrpc/connect-web'))).toBe(true);
    expect(inputs.some((i) => i.includes('connect-node'))).toBe(false);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s*["']node:/);
  });
});
