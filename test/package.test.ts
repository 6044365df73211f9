/**
 * The package as a consumer gets it: packed, installed from the tarball into a fresh project (no
 * install script runs), then type-checked (TypeScript 5.0, the documented minimum, and the
 * workspace's TypeScript; `nodenext` and `bundler` resolution) and run as an ES module, as
 * CommonJS and through its command with a custom rule. Needs the npm registry for the
 * dependencies, as `npm install` does; CI has it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, scratch } from './cli-helpers';

/** The oldest TypeScript the README promises, checked here. */
const MIN_TYPESCRIPT = '5.0.4';

const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const USAGE_TS = `import {
  applyFixes,
  assertValid,
  defineRule,
  isValidationError,
  lint,
  lintText,
  validate,
  ShadowLink,
  type Diagnostic,
  type ParsedSource,
} from 'svc-admin-spec';
import { Value } from '@sinclair/typebox/value';

const raw: unknown = JSON.parse('{"name":"eu-x","configurations":{"clientOptions":{"bootstrapServers":["s:9092"]}}}');
// @ts-expect-error before assertValid the value is unknown
raw.name;
assertValid('ShadowLink', raw);
export const name: string = raw.name;
export const servers: string[] = raw.configurations?.clientOptions?.bootstrapServers ?? [];

const checked = validate('CreateShadowLinkRequest', JSON.parse('{}'));
export const linkName: string | undefined = checked.valid ? checked.value.shadowLink.name : undefined;

export const region = defineRule({
  id: '@acme/region',
  severity: 'warning',
  kinds: ['ShadowLink'],
  docs: { description: 'Link names start with a region.', url: 'https://wiki.example.com/region' },
  messages: { region: 'The link name {name} does not start with a region.' },
  check(ctx) {
    const link = ctx.link?.value;
    if (typeof link === 'object' && link !== null && 'name' in link && typeof link.name === 'string' && !/^(eu|us)-/.test(link.name))
      ctx.report({ messageId: 'region', pointer: '/name', data: { name: link.name } });
  },
});

export function describe(d: Diagnostic): string {
  switch (d.code) {
    case 'schema/required':
      return 'a required field is missing';
    case '@acme/region':
      return 'house policy';
    default:
      return d.code;
  }
}

export const found = lint('ShadowLink', { name: 'x' }, { customRules: [region], rules: { '@acme/region': 'error' } });
const text = lintText('name: X\\n', { filename: 'a.yaml' });
export const source: ParsedSource = text.source;
export const fixed: string = applyFixes('name: x\\n', text.diagnostics).text;
export const typeboxAgrees: boolean = Value.Check(ShadowLink, raw);
export const isError: boolean = isValidationError(new Error('x'));
`;

const ESM = `import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Value } from '@sinclair/typebox/value';
import { assertValid, defineRule, isValidationError, lint, validate, ShadowLink, ValidationError } from 'svc-admin-spec';

const good = { name: 'eu-x', configurations: { clientOptions: { bootstrapServers: ['s:9092'] } } };
assertValid('ShadowLink', good);
assert.equal(validate('ShadowLink', { ...good, name: 'a b' }).valid, false);
// The user's TypeBox (the peer dependency) checks the exported schemas.
assert.equal(Value.Check(ShadowLink, good), true);
assert.equal(Value.Check(ShadowLink, { ...good, name: 1 }), false);
// An error from the CommonJS build is recognised here.
const cjs = createRequire(import.meta.url)('svc-admin-spec');
let thrown;
try { cjs.assertValid('GetBrokerRequest', { nodeId: 'one' }); } catch (error) { thrown = error; }
assert.equal(isValidationError(thrown), true);
assert.equal(thrown instanceof ValidationError, true);
const rule = defineRule({
  id: '@acme/region', severity: 'warning', kinds: ['ShadowLink'], docs: { description: 'Regions.' },
  messages: { region: 'No region in {name}.' },
  check(ctx) { if (!/^(eu|us)-/.test(ctx.doc.name)) ctx.report({ messageId: 'region', pointer: '/name', data: { name: ctx.doc.name } }); },
});
const { diagnostics } = lint('ShadowLink', { ...good, name: 'orders' }, { customRules: [rule] });
assert.deepEqual(diagnostics.map((d) => [d.code, d.message]), [['@acme/region', 'No region in orders.']]);
// The client entry, with its connect-es dependencies: a bad request is refused before any network use.
const { createAdminClient } = await import('svc-admin-spec/client');
const admin = createAdminClient({ baseUrl: 'http://127.0.0.1:9', targetVersion: '26.1' });
const refused = await admin.createShadowLink({ shadowLink: { ...good, name: 'a b' } }).catch((e) => e);
assert.equal(isValidationError(refused), true);
assert.equal(refused instanceof ValidationError, true);
console.log('esm ok');
`;

