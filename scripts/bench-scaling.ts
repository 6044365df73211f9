/**
 * The `slopes` section of `npm run bench`, run only when named (`--only slopes`; issue 8, "bounded cost"): `lintText` time against input
 * size (1–64 MB, JSON and YAML) and against the number of findings (1k–1M), each with a fitted
 * exponent b of time ≈ a·x^b (least squares on log-log; b ≈ 1 is linear), baselines measured in
 * the same run (JSON.parse, the `yaml` package's `parse`), peak RSS, and the built command once on
 * the largest input of each series. Printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { parse as parseYamlText } from 'yaml';
import { pathToFileURL } from 'node:url';
import type * as Library from '../src/index';
import { DEFAULT_MAX_FINDINGS } from '../src/lint/findings-cap';
import { link, linkOfSize } from './bench-inputs';

// The built library (`npm run bench` builds first), as the other sections measure it: what users run.
const { lintText } = (await import(
  pathToFileURL(join(import.meta.dirname, '..', 'dist', 'index.js')).href
)) as typeof Library;

const MB = 2 ** 20;
const SIZES_MB = [1, 2, 4, 8, 16, 32, 64];
const FINDINGS = [1_000, 10_000, 100_000, 1_000_000];
/** A point whose first sample takes longer than this gets that one sample only (marked `1×`), to keep the run bounded. */
const ONE_SAMPLE_ABOVE_MS = 2000;

// A full collection before each point, so that its peak RSS is not the previous point's garbage.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Fitted exponent b of y ≈ a·x^b: the least-squares slope of ln y against ln x. */
export function fitExponent(xs: readonly number[], ys: readonly number[]): number {
  const lx = xs.map(Math.log);
  const ly = ys.map(Math.log);
  const mx = lx.reduce((s, v) => s + v, 0) / lx.length;
  const my = ly.reduce((s, v) => s + v, 0) / ly.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < lx.length; i++) {
    num += (lx[i]! - mx) * (ly[i]! - my);
    den += (lx[i]! - mx) ** 2;
  }
  return num / den;
}

/**
 * Peak resident set size while synchronous work runs: a worker thread reads the process's RSS
 * every 5 ms (the main thread is busy, so it cannot sample itself).
 */
class RssSampler {
  // [peak MB, epoch the peak belongs to, epoch asked for]
  private readonly shared = new Int32Array(new SharedArrayBuffer(12));
  private readonly worker: Worker;
  constructor() {
    this.worker = new Worker(
      `const { workerData: s } = require('node:worker_threads');
       let epoch = -1, peak = 0;
       setInterval(() => {
         const rss = Math.round(process.memoryUsage.rss() / ${MB});
         const want = Atomics.load(s, 2);
         if (want !== epoch) { epoch = want; peak = 0; }
         if (rss > peak) peak = rss;
         Atomics.store(s, 0, peak);
         Atomics.store(s, 1, epoch);
       }, 5);`,
      { eval: true, workerData: this.shared },
    );
    this.worker.unref();
  }
  /** Collects garbage (twice: the second returns the freed pages), then starts a new measurement; the RSS then. */
  start(): number {
    collect();
    collect();
    Atomics.add(this.shared, 2, 1);
    return Math.round(process.memoryUsage.rss() / MB);
  }
  /** Peak RSS in MB since `start` (at least the RSS now). */
  peak(): number {
    const now = Math.round(process.memoryUsage.rss() / MB);
    const current = Atomics.load(this.shared, 1) === Atomics.load(this.shared, 2);
    return Math.max(now, current ? Atomics.load(this.shared, 0) : 0);
  }
  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

interface Sample {
  ms: number;
  samples: number;
}

/** Median of 3 samples, or the first sample alone when it took longer than ONE_SAMPLE_ABOVE_MS. */
function measure(fn: () => unknown): Sample {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
    if (times[0]! > ONE_SAMPLE_ABOVE_MS) break;
  }
  return { ms: median(times), samples: times.length };
}

const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pad = (s: string, n: number) => s.padStart(n);

