/** Custom rules through the command line: `plugins` in the config file, ES modules and CommonJS. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlugins } from '../src/config/plugins';
import { cli, report, ROOT, scratch } from './cli-helpers';

const EXAMPLE = join(ROOT, 'examples', 'custom-rules');

/** A rule module's source: a plain object, so that the plugin needs no package to import. */
const ruleSource = (
  id: string,
  body = `ctx.report({ messageId: 'm', pointer: '/name', data: { name: String(ctx.doc.name) } })`,
) =>
  `{
  id: '${id}',
  severity: 'warning',
  kinds: ['ShadowLink'],
  docs: { description: 'Checks ${id}.', url: 'https://wiki.example.com/${id}' },
  messages: { m: '${id} saw {name}.' },
  check(ctx) { if (typeof ctx.doc.name === 'string') ${body}; },
}`;

const LINK = 'name: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n';

describe('plugins in the config file', () => {
  it('run the worked example: house-policy findings with their docs URL', () => {
    const run = cli(['lint', 'links', '-f', 'json'], { cwd: EXAMPLE });
    expect(run.code, run.stderr).toBe(1);
    const results = report(run).results;
    expect(results.find((r) => r.file.endsWith('eu-west-1-orders.yaml'))!.diagnostics).toEqual([]);
    const legacy = results.find((r) => r.file.endsWith('legacy.yaml'))!.diagnostics;
    expect(legacy.map((d) => [d.code, d.severity, d.range?.start.line])).toEqual([
      ['@acme/link-name-region', 'error', 2],
      ['@acme/tls-required', 'error', 5],
      ['@acme/tls-required', 'error', 10],
    ]);
    expect(legacy[0]).toMatchObject({
      message:
        'The link name "legacy" does not start with a region (eu-west-1, us-east-1, ap-south-1); name it like "eu-west-1-legacy".',
      docsUrl: 'https://wiki.example.com/platform/naming#shadow-links',
    });
  });

  it('are listed by `rules` after the built-in ones, and not with --no-config', () => {
    const text = cli(['rules'], { cwd: EXAMPLE });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /\n@acme\/link-name-region +warning +A shadow link name starts with the region of its source cluster \(`eu-west-1-orders`\)\.\n@acme\/tls-required +error +Every shadow link uses TLS and SCRAM-SHA-512 toward its source cluster\.\n$/,
    );
    const json = JSON.parse(cli(['rules', '--format', 'json'], { cwd: EXAMPLE }).stdout) as {
      id: string;
      custom: boolean;
      docsUrl?: string;
    }[];
    expect(json.at(-1)).toEqual({
      id: '@acme/tls-required',
      severity: 'error',
      kinds: ['ShadowLink', 'CreateShadowLinkRequest'],
      description: 'Every shadow link uses TLS and SCRAM-SHA-512 toward its source cluster.',
      custom: true,
      docsUrl: 'https://wiki.example.com/platform/policies/ps-12',
    });
    expect(json[0]).toMatchObject({ custom: false, docsUrl: expect.stringMatching(/docs\/rules\/[a-z-]+\.md$/) });
    expect(cli(['rules', '--no-config'], { cwd: EXAMPLE }).stdout).not.toContain('@acme');
  });

  it('load ES modules and CommonJS (a rule, an array, { rules }, a `rules` export), relative to the config file', () => {
    const dir = scratch({
      'conf/svc-admin-spec.config.yaml':
        'plugins: ["./one.mjs", "./many.cjs", "./named.mjs", "../shared/object.cjs"]\nrules:\n  "@a/one": error\n',
      'conf/one.mjs': `export default ${ruleSource('@a/one')};`,
      'conf/many.cjs': `module.exports = [${ruleSource('@a/two')}, ${ruleSource('@a/three')}];`,
      'conf/named.mjs': `export const rules = [${ruleSource('@a/four')}];`,
      'shared/object.cjs': `exports.rules = [${ruleSource('@a/five')}];`,
      'conf/link.yaml': LINK,
    });
    const run = cli(['lint', 'link.yaml', '-f', 'json', '--rule', '@a/three=off'], { cwd: join(dir, 'conf') });
    expect(run.stderr).toBe('');
    const found = report(run).results[0]!.diagnostics.map((d) => [d.code, d.severity, d.message]);
    expect(found).toEqual([
      ['@a/one', 'error', '@a/one saw dr-link.'],
      ['@a/five', 'warning', '@a/five saw dr-link.'],
      ['@a/four', 'warning', '@a/four saw dr-link.'],
      ['@a/two', 'warning', '@a/two saw dr-link.'],
    ]);
    expect(run.code).toBe(1);
  });

  it('are loaded again after an edit, ES module and CommonJS alike (a running language server sees the new rule)', async () => {
    const dir = scratch({
      'a.mjs': `export default ${ruleSource('@a/esm')};`,
      'b.cjs': `module.exports = ${ruleSource('@a/cjs')};`,
    });
    const first = await loadPlugins(['./a.mjs', './b.cjs'], dir, 'config');
    expect(first.map((r) => r.id)).toEqual(['@a/esm', '@a/cjs']);
    writeFileSync(join(dir, 'a.mjs'), `export default ${ruleSource('@a/esm-edited')};`);
    writeFileSync(join(dir, 'b.cjs'), `module.exports = ${ruleSource('@a/cjs-edited')};`);
    const second = await loadPlugins(['./a.mjs', './b.cjs'], dir, 'config');
    expect(second.map((r) => r.id)).toEqual(['@a/esm-edited', '@a/cjs-edited']);
  });

  it('accept their ids in directives, the ignore file, --print-config and SARIF', () => {
    const dir = scratch({
      'svc-admin-spec.config.json': '{ "plugins": ["./p.mjs"] }',
      'p.mjs': `export default [${ruleSource('@a/one')}, ${ruleSource('@a/two')}];`,
      'a.yaml': `# svc-admin-spec-disable @a/one -- legacy\n${LINK}`,
      'b.yaml': LINK,
    });
    const linted = report(cli(['lint', 'a.yaml', '-f', 'json'], { cwd: dir })).results[0]!.diagnostics;
    expect(linted.map((d) => d.code)).toEqual(['@a/two']);
    const printed = JSON.parse(cli(['--print-config', 'a.yaml'], { cwd: dir }).stdout) as {
      rules: Record<string, unknown>;
    };
    expect(printed.rules['@a/one']).toEqual({ severity: 'warning' });
    const sarif = JSON.parse(cli(['lint', 'b.yaml', '-f', 'sarif'], { cwd: dir }).stdout) as {
      runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } }; results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.tool.driver.rules.find((r) => r.id === '@a/two')!.helpUri).toBe(
      'https://wiki.example.com/@a/two',
    );
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(['@a/one', '@a/two']);
    expect(cli(['lint', 'b.yaml', '--write-ignore-file'], { cwd: dir }).code).toBe(0);
    const ignore = JSON.parse(readFileSync(join(dir, '.svc-admin-spec-ignore.json'), 'utf8')) as {
      ignores: { code: string }[];
    };
    expect(ignore.ignores.map((e) => e.code)).toEqual(['@a/one', '@a/two']);
    expect(cli(['lint', 'b.yaml'], { cwd: dir }).code).toBe(0);
  });

  it('turn a rule that throws while linting into an internal-error finding, not a crash', () => {
    const dir = scratch({
      'svc-admin-spec.config.yaml': 'plugins: [./p.cjs]\n',
      'p.cjs': `module.exports = ${ruleSource('@a/boom', "(() => { throw new Error('no ' + 'luck'); })()")};`,
      'a.yaml': LINK,
    });
    const run = cli(['lint', 'a.yaml', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(report(run).results[0]!.diagnostics).toMatchObject([
      {
        code: 'internal-error',
        message: expect.stringContaining('Custom rule @a/boom failed on this document (no luck): a bug in that rule'),
      },
    ]);
  });

  it.each([
    ['plugins: ./p.mjs', '"plugins" must be an array of module paths relative to the config file'],
    ['plugins: ["./missing.mjs"]', 'plugins[0] "./missing.mjs" could not be loaded: there is no file'],
    ['plugins: ["./syntax.mjs"]', 'plugins[0] "./syntax.mjs" could not be loaded: '],
    ['plugins: ["./throws.mjs"]', 'plugins[0] "./throws.mjs" could not be loaded: cannot start'],
    ['plugins: ["./empty.mjs"]', 'plugins[0] "./empty.mjs" exports no rules: export a rule (from defineRule)'],
    ['plugins: ["./bad-id.mjs"]', 'custom rule 1 ("tls") has id "tls"; custom rule ids are "@namespace/name"'],
    ['plugins: ["./p.mjs", "./p2.mjs"]', 'two custom rules have the id "@a/one"; ids must be unique.'],
    ['plugins: ["no-such-package-here"]', `plugins[0] "no-such-package-here" could not be loaded: Cannot find module`],
    ['plugins: ["./p.mjs"]\nrules: { "@a/onne": error }', 'unknown rule "@a/onne"; did you mean "@a/one"?'],
  ])('stop with exit code 2 and a clear message for a bad plugin (%s)', (config, message) => {
    const dir = scratch({
      'svc-admin-spec.config.yaml': `${config}\n`,
      'p.mjs': `export default ${ruleSource('@a/one')};`,
      'p2.mjs': `export default ${ruleSource('@a/one')};`,
      'syntax.mjs': 'export default {',
      'throws.mjs': "throw new Error('cannot start');",
      'empty.mjs': 'export const x = 1;',
      'bad-id.mjs': `export default ${ruleSource('tls')};`,
      'a.yaml': LINK,
    });
    const run = cli(['lint', 'a.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('checks --rule ids of custom rules once the plugins are loaded', () => {
    const dir = scratch({
      'svc-admin-spec.config.yaml': 'plugins: ["./p.mjs"]\n',
      'p.mjs': `export default ${ruleSource('@a/one')};`,
      'a.yaml': LINK,
    });
    expect(cli(['lint', 'a.yaml', '--rule', '@a/one=off'], { cwd: dir }).code).toBe(0);
    const unknown = cli(['lint', 'a.yaml', '--rule', '@a/onee=off'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--rule: unknown rule "@a/onee"; did you mean "@a/one"?');
  });
});
