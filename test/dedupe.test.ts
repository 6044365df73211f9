/**
 * `dedupeDiagnostics` looks findings up by pointer and builds a key only where several share one:
 * the same list, in the same order, as keying every finding by (pointer, code[, message]).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dedupeDiagnostics, SEVERITY_RANK, type Diagnostic } from '../src/core/diagnostics';
import { fuzzRuns, fuzzSeed } from './support/fuzz';

/** The keyed version it replaced (commit f2c17cc). */
function oracle(list: readonly Diagnostic[]): Diagnostic[] {
  const best = new Map<string, Diagnostic>();
  for (const d of list) {
    const key = `${d.pointer}\u0000${d.code}${d.code === 'internal-error' ? `\u0000${d.message}` : ''}`;
    const seen = best.get(key);
    if (!seen || SEVERITY_RANK[d.severity] < SEVERITY_RANK[seen.severity]) best.set(key, d);
  }
  return [...best.values()];
}

const finding: fc.Arbitrary<Diagnostic> = fc.record({
  code: fc.constantFrom('schema/type', 'schema/required', 'internal-error', 'duration'),
  severity: fc.constantFrom('error' as const, 'warning' as const, 'info' as const),
  pointer: fc.constantFrom('', '/a', '/a/b', '/b', '/a\u0000schema/type'),
  message: fc.constantFrom('x', 'y', 'z'),
});

describe('dedupeDiagnostics', () => {
  it('keeps the most severe of each (pointer, code), in the order first met, as keying every finding did', () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 30 }), (list) => {
        const got = dedupeDiagnostics(list);
        const want = oracle(list);
        expect(got).toEqual(want);
        // The very objects kept, not copies.
        got.forEach((d, i) => expect(d).toBe(want[i]));
      }),
      { numRuns: fuzzRuns(3_000, 0.05), seed: fuzzSeed(17_0503) },
    );
  });
});
