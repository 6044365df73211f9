/**
 * `lintText` on JSON as a ratio to `JSON.parse` of the same text (CPU time, medians): a typical
 * CreateShadowLink request and an ~11 MB CreateShadowLink response. Run with `npx tsx scripts/bench-lint-text.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintText } from '../src/lint/lint-text';
import { parseSource } from '../src/source/index';

const ROOT = join(import.meta.dirname, '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU microseconds per call, the median of `samples` samples of `iterations` calls. */
function cpuPerCall(fn: () => unknown, iterations: number, samples: number): number {
  for (let i = 0; i < iterations; i++) fn(); // warm-up
  const per: number[] = [];
  for (let s = 0; s < samples; s++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < iterations; i++) fn();
    const t = process.cpuUsage(t0);
    per.push((t.user + t.system) / iterations);
  }
  return median(per);
}

/** A CreateShadowLink response with `topics` × `partitions` entries in its status. */
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

const cases: {
  name: string;
  text: string;
  kind: 'CreateShadowLinkRequest' | 'CreateShadowLinkResponse';
  n: number;
  samples: number;
}[] = [
  {
    name: 'typical request (examples/good/create-shadow-link-request.json)',
    text: readFileSync(join(ROOT, 'examples/good/create-shadow-link-request.json'), 'utf8'),
    kind: 'CreateShadowLinkRequest',
    n: 2000,
    samples: 15,
  },
  {
    name: '5,000 topics × 12 partitions response',
    text: largeResponse(5000, 12),
    kind: 'CreateShadowLinkResponse',
    n: 1,
    samples: 9,
  },
];
for (const c of cases) {
  const parse = () => JSON.parse(c.text) as unknown;
  const lt = () => lintText(c.text, { filename: 'x.json', kind: c.kind });
  const src = () => parseSource(c.text, 'json');
  const p1 = cpuPerCall(parse, c.n, c.samples);
  const l = cpuPerCall(lt, c.n, c.samples);
  const s = cpuPerCall(src, c.n, c.samples);
  const p2 = cpuPerCall(parse, c.n, c.samples);
  const p = (p1 + p2) / 2;
  const findings = lt().diagnostics.length;
  console.log(
    `${c.name}, ${(c.text.length / 2 ** 20).toFixed(2)} MB, ${findings} findings: JSON.parse ${p.toFixed(1)} µs | lintText ${l.toFixed(1)} µs | ratio ${(l / p).toFixed(2)}x | parseSource alone ${(s / p).toFixed(2)}x`,
  );
}
