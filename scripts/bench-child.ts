/**
 * One child process of `npm run bench` (scripts/bench.ts starts it, three times per figure):
 * `node --import tsx scripts/bench-child.ts cpu <figure> [quick]` measures one figure of the built
 * library in CPU time (process.cpuUsage) against its baseline, sampled before and after the measured
 * work in each round, after a warm-up; `… rss <parse|lint> <file>` reads an 11 MB response, parses
 * it (and lints it) and reports the process's peak RSS. Prints one JSON line, nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type * as Library from '../src/index';
import { calibrate, median, perCall, warmUp } from './bench-timing';
import {
  brokerResponse,
  largeResponse,
  link,
  linkOfSize,
  requestWithOneFinding,
  toYaml,
  typicalRequest,
} from './bench-inputs';

// The built library (`npm run bench` builds first): what users run, and it loads without compiling the sources.
const { lint, lintText } = (await import(
  pathToFileURL(join(import.meta.dirname, '..', 'dist', 'index.js')).href
)) as typeof Library;

/** What a `cpu` child prints: medians over its rounds, in µs of CPU time per call. */
export interface CpuSample {
  work: number;
  baseline: number;
  /** Median over rounds of work ÷ the mean of the baseline just before and just after it. */
  ratio: number;
  rounds: number;
}

/** What an `rss` child prints. */
export interface RssSample {
  peakRssMiB: number;
}

interface Case {
  work: () => unknown;
  baseline: () => unknown;
  /** Rounds of baseline, work, baseline; fewer for inputs whose one call takes seconds. */
  rounds?: number;
  /**
   * CPU time of one sample, in µs (default 100 ms). Longer for the scaling figures: a sample of a
   * few calls is moved by ±20 % by where V8's collector happens to run.
   */
  minMicros?: number;
}

/** The in-process figures by id; `quick` shrinks only the scaling inputs (the named documents stay as named). */
const CPU_CASES: Record<string, (quick: boolean) => Case> = {
  'lint-typical': () => lintVsParse('CreateShadowLinkRequest', typicalRequest()),
  'lint-broker': () => lintVsParse('GetBrokerResponse', brokerResponse(40)),
  'lint-large': () => ({ ...lintVsParse('CreateShadowLinkResponse', largeResponse(5000, 12)), rounds: 3 }),
  'lint-finding': () => {
    const clean = JSON.parse(typicalRequest()) as unknown;
    const finding = JSON.parse(requestWithOneFinding()) as unknown;
    return {
      work: () => lint('CreateShadowLinkRequest', finding),
      baseline: () => lint('CreateShadowLinkRequest', clean),
    };
  },
  'lintText-json': () => lintTextVsParse(typicalRequest(), 'json', 'CreateShadowLinkRequest'),
  'lintText-json-large': () => ({
    ...lintTextVsParse(largeResponse(5000, 12), 'json', 'CreateShadowLinkResponse'),
    rounds: 3,
  }),
  'lintText-yaml': () => lintTextVsParse(toYaml(JSON.parse(typicalRequest())), 'yaml', 'CreateShadowLinkRequest'),
  // rpk's file: read as rpk reads it, and the API rules on the link rpk sends.
  'lintText-rpk': () => {
    const text = readFileSync(join(import.meta.dirname, '..', 'examples', 'good', 'shadow-link.rpk.yaml'), 'utf8');
    return { work: () => lintText(text, { filename: 'shadow-link.rpk.yaml' }), baseline: () => parseYaml(text) };
  },
  'scale-json': (quick) => scaleBySize('json', quick ? 0.25 : 1),
  'scale-yaml': (quick) => scaleBySize('yaml', quick ? 0.0625 : 0.25),
  'scale-findings': (quick) => scaleByFindings(quick ? 500 : 2500, true),
  'scale-findings-capped': (quick) => scaleByFindings(quick ? 500 : 2500, false),
  // The same pairs of texts through the parser alone: how much of a scaling figure the input's own
  // parse sets (one object with 10,000 keys costs V8 more per key than one with 2,500).
  'scale-json-parse': (quick) =>
    parseScaling(linkOfSize(quick ? 0.25 : 1, 'json').text, linkOfSize(quick ? 1 : 4, 'json').text),
  'scale-findings-parse': (quick) => parseScaling(...findingsTexts(quick ? 500 : 2500)),
};

