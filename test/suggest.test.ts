/**
 * `editDistance` reuses two rows of its table across calls and gives up past its limit: it agrees
 * with the textbook table on every pair, and a key name's secret verdict does not depend on which
 * spelling path (plain lowercase or not) classified it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../src/util/suggest';
import { isSecretKeyName } from '../src/secrets/classify';
import { fuzzRuns, fuzzSeed } from './support/fuzz';

/** The full Levenshtein table, one fresh row per character. */
function reference(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length]!;
}

const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '\u{1F600}'), maxLength: 90 });

describe('editDistance', () => {
  it('is the Levenshtein distance when within the limit, and above the limit otherwise', () => {
    fc.assert(
      fc.property(text, text, fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), (a, b, limit) => {
        const want = reference(a, b);
        const got = editDistance(a, b, limit);
        if (limit === undefined || want <= limit) expect(got).toBe(want);
        else expect(got).toBeGreaterThan(limit);
      }),
      { numRuns: fuzzRuns(2_000, 0.05), seed: fuzzSeed(17_0502) },
    );
  });

  it('answers the same after a longer string grew its rows', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('a'.repeat(500), 'b'.repeat(300))).toBe(500);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearest('bootstrapServer', ['bootstrapServers', 'name'])).toBe('bootstrapServers');
  });
});

describe('isSecretKeyName', () => {
  it('judges a key the same in any case and with separators', () => {
    for (const [key, secret] of [
      ['pasword', true],
      ['passowrd', true],
      ['PassWord', true],
      ['pass_word', true],
      ['Pass-Word', true],
      ['api.key', true],
      // The Kelvin sign lowercases to an ASCII k.
      ['\u212Aey', true],
      ['key', true],
      ['extra1', false],
      ['extra12345', false],
      ['keyfingerprint', false],
      ['Key_Fingerprint', false],
      ['username', false],
    ] as const)
      expect([key, isSecretKeyName(key)]).toEqual([key, secret]);
  });
});