/** Runs the built command once with `node -r <peak-RSS reporter> dist/cli.cjs …`; counts the bytes it prints. */
async function runCli(
  cli: string,
  args: string[],
  dir: string,
): Promise<{ ms: number; code: number | null; stdoutBytes: number; rssMb: number; stderr: string }> {
  const reporter = join(dir, 'peak-rss.cjs');
  writeFileSync(
    reporter,
    `process.on('exit', () => process.stderr.write('\\npeak-rss-kb=' + process.resourceUsage().maxRSS + '\\n'));\n`,
  );
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS'));
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-r', reporter, cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdoutBytes = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdoutBytes += chunk.length));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ms = performance.now() - t0;
  const rss = /peak-rss-kb=(\d+)/.exec(stderr);
  return {
    ms,
    code,
    stdoutBytes,
    rssMb: rss ? Number(rss[1]) / 1024 : NaN,
    stderr: stderr.replace(/\n?peak-rss-kb=\d+\n?/, '').trim(),
  };
}

const cliOutcome = (r: { code: number | null; stderr: string }) =>
  r.stderr ? `exit ${r.code}, stderr: ${r.stderr.split('\n')[0]!.slice(0, 160)}` : `exit ${r.code}`;

/** The size series (5) and the findings series (6). `cli` is the built command (dist/cli.cjs). */
export async function benchScaling(cli: string): Promise<void> {
  const started = performance.now();
  const rss = new RssSampler();
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-scaling-'));
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  try {
    console.log(
      `5. lintText against input size: valid ShadowLink documents (n topic, n group and n ACL filters, no finding); load average ${load}.`,
    );
    console.log(
      `   Each point: median of 3 samples after a warm-up on the 1 MB input; a point whose first sample takes > ${ONE_SAMPLE_ABOVE_MS / 1000} s is measured once (1×).`,
    );
    console.log(
      '   format     MB  n/filter list  findings  lintText ms    MB/s  baseline ms  lint/baseline  peak RSS (before) MB  samples',
    );
    const fits: string[] = [];
    let largestJson = '';
    let largestMb = 0;
    for (const format of ['json', 'yaml'] as const) {
      const baselineName = format === 'json' ? 'JSON.parse' : 'yaml parse';
      const baseline = format === 'json' ? (t: string) => JSON.parse(t) : (t: string) => parseYamlText(t);
      const filename = `link.${format}`;
      const warm = linkOfSize(1, format).text;
      for (let i = 0; i < 2; i++) {
        lintText(warm, { filename });
        baseline(warm);
      }
      const xs: number[] = [];
      const ys: number[] = [];
      const slow: string[] = [];
      for (const mb of SIZES_MB) {
        const sized = linkOfSize(mb, format);
        const filters = sized.n;
        let text = sized.text;
        const size = text.length / MB;
        const before = rss.start();
        let findings = 0;
        const lintTime = measure(() => (findings = lintText(text, { filename }).diagnostics.length));
        const peak = rss.peak();
        const base = measure(() => baseline(text));
        xs.push(size);
        ys.push(lintTime.ms);
        if (lintTime.samples === 1) slow.push(`${mb} MB`);
        console.log(
          `   ${format.padEnd(6)} ${pad(f1(size), 6)} ${pad(String(filters), 14)} ${pad(String(findings), 9)} ${pad(f0(lintTime.ms), 12)} ${pad(f2(size / (lintTime.ms / 1000)), 7)} ${pad(f0(base.ms), 12)} ${pad(`${f2(lintTime.ms / base.ms)}x`, 14)} ${pad(`${peak} (${before})`, 20)} ${pad(`${lintTime.samples}×/${base.samples}×`, 8)}`,
        );
        if (format === 'json' && mb === SIZES_MB[SIZES_MB.length - 1]) {
          largestJson = join(dir, 'link.json');
          largestMb = size;
          writeFileSync(largestJson, text);
        }
        text = '';
      }
      const big = xs.map((x, i) => [x, ys[i]!] as const).filter(([x]) => x >= 4);
      fits.push(
        `${format}: b = ${f2(fitExponent(xs, ys))} over 1–${SIZES_MB[SIZES_MB.length - 1]} MB, b = ${f2(
          fitExponent(
            big.map(([x]) => x),
            big.map(([, y]) => y),
          ),
        )} over ≥ 4 MB (baseline: ${baselineName})${slow.length ? `; measured once (too slow for 3 samples in the time budget): ${slow.join(', ')}` : ''}`,
      );
    }
    console.log(`   fitted exponent (time ≈ a·size^b):\n     ${fits.join('\n     ')}`);
    const cliSize = await runCli(cli, ['lint', '-f', 'json', largestJson], dir);
    console.log(
      `   CLI once: node dist/cli.cjs lint -f json <the ${f0(largestMb)} MB JSON file>: ${f0(cliSize.ms)} ms (${f2(largestMb / (cliSize.ms / 1000))} MB/s, start-up included), peak RSS ${f0(cliSize.rssMb)} MB, ${cliOutcome(cliSize)}\n`,
    );
    rmSync(largestJson, { force: true });

    console.log(
      '6. lintText against the number of findings: a valid link (JSON) plus N unknown top-level keys (one schema/unknown-property each).',
    );
    console.log(
      `   "all kept": maxFindings ≥ N; "default cap": ${DEFAULT_MAX_FINDINGS} findings + 1 summary finding. Same sampling as above.`,
    );
    console.log(
      '   findings     MB  all kept ms  µs/finding  peak RSS (before) MB  samples | default cap ms  µs/finding  peak RSS (before) MB  samples',
    );
    const kept: number[] = [];
    const capped: number[] = [];
    let largestFindings = '';
    const warm = JSON.stringify(link(10, 1000));
    lintText(warm, { filename: 'f.json', maxFindings: 2000 });
    lintText(warm, { filename: 'f.json' });
    for (const n of FINDINGS) {
      let text = JSON.stringify(link(10, n), null, 2);
      let all = 0;
      const aBefore = rss.start();
      const a = measure(() => (all = lintText(text, { filename: 'f.json', maxFindings: n + 100 }).diagnostics.length));
      const aPeak = rss.peak();
      const cBefore = rss.start();
      let shown = 0;
      const c = measure(() => (shown = lintText(text, { filename: 'f.json' }).diagnostics.length));
      const cPeak = rss.peak();
      if (all < n) console.log(`   (only ${all} findings for N = ${n}: the document does not produce what it should)`);
      kept.push(a.ms);
      capped.push(c.ms);
      console.log(
        `   ${pad(n.toLocaleString('en-US'), 9)} ${pad(f1(text.length / MB), 6)} ${pad(f0(a.ms), 12)} ${pad(f1((a.ms * 1000) / all), 11)} ${pad(`${aPeak} (${aBefore})`, 20)} ${pad(`${a.samples}×`, 8)} | ${pad(f0(c.ms), 14)} ${pad(f1((c.ms * 1000) / n), 11)} ${pad(`${cPeak} (${cBefore})`, 20)} ${pad(`${c.samples}×`, 8)}${shown === DEFAULT_MAX_FINDINGS + 1 || n <= DEFAULT_MAX_FINDINGS ? '' : ` (default cap showed ${shown})`}`,
      );
      if (n === FINDINGS[FINDINGS.length - 1]) {
        largestFindings = join(dir, 'findings-1m.json');
        writeFileSync(largestFindings, text);
      }
      text = '';
    }
    console.log(
      `   fitted exponent (time ≈ a·N^b): all kept b = ${f2(fitExponent(FINDINGS, kept))}, default cap b = ${f2(fitExponent(FINDINGS, capped))}`,
    );
    const max = FINDINGS[FINDINGS.length - 1]!;
    const cliFindings = await runCli(cli, ['lint', '-f', 'json', '--max-findings', String(max), largestFindings], dir);
    console.log(
      `   CLI once: node dist/cli.cjs lint -f json --max-findings ${max} <${max.toLocaleString('en-US')} findings>: ${f0(cliFindings.ms)} ms (${f1((cliFindings.ms * 1000) / max)} µs/finding), ${f0(cliFindings.stdoutBytes / MB)} MB printed, peak RSS ${f0(cliFindings.rssMb)} MB, ${cliOutcome(cliFindings)}`,
    );
    console.log(`   (sections 5 and 6 took ${f0((performance.now() - started) / 1000)} s)\n`);
  } finally {
    await rss.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
