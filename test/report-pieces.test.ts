/**
 * Reports of any size: formatters return pieces, so a million findings print in every format
 * (one string cannot hold a JSON report that large, and spreading a million rows as call
 * arguments overflows the stack). Sizes are bounded by the test's timeout, never timed.
 */
import { constants } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDescriptor, FORMAT_NAMES, type FormatOptions } from '../src/format/index';
import { prettyJsonPieces } from '../src/format/pieces';
import { batches } from '../src/util/batches';
import type { Diagnostic } from '../src/core/diagnostics';
import type { FileResult } from '../src/core/diagnostics';

const OPTIONS: FormatOptions = { color: false, cwd: '/work', version: '1.0.0' };

/** One file with `n` findings, as lintText reports them. */
function results(n: number): FileResult[] {
  const diagnostics: Diagnostic[] = Array.from({ length: n }, (_, i) => ({
    code: 'schema/unknown-property',
    severity: i % 3 === 0 ? 'warning' : 'error',
    message: `Unknown property "extra${i}" in the document; the server would silently ignore it. Remove it or fix its name.`,
    pointer: `/extra${i}`,
    range: { start: { line: 2 + i, column: 3 }, end: { line: 2 + i, column: 12 } },
    docsUrl: 'https://example.com/docs/schema-unknown-property.md',
    suggestions: [{ message: 'Remove it.', fix: { kind: 'remove', pointer: `/extra${i}` } }],
  }));
  return [
    { file: 'links/dr.json', kind: 'ShadowLink', diagnostics },
    { file: 'links/ok.json', kind: 'ShadowLink', diagnostics: [] },
  ];
}

const longest = (pieces: readonly string[]) => pieces.reduce((m, p) => Math.max(m, p.length), 0);
const total = (pieces: readonly string[]) => pieces.reduce((n, p) => n + p.length, 0);

describe('prettyJsonPieces', () => {
  it('joins to exactly JSON.stringify(value, null, 2) and a newline, whatever the batch size', () => {
    fc.assert(
      fc.property(
        fc.anything({ withDate: true, withNullPrototype: true }).filter((v) => v !== undefined),
        fc.integer({ min: 1, max: 300 }),
        (v, batch) => {
          expect(prettyJsonPieces(v, batch).join('')).toBe(`${JSON.stringify(v, null, 2)}\n`);
        },
      ),
      { numRuns: 1000 },
    );
    // What JSON leaves out or turns into null, and toJSON with its key.
    const odd = {
      a: undefined,
      b: [undefined, () => 1, Symbol('s'), NaN, -0],
      c: new Date(0),
      d: { toJSON: (key: string) => `key ${key}` },
      e: [{ toJSON: (key: string) => key }],
    };
    for (const batch of [1, 8, 1 << 20])
      expect(prettyJsonPieces(odd, batch).join('')).toBe(`${JSON.stringify(odd, null, 2)}\n`);
  });

  it('keeps every piece near the batch size however long the text is', () => {
    const value = { results: [{ file: 'a', diagnostics: results(20_000)[0]!.diagnostics }] };
    const pieces = prettyJsonPieces(value, 4096);
    expect(total(pieces)).toBeGreaterThan(1000 * 4096);
    expect(longest(pieces)).toBeLessThanOrEqual(3 * 4096);
    expect(pieces.join('')).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('writes JSON longer than the longest string, in pieces of about 1 MiB', () => {
    // 520 references to one 1 MiB string: cheap to hold, longer than any string once written out.
    const mib = 'x'.repeat(1 << 20);
    const value = {
      results: [{ file: 'a', diagnostics: Array.from({ length: 520 }, (_, i) => ({ i, message: mib })) }],
    };
    const pieces = prettyJsonPieces(value);
    expect(total(pieces)).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    expect(longest(pieces)).toBeLessThan(3 << 20);
    expect(
      pieces[0]!.startsWith(
        '{\n  "results": [\n    {\n      "file": "a",\n      "diagnostics": [\n        {\n          "i": 0,\n          "message": "xxx',
      ),
    ).toBe(true);
    expect(pieces.slice(-2).join('').endsWith('xxx"\n        }\n      ]\n    }\n  ]\n}\n')).toBe(true);
  }, 60_000);

  it('batches regroups pieces in order', () => {
    const pieces = ['ab', 'c', '', 'defg', 'h'];
    expect([...batches(pieces, 3)]).toEqual(['abc', 'defg', 'h']);
    expect([...batches([], 3)]).toEqual([]);
  });
});

describe('formatters return pieces', () => {
  it('every format: the pieces make up the whole report, none growing with the number of findings', () => {
    const many = results(20_000);
    for (const name of FORMAT_NAMES) {
      const pieces = formatDescriptor(name).formatter(many, OPTIONS);
      expect(total(pieces), name).toBeGreaterThan(2 << 20);
      expect(longest(pieces), name).toBeLessThan(Math.min(3 << 20, total(pieces) / 3));
      const text = pieces.join('');
      expect(text, name).toContain('extra19999');
      expect(text.endsWith('\n'), name).toBe(true);
      if (name === 'json')
        expect((JSON.parse(text) as { results: { diagnostics: unknown[] }[] }).results[0]!.diagnostics).toHaveLength(
          20_000,
        );
      if (name === 'sarif')
        expect((JSON.parse(text) as { runs: { results: unknown[] }[] }).runs[0]!.results).toHaveLength(20_000);
      if (name === 'gitlab') expect(JSON.parse(text) as unknown[]).toHaveLength(20_000);
    }
  }, 60_000);

  it('stylish and junit take 300,000 findings in one file (more rows than a call takes arguments)', () => {
    const many = results(300_000);
    for (const name of ['stylish', 'junit'] as const) {
      const pieces = formatDescriptor(name).formatter(many, OPTIONS);
      expect(
        pieces.some((p) => p.includes('extra299999')),
        name,
      ).toBe(true);
    }
  }, 60_000);
});
