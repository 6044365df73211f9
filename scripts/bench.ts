/**
 * Benchmarks against the targets in the design: medians of repeated samples, ratios against
 * baselines measured in the same run (JSON.parse, the bare ahead-of-time ajv validator, `node -e 0`).
 * Run with `npm run bench`. Numbers are printed, never asserted.
 *
 * Sections: `core` (1–4: a typical request, large responses, CLI start-up, 1,000 files), `scaling`
 * (5–6, scripts/bench-scaling.ts: time against input size 1–64 MB and against 1k–1M findings, with
 * fitted exponents; about 7 minutes on 2 busy cores) and `lsp` (scripts/bench-lsp.ts). All run by
 * default; `--only <names>` (comma-separated) or SVC_BENCH_ONLY=<names> runs some, e.g.
 * `npm run bench -- --only scaling` or `SVC_BENCH_ONLY=core,lsp npm run bench`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as validators from '../src/generated/validators.js';
import { lint } from '../src/lint/lint';
import { benchScaling } from './bench-scaling';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.cjs');

const SECTIONS = ['core', 'scaling', 'lsp'] as const;
const onlyFlag = process.argv.indexOf('--only');
const onlyArg = onlyFlag >= 0 ? process.argv[onlyFlag + 1] : process.env['SVC_BENCH_ONLY'];
const only = onlyArg ? onlyArg.split(',').map((s) => s.trim()) : [...SECTIONS];
const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknown.length > 0) {
  console.error(`Unknown bench section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}.`);
  process.exit(2);
}
const want = (section: (typeof SECTIONS)[number]) => only.includes(section);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median time per call in microseconds over `samples` samples of `iterations` calls. */
function timeIt(fn: () => unknown, iterations: number, samples = 15): number {
  for (let i = 0; i < iterations; i++) fn(); // warm-up
  const per: number[] = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) fn();
    per.push(((performance.now() - t0) * 1000) / iterations);
  }
  return median(per);
}

const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);

function typicalRequest(): string {
  return JSON.stringify(
    {
      shadowLink: {
        name: 'dr-link',
        configurations: {
          clientOptions: {
            bootstrapServers: [
              'kafka-1.source.example.com:9093',
              'kafka-2.source.example.com:9093',
              'kafka-3.source.example.com:9093',
            ],
            authenticationConfiguration: {
              scramConfiguration: {
                username: 'shadow-link',
                password: '${SHADOW_LINK_PASSWORD}',
                scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
              },
            },
            tlsSettings: {
              enabled: true,
              tlsFileSettings: {
                caPath: '/etc/svc/tls/ca.pem',
                certPath: '/etc/svc/tls/client.pem',
                keyPath: '/etc/svc/tls/client.key',
              },
            },
            connectionTimeoutMs: 2000,
            fetchMaxBytes: 16777216,
            fetchWaitMaxMs: 250,
          },
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders.', patternType: 'PATTERN_TYPE_PREFIX' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'payments.', patternType: 'PATTERN_TYPE_PREFIX' },
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'inventory', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_EXCLUDE', name: 'orders.tmp', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
            syncedShadowTopicProperties: ['segment.ms', 'min.insync.replicas'],
            interval: '30s',
            startAtTimestamp: '2026-01-01T00:00:00Z',
          },
          consumerOffsetSyncOptions: {
            groupFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
              { filterType: 'FILTER_TYPE_EXCLUDE', name: 'tmp-', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
            interval: '30s',
          },
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: {
                  resourceType: 'ACL_RESOURCE_TOPIC',
                  patternType: 'ACL_PATTERN_PREFIXED',
                  name: 'orders.',
                },
                accessFilter: {
                  principal: 'User:orders-service',
                  host: '10.0.0.7',
                  operation: 'ACL_OPERATION_READ',
                  permissionType: 'ACL_PERMISSION_TYPE_ALLOW',
                },
              },
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_GROUP', patternType: 'ACL_PATTERN_ANY' },
                accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
              },
            ],
            interval: '60s',
          },
          schemaRegistrySyncOptions: { shadowSchemaRegistryTopic: {} },
        },
      },
    },
    null,
    2,
  );
}

function largeResponse(topics: number, partitions: number): string {
  const parts = (t: number) =>
    Array.from({ length: partitions }, (_, p) => ({
      partitionId: String(p),
      highWatermark: String(1_000_000 + t + p),
      sourceHighWatermark: String(1_000_010 + t + p),
      sourceLastStableOffset: String(1_000_005 + t + p),
      sourceLastUpdatedTimestamp: '2026-11-22T10:00:00.123456789Z',
    }));
  return JSON.stringify({
    shadowLink: {
      name: 'dr-link',
      uid: '6f1c2a9e-4b7d-4e3f-9a1b-2c3d4e5f6a7b',
      status: {
        state: 'SHADOW_LINK_STATE_ACTIVE',
        shadowTopics: Array.from({ length: topics }, (_, t) => ({
          name: `topic-${t}`,
          topicId: `id-${t}`,
          sourceTopicId: `sid-${t}`,
          sourceTopicName: `topic-${t}`,
          status: { state: 'SHADOW_TOPIC_STATE_ACTIVE', partitionInformation: parts(t) },
        })),
      },
    },
  });
}

console.log('svc-admin-spec benchmark');
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown cpu'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}\n`,
);

