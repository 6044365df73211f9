/**
 * How long the property tests run. In CI each property has a small fixed number of runs; with
 * `FUZZ_RUNS=n` (`npm run fuzz`) each gets its share of n generated values and no time limit.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 0);

/** True during a long fuzz run. */
export const FUZZING = RUNS > 0;

/** A property's number of runs: `ci` in CI, or `share` of `FUZZ_RUNS` (at least `ci`) when fuzzing. */
export const fuzzRuns = (ci: number, share = 1): number => (FUZZING ? Math.max(ci, Math.round(RUNS * share)) : ci);

/** A property's time limit in milliseconds: bounded in CI, hours when fuzzing. */
export const FUZZ_LIMIT = FUZZING ? 6 * 3_600_000 : 120_000;

/** The seed of a fuzz run (`FUZZ_SEED` replays one); fixed in CI so that a failure reproduces. */
const SEED = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);

/** A property's seed: `ci` in CI, the run's seed (plus `ci`, so properties differ) when fuzzing. */
export const fuzzSeed = (ci: number): number => (FUZZING ? (SEED + ci) % 2 ** 31 : ci);

/** Deterministic choices from one seed (xorshift32): `pick(n)` is a whole number below n. */
export function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0 || 1;
  return (n) => {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    return (a >>> 0) % n;
  };
}