const CJS = `const assert = require('node:assert/strict');
const { assertValid, lint, ValidationError, applyFixes, lintText } = require('svc-admin-spec');
assert.throws(() => assertValid('GetBrokerRequest', { nodeId: 'one' }), ValidationError);
assert.equal(lint('GetBrokerRequest', { nodeId: 1 }).valid, true);
const text = 'name: dr-link\\nconfigurations:\\n  clientOptions:\\n    bootstrap_servers: ["s:9092"]\\n';
assert.equal(applyFixes(text, lintText(text, { filename: 'a.yaml' }).diagnostics).text, text.replace('bootstrap_servers', 'bootstrapServers'));
console.log('cjs ok');
`;

const POLICY = `import { defineRule } from 'svc-admin-spec';
export default defineRule({
  id: '@acme/tls-required',
  severity: 'error',
  kinds: ['ShadowLink'],
  docs: { description: 'Links use TLS.', url: 'https://wiki.example.com/tls' },
  messages: { noTls: 'The link does not enable TLS.' },
  check(ctx) {
    if (ctx.doc?.configurations?.clientOptions?.tlsSettings?.enabled !== true)
      ctx.report({ messageId: 'noTls', pointer: '/configurations/clientOptions' });
  },
});
`;

/** A consumer's tsconfig; `libCheck` also checks the declaration files (ours and TypeBox's: most of the time). */
const tsconfig = (module: string, moduleResolution: string, files: string[], libCheck: boolean) =>
  JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      module,
      moduleResolution,
      strict: true,
      noEmit: true,
      skipLibCheck: !libCheck,
      lib: ['es2022', 'dom'],
      types: [],
    },
    files,
  });

