/**
 * The calls the browser test makes, as plain JSON, and the one runner that executes them against a
 * build of the library: Node runs it on the sources, Chromium on the esbuild browser bundle, and the
 * two JSON results must be equal.
 */
import type * as Library from '../../src/index';

/** One call of the public API; dates travel as ISO strings. */
export type Case =
  | {
      fn: 'lint';
      kind: string;
      doc: unknown;
      options?: { now?: string; targetVersion?: string; isFile?: boolean; rules?: unknown };
    }
  | { fn: 'lintText'; text: string; filename: string; now: string }
  | { fn: 'pemPair'; ca?: string; cert?: string; key?: string; now: string }
  | { fn: 'assertValid'; kind: string; doc: unknown }
  | { fn: 'checkExchange'; exchange: unknown }
  | { fn: 'previewFilters'; link: unknown; names: { topics?: string[]; groups?: string[] } }
  | { fn: 'keyFingerprint'; text: string };

/** Runs each case; a thrown error becomes `{ error: name, message }` so that it compares too. */
export function runCases(api: typeof Library, cases: readonly Case[], pems: Readonly<Record<string, string>>): string {
  const date = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso));
  const results = cases.map((c) => {
    try {
      switch (c.fn) {
        case 'lint': {
          const { now, ...rest } = c.options ?? {};
          const options = { ...rest, ...(now ? { now: date(now) } : {}) } as Library.LintOptions;
          return api.lint(c.kind as Parameters<typeof api.lint>[0], c.doc, options);
        }
        case 'lintText':
          return api.lintText(c.text, { filename: c.filename, now: new Date(c.now) });
        case 'pemPair': {
          const settings: Record<string, string> = {};
          for (const field of ['ca', 'cert', 'key'] as const) {
            const name = c[field];
            if (name !== undefined) settings[field] = pems[name]!;
          }
          const doc = {
            name: 'link',
            configurations: {
              clientOptions: { bootstrapServers: ['a:9092'], tlsSettings: { enabled: true, tlsPemSettings: settings } },
            },
          };
          return api.lint('ShadowLink', doc, { now: new Date(c.now) });
        }
        case 'assertValid':
          api.assertValid(c.kind as Parameters<typeof api.assertValid>[0], c.doc);
          return 'valid';
        case 'checkExchange':
          return api.checkExchange(c.exchange as Library.Exchange);
        case 'previewFilters':
          return api.previewFilters(c.link, c.names);
        case 'keyFingerprint':
          return api.keyFingerprint(c.text);
      }
    } catch (e) {
      return { error: (e as Error).name, message: (e as Error).message };
    }
  });
  return JSON.stringify(results);
}
