/**
 * The language server through a real LSP client over stdio (`svc-admin-spec lsp --stdio`, built):
 * its findings and fixes are the CLI's, for every fixture and example, with config files, ignore
 * files and suppression comments; only this linter's documents get findings.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, Diagnostic, Hover, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleById } from '../src/engine/registry';
import { kindSchemas } from '../src/model/kinds';
import { schemaAt } from '../src/util/schema-walk';
import { cli, GOOD_YAML, report, ROOT, scratch, type JsonReport } from './cli-helpers';
import { applyEdits, LspSession, uriOf } from './lsp-helpers';

type CliDiagnostic = JsonReport['results'][number]['diagnostics'][number] & {
  related?: {
    message: string;
    range?: { start: { line: number; column: number }; end: { line: number; column: number } };
  }[];
};

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info' } as const;

/** A finding as both surfaces can be compared: code, severity, message, 1-based range, related places. */
function fromCli(d: CliDiagnostic) {
  const r = d.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    range: [r.start.line, r.start.column, r.end.line, r.end.column],
    related: (d.related ?? []).map((x) => [
      x.message,
      x.range ? [x.range.start.line, x.range.start.column, x.range.end.line, x.range.end.column] : undefined,
    ]),
  };
}

function fromLsp(d: Diagnostic) {
  const r = d.range;
  return {
    code: d.code,
    severity: SEVERITY[d.severity as 1 | 2 | 3],
    message: d.message,
    range: [r.start.line + 1, r.start.character + 1, r.end.line + 1, r.end.character + 1],
    related: (d.relatedInformation ?? []).map((x) => {
      const q = x.location.range;
      return [x.message, [q.start.line + 1, q.start.character + 1, q.end.line + 1, q.end.character + 1]];
    }),
  };
}

const whole = { start: { line: 0, character: 0 }, end: { line: 100000, character: 0 } };

/** The code actions for a range of a document. */
async function actions(
  session: LspSession,
  uri: string,
  only?: string[],
  range: Diagnostic['range'] = whole,
): Promise<CodeAction[]> {
  return (await session.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range,
    context: { diagnostics: [], ...(only ? { only } : {}) },
  })) as CodeAction[];
}

/** The edits a workspace edit makes to one document. */
const editsFor = (edit: WorkspaceEdit | undefined, uri: string) => edit?.changes?.[uri] ?? [];

async function hover(session: LspSession, uri: string, line: number, character: number): Promise<string> {
  const h = (await session.connection.sendRequest('textDocument/hover', {
    textDocument: { uri },
    position: { line, character },
  })) as Hover | null;
  return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
}

const listJson = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => /\.(json|ya?ml)$/.test(f))
    .map((f) => join(dir, f));

const FILES = [
  ...listJson('test/fixtures/valid'),
  ...listJson('test/fixtures/invalid'),
  ...listJson('test/fixtures/reference'),
  ...listJson('examples/good'),
  ...listJson('examples/bad'),
];