describe('the packed package in a fresh project', () => {
  let project = '';
  let tarball = '';
  let installLog = '';

  beforeAll(() => {
    const packs = scratch();
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', packs], ROOT)) as { filename: string }[];
    tarball = join(packs, packed[0]!.filename);
    project = scratch({
      'package.json': JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
      'usage.ts': USAGE_TS,
      'usage.cts': `import lib = require('svc-admin-spec');\nconst r: unknown = {};\nlib.assertValid('GetBrokerRequest', r);\nexport const n: number | undefined = (r as lib.GetBrokerRequest).nodeId;\n`,
      'esm.mjs': ESM,
      'cjs.cjs': CJS,
      // Our declarations are checked once, by the oldest TypeScript, in the resolution that reads both of them.
      'tsconfig.libcheck.json': tsconfig('nodenext', 'nodenext', ['usage.ts', 'usage.cts'], true),
      'tsconfig.nodenext.json': tsconfig('nodenext', 'nodenext', ['usage.ts', 'usage.cts'], false),
      'tsconfig.bundler.json': tsconfig('esnext', 'bundler', ['usage.ts'], false),
      'policy/rules.mjs': POLICY,
      'svc-admin-spec.config.yaml': 'plugins: ["./policy/rules.mjs"]\n',
      'links/dr.yaml': 'name: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n',
    });
    installLog = npm(
      ['install', '--prefer-offline', '--foreground-scripts', tarball, `typescript@${MIN_TYPESCRIPT}`],
      project,
    );
  }, 180_000);

  it('passes publint and "are the types wrong" (every entry, every resolution mode, node10 included)', () => {
    const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
    const lint = spawnSync(bin('publint'), ['run', '--strict', '--pack', 'npm'], { cwd: ROOT, encoding: 'utf8' });
    expect(lint.stdout + lint.stderr).toContain('All good!');
    expect(lint.status).toBe(0);
    const attw = spawnSync(bin('attw'), [tarball, '--format', 'json'], { cwd: ROOT, encoding: 'utf8' });
    const result = JSON.parse(attw.stdout) as { analysis: { problems: unknown[]; entrypoints: object } };
    expect(result.analysis.problems).toEqual([]);
    expect(Object.keys(result.analysis.entrypoints)).toEqual(expect.arrayContaining(['.', './client']));
    expect(attw.status).toBe(0);
  }, 120_000);

  it('ships no install script, no source maps and no build helpers, but a LICENSE', () => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', 'svc-admin-spec', 'package.json'), 'utf8'),
    ) as { scripts?: Record<string, string>; dependencies: Record<string, string>; peerDependencies: object };
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts?.[hook]).toBeUndefined();
    // With --foreground-scripts npm prints every script it runs ("> svc-admin-spec@… postinstall").
    expect(installLog).not.toMatch(/^> svc-admin-spec/m);
    const lock = readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8');
    expect(JSON.parse(lock).packages['node_modules/svc-admin-spec'].hasInstallScript).toBeUndefined();
    // The parsers for `lintText`, connect-es for `svc-admin-spec/client` (which the main entry never
    // loads), and `ignore` for the command's walks (.gitignore rules).
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      '@bufbuild/protobuf',
      '@connectrpc/connect',
      '@connectrpc/connect-node',
      '@connectrpc/connect-web',
      'ignore',
      'jsonc-parser',
      'yaml',
    ]);
    expect(manifest.peerDependencies).toEqual({ '@sinclair/typebox': '^0.34.0' });
    const installed = join(project, 'node_modules', 'svc-admin-spec');
    expect(readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(existsSync(join(installed, 'scripts'))).toBe(false);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    // The schemas are reachable through the package's exports.
    expect(existsSync(join(installed, 'schemas', 'ShadowLink.schema.json'))).toBe(true);
  });

  it.each([
    ['TypeScript 5.0 (nodenext, declaration files checked too)', MIN_TYPESCRIPT, 'tsconfig.libcheck.json'],
    ['TypeScript 5.0 (bundler)', MIN_TYPESCRIPT, 'tsconfig.bundler.json'],
    ['the workspace TypeScript (nodenext)', 'workspace', 'tsconfig.nodenext.json'],
    ['the workspace TypeScript (bundler)', 'workspace', 'tsconfig.bundler.json'],
  ])('type-checks with %s: assertValid narrows, codes are checked, a custom rule fits', (_label, which, config) => {
    const tsc =
      which === 'workspace'
        ? join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
        : join(project, 'node_modules', 'typescript', 'bin', 'tsc');
    if (which !== 'workspace')
      expect(JSON.parse(readFileSync(join(project, 'node_modules/typescript/package.json'), 'utf8')).version).toBe(
        MIN_TYPESCRIPT,
      );
    const r = spawnSync(process.execPath, [tsc, '-p', config], { cwd: project, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('runs as an ES module and as CommonJS', () => {
    for (const [file, out] of [
      ['esm.mjs', 'esm ok'],
      ['cjs.cjs', 'cjs ok'],
    ]) {
      const r = spawnSync(process.execPath, [file!], { cwd: project, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe(out);
    }
  });

  it('runs its command with a custom rule from the config file', () => {
    const bin = join(project, 'node_modules', '.bin', 'svc-admin-spec');
    const env = { ...process.env, XDG_CACHE_HOME: scratch() };
    const r = spawnSync(bin, ['lint', 'links', '-f', 'json'], { cwd: project, encoding: 'utf8', env });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const diagnostics = (JSON.parse(r.stdout) as { results: { diagnostics: { code: string; docsUrl?: string }[] }[] })
      .results[0]!.diagnostics;
    expect(diagnostics.map((d) => [d.code, d.docsUrl])).toEqual([
      ['@acme/tls-required', 'https://wiki.example.com/tls'],
    ]);
    const rules = spawnSync(bin, ['rules'], { cwd: project, encoding: 'utf8', env });
    expect(rules.stdout).toMatch(/\n@acme\/tls-required +error +Links use TLS\.\n$/);
  });
});
