/**
 * The real-world corpus (test/fixtures/real-world, sources in its README): documents written by
 * others, each with the server's known outcome and the exact findings the linter gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintText } from '../src/lint/lint-text';
import { isDocumentKind } from '../src/model/kinds';
import { FIXTURES } from './helpers';

const DIR = join(FIXTURES, 'real-world');

/** What the server does with a document, from its source or tests (see the README). */
type ServerOutcome =
  'accepted' | 'rejected' | 'ignores-a-field' | 'depends-on-the-cluster' | 'output' | 'not-v2' | 'rpk';

const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Record<
  string,
  {
    server: ServerOutcome;
    /** For rpk files: whether rpk reads it and sends what it says, refuses it, or sends something else. */
    rpk?: 'accepted' | 'refused' | 'changed';
    findings: [string, string, string][];
  }
>;
const files = readdirSync(DIR).filter((f) => f !== 'README.md' && f !== 'expected.json');

const lintFile = (file: string) => {
  const kind = file.split('.')[0];
  return lintText(readFileSync(join(DIR, file), 'utf8'), {
    filename: file,
    now: new Date('2026-11-22T00:00:00Z'),
    ...(isDocumentKind(kind) ? { kind } : {}),
  });
};

describe('real-world corpus', () => {
  it('has at least 15 documents of the API kinds, each with an expectation, and rpk files', () => {
    expect(files.filter((f) => isDocumentKind(f.split('.')[0])).length).toBeGreaterThanOrEqual(15);
    expect(files.filter((f) => f.startsWith('rpk.')).length).toBeGreaterThan(0);
    expect(Object.keys(expected).sort()).toEqual([...files].sort());
  });

  it('the README lists every file', () => {
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    for (const f of files) expect(readme, f).toContain(`\`${f}\``);
  });

  for (const file of files) {
    it(file, () => {
      const e = expected[file]!;
      const r = lintFile(file);
      expect(r.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual(e.findings);
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      // The promise: no error where the server accepts; an error wherever it rejects or ignores what was written.
      if (e.server === 'accepted') expect(errors).toEqual([]);
      if (e.server === 'rejected' || e.server === 'ignores-a-field') expect(errors.length).toBeGreaterThan(0);
      // An rpk file: recognised, and read as rpk reads it: rpk/ errors exactly where rpk
      // refuses the file or sends something else than it says (the API rules judge what it sends).
      if (e.server === 'rpk') {
        expect(r.kind).toBe('RpkShadowLinkConfig');
        const rpkErrors = errors.filter((d) => d.code.startsWith('rpk/'));
        expect(rpkErrors.length > 0, 'rpk refuses or changes it').toBe(e.rpk !== 'accepted');
      }
    });
  }
});
