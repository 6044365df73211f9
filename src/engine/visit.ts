/**
 * The built-in rules' visitors, composed per kind into one hook per model definition: the kind's
 * acceptor calls them in its pass over the document, or, where it did not go through the whole
 * document, the kind's walker does.
 */
import type { Diagnostic } from '../core/diagnostics';
import { HOOK_NAMES, PATH, WALKERS, type Hook, type Hooks } from '../generated/acceptors.js';
import type { DocumentKind } from '../model/kinds';
import { DEFAULT_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import { setPlainReads, toPointer, type JsonObject } from '../util/pointer';
import {
  ruleKinds,
  type LinkLocation,
  type Rule,
  type RuleReport,
  type RuleSetting,
  type PassRun,
  type VisitContext,
} from '../rule-api/types';
import { toDiagnostic } from './findings';
import { LintClock } from './clock';
import { notesForcedBy } from '../model/pass-notes';
import { locateLink } from './link';
import { allRules } from './registry';
import { PASSES } from '../passes/index';

type Visitor = (node: JsonObject, ctx: VisitContext) => void;

/** The visitors of the rules that apply to one kind, composed into hooks. */
export interface VisitPlan {
  readonly kind: DocumentKind;
  /** The rules with visitors, in id order; a rule's place here is its number in a run. */
  readonly rules: readonly Rule[];
  /** One hook per model definition some rule visits, by hook slot. */
  hooks: Hooks;
  /** The run the hooks report into: set for the length of a pass. */
  active: VisitRun | undefined;
  /** A run not in use, kept for the next lint. */
  spare: VisitRun | undefined;
}

/** What a run takes from the lint's settings. */
export interface VisitInput {
  readonly kind: DocumentKind;
  readonly targetVersion: TargetVersion;
  /** The time to judge against; undefined: the clock's, read when a rule first asks. */
  readonly now: Date | undefined;
  readonly isFile: boolean;
}

/**
 * One pass of a plan's hooks over a document, and the context its visitors get (its `options`
 * switched per call). Reused from one lint to the next: a lint allocates nothing for it.
 */
export class VisitRun implements PassRun {
  doc: unknown = undefined;
  kind: DocumentKind;
  targetVersion: TargetVersion = DEFAULT_TARGET_VERSION;
  private readonly clock = new LintClock(undefined);
  isFile = false;
  options: Readonly<Record<string, unknown>> = {};
  /** The rule visiting now (its number in the plan), and the depth of its object. */
  current = 0;
  depth = 0;
  /** Per rule: its options, and whether it is set off (undefined: none is). */
  byRule: readonly Readonly<Record<string, unknown>>[] = [];
  off: readonly boolean[] | undefined = undefined;
  /** Rules that failed in this run: their later visits are skipped. */
  dead: boolean[] | undefined = undefined;
  /** Notes taken whatever the pass notes: those of a given `now`. */
  forcedNotes = 0;
  /** No rule set off, none failed (see PassRun). */
  plain = true;
  /** The reports, and the number of the rule that made each. */
  readonly reports: RuleReport[] = [];
  readonly reporters: number[] = [];
  /** What the failed rules threw, by rule. */
  readonly failures: (readonly [number, unknown])[] = [];
  /** Let a visitor's exception propagate (a rule's own tests want it) rather than record it. */
  rethrow = false;

  private linkValue: LinkLocation | undefined | null = null;
  constructor(kind: DocumentKind) {
    this.kind = kind;
  }
  /** Prepares the run for a document. */
  begin(
    doc: unknown,
    input: VisitInput,
    byRule: readonly Readonly<Record<string, unknown>>[],
    off: readonly boolean[] | undefined,
  ): this {
    this.doc = doc;
    this.kind = input.kind;
    this.targetVersion = input.targetVersion;
    this.clock.reset(input.now);
    this.forcedNotes = notesForcedBy(input.now);
    this.isFile = input.isFile;
    this.byRule = byRule;
    this.off = off;
    this.dead = undefined;
    this.plain = off === undefined;
    this.linkValue = null;
    // Setting an array's length is a call into the runtime: only when there is something to drop.
    if (this.reports.length !== 0) {
      this.reports.length = 0;
      this.reporters.length = 0;
    }
    if (this.failures.length !== 0) this.failures.length = 0;
    return this;
  }
  get now(): Date {
    return this.clock.now;
  }
  isPast(millis: number): boolean {
    return this.clock.isPast(millis);
  }
  /** The shadow link of the document, located on first use (few visitors ask). */
  get link(): LinkLocation | undefined {
    if (this.linkValue === null) this.linkValue = locateLink(this.kind, this.doc);
    return this.linkValue;
  }
  report(report: RuleReport): void {
    this.reports.push(report);
    this.reporters.push(this.current);
  }
  here(): string {
    return toPointer(PATH.slice(0, this.depth));
  }
}

/** One hook: the visitors of one definition, each rule in turn, skipping rules set off or failed. */
function composeHook(plan: VisitPlan, entries: readonly (readonly [number, Visitor])[]): Hook {
  const rules = entries.map(([rule]) => rule);
  const visitors = entries.map(([, visit]) => visit);
  return (node, depth) => {
    const run = plan.active!;
    const { off, dead } = run;
    run.depth = depth;
    for (let j = 0; j < rules.length; j++) {
      const rule = rules[j]!;
      if ((off !== undefined && off[rule]) || (dead !== undefined && dead[rule])) continue;
      run.current = rule;
      run.options = run.byRule[rule]!;
      if (run.rethrow) visitors[j]!(node, run);
      else
        try {
          visitors[j]!(node, run);
        } catch (error) {
          run.plain = false;
          (run.dead ??= [])[rule] = true;
          run.failures.push([rule, error]);
        }
    }
  };
}

/**
 * Runs `pass` (the acceptor's or a walker's) with `own` reading directly: visitors see plain data only —
 * parts the acceptor found plain JSON in a process whose Object.prototype has no enumerable
 * property, or a plain copy (`plainCopy`) — where a direct read is what `Object.hasOwn` allows.
 */
export function withPlainReads<T>(pass: () => T): T {
  setPlainReads(true);
  try {
    return pass();
  } finally {
    setPlainReads(false);
  }
}

/** A plan of `rules` whose hooks `makeHooks` makes (they read the current run from the plan). */
function planWith(kind: DocumentKind, rules: readonly Rule[], makeHooks: (plan: VisitPlan) => Hooks): VisitPlan {
  const plan: VisitPlan = { kind, rules, hooks: [], active: undefined, spare: undefined };
  plan.hooks = makeHooks(plan);
  return plan;
}

/** Composes the visitors of `rules` (in that order) into hooks. */
export function planFor(kind: DocumentKind, rules: readonly Rule[]): VisitPlan {
  return planWith(kind, rules, (plan) => composeHooks(plan, rules));
}

/** One hook per model definition some of `rules` visit, calling their visitors in turn. */
function composeHooks(plan: VisitPlan, rules: readonly Rule[]): Hooks {
  const slots = new Map<number, [number, Visitor][]>();
  rules.forEach((rule, i) => {
    for (const [name, visit] of Object.entries(rule.visit ?? {})) {
      const slot = (HOOK_NAMES as readonly string[]).indexOf(name);
      if (slot < 0) throw new Error(`rule ${rule.id} visits ${name}, which is not a model definition`);
      if (typeof visit !== 'function') continue;
      let list = slots.get(slot);
      if (!list) slots.set(slot, (list = []));
      list.push([i, visit as Visitor]);
    }
  });
  const hooks: (Hook | undefined)[] = Array.from({ length: HOOK_NAMES.length }, () => undefined);
  for (const [slot, entries] of slots) hooks[slot] = composeHook(plan, entries);
  return hooks;
}

const plans = new Map<DocumentKind, VisitPlan>();

/**
 * The plan of the built-in rules that visit and apply to `kind`; made once per kind. Its hooks are
 * the generated ones (src/passes), which call each visitor from a call site of its own.
 */
export function builtinPlan(kind: DocumentKind): VisitPlan {
  let plan = plans.get(kind);
  if (!plan) {
    const rules = visitingRules(kind);
    const pass = PASSES[kind];
    // The generated pass numbers the rules as the plan does; a stale one is a build error (npm run gen).
    if (pass && pass.rules.join() !== rules.map((r) => r.id).join())
      throw new Error(`src/passes is stale for ${kind}: run npm run gen`);
    plan = pass ? planWith(kind, rules, pass.hooks) : planFor(kind, rules);
    plans.set(kind, plan);
  }
  return plan;
}

/** The built-in rules that visit and apply to `kind`, by id: a plan's rules, and the generated pass's. */
export const visitingRules = (kind: DocumentKind): readonly Rule[] =>
  allRules.filter((r) => r.visit !== undefined && ruleKinds(r).includes(kind));

/** A run for `plan`, taken from its spare one when free; `release` gives it back. */
export function acquire(plan: VisitPlan): VisitRun {
  const run = plan.spare ?? new VisitRun(plan.kind);
  plan.spare = undefined;
  return run;
}

/** Gives a run back to its plan once its findings are taken. */
export function release(plan: VisitPlan, run: VisitRun): void {
  if (plan.active === run) plan.active = undefined;
  run.doc = undefined;
  plan.spare = run;
}

/** Runs the hooks of `plan` over any value, along the kind's schema (where no acceptor went through it all). */
export function walk(plan: VisitPlan, run: VisitRun, doc: unknown): void {
  plan.active = run;
  withPlainReads(() => WALKERS[plan.kind](doc, plan.hooks));
}

/** Turns a run's reports into findings, unless their rule failed. */
export function visitFindings(
  plan: VisitPlan,
  run: VisitRun,
  levels: readonly (RuleSetting | undefined)[] | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let i = 0; i < run.reports.length; i++) {
    const rule = run.reporters[i]!;
    if (run.dead === undefined || !run.dead[rule])
      out.push(toDiagnostic(plan.rules[rule]!, run.reports[i]!, levels?.[rule]));
  }
  return out;
}
