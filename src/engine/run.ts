/** Runs the enabled rules over a document and turns their reports into diagnostics. */
import type { Diagnostic } from '../core/diagnostics';
import { kindOf, type DocumentKind } from '../model/kinds';
import { own } from '../util/pointer';
import type { RuleCatalog } from './catalog';
import type { RuleSettings } from './settings';
import { reportProblem } from './custom';
import { toDiagnostic } from './findings';
import { type LinkLocation, type Rule, type RuleContext, type RuleReport, type RuleSetting } from '../rule-api/types';
import type { TargetVersion } from '../facts/target-version';

/** How one run of the rules is configured (resolved from the user's lint options). */
export interface RunSettings {
  kind: DocumentKind;
  targetVersion: TargetVersion;
  now: Date;
  isFile: boolean;
  /** Per-rule setting: a severity, `off`, or a severity with options. */
  rules: Readonly<RuleSettings>;
  /** Most findings reported for one document. */
  maxFindings: number;
  /** The rules in force: the built-in ones and any custom ones. */
  catalog: RuleCatalog;
}

/** The shadow link object of a document, if the kind has one and it is present. */
export function locateLink(kind: DocumentKind, doc: unknown): LinkLocation | undefined {
  const placement = kindOf(kind).link;
  if (!placement) return undefined;
  if (placement.pointer === '') return { value: doc, pointer: '', sections: new Map() };
  const value = own(doc, placement.pointer.slice(1));
  return value === undefined ? undefined : { value, pointer: placement.pointer, sections: new Map() };
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

/** What the user wrote for a rule: a severity, a severity with options, or nothing. */
const settingOf = (settings: RunSettings, id: string) =>
  Object.hasOwn(settings.rules, id) ? settings.rules[id] : undefined;

/** The level a rule is set to, without building its options (the structural findings need only that). */
function levelOf(settings: RunSettings, id: string): RuleSetting | undefined {
  const raw = settingOf(settings, id);
  return raw === undefined || typeof raw === 'string' ? raw : raw[0];
}

/** The options the user set for a rule (none when only a severity is set). */
function optionsOf(settings: RunSettings, id: string): Readonly<Record<string, unknown>> {
  const raw = settingOf(settings, id);
  return raw === undefined || typeof raw === 'string' ? {} : raw[1];
}

/** Each rule's declared option defaults, computed once per rule rather than once per document. */
const defaultsByRule = new WeakMap<Rule, Readonly<Record<string, unknown>>>();

function optionDefaults(rule: Rule): Readonly<Record<string, unknown>> | undefined {
  if (!rule.options) return undefined;
  let defaults = defaultsByRule.get(rule);
  if (!defaults) {
    const d: Record<string, unknown> = {};
    for (const [name, o] of Object.entries(rule.options)) d[name] = o.default;
    defaultsByRule.set(rule, (defaults = d));
  }
  return defaults;
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
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const level = levelOf(settings, d.code);
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
  return {
    kind: settings.kind,
    doc,
    link,
    targetVersion: settings.targetVersion,
    now: settings.now,
    isFile: settings.isFile,
    options,
    report,
  };
}

/** Runs one rule's check and returns what it reported (the engine's view before diagnostics are built). */
export function collectReports(
  rule: Rule,
  doc: unknown,
  settings: RunSettings,
  options: Readonly<Record<string, unknown>> = {},
  link: LinkLocation | undefined = locateLink(settings.kind, doc),
): RuleReport[] {
  const reports: RuleReport[] = [];
  if (!rule.check) return reports;
  // A fresh object when merged: a rule may hold on to its options, and they must not change under it.
  const defaults = optionDefaults(rule);
  const merged = defaults ? { ...defaults, ...options } : options;
  rule.check(contextFor(doc, settings, link, merged, reporterInto(reports)));
  return reports;
}

/** What a thrown value says, briefly; never throws itself (a thrown object may have no `toString`). */
function describeError(error: unknown): string {
  try {
    const text = error instanceof Error ? error.message : String(error);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return 'an unprintable value was thrown';
  }
}

/** The `internal-error` finding for a rule that failed; a custom rule's failure is its authors' to fix. */
function ruleFailed(rule: Rule, custom: boolean, why: string): Diagnostic {
  return {
    code: 'internal-error',
    severity: 'error',
    pointer: '',
    message: custom
      ? `Custom rule ${rule.id} failed on this document (${why}): a bug in that rule, not in the document. Its other findings were dropped.`
      : `Rule ${rule.id} failed on this document (${why}); please report it.`,
  };
}

/** The options a built-in rule sees: its defaults overlaid with the user's; shared when the user set none. */
function optionsFor(rule: Rule, options: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const defaults = optionDefaults(rule);
  if (!defaults) return options;
  for (const _ in options) return { ...defaults, ...options };
  return defaults;
}

const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Runs every enabled rule that applies to the kind. A rule that throws, or a custom rule that
 * reports something malformed, becomes an `internal-error` finding: the lint goes on.
 *
 * The built-in rules share one context and report straight into the findings: a clean document
 * allocates nothing per rule. Custom rules get a context of their own (they may keep it), and their
 * reports are checked before any becomes a finding.
 */
export function runRules(doc: unknown, settings: RunSettings): Diagnostic[] {
  const out: Diagnostic[] = [];
  const link = locateLink(settings.kind, doc);
  let current: Rule | undefined;
  let currentLevel: RuleSetting | undefined;
  const ctx = contextFor(doc, settings, link, NO_OPTIONS, (r) => {
    out.push(toDiagnostic(current!, r, currentLevel));
  });
  // Most runs set no rule at all: then no rule's setting is looked up.
  let anySetting = false;
  for (const _ in settings.rules) {
    anySetting = true;
    break;
  }
  const rules = settings.catalog.forKind(settings.kind);
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!rule.check) continue;
    const level = anySetting ? levelOf(settings, rule.id) : undefined;
    if (level === 'off') continue;
    const custom = rule.id.charCodeAt(0) === 64; // '@'
    const mark = out.length;
    try {
      if (custom) {
        const reports = collectReports(rule, doc, settings, optionsOf(settings, rule.id), link);
        const bad = reports.map((r) => reportProblem(rule, r)).find((p) => p !== undefined);
        if (bad) {
          out.push(ruleFailed(rule, true, `it ${bad}`));
          continue;
        }
        for (const r of reports) out.push(toDiagnostic(rule, r, level));
      } else {
        current = rule;
        currentLevel = level;
        ctx.options = optionsFor(rule, anySetting ? optionsOf(settings, rule.id) : NO_OPTIONS);
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