type Kind = Parameters<typeof lint>[0];

function lintVsParse(kind: Kind, text: string): Case {
  const value = JSON.parse(text) as unknown;
  return { work: () => lint(kind, value), baseline: () => JSON.parse(text) };
}

function lintTextVsParse(text: string, format: 'json' | 'yaml', kind: Kind): Case {
  const filename = `document.${format}`;
  return {
    work: () => lintText(text, { filename, kind }),
    baseline: format === 'json' ? () => JSON.parse(text) : () => parseYaml(text),
  };
}

/** How the scaling figures sample: five rounds of samples of 0.4 s each. */
const SCALING = { rounds: 5, minMicros: 400_000 };

/** `lintText` on a valid link of 4 × `mb` MB against the same on `mb` MB. */
function scaleBySize(format: 'json' | 'yaml', mb: number): Case {
  const small = linkOfSize(mb, format).text;
  const large = linkOfSize(4 * mb, format).text;
  const filename = `link.${format}`;
  return { work: () => lintText(large, { filename }), baseline: () => lintText(small, { filename }), ...SCALING };
}

/** The texts of the findings series: a valid link with `n` and with 4 × `n` unknown top-level keys. */
function findingsTexts(n: number): [string, string] {
  const text = (count: number) => JSON.stringify(link(10, count), null, 2);
  return [text(n), text(4 * n)];
}

/** `lintText` on 4 × `n` findings against `n`, every finding kept or under the default cap. */
function scaleByFindings(n: number, keepAll: boolean): Case {
  const [small, large] = findingsTexts(n);
  const options = keepAll ? { filename: 'f.json', maxFindings: 4 * n + 100 } : { filename: 'f.json' };
  return { work: () => lintText(large, options), baseline: () => lintText(small, options), ...SCALING };
}

/** `JSON.parse` of the larger text against the smaller. */
function parseScaling(small: string, large: string): Case {
  return { work: () => JSON.parse(large), baseline: () => JSON.parse(small), ...SCALING };
}

/** Measures a figure: warm-up, then rounds of baseline, work, baseline. */
function measureCpu(c: Case, quick: boolean): CpuSample {
  const minMicros = quick ? 10_000 : (c.minMicros ?? 100_000);
  warmUp(c.work, quick ? 200_000 : 1_000_000);
  warmUp(c.baseline, quick ? 100_000 : 300_000);
  const nWork = calibrate(c.work, minMicros);
  const nBase = calibrate(c.baseline, minMicros);
  const rounds = quick ? 1 : (c.rounds ?? 5);
  const works: number[] = [];
  const bases: number[] = [];
  const ratios: number[] = [];
  let before = perCall(c.baseline, nBase);
  for (let r = 0; r < rounds; r++) {
    const work = perCall(c.work, nWork);
    const after = perCall(c.baseline, nBase);
    const base = (before + after) / 2;
    works.push(work);
    bases.push(base);
    ratios.push(work / base);
    before = after;
  }
  return { work: median(works), baseline: median(bases), ratio: median(ratios), rounds };
}

/** Peak RSS of reading and parsing `file`, and linting the result when `withLint`. */
function measureRss(file: string, withLint: boolean): RssSample {
  const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (withLint && lint('CreateShadowLinkResponse', value).diagnostics.length > 0) {
    throw new Error('the large response should lint clean');
  }
  return { peakRssMiB: process.resourceUsage().maxRSS / 1024 };
}

const [mode, arg, extra] = process.argv.slice(2);
if (mode === 'cpu' && arg && CPU_CASES[arg]) {
  const quick = extra === 'quick';
  console.log(JSON.stringify(measureCpu(CPU_CASES[arg](quick), quick)));
} else if (mode === 'rss' && (arg === 'parse' || arg === 'lint') && extra) {
  console.log(JSON.stringify(measureRss(extra, arg === 'lint')));
} else {
  console.error(`usage: bench-child.ts cpu <${Object.keys(CPU_CASES).join('|')}> [quick] | rss <parse|lint> <file>`);
  process.exit(2);
}
