/** CPU-time measurement shared by the bench scripts: per-call cost, warm-up, calibration, medians. */

/** CPU microseconds used by this process so far (user and system). */
export const cpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** CPU µs per call over `n` calls. */
export function perCall(fn: () => unknown, n: number): number {
  const t0 = cpuMicros();
  for (let i = 0; i < n; i++) fn();
  return (cpuMicros() - t0) / n;
}

/** Calls `fn` until it has used `micros` of CPU (twice at least): lint needs about a second before V8 has optimised it. */
export function warmUp(fn: () => unknown, micros: number): void {
  const t0 = cpuMicros();
  for (let i = 0; i < 2 || cpuMicros() - t0 < micros; i++) fn();
}

/** Calls per sample so that one sample takes at least `minMicros` of CPU. */
export function calibrate(fn: () => unknown, minMicros: number): number {
  let n = 1;
  for (;;) {
    const us = perCall(fn, n) * n;
    if (us >= minMicros || n >= 1 << 20) return n;
    n *= Math.min(16, Math.max(2, Math.ceil(minMicros / Math.max(us, 1))));
  }
}

/** The median of some numbers. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
