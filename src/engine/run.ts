/** Runs the enabled rules over a document and turns their reports into diagnostics. */
import type { Diagnostic } from '../core/diagnostics';
import type { DocumentKind } from '../model/kinds';
import { locateLink } from './link';
import { plainCopy } from '../util/plain-copy';
import { setPlainReads } from '../util/pointer';
import type { RuleCatalog } from './catalog';
import type { RuleSettings } from './settings';
import { notesTaken, type Hooks } from '../generated/acceptors.js';
import { notesForcedBy, NOTES_OF_HOOKED_PASSES, passNoteBits } from '../model/pass-notes';
import { reportProblem } from './custom';
import { toDiagnostic } from './findings';
import { LintClock } from './clock';
import {
  anyRuleSet,
  describeError,
  levelOf,
  NO_OPTIONS,
  optionDefaults,
  optionsFor,
  optionsOf,
  ruleFailed,
} from './rule-levels';
import { acquire, builtinPlan, planFor, release, visitFindings, walk, type VisitPlan, type VisitRun } from './visit';
import { type LinkLocation, type Rule, type RuleContext, type RuleReport, type RuleSetting } from '../rule-api/types';
import type { TargetVersion } from '../facts/target-version';

/** How one run of the rules is configured (resolved from the user's lint options). */
export interface RunSettings {
  kind: DocumentKind;
  targetVersion: TargetVersion;
  /** The time rules judge against; undefined: the clock's, read when a rule first asks. */
  now: Date | undefined;
  isFile: boolean;
  /** Per-rule setting: a severity, `off`, or a severity with options. */
  rules: Readonly<RuleSettings>;
  /** Most findings reported for one document. */
  maxFindings: number;
  /** The rules in force: the built-in ones and any custom ones. */
  catalog: RuleCatalog;
}

/**
 * Offered each key the schema does not allow, before it is reported as unknown: a rule that claims
 * it (output-only fields in a request) gives the finding instead.
 */
export type UnknownKeyClaimant = (
  key: string,
  pointer: string,
  where: string,
) => Pick<Diagnostic, 'code' | 'severity' | 'message' | 'suggestions'> | undefined;

const claimants = new WeakMap<readonly Rule[], UnknownKeyClaimant>();

/** The claimant for unknown keys made of the rules that apply to the kind and claim keys; undefined when none does. */
export function unknownKeyClaimant(settings: RunSettings): UnknownKeyClaimant | undefined {
  const rules = settings.catalog.claimingKeys(settings.kind);
  if (rules.length === 0) return undefined;
  let claimant = claimants.get(rules);
  if (!claimant) {
    claimant = (key, pointer, where) => {
      for (const rule of rules) {
        const claim = rule.unknownKey!(key, pointer, where);
        if (!claim) continue;
        const d = toDiagnostic(rule, { messageId: claim.messageId, pointer, data: claim.data ?? {} }, undefined);
        return {
          code: d.code,
          severity: d.severity,
          message: d.message,
          ...(claim.suggestions ? { suggestions: claim.suggestions } : {}),
        };
      }
      return undefined;
    };
    claimants.set(rules, claimant);
  }
  return claimant;
}

/**
 * The `report` function of one rule's context. Made here rather than written inline: under tsx
 * (esbuild's keepNames), an inline arrow in the context literal is renamed on every creation, which
 * cost more than the rules themselves on a small document.
 */
function reporterInto(reports: RuleReport[]): (r: RuleReport) => number {
  return (r) => reports.push(r);
}

/** Applies user settings to structural findings whose code is a rule id (off drops them; a level overrides). */
export function applySettingsToStructural(diagnostics: Diagnostic[], settings: RunSettings): Diagnostic[] {
  if (diagnostics.length === 0) return diagnostics;
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const level = levelOf(settings.rules, d.code);
    if (level === 'off') continue;
    out.push(level === undefined ? d : { ...d, severity: level });
  }
  return out;
}

/** What a rule's check is given for one document (the run sets `options` per rule when it shares one). */
function contextFor(
  doc: unknown,
  settings: RunSettings,
  link: LinkLocation | undefined,
  options: Readonly<Record<string, unknown>>,
  report: (r: RuleReport) => void,
): { -readonly [K in keyof RuleContext]: RuleContext[K] } {
  const clock = new LintClock(settings.now);
  return {
    kind: settings.kind,
    doc,
    link,
    targetVersion: settings.targetVersion,
    get now() {
      return clock.now;
    },
    isPast: (millis) => clock.isPast(millis),
    isFile: settings.isFile,
    options,
    report,
  };
}

