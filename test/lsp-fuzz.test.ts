/**
 * Property: no sequence of edits, hovers and code action requests crashes the language server, and
 * after any of them the findings it publishes for the final text are exactly `lintText`'s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint-text';
import { ROOT, scratch } from './cli-helpers';
import { LspSession, uriOf } from './lsp-helpers';

const SEEDS = ['examples/bad/typos.yaml', 'examples/good/dr-link.yaml', 'examples/bad/tls-and-filters.json'].map(
  (f) => ({ name: f.split('/').pop()!, text: readFileSync(join(ROOT, f), 'utf8') }),
);

// Fragments that matter to JSON and YAML parsers, suppression comments, secrets and positions.
const FRAGMENTS = [
  ': ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '- ',
  '  ',
  '{',
  '}',
  '[',
  ']',
  ',',
  '"',
  "'",
  '#',
  '# svc-admin-spec-disable-next-line duration -- ok\n',
  '# svc-admin-spec-disable nope\n',
  '&a ',
  '*a',
  '!!binary ',
  '---\n',
  '%YAML 1.2\n',
  'password: p4ssw0rd-secret\n',
  'bootstrap_servers: ["x"]\n',
  'interval: 5ms\n',
  '😀',
  '\uD800',
  '\u0000',
  '\uFEFF',
];

const position = fc.record({ line: fc.nat({ max: 60 }), character: fc.nat({ max: 120 }) });
const edit: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.record({
  range: fc.record({ start: position, end: position }),
  text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 12 })),
});
const step = fc.oneof(
  { weight: 6, arbitrary: edit.map((e) => ({ kind: 'edit' as const, e })) },
  { weight: 1, arbitrary: position.map((p) => ({ kind: 'hover' as const, p })) },
  { weight: 1, arbitrary: fc.record({ start: position, end: position }).map((r) => ({ kind: 'actions' as const, r })) },
);

const comparable = (d: Diagnostic) => [
  d.code,
  d.message,
  d.range.start.line + 1,
  d.range.start.character + 1,
  d.range.end.line + 1,
  d.range.end.character + 1,
];

describe('language server under random edits', () => {
  let session: LspSession;
  let dir: string;
  beforeAll(async () => {
    dir = scratch();
    session = await LspSession.start(dir);
  });
  afterAll(async () => {
    expect(await session.stop()).toBe(0);
  });

  it('never crashes, and publishes lintText’s findings for the final text', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SEEDS), fc.array(step, { maxLength: 25 }), async (seed, steps) => {
        const uri = uriOf(join(dir, `${++n}-${seed.name}`));
        await session.open(uri, seed.text);
        const requests: Promise<unknown>[] = [];
        for (const s of steps) {
          if (s.kind === 'edit') await session.change(uri, [s.e]);
          else if (s.kind === 'hover')
            requests.push(
              session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: s.p }),
            );
          else
            requests.push(
              session.connection.sendRequest('textDocument/codeAction', {
                textDocument: { uri },
                range: s.r,
                context: { diagnostics: [] },
              }),
            );
        }
        // A final edit that changes nothing gives a version whose findings must arrive.
        const final = await session.changeAndWait(uri, [
          { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '' },
        ]);
        await Promise.all(requests);
        const text = session.documents.get(uri)!.getText();
        const expected = lintText(text, { filename: join(dir, `${n}-${seed.name}`) }).diagnostics;
        expect(final.map(comparable)).toEqual(
          expected.map((d) => {
            const r = d.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
            return [d.code, d.message, r.start.line, r.start.column, r.end.line, r.end.column];
          }),
        );
        await session.close(uri);
      }),
      { numRuns: 40 },
    );
    expect(session.logs.filter((l) => /error|fail/i.test(l))).toEqual([]);
    expect(session.stderr).toBe('');
  });
});
