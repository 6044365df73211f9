/**
 * `npm run bench`: the figures of issue 17's targets, printed as a table — each a median over at least
 * three separate child processes, its spread (min–max over those processes) and its ratio to a
 * baseline measured in the same process (in-process figures: CPU time from process.cpuUsage, after a
 * warm-up, the baseline sampled before and after the measured work; command-line figures: wall time,
 * runs interleaved with the baseline's). Numbers are printed, never asserted.
 *
 * Sections: `core` (lint and lintText, peak RSS), `cli` (one file, 1,000 files against ajv-cli),
 * `lsp` (edit → diagnostics), `scaling` (4× the input against the time), `cache` (1,000 files linted
 * twice with --cache, the second run against the first); all run by default.
 * `slopes` (the 1–64 MB and 1k–1M findings series with fitted exponents, about 7 minutes) runs only
 * when named. `--only <names>` (comma-separated) or SVC_BENCH_ONLY picks sections; `--json FILE`
 * also writes the figures as JSON; SVC_BENCH_QUICK=1 is a fast smoke run (one process and one round
 * per figure, 100 files, smaller scaling inputs: its numbers are not the figures).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CpuSample, RssSample } from './bench-child';
import { largeResponse, smallLink, toYaml } from './bench-inputs';
import { SETTLE_MS } from '../src/cli/cache';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.cjs');
const CHILD = join(ROOT, 'scripts', 'bench-child.ts');
const AJV_CLI = join(ROOT, 'node_modules', '.bin', 'ajv');
const QUICK = process.env['SVC_BENCH_QUICK'] === '1';
/** Separate child processes per figure (one in a smoke run). */
const PROCESSES = QUICK ? 1 : 3;
/** Files in the many-files figures. */
const FILES = QUICK ? 100 : 1000;

const SECTIONS = ['core', 'cli', 'lsp', 'scaling', 'cache', 'slopes'] as const;
type Section = (typeof SECTIONS)[number];
const DEFAULT_SECTIONS: Section[] = ['core', 'cli', 'lsp', 'scaling', 'cache'];

const argValue = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const onlyArg = argValue('--only') ?? process.env['SVC_BENCH_ONLY'];
const only = onlyArg ? onlyArg.split(',').map((s) => s.trim()) : DEFAULT_SECTIONS;
const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length > 0) {
  console.error(`Unknown bench section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}.`);
  process.exit(2);
}
const jsonFile = argValue('--json');
const want = (section: Section) => only.includes(section);

/** Median, min and max of some numbers. */
interface Spread {
  median: number;
  min: number;
  max: number;
}

/** One row of the table (and one entry of `--json`). */
interface Figure {
  section: Section;
  figure: string;
  /** What `median`, `min` and `max` measure. */
  unit: 'µs cpu' | 'ms cpu' | 'ms wall' | 'MiB rss';
  value: Spread | null;
  baseline: string | null;
  baselineValue: Spread | null;
  ratio: Spread | null;
  target: string;
  met: boolean | null;
  processes: number;
  /** Why there is no value, or what to keep in mind reading it. */
  note?: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]): Spread => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
const figures: Figure[] = [];

/** Environment of every child: no NODE_OPTIONS inherited from npm or tsx. */
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS'));

const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

