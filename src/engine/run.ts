/** Runs the enabled rules over a document and turns their reports into diagnostics. */
import type { Diagnostic } from '../lint/diagnostics';
import type { DocumentKind } from '../model/kinds';
import { own } from '../util/pointer';
import { allRules, ruleById } from './registry';
import { toDiagnostic } from './findings';
import type { LinkLocation, Rule, RuleContext, RuleReport, RuleSetting, TargetVersion } from './types';

/** How one run of the rules is configured (resolved from the user's lint options). */
export interface RunSettings {
  kind: DocumentKind;
  targetVersion: TargetVersion;
  now: Date;
  isFile: boolean;
  /** Per-rule setting: a severity, `off`, or a severity with options. */
  rules: Readonly<Record<string, RuleSetting | [RuleSetting, Record<string, unknown>]>>;
  /** Most findings reported for one document. */
  maxFindings: number;
}

const LINK_KINDS: ReadonlySet<DocumentKind> = new Set([
  'CreateShadowLinkRequest',
  'ShadowLink',
  'CreateShadowLinkResponse',
]);

/** The shadow link object of a document, if the kind has one and it is present. */
export function locateLink(kind: DocumentKind, doc: unknown): LinkLocation | undefined {
  if (!LINK_KINDS.has(kind)) return undefined;
  if (kind === 'ShadowLink') return { value: doc, pointer: '', sections: new Map() };
  const value = own(doc, 'shadowLink');
  return value === undefined ? undefined : { value, pointer: '/shadowLink', sections: new Map() };
}

function settingOf(
  settings: RunSettings,
  id: string,
): { level: RuleSetting | undefined; options: Record<string, unknown> } {
  const raw = Object.hasOwn(settings.rules, id) ? settings.rules[id] : undefined;
  if (Array.isArray(raw)) return { level: raw[0], options: raw[1] };
  return { level: raw, options: {} };
}

/** Applies user settings to structural findings whose code is a rule id (off drops them; a level overrides). */
export function applySettingsToStructural(diagnostics: Diagnostic[], settings: RunSettings): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const { level } = settingOf(settings, d.code);
    if (level === 'off') continue;
    out.push(level === undefined ? d : { ...d, severity: level });
  }
  return out;
}

/** Runs one rule's check and returns what it reported (the engine's view before diagnostics are built). */
export function collectReports(
  rule: Rule,
  doc: unknown,
  settings: RunSettings,
  options: Record<string, unknown> = {},
  link: LinkLocation | undefined = locateLink(settings.kind, doc),
): RuleReport[] {
  const reports: RuleReport[] = [];
  if (!rule.check) return reports;
  let merged: Record<string, unknown> = options;
  if (rule.options) {
    merged = {};
    for (const [name, o] of Object.entries(rule.options)) merged[name] = o.default;
    Object.assign(merged, options);
  }
  const ctx: RuleContext = {
    kind: settings.kind,
    doc,
    link,
    targetVersion: settings.targetVersion,
    now: settings.now,
    isFile: settings.isFile,
    options: merged,
    report: (r) => reports.push(r),
  };
  rule.check(ctx);
  return reports;
}

const byKind = new Map<DocumentKind, readonly Rule[]>();
/** The rules with a check that apply to a kind, computed once. */
function rulesByKind(kind: DocumentKind): readonly Rule[] {
  let list = byKind.get(kind);
  if (!list) byKind.set(kind, (list = allRules.filter((r) => r.check && r.kinds.includes(kind))));
  return list;
}

/** Runs every enabled rule that applies to the kind; a rule that throws becomes an `internal-error` finding. */
export function runRules(doc: unknown, settings: RunSettings): Diagnostic[] {
  const out: Diagnostic[] = [];
  const link = locateLink(settings.kind, doc);
  for (const rule of rulesByKind(settings.kind)) {
    const { level, options } = settingOf(settings, rule.id);
    if (level === 'off') continue;
    try {
      for (const r of collectReports(rule, doc, settings, options, link)) out.push(toDiagnostic(rule, r, level));
    } catch (error) {
      out.push({
        code: 'internal-error',
        severity: 'error',
        pointer: '',
        message: `Rule ${rule.id} failed on this document (${error instanceof Error ? error.message : String(error)}); please report it.`,
      });
    }
  }
  return out;
}

/** True when `id` names a known rule. */
export const isRuleId = (id: string): boolean => ruleById.has(id);