/**
 * Runs one rule alone (its check, or its visitors over the whole document) and returns what it
 * reported: the engine's view before diagnostics are built. What the rule throws propagates.
 */
export function collectReports(
  rule: Rule,
  doc: unknown,
  settings: RunSettings,
  options: Readonly<Record<string, unknown>> = {},
  link: LinkLocation | undefined = locateLink(settings.kind, doc),
): RuleReport[] {
  const reports: RuleReport[] = [];
  // A fresh object when merged: a rule may hold on to its options, and they must not change under it.
  const defaults = optionDefaults(rule);
  const merged = defaults ? { ...defaults, ...options } : options;
  if (rule.visit) {
    const plan = planFor(settings.kind, [rule]);
    const run = acquire(plan).begin(doc, settings, [merged], undefined);
    run.rethrow = true;
    walk(plan, run, plainCopy(doc));
    reports.push(...run.reports);
  }
  if (rule.check) rule.check(contextFor(doc, settings, link, merged, reporterInto(reports)));
  return reports;
}

/** A run of the rules on one document, started before the kind's acceptor so that the visitors run in its pass. */
export interface RulesRun {
  /** The hooks to hand to the kind's acceptor; undefined when no rule of the kind visits. */
  readonly hooks: Hooks | undefined;
  /** Runs the kind's acceptor on the value with the hooks (its answer is the verdict). */
  judge(accept: (value: unknown, hooks?: Hooks) => number, value: unknown): number;
  /**
   * The findings on `doc`. `passed`: the acceptor went through the whole of `doc` with the hooks
   * (any verdict but 2, for that very value); otherwise the kind's walker takes the visitors over it.
   */
  finish(doc: unknown, passed: boolean): Diagnostic[];
  /** Ends the run without findings (the value is not walked at all). */
  abandon(): void;
}

/** Per kind: each visiting rule's default options, in the plan's order. */
const defaultOptions = new WeakMap<VisitPlan, readonly Readonly<Record<string, unknown>>[]>();

/** Starts a run of every enabled rule that applies to the kind (see `RulesRun`). */
export function startRules(doc: unknown, settings: RunSettings): RulesRun {
  const plan = builtinPlan(settings.kind);
  if (plan.rules.length === 0) return new ChecksOnly(settings);
  let options = defaultOptions.get(plan);
  if (!options) defaultOptions.set(plan, (options = plan.rules.map((r) => optionsFor(r, NO_OPTIONS))));
  let levels: (RuleSetting | undefined)[] | undefined;
  let off: boolean[] | undefined;
  if (anyRuleSet(settings.rules)) {
    levels = plan.rules.map((r) => levelOf(settings.rules, r.id));
    off = levels.map((l) => l === 'off');
    options = plan.rules.map((r) => optionsFor(r, optionsOf(settings.rules, r.id)));
  }
  return new VisitingRun(plan, settings, doc, levels, options, off);
}

/** A run for a kind no rule visits: the checks alone. */
class ChecksOnly implements RulesRun {
  readonly hooks = undefined;
  /** The notes of the judgement of `judged`, when it judged all of it by its schema. */
  private notes: number | undefined = undefined;
  private judged: unknown = undefined;
  judge(accept: (value: unknown) => number, value: unknown): number {
    const verdict = accept(value);
    // Judged without hooks: the notes only hooked passes take are assumed taken.
    const notes = wholeNotes(verdict, this.settings);
    this.notes = notes === undefined ? undefined : notes | NOTES_OF_HOOKED_PASSES;
    this.judged = value;
    return verdict;
  }
  constructor(private readonly settings: RunSettings) {}
  finish(doc: unknown): Diagnostic[] {
    return runChecks(doc, this.settings, doc === this.judged ? this.notes : undefined);
  }
  abandon(): void {}
}

/**
 * The pass notes a check may go by (src/model/pass-notes): after a verdict of 0 or 4 every value was
 * judged by its schema, so the notes are complete; after any other, undefined (every check runs).
 */
function wholeNotes(verdict: number, settings: RunSettings): number | undefined {
  if (verdict !== 0 && verdict !== 4) return undefined;
  return notesTaken() | notesForcedBy(settings.now);
}