function runChild<T>(args: string[]): T {
  const out = execFileSync(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    cwd: ROOT,
    env: childEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

/**
 * An in-process figure (scripts/bench-child.ts's CPU_CASES): `PROCESSES` children, each reporting
 * its median CPU time per call and its median ratio to the baseline.
 */
function cpuFigure(
  section: Section,
  id: string,
  figure: string,
  baseline: string,
  maxRatio = Infinity,
  targetText = `≤ ${maxRatio}×`,
): Figure {
  progress(figure);
  const samples = Array.from({ length: PROCESSES }, () =>
    runChild<CpuSample>(['cpu', id, ...(QUICK ? ['quick'] : [])]),
  );
  const inMs = samples.some((s) => s.work >= 10_000);
  const scale = inMs ? 1 / 1000 : 1;
  const ratio = spread(samples.map((s) => s.ratio));
  figures.push({
    section,
    figure,
    unit: inMs ? 'ms cpu' : 'µs cpu',
    value: spread(samples.map((s) => s.work * scale)),
    baseline,
    baselineValue: spread(samples.map((s) => s.baseline * scale)),
    ratio,
    target: targetText,
    met: ratio.median <= maxRatio,
    processes: samples.length,
  });
  return figures.at(-1)!;
}

/** Marks a figure measured for context: no target. */
function contextFigure(f: Figure): void {
  f.target = '—';
  f.met = null;
  f.note = 'no target';
}

/** Peak RSS of parse + lint of the 11 MB response against parse alone, in alternating child processes. */
function rssFigure(dir: string): void {
  const figure = 'lint, 11 MB response: peak RSS above JSON.parse’s';
  progress(figure);
  const file = join(dir, 'large-response.json');
  writeFileSync(file, largeResponse(5000, 12));
  const parse: number[] = [];
  const lint: number[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    parse.push(runChild<RssSample>(['rss', 'parse', file]).peakRssMiB);
    lint.push(runChild<RssSample>(['rss', 'lint', file]).peakRssMiB);
  }
  const extra = spread(lint.map((l, i) => l - parse[i]!));
  figures.push({
    section: 'core',
    figure,
    unit: 'MiB rss',
    value: extra,
    baseline: 'peak RSS of JSON.parse alone',
    baselineValue: spread(parse),
    ratio: spread(lint.map((l, i) => l / parse[i]!)),
    target: '≤ +20 MiB',
    met: extra.median <= 20,
    processes: 2 * PROCESSES,
  });
}

/** A command for the wall-time figures. */
interface Command {
  file: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

const nodeCommand = (...args: string[]): Command => ({ file: process.execPath, args });

/** Wall milliseconds of one run; throws with its exit code and first line of standard error when it fails. */
function wall(command: Command): number {
  const t0 = performance.now();
  const r = spawnSync(command.file, command.args, {
    cwd: ROOT,
    env: command.env ?? childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) {
    const why = r.error?.message ?? `exit ${r.status}: ${r.stderr.toString().trim().split('\n')[0]?.slice(0, 160)}`;
    throw new Error(`${command.file.split('/').pop()} failed (${why})`);
  }
  return ms;
}

/**
 * Wall time of `work` interleaved with each baseline: after one warm-up run of each, the baselines,
 * then `rounds` times the work followed by the baselines — each work run sits between a baseline
 * run before and after it, and its ratio is to their mean.
 */
function interleaved(work: Command, baselines: Command[], rounds: number): { work: number[]; base: number[][] } {
  for (const c of [work, ...baselines]) wall(c);
  const base = baselines.map((b) => [wall(b)]);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    times.push(wall(work));
    baselines.forEach((b, k) => base[k]!.push(wall(b)));
  }
  return { work: times, base };
}

/** A wall-time figure from an interleaved series against baseline `k`. */
function wallFigure(
  figure: string,
  series: { work: number[]; base: number[][] },
  k: number,
  baseline: string,
  maxRatio: number,
  targetText: string,
  note?: string,
): Figure {
  const base = series.base[k]!;
  const ratios = series.work.map((w, r) => w / ((base[r]! + base[r + 1]!) / 2));
  const ratio = spread(ratios);
  return {
    section: 'cli',
    figure,
    unit: 'ms wall',
    value: spread(series.work),
    baseline,
    baselineValue: spread(base),
    ratio,
    target: targetText,
    met: ratio.median <= maxRatio,
    processes: series.work.length,
    ...(note ? { note } : {}),
  };
}

const missing = (figure: string, baseline: string, target: string, note: string): Figure => ({
  section: 'cli',
  figure,
  unit: 'ms wall',
  value: null,
  baseline,
  baselineValue: null,
  ratio: null,
  target,
  met: null,
  processes: 0,
  note,
});

/** `FILES` small shadow link files in `folder`, in one format; returns the folder. */
function writeLinks(folder: string, format: 'json' | 'yaml'): string {
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < FILES; i++) {
    const value = smallLink(i);
    writeFileSync(
      join(folder, `link-${i}.${format}`),
      format === 'json' ? JSON.stringify(value, null, 2) : toYaml(value),
    );
  }
  return folder;
}

/**
 * `lint --cache` over `FILES` unchanged files: each round starts without a cache file, runs once
 * (linting every file, writing the cache) and again (reusing every result); the ratio is the
 * second run's wall time to the first's, per round. The files are left `SETTLE_MS` after they are
 * written, as files not being edited are: the cache reads a file changed just before a run again
 * (see src/cli/cache.ts).
 */
function cacheSection(dir: string): void {
  for (const format of ['json', 'yaml'] as const) {
    const folder = writeLinks(join(dir, 'cache', format), format);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SETTLE_MS + 500);
    const cacheFile = join(dir, 'cache', `${format}.cache`);
    const command = nodeCommand(CLI, 'lint', '--cache', '--cache-location', cacheFile, folder);
    const figure = `CLI --cache, ${FILES.toLocaleString('en-US')} ${format.toUpperCase()} files: the second run`;
    progress(figure);
    wall(command);
    const first: number[] = [];
    const second: number[] = [];
    for (let r = 0; r < (QUICK ? 1 : 5); r++) {
      rmSync(cacheFile, { force: true });
      first.push(wall(command));
      second.push(wall(command));
    }
    const ratio = spread(second.map((t, r) => t / first[r]!));
    figures.push({
      section: 'cache',
      figure,
      unit: 'ms wall',
      value: spread(second),
      baseline: 'the first run, without a cache file (it writes the cache)',
      baselineValue: spread(first),
      ratio,
      target: '≤ 0.3×',
      met: ratio.median <= 0.3,
      processes: second.length,
    });
  }
}

function cliSection(dir: string): void {
  progress('CLI, one file');
  const oneFile = nodeCommand(CLI, 'lint', join(ROOT, 'examples', 'good', 'dr-link.yaml'));
  // The same run without the command's code cache: not a target, the README's start-up note quotes it.
  const uncached = { ...oneFile, env: { ...childEnv, SVC_ADMIN_SPEC_NO_CACHE: '1' } };
  const one = interleaved(oneFile, [nodeCommand('-e', '0'), uncached], QUICK ? 2 : 15);
  figures.push(wallFigure('CLI, one file (examples/good/dr-link.yaml)', one, 0, 'node -e 0', 1.3, '≤ 1.3×'));
  // Each uncached run sits between two `node -e 0` runs, like the cached ones (its last run has none after it).
  const noCache = { work: one.base[1]!.slice(0, -1), base: one.base };
  figures.push({
    ...wallFigure('CLI, one file, without the code cache', noCache, 0, 'node -e 0', Infinity, '—'),
    met: null,
    note: 'no target',
  });

  const schema = join(ROOT, 'schemas', 'ShadowLink.schema.json');
  const hasAjvCli = existsSync(AJV_CLI);
  for (const [format, maxRatio] of [
    ['json', 0.5],
    ['yaml', 1.5],
  ] as const) {
    const folder = writeLinks(join(dir, format, 'shadow-links'), format);
    const figure = `CLI, ${FILES.toLocaleString('en-US')} ${format.toUpperCase()} files`;
    const target = `≤ ${maxRatio}×`;
    progress(figure);
    const standIn = nodeCommand(join(ROOT, 'scripts', 'bench-ajv.mjs'), schema, folder);
    const ajvCli: Command = {
      file: AJV_CLI,
      args: ['validate', '--spec=draft2020', '--strict=false', '-s', schema, '-d', join(folder, `*.${format}`)],
    };
    const work = nodeCommand(CLI, 'lint', folder);
    try {
      const series = interleaved(work, hasAjvCli ? [ajvCli, standIn] : [standIn], PROCESSES);
      figures.push(
        hasAjvCli
          ? wallFigure(figure, series, 0, 'ajv-cli', maxRatio, target)
          : missing(figure, 'ajv-cli', target, 'ajv-cli not installed'),
        wallFigure(
          `${figure} (stand-in baseline)`,
          series,
          hasAjvCli ? 1 : 0,
          'scripts/bench-ajv.mjs: the installed ajv, not ajv-cli',
          maxRatio,
          target,
          `stand-in for ajv-cli: the same schema and files validated by this project's ajv${format === 'yaml' ? ' (YAML read with `yaml`; ajv-cli uses js-yaml)' : ''}`,
        ),
      );
    } catch (e) {
      figures.push(missing(figure, hasAjvCli ? 'ajv-cli' : 'stand-in', target, (e as Error).message));
    }
  }
}

async function lspSection(): Promise<void> {
  const file = 'examples/good/dr-link.yaml';
  const figure = `language server, edit → diagnostics (${file})`;
  progress(figure);
  // Loaded here: the language server's test client is needed by this section alone.
  const [{ LspSession }, { changeLatency }] = await Promise.all([import('../test/lsp-helpers'), import('./bench-lsp')]);
  const medians: number[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const session = await LspSession.start(ROOT);
    try {
      medians.push(median(await changeLatency(session, file, QUICK ? 15 : 65)));
    } finally {
      await session.stop();
    }
  }
  const value = spread(medians);
  figures.push({
    section: 'lsp',
    figure,
    unit: 'ms wall',
    value,
    baseline: null,
    baselineValue: null,
    ratio: null,
    target: '≤ 10 ms',
    met: value.median <= 10,
    processes: medians.length,
    note: 'median of each server process’s edits (the first 5 dropped), any delay before linting included',
  });
}

const num = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const unitSuffix = (unit: Figure['unit']) =>
  ({ 'µs cpu': ' µs', 'ms cpu': ' ms', 'ms wall': ' ms', 'MiB rss': ' MiB' })[unit];

/** The figures as a Markdown table: figure | median | spread (min–max) | ratio | target | met?. */
function table(rows: Figure[]): string {
  const lines = rows.map((f) => {
    const u = unitSuffix(f.unit);
    const sign = f.unit === 'MiB rss' ? '+' : '';
    const value = f.value ? `${sign}${num(f.value.median)}${u}${f.unit.endsWith('cpu') ? ' cpu' : ''}` : '—';
    const range = f.value ? `${sign}${num(f.value.min)}–${sign}${num(f.value.max)}${u}` : '—';
    const ratio = f.ratio ? `${num(f.ratio.median)}× (${num(f.ratio.min)}–${num(f.ratio.max)})` : '—';
    const met = f.met === null ? (f.note ?? 'n/a') : f.met ? 'yes' : 'no';
    return [f.figure, value, range, ratio, f.target, met];
  });
  const header = ['figure', 'median', 'spread (min–max)', 'ratio', 'target', 'met?'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown cpu',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
};
const started = performance.now();
console.log('svc-admin-spec benchmark');
console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; node ${machine.node}`);
console.log(
  `commit ${commit}, ${new Date().toISOString()}; load average ${machine.loadAverage.join(' ')}${QUICK ? '; QUICK smoke run (SVC_BENCH_QUICK=1): not the figures' : ''}\n`,
);

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
try {
  if (want('core')) {
    cpuFigure('core', 'lint-typical', 'lint, typical CreateShadowLink request', 'JSON.parse of the same text', 0.5);
    cpuFigure('core', 'lint-broker', 'lint, GetBroker response with 40 routes', 'JSON.parse of the same text', 1.0);
    cpuFigure(
      'core',
      'lint-large',
      'lint, 11 MB response (5,000 topics × 12 partitions)',
      'JSON.parse of the same text',
      0.35,
    );
    rssFigure(dir);
    cpuFigure(
      'core',
      'lint-finding',
      'lint with one finding (typical request)',
      'the clean lint of the typical request',
      2,
    );
    cpuFigure('core', 'lintText-json', 'lintText, JSON typical', 'JSON.parse of the same text', 2);
    cpuFigure('core', 'lintText-json-large', 'lintText, JSON 11 MB', 'JSON.parse of the same text', 2);
    cpuFigure('core', 'lintText-yaml', 'lintText, YAML typical', '`yaml` parse of the same text', 1.5);
    cpuFigure(
      'core',
      'lintText-rpk',
      'lintText, rpk config file (examples/good)',
      '`yaml` parse of the same text',
      1.5,
    );
  }
  if (want('cli')) cliSection(dir);
  if (want('lsp')) await lspSection();
  if (want('cache')) cacheSection(dir);
  if (want('scaling')) {
    const [json, yaml, findings] = QUICK
      ? ['0.25 → 1 MB', '64 → 256 KB', '500 → 2,000']
      : ['1 → 4 MB', '256 KB → 1 MB', '2,500 → 10,000'];
    const to = 'lintText on ¼ of the input';
    cpuFigure('scaling', 'scale-json', `scaling: lintText, JSON link ${json}`, to, 4.4);
    cpuFigure('scaling', 'scale-yaml', `scaling: lintText, YAML link ${yaml}`, to, 4.4);
    cpuFigure('scaling', 'scale-findings', `scaling: lintText, ${findings} findings, all kept`, to, 4.4);
    cpuFigure('scaling', 'scale-findings-capped', `scaling: lintText, ${findings} findings, default cap`, to, 4.4);
    // What the parser alone does with the same pairs of texts: no target, the reading of the rows above.
    const parseTo = 'JSON.parse of the smaller text';
    contextFigure(cpuFigure('scaling', 'scale-json-parse', `scaling: JSON.parse alone, JSON link ${json}`, parseTo));
    contextFigure(
      cpuFigure(
        'scaling',
        'scale-findings-parse',
        `scaling: JSON.parse alone, the ${findings} findings texts`,
        parseTo,
      ),
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (figures.length > 0) {
  console.log(table(figures));
  console.log(
    `\nmedian and spread: over ${PROCESSES} child processes (wall figures: over the runs); ratio: the median of each process's (each run's) ratio to its baseline, with its min–max. Baselines:`,
  );
  for (const f of figures) {
    if (!f.baseline && !f.note) continue;
    const base = f.baselineValue ? ` (median ${num(f.baselineValue.median)}${unitSuffix(f.unit)})` : '';
    console.log(`- ${f.figure}: ${f.baseline ?? 'none'}${base}${f.note && f.met !== null ? `; ${f.note}` : ''}`);
  }
  console.log(
    `\n${want('cli') && !existsSync(AJV_CLI) ? 'ajv-cli not installed (node_modules/.bin/ajv): its rows are empty; the stand-in rows use this project’s ajv.\n' : ''}(took ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}
if (jsonFile) {
  writeFileSync(
    jsonFile,
    `${JSON.stringify({ machine, commit, date: new Date().toISOString(), quick: QUICK, figures }, null, 2)}\n`,
  );
  console.log(`figures written to ${jsonFile}`);
}

// Imported only when named: it sets V8 flags on import.
if (want('slopes')) await (await import('./bench-scaling')).benchScaling(CLI);