describe('language server: the CLI findings for every fixture and example', () => {
  let session: LspSession;
  let expected: Map<string, JsonReport['results'][number]>;

  beforeAll(async () => {
    const run = cli(['lint', '-f', 'json', ...FILES]);
    expected = new Map(report(run).results.map((r) => [r.file, r]));
    session = await LspSession.start(ROOT);
  });
  afterAll(async () => {
    expect(await session.stop()).toBe(0);
  });

  it('publishes the same codes, severities, messages, positions and related places as `lint`', async () => {
    let owned = 0;
    for (const file of FILES) {
      const uri = uriOf(join(ROOT, file));
      const published = await session.open(uri, readFileSync(join(ROOT, file), 'utf8'));
      // Absent: the CLI skipped it as plainly no Admin API document (a warning on stderr).
      const want = expected.get(file);
      // A file the CLI cannot tell the kind of is not this linter's: the editor shows nothing for it.
      const ours = want !== undefined && want.kind !== null;
      const wanted = ours ? want.diagnostics.map((d) => fromCli(d)) : [];
      if (ours) owned++;
      expect(published.map(fromLsp), file).toEqual(wanted);
      for (const d of published) {
        expect(d.source).toBe('svc-admin-spec');
        expect(d.codeDescription?.href).toMatch(/^https:\/\/unpkg\.com\/svc-admin-spec\/docs\/rules\//);
      }
      await session.close(uri);
    }
    expect(owned).toBeGreaterThan(15);
  });

  it('fix-all and quick fixes applied one by one both give what `--fix` writes', async () => {
    let checked = 0;
    for (const file of FILES) {
      const want = expected.get(file);
      if (
        !want?.diagnostics.some((d) => (d.suggestions as { autofix?: boolean }[] | undefined)?.some((s) => s.autofix))
      )
        continue;
      checked++;
      const dir = scratch();
      const copy = join(dir, file.replace(/\//g, '_'));
      copyFileSync(join(ROOT, file), copy);
      cli(['lint', '--fix', copy], { cwd: dir });
      const fixed = readFileSync(copy, 'utf8');
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(fixed, file).not.toBe(text);

      const uri = uriOf(join(ROOT, file));
      await session.open(uri, text);
      const all = (await actions(session, uri, ['source.fixAll'])).filter(
        (a) => a.kind === 'source.fixAll.svc-admin-spec',
      );
      expect(all, file).toHaveLength(1);
      expect(applyEdits(text, editsFor(all[0]!.edit, uri)), file).toBe(fixed);

      // One preferred quick fix at a time, as a user would apply them.
      for (let round = 0; round < 100; round++) {
        const quick = (await actions(session, uri, ['quickfix'])).find((a) => a.isPreferred && a.edit);
        if (!quick) break;
        await session.applyAndWait(uri, editsFor(quick.edit, uri));
      }
      expect(session.documents.get(uri)!.getText(), file).toBe(fixed);
      await session.close(uri);
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});

describe('language server: which documents', () => {
  let session: LspSession;
  let dir: string;
  beforeAll(async () => {
    dir = scratch();
    session = await LspSession.start(dir);
  });
  afterAll(async () => {
    await session.stop();
  });

  const modeline = '# yaml-language-server: $schema=https://unpkg.com/svc-admin-spec/schemas/ShadowLink.schema.json\n';

  it('gives nothing to JSON and YAML files that are not Admin API documents', async () => {
    const others: Record<string, string> = {
      '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n',
      'docker-compose.yaml': 'name: app\nservices:\n  web:\n    image: nginx\n',
      'package.json': '{ "name": "x", "configurations": {} }\n',
      'tsconfig.json': '{ "compilerOptions": {} }\n',
      'other-schema.json': '{ "$schema": "https://json.schemastore.org/renovate.json", "extends": [] }\n',
      'broken.yaml': 'key: [unclosed\n',
      'broken.json': '{ "a": ,}\n',
      'empty.json': '{}\n',
    };
    for (const [name, text] of Object.entries(others)) {
      // The CLI's kind decision for the same text: it cannot tell (or it is a tool's own config).
      expect(await session.open(uriOf(join(dir, name)), text), name).toEqual([]);
    }
  });

  it('lints a document named by a modeline or $schema even when it does not parse', async () => {
    const yaml = await session.open(uriOf(join(dir, 'named.yaml')), `${modeline}name: [unclosed\n`);
    expect(yaml.map((d) => d.code)).toContain('parse/yaml-syntax');
    const json = await session.open(
      uriOf(join(dir, 'named.json')),
      '{ "$schema": "https://unpkg.com/svc-admin-spec/schemas/ShadowLink.schema.json", "name": }\n',
    );
    expect(json.map((d) => d.code)).toContain('parse/json-syntax');
  });

  it('decides, as `lint` does in a walk, which broken documents are ours: those whose text names a key of ours', async () => {
    const ours: Record<string, string> = {
      'dr-link.yaml': 'name: dr\nconfigurations:\n  clientOptions: [\n',
      'misindented.yaml': 'name: dr-link\n  client_options:\n    bootstrap_servers: [a:9092]\n',
      'tab.yaml': 'name: dr\n\tconfigurations:\n',
      'json-in.yaml': '{ "name": "dr", "configurations": {\n',
    };
    for (const [name, text] of Object.entries(ours)) {
      const found = await session.open(uriOf(join(dir, 'ours', name)), text);
      expect(
        found.map((d) => d.code),
        name,
      ).toContain('parse/yaml-syntax');
    }
    const single = await session.open(uriOf(join(dir, 'ours', 'single.json')), "{'name': 'dr', 'configurations': {}}");
    expect(single.map((d) => d.code)).toContain('parse/json-syntax');
    // A broken compose file or CI workflow names nothing of ours: no findings, as a walk skips it.
    expect(await session.open(uriOf(join(dir, 'ours', 'compose.yaml')), 'services:\n  web:\n    ports: [80\n')).toEqual(
      [],
    );
    expect(await session.open(uriOf(join(dir, 'ours', 'ci.yml')), 'name: CI\non: [push\n')).toEqual([]);
  });

  it('leaves an empty or comment-only document alone unless its name or a modeline says it is ours', async () => {
    for (const [name, text] of Object.entries({ 'new.yaml': '', 'new.json': ' \n', 'notes.yaml': '# to do\n' }))
      expect(await session.open(uriOf(join(dir, 'empty', name)), text), name).toEqual([]);
    // A kind's file name or a modeline naming our schema: the empty file is ours, and said to be empty.
    const named = await session.open(uriOf(join(dir, 'empty', 'dr.shadow-link.yaml')), '');
    expect(named.map((d) => d.code)).toEqual(['input/empty']);
    const moded = await session.open(uriOf(join(dir, 'empty', 'm.yaml')), modeline);
    expect(moded.map((d) => d.code)).toEqual(['input/empty']);
  });

  it('keeps a document it linted while it is edited into a broken state', async () => {
    const uri = uriOf(join(dir, 'link.yaml'));
    expect(await session.open(uri, GOOD_YAML)).toEqual([]);
    const broken = await session.changeAndWait(uri, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x: [\n' },
    ]);
    expect(broken.map((d) => d.code)).toContain('parse/yaml-syntax');
  });

  it('follows unsaved documents (no file) by content', async () => {
    expect(await session.open('untitled:Untitled-1', 'name: a b\nconfigurations: {}\n', 'yaml')).not.toEqual([]);
    expect(await session.open('untitled:Untitled-2', 'jobs: {}\n', 'yaml')).toEqual([]);
  });
});

describe('language server: config, ignore file, directives', () => {
  it('uses the config found upward from the document, and lints again when it changes', async () => {
    const config = (durationSetting: string) =>
      `rules:\n  plain-without-tls: off\nignore: ["ignored/**"]\noverrides:\n  - files: ["drafts/**"]\n    kind: ShadowLink\n    rules:\n      duration: ${durationSetting}\n`;
    const typos = readFileSync(join(ROOT, 'examples/bad/typos.yaml'), 'utf8');
    const dir = scratch({
      'svc-admin-spec.config.yaml': config('off'),
      'links/typos.yaml': typos,
      'drafts/typos.yaml': typos,
      'drafts/shapeless.yaml': 'foo: 1\n',
      'ignored/typos.yaml': typos,
    });
    const session = await LspSession.start(dir);
    try {
      const expectCli = async (file: string) => {
        const run = report(cli(['lint', '-f', 'json', file], { cwd: dir }));
        const published = session.published.filter((p) => p.uri === uriOf(join(dir, file))).at(-1)!;
        expect(published.diagnostics.map(fromLsp), file).toEqual(run.results[0]!.diagnostics.map((d) => fromCli(d)));
        return published.diagnostics.map((d) => d.code);
      };
      for (const file of ['links/typos.yaml', 'drafts/typos.yaml', 'drafts/shapeless.yaml'])
        await session.open(uriOf(join(dir, file)), readFileSync(join(dir, file), 'utf8'));
      const links = await expectCli('links/typos.yaml');
      expect(links).not.toContain('plain-without-tls');
      expect(links).toContain('duration');
      expect(await expectCli('drafts/typos.yaml')).not.toContain('duration');
      // The override names the kind: a file of no recognisable shape is linted as a ShadowLink.
      expect(await expectCli('drafts/shapeless.yaml')).toContain('schema/unknown-property');
      // Files the config ignores get nothing (the CLI skips them).
      expect(await session.open(uriOf(join(dir, 'ignored/typos.yaml')), typos)).toEqual([]);

      expect(session.registrations).toContainEqual(
        expect.objectContaining({ method: 'workspace/didChangeWatchedFiles' }),
      );
      writeFileSync(join(dir, 'svc-admin-spec.config.yaml'), config('error'));
      const next = session.nextDiagnostics(uriOf(join(dir, 'drafts/typos.yaml')));
      await session.filesChanged([uriOf(join(dir, 'svc-admin-spec.config.yaml'))]);
      expect((await next).diagnostics.map((d) => d.code)).toContain('duration');
      await expectCli('drafts/typos.yaml');

      // A broken config is said on each document, as the CLI refuses to lint with it.
      writeFileSync(join(dir, 'svc-admin-spec.config.yaml'), 'rules:\n  no-such-rule: error\n');
      const broken = session.nextDiagnostics(uriOf(join(dir, 'links/typos.yaml')));
      await session.filesChanged([uriOf(join(dir, 'svc-admin-spec.config.yaml'))]);
      const bad = (await broken).diagnostics;
      expect(bad.map((d) => d.code)).toEqual(['input/bad-config']);
      expect(bad[0]!.message).toContain('no-such-rule');
      expect(cli(['lint', 'links/typos.yaml'], { cwd: dir }).stderr).toContain('no-such-rule');
    } finally {
      await session.stop();
    }
  });

  it('applies the ignore file and reports its unused entries, as the CLI does', async () => {
    const typos = readFileSync(join(ROOT, 'examples/bad/typos.yaml'), 'utf8');
    const dir = scratch({ 'svc-admin-spec.config.json': '{}', 'typos.yaml': typos });
    const session = await LspSession.start(dir);
    try {
      const uri = uriOf(join(dir, 'typos.yaml'));
      const before = await session.open(uri, typos);
      expect(before.map((d) => d.code)).toContain('shadow-link-name');
      writeFileSync(
        join(dir, '.svc-admin-spec-ignore.json'),
        JSON.stringify({
          version: 1,
          ignores: [
            { file: 'typos.yaml', code: 'shadow-link-name', pointer: '/name', reason: 'legacy name' },
            { file: 'typos.yaml', code: 'duration', pointer: '/nowhere', reason: 'stale' },
          ],
        }),
      );
      const next = session.nextDiagnostics(uri);
      await session.filesChanged([uriOf(join(dir, '.svc-admin-spec-ignore.json'))]);
      const after = (await next).diagnostics;
      expect(after.map((d) => d.code)).not.toContain('shadow-link-name');
      expect(after.map((d) => d.code)).toContain('suppression/unused');
      const run = report(cli(['lint', '-f', 'json', 'typos.yaml'], { cwd: dir }));
      expect(after.map(fromLsp)).toEqual(run.results[0]!.diagnostics.map((d) => fromCli(d)));
    } finally {
      await session.stop();
    }
  });

  it('sees an edited plugin rule without a restart', async () => {
    const plugin = (message: string) =>
      `export default { id: '@acme/name', severity: 'warning', kinds: ['ShadowLink'], docs: { description: 'Names.' }, messages: { m: '${message}' }, check(ctx) { ctx.report({ messageId: 'm', pointer: '/name' }); } };\n`;
    const dir = scratch({
      'svc-admin-spec.config.yaml': 'plugins: ["./rules/policy.mjs"]\n',
      'rules/policy.mjs': plugin('first'),
      'a.yaml': GOOD_YAML,
    });
    const file = join(dir, 'rules/policy.mjs');
    const session = await LspSession.start(dir, undefined, {}, { svcAdminSpec: { trustPlugins: true } });
    try {
      const uri = uriOf(join(dir, 'a.yaml'));
      const messages = (ds: Diagnostic[]) => ds.filter((d) => d.code === '@acme/name').map((d) => d.message);
      expect(messages(await session.open(uri, GOOD_YAML))).toEqual(['first']);
      // Changed on disk and watched: every document is linted again at once.
      writeFileSync(file, plugin('second, edited'));
      let next = session.nextDiagnostics(uri);
      await session.filesChanged([uriOf(file)]);
      expect(messages((await next).diagnostics)).toEqual(['second, edited']);
      // Saved in the editor: the same.
      await session.open(uriOf(file), plugin('second, edited'), 'javascript');
      writeFileSync(file, plugin('third, saved'));
      next = session.nextDiagnostics(uri);
      await session.save(uriOf(file));
      expect(messages((await next).diagnostics)).toEqual(['third, saved']);
      // Changed with no notification at all: the next lint of the document sees it.
      writeFileSync(file, plugin('fourth, unannounced'));
      const edited = await session.changeAndWait(uri, [{ text: `${GOOD_YAML}# edited\n` }]);
      expect(messages(edited)).toEqual(['fourth, unannounced']);
    } finally {
      await session.stop();
    }
  });

  it('disables a rule on a line with a directive whose reason the user writes', async () => {
    const typos = readFileSync(join(ROOT, 'examples/bad/typos.yaml'), 'utf8');
    const dir = scratch({ 'typos.yaml': typos });
    const session = await LspSession.start(dir);
    try {
      const uri = uriOf(join(dir, 'typos.yaml'));
      const found = await session.open(uri, typos);
      const snake = found.find((d) => d.code === 'snake-case-key')!;
      const offered = await actions(session, uri, ['quickfix'], snake.range);
      const disable = offered.find((a) => a.title.startsWith('Disable snake-case-key for this line'))!;
      expect(disable).toBeDefined();
      const fileWide = offered.find((a) => a.title.startsWith('Disable snake-case-key in this file'))!;
      expect(applyEdits(typos, editsFor(fileWide.edit, uri))).toBe(
        `# svc-admin-spec-disable snake-case-key -- \n${typos}`,
      );
      const withDirective = await session.applyAndWait(uri, editsFor(disable.edit, uri));
      // Until the reason is written, the directive is not applied and says so.
      expect(withDirective.map((d) => d.code)).toEqual(
        expect.arrayContaining(['snake-case-key', 'suppression/missing-reason']),
      );
      await session.connection.sendRequest('workspace/executeCommand', {
        command: disable.command!.command,
        arguments: disable.command!.arguments,
      });
      const shown = session.serverRequests.find((r) => r.method === 'window/showDocument')!.params as {
        selection: { start: { line: number; character: number } };
      };
      const at = shown.selection.start;
      const line = session.documents.get(uri)!.getText().split('\n')[at.line]!;
      expect(line.slice(0, at.character)).toBe('    # svc-admin-spec-disable-next-line snake-case-key -- ');
      const done = await session.changeAndWait(uri, [
        { range: { start: at, end: at }, text: 'kept for the old tooling' },
      ]);
      expect(done.map((d) => d.code)).not.toContain('snake-case-key');
      expect(done.map((d) => d.code)).not.toContain('suppression/missing-reason');
      const text = session.documents.get(uri)!.getText();
      writeFileSync(join(dir, 'typos.yaml'), text);
      const run = report(cli(['lint', '-f', 'json', 'typos.yaml'], { cwd: dir }));
      expect(done.map(fromLsp)).toEqual(run.results[0]!.diagnostics.map((d) => fromCli(d)));
    } finally {
      await session.stop();
    }
  });

  it('does not offer a directive where none can be written (JSON)', async () => {
    const session = await LspSession.start(ROOT);
    try {
      const uri = uriOf(join(ROOT, 'examples/bad/tls-and-filters.json'));
      await session.open(uri, readFileSync(join(ROOT, 'examples/bad/tls-and-filters.json'), 'utf8'));
      expect((await actions(session, uri, ['quickfix'])).filter((a) => a.title.startsWith('Disable'))).toEqual([]);
    } finally {
      await session.stop();
    }
  });
});

describe('language server: quick fixes', () => {
  let session: LspSession;
  let dir: string;
  beforeAll(async () => {
    dir = scratch();
    session = await LspSession.start(dir);
  });
  afterAll(async () => {
    await session.stop();
  });

  it('offers each suggestion as its own action; only safe fixes are preferred', async () => {
    const uri = uriOf(join(dir, 'both.yaml'));
    const text = `${GOOD_YAML}    connection_timeout_ms: 5\n    connectionTimeoutMs: 5\n`;
    const found = await session.open(uri, text);
    const snake = found.find((d) => d.code === 'snake-case-key')!;
    const offered = await actions(session, uri, ['quickfix'], snake.range);
    const remove = offered.find((a) => a.title === 'Remove "connection_timeout_ms"')!;
    // Not an autofix (the two spellings may differ): offered, but neither preferred nor in fix-all.
    expect(remove.isPreferred).toBeUndefined();
    expect(applyEdits(text, editsFor(remove.edit, uri))).toBe(`${GOOD_YAML}    connectionTimeoutMs: 5\n`);
    expect(await actions(session, uri, ['source.fixAll'])).toEqual([]);
  });

  it('shows a fix that cannot be made safely as disabled, with the reason', async () => {
    const uri = uriOf(join(dir, 'anchored.yaml'));
    const text = `${GOOD_YAML}  topicMetadataSyncOptions:\n    interval: &i PT30S\n`;
    const found = await session.open(uri, text);
    const duration = found.find((d) => d.code === 'duration')!;
    const fix = (await actions(session, uri, ['quickfix'], duration.range)).find((a) => a.title === 'Use "30s"')!;
    expect(fix.edit).toBeUndefined();
    expect(fix.disabled?.reason).toContain('anchor &i');
  });
});

describe('language server: hover, related places, secrets', () => {
  let session: LspSession;
  let dir: string;
  beforeAll(async () => {
    dir = scratch();
    session = await LspSession.start(dir);
  });
  afterAll(async () => {
    await session.stop();
  });

  it("explains a key with the model's documentation and a finding with its rule's", async () => {
    const uri = uriOf(join(dir, 'typos.yaml'));
    const text = readFileSync(join(ROOT, 'examples/bad/typos.yaml'), 'utf8');
    await session.open(uri, text);
    const lines = text.split('\n');
    const at = (needle: string) => {
      const line = lines.findIndex((l) => l.includes(needle));
      return [line, lines[line]!.indexOf(needle) + 1] as const;
    };
    const field = schemaAt(kindSchemas.ShadowLink, '/configurations/clientOptions/fetchWaitMaxMs')!;
    const onKey = await hover(session, uri, ...at('fetchWaitMaxMs'));
    expect(onKey).toContain(field.description as string);
    // The value -1 breaks client-option-range: its hover adds the rule's description and rationale.
    const onValue = await hover(session, uri, at('fetchWaitMaxMs')[0], lines[at('fetchWaitMaxMs')[0]]!.indexOf('-1'));
    const rule = ruleById.get('client-option-range')!;
    expect(onValue).toContain(rule.docs.description);
    expect(onValue).toContain(rule.docs.rationale);
    // An enum value: its own meaning, from the model.
    const filterType = await hover(session, uri, ...at('FILTER_TYPE_INCLUDE'));
    expect(filterType).toContain('`FILTER_TYPE_INCLUDE`:');
    // Outside any field: nothing.
    expect(await hover(session, uri, 0, 3)).toBe('');
  });

  it("explains an rpk file's keys in rpk's terms, with what each becomes in the API, and fixes it in rpk's form", async () => {
    const uri = uriOf(join(dir, 'link.rpk.yaml'));
    const text = [
      'name: dr-link',
      'client_options:',
      '  bootstrap_servers: [source-1:9092]',
      '  tls_settings:',
      '    enabled: true',
      'topic_metadata_sync_options:',
      '  interval: 30s',
      '  auto_create_shadow_topic_filters:',
      '    - pattern_type: Literal',
      '      filter_type: INCLUDE',
      '      name: orders',
      '',
    ].join('\n');
    const found = await session.open(uri, text);
    const lines = text.split('\n');
    const at = (needle: string) => {
      const line = lines.findIndex((l) => l.includes(needle));
      return [line, lines[line]!.indexOf(needle) + 1] as const;
    };
    const tls = await hover(session, uri, ...at('tls_settings'));
    expect(tls).toContain('**tls_settings**');
    expect(tls).toContain('rpk sends it as `configurations.clientOptions.tlsSettings`');
    const interval = await hover(session, uri, ...at('interval'));
    expect(interval).toContain('A Go duration');
    const include = await hover(session, uri, at('INCLUDE')[0], lines[at('INCLUDE')[0]]!.indexOf('INCLUDE') + 1);
    expect(include).toContain('`INCLUDE`: Sent as `FILTER_TYPE_INCLUDE`');
    // rpk's spelling is `LITERAL`: the quick fix writes it, and it is safe (fix-all takes it).
    const unmapped = found.find((d) => d.code === 'rpk/unmapped-enum')!;
    expect(unmapped.range.start.line).toBe(at('Literal')[0]);
    const fix = (await actions(session, uri, ['quickfix'], unmapped.range)).find((a) => a.title === 'Write LITERAL')!;
    expect(fix.isPreferred).toBe(true);
    expect(applyEdits(text, editsFor(fix.edit, uri))).toBe(text.replace('Literal', 'LITERAL'));
  });

  it('points at every related place', async () => {
    const uri = uriOf(join(dir, 'start.yaml'));
    const text = `${GOOD_YAML}  topicMetadataSyncOptions:\n    startAtEarliest: {}\n    startAtLatest: {}\n`;
    const found = await session.open(uri, text);
    const d = found.find((x) => x.code === 'start-position-at-most-one')!;
    expect(d.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line, r.message])).toEqual([
      [uri, 5, 'startAtEarliest is set here'],
      [uri, 6, 'startAtLatest is set here'],
    ]);
  });

  it('never shows a secret in a finding, a hover or a log', async () => {
    const secret = 'hunter2-correct-horse-battery';
    const uri = uriOf(join(dir, 'secret.yaml'));
    const text = `name: dr link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["a:9092"]\n    authenticationConfiguration:\n      plainConfiguration:\n        username: u\n        password: ${secret}\n        passwordd: ${secret}\n`;
    const found = await session.open(uri, text);
    expect(found.map((d) => d.code)).toContain('no-plaintext-secret');
    for (let line = 0; line < 9; line++)
      for (const character of [2, 8, 12, 20]) expect(await hover(session, uri, line, character)).not.toContain(secret);
    const quick = await actions(session, uri);
    expect(JSON.stringify({ found, quick, logs: session.logs })).not.toContain(secret);
  });
});

describe('language server: robustness (large documents: lsp-protocol.test.ts)', () => {
  it('turns an internal failure on one document into a finding there and keeps serving', async () => {
    const { runJob } = await import('../src/lsp/jobs');
    const session = await LspSession.inProcess(ROOT, {
      runJob: (name, input) => {
        if (name === 'analyze' && (input as { text: string }).text.includes('TRIGGER')) throw new RangeError('TRIGGER');
        return runJob(name, input);
      },
    });
    try {
      const bad = await session.open(uriOf(join(ROOT, 'boom.yaml')), `${GOOD_YAML}# TRIGGER\n`);
      expect(bad.map((d) => [d.code, d.severity])).toEqual([['internal-error', 1]]);
      expect(bad[0]!.message).toContain('RangeError');
      expect(bad[0]!.message).not.toContain('TRIGGER');
      expect(session.logs.join('\n')).not.toContain('TRIGGER');
      const fine = await session.open(
        uriOf(join(ROOT, 'typos.yaml')),
        readFileSync(join(ROOT, 'examples/bad/typos.yaml'), 'utf8'),
      );
      expect(fine.length).toBeGreaterThan(5);
    } finally {
      await session.stop();
    }
  });

  it('refuses transports other than --stdio with a usage error', () => {
    const run = cli(['lsp', '--socket=9000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--stdio');
    expect(cli(['lsp']).code).toBe(2);
  });
});