/** A run whose visitors go in the acceptor's pass, or in the walker's when that pass did not see it all. */
class VisitingRun implements RulesRun {
  readonly hooks: Hooks;
  private readonly run: VisitRun;
  constructor(
    private readonly plan: VisitPlan,
    private readonly settings: RunSettings,
    private readonly doc: unknown,
    private readonly levels: readonly (RuleSetting | undefined)[] | undefined,
    private readonly options: readonly Readonly<Record<string, unknown>>[],
    private readonly off: readonly boolean[] | undefined,
  ) {
    this.hooks = plan.hooks;
    this.run = acquire(plan).begin(doc, settings, options, off);
    this.run.rethrow = false;
    plan.active = this.run;
  }
  judge(accept: (value: unknown, hooks?: Hooks) => number, value: unknown): number {
    // withPlainReads written out: no closure to allocate on every lint.
    setPlainReads(true);
    let verdict = 2;
    try {
      verdict = accept(value, this.hooks);
    } finally {
      setPlainReads(false);
    }
    this.notes = value === this.doc ? wholeNotes(verdict, this.settings) : undefined;
    return verdict;
  }
  /** The notes of the judgement of the document, when it judged all of it by its schema. */
  private notes: number | undefined = undefined;
  finish(final: unknown, passed: boolean): Diagnostic[] {
    const { plan, run } = this;
    if (!passed || final !== this.doc) {
      run.begin(final, this.settings, this.options, this.off);
      // Visitors read plain data. What the acceptor went through is (and so is what the decoder made
      // of it); anything else is walked as a plain copy.
      walk(plan, run, passed ? final : plainCopy(final));
    }
    const found = visitFindings(plan, run, this.levels);
    for (const [rule, error] of run.failures) found.push(ruleFailed(plan.rules[rule]!, false, describeError(error)));
    release(plan, run);
    const checked = runChecks(final, this.settings, final === this.doc ? this.notes : undefined);
    return found.length === 0 ? checked : checked.length === 0 ? found : [...found, ...checked];
  }
  abandon(): void {
    release(this.plan, this.run);
  }
}

/** Runs every enabled rule that applies to the kind over `doc` (see `startRules` for one pass with the acceptor). */
export function runRules(doc: unknown, settings: RunSettings): Diagnostic[] {
  return startRules(doc, settings).finish(doc, false);
}

/**
 * Runs the checks of every enabled rule that applies to the kind (`notes`: the structure check's, when
 * complete: a check whose `onlyWhen` notes are not among them is skipped). A rule that throws, or a custom
 * rule that reports something malformed, becomes an `internal-error` finding: the lint goes on.
 *
 * The built-in rules share one context and report straight into the findings: a clean document
 * allocates nothing per rule. Custom rules get a context of their own (they may keep it), and their
 * reports are checked before any becomes a finding.
 */
function runChecks(doc: unknown, settings: RunSettings, notes?: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const rules = settings.catalog.forKind(settings.kind);
  if (rules.length === 0) return out;
  const link = locateLink(settings.kind, doc);
  let current: Rule | undefined;
  let currentLevel: RuleSetting | undefined;
  const ctx = contextFor(doc, settings, link, NO_OPTIONS, (r) => {
    out.push(toDiagnostic(current!, r, currentLevel));
  });
  const anySetting = anyRuleSet(settings.rules);
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!rule.check) continue;
    // A check with nothing to say unless the structure check noted something it did not note.
    if (notes !== undefined && rule.onlyWhen !== undefined && (notes & passNoteBits(rule.onlyWhen)) === 0) continue;
    const level = anySetting ? levelOf(settings.rules, rule.id) : undefined;
    if (level === 'off') continue;
    const custom = rule.id.charCodeAt(0) === 64; // '@'
    const mark = out.length;
    try {
      if (custom) {
        const reports = collectReports(rule, doc, settings, optionsOf(settings.rules, rule.id), link);
        const bad = reports.map((r) => reportProblem(rule, r)).find((p) => p !== undefined);
        if (bad) {
          out.push(ruleFailed(rule, true, `it ${bad}`));
          continue;
        }
        for (const r of reports) out.push(toDiagnostic(rule, r, level));
      } else {
        current = rule;
        currentLevel = level;
        ctx.options = optionsFor(rule, anySetting ? optionsOf(settings.rules, rule.id) : NO_OPTIONS);
        rule.check(ctx);
      }
    } catch (error) {
      // What a failing rule reported before it threw is dropped with it.
      out.length = mark;
      out.push(ruleFailed(rule, custom, describeError(error)));
    }
  }
  return out;
}
