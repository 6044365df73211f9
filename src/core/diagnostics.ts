/** The one diagnostic shape every part of the product reports in. */
import type { KnownCode } from './codes';

export type { KnownCode, RuleId, StructuralCode, FileCode, ConformanceCode } from './codes';

/**
 * A finding's code: one of the known codes (so that `switch (d.code)` is checked, a misspelt case
 * is a type error), or the `@namespace/name` id of a custom rule.
 */
export type Code = KnownCode | CustomRuleId;

/** The id of a custom rule: `@<namespace>/<name>`, as ESLint names rules of scoped plugins; built-in ids never start with `@`. */
export type CustomRuleId = `@${string}/${string}`;

/** How serious a finding is. */
export type Severity = 'error' | 'warning' | 'info';

/** A 1-based position in a file; `column` counts UTF-16 code units. */
export interface Position {
  line: number;
  column: number;
}

/** A range in a file: `start` inclusive, `end` exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

/** A machine-applicable edit of the document, addressed by JSON Pointer. */
export type Fix =
  | { kind: 'rename-key'; pointer: string; to: string }
  | { kind: 'replace-value'; pointer: string; value: unknown }
  | { kind: 'remove'; pointer: string };

/** A proposed change: a "did you mean", optionally with an edit; `autofix` marks edits `--fix` may apply unasked. */
export interface Suggestion {
  message: string;
  fix?: Fix;
  autofix?: boolean;
}

/** Another place in the document that explains a finding. */
export interface RelatedLocation {
  pointer: string;
  message: string;
  range?: Range;
}

/** One finding. */
export interface Diagnostic {
  /** Stable id: a rule id (`tls-key-cert-pair`), a `schema/…`, `parse/…` or other family's code, or a custom rule's `@namespace/name`. */
  code: Code;
  severity: Severity;
  /** One sentence that names the field and says what to do. */
  message: string;
  /** RFC 6901 JSON Pointer into the document (`''` is the root). */
  pointer: string;
  range?: Range;
  docsUrl?: string;
  suggestions?: Suggestion[];
  related?: RelatedLocation[];
  /**
   * Only on `report/too-many-findings`: how many findings of each severity it stands for. Counts
   * and thresholds (summaries, `--max-warnings`) count these instead of the one finding.
   */
  omitted?: SeverityCounts;
}

/** Numbers of findings by severity. */
export interface SeverityCounts {
  errors: number;
  warnings: number;
  infos: number;
}

/** Severities by seriousness: lower is more severe. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** Severity names, most severe first. */
export const SEVERITIES = Object.keys(SEVERITY_RANK) as Severity[];

/** Orders diagnostics by position (when known), then pointer, severity and code; deterministic for equal inputs. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.range && b.range) {
    const d = a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column;
    if (d !== 0) return d;
  }
  return compareAtSamePlace(a, b);
}

/** `compareDiagnostics` once positions are equal or unknown: pointer, severity, code, message. */
export function compareAtSamePlace(a: Diagnostic, b: Diagnostic): number {
  if (a.pointer !== b.pointer) return a.pointer < b.pointer ? -1 : 1;
  const s = SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
  if (s !== 0) return s;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

/**
 * Drops repeats of the same (pointer, code), keeping the most severe, in the order first met. Each
 * failed rule keeps its own `internal-error` (they all sit at the root; the message names the rule).
 */
export function dedupeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  // Nothing to merge in a list of one.
  if (list.length < 2) return list.slice();
  // Looked up by pointer first: most findings have a place of their own, and then no key string is
  // made for them. Where several share a place, by the full key among those.
  const firstAt = new Map<string, number>();
  let shared: Map<string, number> | undefined;
  const out: Diagnostic[] = [];
  for (const d of list) {
    const first = firstAt.get(d.pointer);
    if (first === undefined) {
      firstAt.set(d.pointer, out.length);
      out.push(d);
      continue;
    }
    shared ??= new Map();
    const firstKey = sameFindingKey(out[first]!);
    if (!shared.has(firstKey)) shared.set(firstKey, first);
    const key = sameFindingKey(d);
    const seen = shared.get(key);
    if (seen === undefined) {
      shared.set(key, out.length);
      out.push(d);
    } else if (SEVERITY_RANK[d.severity] < SEVERITY_RANK[out[seen]!.severity]) out[seen] = d;
  }
  return out;
}

/** What makes two findings the same one for `dedupeDiagnostics`. */
const sameFindingKey = (d: Diagnostic): string =>
  `${d.pointer}\u0000${d.code}${d.code === 'internal-error' ? `\u0000${d.message}` : ''}`;

/** Drops repeats (`dedupeDiagnostics`) and sorts (`compareDiagnostics`). */
export function normalizeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return dedupeDiagnostics(list).sort(compareDiagnostics);
}

/**
 * Counts of findings by severity; a `report/too-many-findings` finding counts as the findings it
 * stands for (its `omitted`), so a capped list counts the same as the whole list.
 */
export function countBySeverity(list: readonly Diagnostic[]): SeverityCounts {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of list) {
    if (d.omitted) {
      errors += d.omitted.errors;
      warnings += d.omitted.warnings;
      infos += d.omitted.infos;
    } else if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

/** The findings for one file; `K` is the kind names of the caller (`DocumentKind` in the library). */
export interface FileResult<K extends string = string> {
  file: string;
  /** The kind the file was linted as; null when it could not be parsed or its kind could not be told. */
  kind: K | null;
  diagnostics: Diagnostic[];
}
