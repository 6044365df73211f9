/** When the language server lints: at once when idle, and at most one queued lint per document. */
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from '../src/lsp/analyze';
import { DocumentLints } from '../src/lsp/doc-lints';

const analysis = (owned = true): Analysis => ({
  owned,
  kind: null,
  format: 'yaml',
  diagnostics: [],
  options: {},
  dependencies: ['/w/svc-admin-spec.config.yaml'],
});

/** A host whose lints finish when the test says so; with `stoppable`, a running lint can be stopped (as a worker's is). */
function host(stoppable = false) {
  let doc = TextDocument.create('file:///w/a.yaml', 'yaml', 1, 'a: 1\n');
  const calls: { version: number; generation: number; finish: () => void; stop: () => void }[] = [];
  const published: number[] = [];
  const failed: unknown[] = [];
  const lints = new DocumentLints(
    {
      document: () => doc,
      analyze: (document, _wasOwned, generation) =>
        new Promise((resolve, reject) =>
          calls.push({
            version: document.version,
            generation,
            finish: () => resolve(analysis()),
            stop: () => reject(new Error('stopped')),
          }),
        ),
      publish: (_uri, version) => published.push(version),
      failed: (_uri, error) => failed.push(error),
      ...(stoppable
        ? {
            supersede: () => {
              calls.at(-1)!.stop();
              return true;
            },
          }
        : {}),
    },
    (error) => error instanceof Error && error.message === 'stopped',
  );
  const edit = () => (doc = TextDocument.update(doc, [{ text: `a: ${doc.version + 1}\n` }], doc.version + 1));
  return { lints, calls, published, failed, edit };
}

describe('DocumentLints', () => {
  it('starts a lint as soon as an edit arrives when none is running', () => {
    const h = host();
    void h.lints.lint('file:///w/a.yaml');
    expect(h.calls.map((c) => c.version)).toEqual([1]);
  });

  it('queues one lint behind the running one; the newest edit is what it lints', async () => {
    const h = host();
    const first = h.lints.lint('file:///w/a.yaml');
    const queued: Promise<Analysis | undefined>[] = [];
    for (let i = 0; i < 3; i++) {
      h.edit();
      queued.push(h.lints.lint('file:///w/a.yaml'));
    }
    expect(h.calls.map((c) => c.version)).toEqual([1]);
    h.calls[0]!.finish();
    expect(await first).toBeUndefined(); // version 1 is stale: not published
    await new Promise((r) => setImmediate(r));
    expect(h.calls.map((c) => c.version)).toEqual([1, 4]);
    h.calls[1]!.finish();
    const results = await Promise.all(queued);
    expect(results.every((r) => r !== undefined)).toBe(true);
    expect(h.published).toEqual([4]);
    // Nothing more to do: the current analysis is reused.
    await h.lints.lint('file:///w/a.yaml');
    expect(h.calls).toHaveLength(2);
  });

  it('stops the running lint of an older text when it can, and lints the newest at once', async () => {
    const h = host(true);
    const first = h.lints.lint('file:///w/a.yaml');
    h.edit();
    const second = h.lints.lint('file:///w/a.yaml');
    h.edit();
    const third = h.lints.lint('file:///w/a.yaml');
    // Each edit started its lint without waiting: versions 1 and 2 were stopped, not finished.
    expect(h.calls.map((c) => c.version)).toEqual([1, 2, 3]);
    h.calls[2]!.finish();
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(await third).toBeDefined();
    expect(h.published).toEqual([3]);
    expect(h.failed).toEqual([]);
  });

  it('lints every document again with a new settings generation when a settings file changed', async () => {
    const h = host();
    const first = h.lints.lint('file:///w/a.yaml');
    h.calls[0]!.finish();
    await first;
    expect([...h.lints.dependencies()]).toEqual(['/w/svc-admin-spec.config.yaml']);
    h.lints.relintAll();
    expect(h.calls.map((c) => [c.version, c.generation])).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });

  it('drops the queued lint of a closed document', async () => {
    const h = host();
    void h.lints.lint('file:///w/a.yaml');
    h.edit();
    const queued = h.lints.lint('file:///w/a.yaml');
    // The editor still holds the document: only DocumentLints.close stops the queued lint.
    h.lints.close('file:///w/a.yaml');
    h.calls[0]!.finish();
    await new Promise((r) => setImmediate(r));
    expect(h.calls).toHaveLength(1);
    expect(await queued).toBeUndefined();
    expect(h.published).toEqual([]);
  });
});
