/**
 * `npm run bench:rules`: CPU time of each built-in rule on the bench documents, alone, next to
 * JSON.parse of the same text — where a rule costs more than its share of the lint budget.
 * Diagnostic output for contributors; `npm run bench` gives the figures the targets are about. Run
 * bundled by esbuild (not under tsx, whose kept function names cost more than small rules do).
 *
 * A rule that visits is measured in the acceptor's pass: with every visitor, less the same pass with
 * that rule off — both the careful way, rule by rule (with no rule off, `lint` calls them all in one
 * go, a path that turning one off would leave). A rule with a check: the run of its check alone, less
 * the run of none.
 */
import { brokerResponse, largeResponse, typicalRequest } from './bench-inputs';
import { calibrate, median, perCall, warmUp } from './bench-timing';
import * as acceptors from '../src/generated/acceptors.js';
import { catalogWith } from '../src/engine/catalog';
import { optionsFor, NO_OPTIONS } from '../src/engine/rule-levels';
import { runRules, type RunSettings } from '../src/engine/run';
import { acquire, builtinPlan, withPlainReads } from '../src/engine/visit';
import { DEFAULT_TARGET_VERSION } from '../src/facts/target-version';
import type { DocumentKind } from '../src/model/kinds';
import { reportsItself, ruleKinds } from '../src/rule-api/types';

/** Median CPU µs per call of `f`, over five samples of at least 5 ms each, after 0.2 s of warm-up (V8 needs that long). */
function cost(f: () => unknown): number {
  warmUp(f, 200_000);
  const n = calibrate(f, 5_000);
  return median(Array.from({ length: 5 }, () => perCall(f, n)));
}

/**
 * What `all` costs beyond `less`, the pass with every visitor measured again before and after the
 * one without a rule: V8's code keeps changing over a run, so a measurement from the start would be
 * set against later ones.
 */
function withoutRule(all: () => unknown, less: () => unknown): number {
  const before = cost(all);
  const without = cost(less);
  return (before + cost(all)) / 2 - without;
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
  const accept = acceptors[kind];
  const applying = catalog.all.filter((r) => reportsItself(r) && ruleKinds(r).includes(kind));
  const settingsFor = (only?: string): RunSettings => ({
    kind,
    targetVersion: DEFAULT_TARGET_VERSION,
    // The lint's own clock, as `lint` runs: a given one would make every timestamp worth a look.
    now: undefined,
    isFile: true,
    // Every other rule off: the run measures one rule's check and the engine's own cost.
    rules: only ? Object.fromEntries(applying.map((r) => [r.id, r.id === only ? 'error' : 'off'])) : {},
    maxFindings: 2000,
    catalog,
  });
  const everyRule = settingsFor();
  const all = cost(() => runRules(value, everyRule));
  const pass = cost(() => accept(value));

  // Visitors: every visiting rule's hooks in the acceptor's pass, then the same with one rule set
  // off: the difference is that rule's cost. The hooks stay the same
  // functions throughout, so V8 sees the one call pattern \`lint\` gives it.
  const plan = builtinPlan(kind);
  const options = plan.rules.map((r) => optionsFor(r, NO_OPTIONS));
  const passWith = (off: boolean[] | undefined): (() => unknown) => {
    const run = acquire(plan).begin(value, everyRule, options, off);
    return () => {
      plan.active = run;
      run.reports.length = 0;
      run.reporters.length = 0;
      return withPlainReads(() => accept(value, plan.hooks));
    };
  };
  const everyVisitor = passWith(plan.rules.map(() => false));
  const visitors = plan.rules.length > 0 ? cost(everyVisitor) : pass;
  const noRule = settingsFor('(none)');
  const none = cost(() => runRules(value, noRule));
  const rows = applying
    .map((rule) => {
      const i = plan.rules.indexOf(rule);
      const t =
        i >= 0
          ? withoutRule(everyVisitor, passWith(plan.rules.map((_, j) => j === i)))
          : cost(() => runRules(value, settingsFor(rule.id))) - none;
      return [rule.id, Math.max(0, t)] as const;
    })
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `\n${label}: JSON.parse ${parse.toFixed(2)} µs; the acceptor's pass ${pass.toFixed(2)} µs, with every visitor ${visitors.toFixed(2)} µs; all rules (walked) ${all.toFixed(2)} µs`,
  );
  for (const [id, t] of rows)
    console.log(`  ${id.padEnd(30)} ${t.toFixed(3).padStart(8)} µs  ${(t / parse).toFixed(3)}×`);
}
