/**
 * `npm run bench:rules`: CPU time of each built-in rule on the bench documents, alone, next to
 * JSON.parse of the same text — where a rule costs more than its share of the lint budget.
 * Diagnostic output for contributors; `npm run bench` gives the figures the targets are about. Run
 * bundled by esbuild (not under tsx, whose kept function names cost more than small rules do).
 */
import { brokerResponse, largeResponse, typicalRequest } from './bench-inputs';
import { calibrate, median, perCall, warmUp } from './bench-timing';
import { catalogWith } from '../src/engine/catalog';
import { runRules, type RunSettings } from '../src/engine/run';
import { DEFAULT_TARGET_VERSION } from '../src/facts/target-version';
import type { DocumentKind } from '../src/model/kinds';
import { reportsItself, ruleKinds } from '../src/rule-api/types';

/** Median CPU µs per call of `f`, over five samples of at least 5 ms each, after 0.2 s of warm-up (V8 needs that long). */
function cost(f: () => unknown): number {
  warmUp(f, 200_000);
  const n = calibrate(f, 5_000);
  return median(Array.from({ length: 5 }, () => perCall(f, n)));
}

const catalog = catalogWith(undefined, 'bench');
const documents: [string, DocumentKind, string][] = [
  ['typical CreateShadowLink request', 'CreateShadowLinkRequest', typicalRequest()],
  ['GetBroker response, 40 routes', 'GetBrokerResponse', brokerResponse(40)],
  ['CreateShadowLink response, 200 topics × 12 partitions', 'CreateShadowLinkResponse', largeResponse(200, 12)],
];
for (const [label, kind, text] of documents) {
  const value: unknown = JSON.parse(text);
  const parse = cost(() => JSON.parse(text));
  const applying = catalog.all.filter((r) => reportsItself(r) && ruleKinds(r).includes(kind));
  const settingsFor = (only?: string): RunSettings => ({
    kind,
    targetVersion: DEFAULT_TARGET_VERSION,
    now: new Date('2026-06-01T00:00:00Z'),
    isFile: true,
    // Every other rule off: the run measures one rule and the engine's own cost.
    rules: only ? Object.fromEntries(applying.map((r) => [r.id, r.id === only ? 'error' : 'off'])) : {},
    maxFindings: 2000,
    catalog,
  });
  // Every rule together first, before the one-rule runs have taught the engine other settings.
  const everyRule = settingsFor();
  const all = cost(() => runRules(value, everyRule));
  const ids = applying.map((r) => r.id);
  const each = ids.map((id) => [id, settingsFor(id)] as const);
  const noRule = settingsFor('(none)');
  // Warm every rule first, and take the engine's own cost both before and after: the lower is subtracted.
  for (const [, s] of each) cost(() => runRules(value, s));
  const none = Math.min(
    cost(() => runRules(value, noRule)),
    cost(() => runRules(value, noRule)),
  );
  const rows = each
    .map(([id, s]) => [id, Math.max(0, cost(() => runRules(value, s)) - none)] as const)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `\n${label}: JSON.parse ${parse.toFixed(2)} µs; all rules ${all.toFixed(2)} µs (${(all / parse).toFixed(2)}×); the engine with every rule off ${none.toFixed(2)} µs`,
  );
  for (const [id, t] of rows)
    console.log(`  ${id.padEnd(30)} ${t.toFixed(3).padStart(8)} µs  ${(t / parse).toFixed(3)}×`);
}