if (want('core')) {
  // 1. A typical request.
  const text = typicalRequest();
  const value = JSON.parse(text) as unknown;
  if (!lint('CreateShadowLinkRequest', value).valid) throw new Error('the typical request should be valid');
  const parse = timeIt(() => JSON.parse(text), 2000);
  const bare = timeIt(() => validators.CreateShadowLinkRequest(value), 2000);
  const full = timeIt(() => lint('CreateShadowLinkRequest', value), 2000);
  console.log(`1. Typical CreateShadowLink request (${(text.length / 1024).toFixed(1)} KB), median per call:`);
  console.log(
    `   JSON.parse ${fmt(parse)} | bare ajv validator ${fmt(bare)} | full lint (schema + ${43} rules) ${fmt(full)}`,
  );
  console.log(
    `   full lint / JSON.parse = ${(full / parse).toFixed(2)}x (target ≤ 1x); full lint / bare ajv = ${(full / bare).toFixed(2)}x (target ≤ 1.5x)\n`,
  );

  // 2. Large responses: linear time, memory.
  console.log('2. Large CreateShadowLink responses (topics × 20 partitions), median per call:');
  const rows: string[] = [];
  for (const topics of [500, 1000, 2000, 4000]) {
    const big = largeResponse(topics, 20);
    const v = JSON.parse(big) as unknown;
    const p = timeIt(() => JSON.parse(big), 1, 7);
    const l = timeIt(() => lint('CreateShadowLinkResponse', v), 1, 7);
    rows.push(
      `   ${String(topics).padStart(5)} topics, ${(big.length / 2 ** 20).toFixed(1).padStart(5)} MB: JSON.parse ${fmt(p).padStart(9)} | lint ${fmt(l).padStart(9)} | lint/parse ${(l / p).toFixed(2)}x | lint ${(l / (big.length / 2 ** 20)).toFixed(0)} µs/MB`,
    );
  }
  console.log(rows.join('\n'));
  {
    const big = largeResponse(4000, 20);
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const v = JSON.parse(big) as unknown;
    const parsed = process.memoryUsage().heapUsed - before;
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 1);
    lint('CreateShadowLinkResponse', v);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    clearInterval(timer);
    console.log(
      `   memory: parsed document ≈ ${(parsed / 2 ** 20).toFixed(0)} MB; heap after lint ≈ ${((peak - before) / 2 ** 20).toFixed(0)} MB above the baseline (target ≤ 2x the document)${global.gc ? '' : ' (run with --expose-gc for a cleaner baseline)'}\n`,
    );
  }

  // 3. CLI cold start: runs interleaved so that machine drift hits all of them alike.
  const childEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS'));
  const runs = (args: string[], n = 15, env: NodeJS.ProcessEnv = childEnv) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      spawnSync(process.execPath, args, { stdio: 'ignore', env });
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  const small = join(ROOT, 'examples', 'good', 'dr-link.yaml');
  const cold = { node: [] as number[], cached: [] as number[], uncached: [] as number[] };
  for (let round = 0; round < 5; round++) {
    cold.node.push(runs(['-e', '0'], 5));
    cold.cached.push(runs([CLI, 'lint', small], 5));
    cold.uncached.push(runs([CLI, 'lint', small], 5, { ...childEnv, SVC_ADMIN_SPEC_NO_CACHE: '1' }));
  }
  const [nodeOnly, cliOne, cliUncached] = [median(cold.node), median(cold.cached), median(cold.uncached)];
  console.log('3. CLI cold start on one small file (median of 25 runs each, interleaved):');
  console.log(
    `   node -e 0 ${nodeOnly.toFixed(0)} ms | svc-admin-spec lint ${cliOne.toFixed(0)} ms (+${(cliOne - nodeOnly).toFixed(0)} ms; target ≤ 60 ms) | without the code cache ${cliUncached.toFixed(0)} ms (+${(cliUncached - nodeOnly).toFixed(0)} ms)\n`,
  );

  // 4. 1,000 config files in one invocation.
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  try {
    mkdirSync(join(dir, 'links'));
    const yaml = (i: number) =>
      `name: link-${i}\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["kafka-${i}.example.com:9092"]\n  topicMetadataSyncOptions:\n    autoCreateShadowTopicFilters:\n      - { filterType: FILTER_TYPE_INCLUDE, name: "orders.", patternType: PATTERN_TYPE_PREFIX }\n    interval: 30s\n`;
    for (let i = 0; i < 1000; i++) writeFileSync(join(dir, 'links', `link-${i}.yaml`), yaml(i));
    const many = runs([CLI, 'lint', join(dir, 'links')], 5);
    console.log('4. 1,000 YAML config files in one invocation (median of 5):');
    console.log(`   ${many.toFixed(0)} ms (target < 2000 ms)\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  let ajvCli = 'not installed';
  try {
    ajvCli = execFileSync('npx', ['--no-install', 'ajv', 'help'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      ? 'installed'
      : ajvCli;
  } catch {
    // Peers (ajv-cli, Spectral) are not dependencies of this project; comparing with them needs them installed.
  }
  console.log(
    `Peers: ajv-cli ${ajvCli}; Spectral not installed. The bare ajv validator above is the in-process baseline.`,
  );
}

if (want('scaling')) await benchScaling(CLI);

if (want('lsp')) {
  const lsp = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench-lsp.ts')], {
    stdio: 'inherit',
  });
  if (lsp.status !== 0) process.exitCode = lsp.status ?? 1;
}
