/** Realistic whole documents with several problems: every expected finding, at its pointer, and nothing else. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../src/lint/lint';
import { isDocumentKind } from '../src/model/kinds';
import { FIXTURES } from './helpers';

const dir = join(FIXTURES, 'invalid');
const cases = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));
const key = (d: { code: string; severity: string; pointer: string }) => `${d.pointer} ${d.code} ${d.severity}`;

describe('combined fixtures', () => {
  it('has fixtures', () => expect(cases.length).toBeGreaterThanOrEqual(4));
  for (const file of cases) {
    it(file, () => {
      const kind = file.split('.')[0];
      if (!isDocumentKind(kind)) throw new Error(`${file} does not start with a kind`);
      const doc: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const expected = (
        JSON.parse(readFileSync(join(dir, file.replace(/\.json$/, '.expected.json')), 'utf8')) as {
          diagnostics: { code: string; severity: string; pointer: string }[];
        }
      ).diagnostics;
      const result = lint(kind, doc, { isFile: true, now: new Date('2026-11-22T00:00:00Z') });
      expect(result.diagnostics.map(key).sort()).toEqual(expected.map(key).sort());
      expect(result.valid).toBe(!expected.some((d) => d.severity === 'error'));
      // The password in the leaky response is a secret: it never appears in any diagnostic.
      expect(JSON.stringify(result)).not.toContain('hunter2-secret');
    });
  }
});
