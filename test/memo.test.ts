/** boundedMemo: a pure function's answers remembered for recent keys, within a bound. */
import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../src/util/memo';

/** A memo of a function that counts its calls by key. */
function counted(max: number, maxKeyLength?: number) {
  const calls = new Map<string, number>();
  const f = (key: string) => {
    calls.set(key, (calls.get(key) ?? 0) + 1);
    return key === 'none' ? undefined : key.length;
  };
  return { memo: boundedMemo(f, max, maxKeyLength), calls };
}

describe('boundedMemo', () => {
  it('answers as the function does, and calls it once per remembered key', () => {
    const { memo, calls } = counted(4);
    expect(memo('abc')).toBe(3);
    expect(memo('abc')).toBe(3);
    expect(memo('none')).toBeUndefined();
    expect(memo('none')).toBeUndefined();
    expect(Object.fromEntries(calls)).toEqual({ abc: 1, none: 1 });
  });

  it('remembers at least the last max keys and at most twice that many', () => {
    const { memo, calls } = counted(4);
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
    for (const k of keys) memo(k);
    // The last four are remembered whatever the generation they sit in.
    for (const k of keys.slice(-4)) memo(k);
    expect(keys.slice(-4).map((k) => calls.get(k))).toEqual([1, 1, 1, 1]);
    // Anything older than the last eight was forgotten.
    for (const k of keys.slice(0, 12)) memo(k);
    expect(keys.slice(0, 12).every((k) => calls.get(k) === 2)).toBe(true);
  });

  it('keeps a key asked again in its newer generation: it outlives keys asked once', () => {
    const { memo, calls } = counted(2);
    memo('a');
    for (const k of ['b', 'c', 'a', 'd', 'e', 'a']) memo(k);
    expect(calls.get('a')).toBe(1);
  });

  it('does not remember keys longer than maxKeyLength', () => {
    const { memo, calls } = counted(4, 3);
    memo('long key');
    memo('long key');
    expect(calls.get('long key')).toBe(2);
  });
});
