/** How a rule example is linted: the one place the docs generator, the tests and `checkRuleExamples` take it from. */
import { lint, type LintOptions } from './lint';
import type { DocumentKind } from '../model/kinds';
import { catalogWith } from '../engine/catalog';
import { collectReports } from '../engine/run';
import { reportsItself, ruleKinds, type InvalidRuleExample, type Rule, type RuleExample } from '../rule-api/types';
import type { Diagnostic, Fix } from '../core/diagnostics';
import { autofixes as autofixesOf, FIX_PASSES, intendedValue, jsonEqual } from '../util/fix-value';
import { collectSecrets, MASK } from '../secrets/redact';

/** The clock of rule examples that do not name their own `now`. */
export const EXAMPLE_NOW = '2026-06-01T00:00:00Z';

/** The kind an example is linted as: its own, else the rule's first kind. */
export const exampleKind = (rule: Rule, ex: RuleExample): DocumentKind => ex.kind ?? ruleKinds(rule)[0]!;

/** The `lint` options an example is linted with (its target version, clock, file flag and rule options; a custom rule itself). */
export function exampleLintOptions(
  rule: Rule,
  ex: RuleExample,
): LintOptions & Required<Pick<LintOptions, 'targetVersion' | 'isFile'>> & { now: Date } {
  return {
    targetVersion: ex.targetVersion ?? '26.1',
    now: new Date(ex.now ?? EXAMPLE_NOW),
    isFile: ex.isFile ?? false,
    rules: ex.options ? { [rule.id]: ['error', ex.options] } : {},
    ...(rule.id.startsWith('@') ? { customRules: [rule] } : {}),
  };
}

const at = (xs: readonly { pointer: string; messageId?: string }[]): string =>
  xs.length === 0
    ? 'none'
    : xs
        .map((x) => `${x.messageId ?? ''}@${x.pointer || '/'}`)
        .sort()
        .join(', ');

/** One suggestion of a finding that `--fix` leaves to the user, with what its fix makes of the example. */
export interface ExampleSuggestionResult {
  message: string;
  fix?: Fix;
  /** The example's document after just this fix; undefined without a fix or when the fix does not fit. */
  output: unknown;
}

/** What the rule's findings in an invalid example change: the one place the docs generator and `checkRuleExamples` take it from. */
export interface ExampleFixResults {
  /** The autofixes of the rule's findings: what `--fix` applies. */
  autofixes: Fix[];
  /** The document after every autofix, applied together (a copy of it when there is none); undefined when they do not fit it together. */
  output: unknown;
  /** Each finding's suggestions that are not autofixes, by the finding's pointer (one finding of a rule per pointer). */
  suggestions: Map<string, ExampleSuggestionResult[]>;
}

/**
 * What the rule's own findings `own` in an invalid example offer, applied to its document. The
 * autofixes are applied as `--fix` applies them: together, then again to what the fixed document
 * still shows, for as many rounds as `--fix` makes.
 */
export function exampleFixResults(rule: Rule, ex: InvalidRuleExample, own: readonly Diagnostic[]): ExampleFixResults {
  const doc = ex.doc;
  const autofixes: Fix[] = [];
  const suggestions = new Map<string, ExampleSuggestionResult[]>();
  for (const d of own) {
    const others: ExampleSuggestionResult[] = [];
    autofixes.push(...autofixesOf([d]));
    for (const s of d.suggestions ?? []) {
      if (!(s.autofix && s.fix))
        others.push({
          message: s.message,
          ...(s.fix ? { fix: s.fix } : {}),
          output: s.fix ? intendedValue(doc, [s.fix]) : undefined,
        });
    }
    suggestions.set(d.pointer, others);
  }
  let output = intendedValue(doc, autofixes);
  for (let pass = 1; pass < FIX_PASSES && output !== undefined && autofixes.length > 0; pass++) {
    const found = lint(exampleKind(rule, ex), output, exampleLintOptions(rule, ex)).diagnostics;
    const more = autofixesOf(found.filter((d) => d.code === rule.id));
    if (more.length === 0) break;
    output = intendedValue(output, more);
  }
  return { autofixes, output, suggestions };
}

/** A document for a problem line, its secrets (values under credential keys, private keys) masked as every output masks them. */
function shown(value: unknown): string {
  const secrets = collectSecrets(value);
  const text = JSON.stringify(value, (_key, v: unknown) =>
    (typeof v === 'string' || typeof v === 'number') && secrets.includes(String(v)) ? MASK : v,
  );
  return text ?? String(value);
}

/** Whether an invalid example states the autofix output and the suggestions its findings have; undefined when it does. */
function fixProblem(rule: Rule, ex: InvalidRuleExample, own: readonly Diagnostic[], label: string): string | undefined {
  const results = exampleFixResults(rule, ex, own);
  if (results.output === undefined)
    return `${label}: the autofixes of the findings do not fit the document (together, or as JSON), so --fix cannot apply them`;
  if (!jsonEqual(ex.output === undefined ? ex.doc : ex.output, results.output))
    return ex.output === undefined
      ? `${label}: --fix changes the document; state the result as output: ${shown(results.output)}`
      : `${label}: expected output ${shown(ex.output)}, --fix gives ${shown(results.output)}`;
  for (const e of ex.errors) {
    const actual = results.suggestions.get(e.pointer) ?? [];
    const where = `the finding at ${e.pointer || '/'}`;
    // A fix that does not fit the document (an editor shows it disabled) has no output, like a suggestion without one.
    const expected = actual.map((s) => ({
      message: s.message,
      ...(s.output !== undefined ? { output: s.output } : {}),
    }));
    if (e.suggestions === undefined) {
      if (actual.some((s) => s.fix))
        return `${label}: ${where} has suggestions with fixes; state them: ${shown(expected)}`;
      continue;
    }
    const stated = e.suggestions.map((s) => ({
      message: s.message,
      ...(s.output !== undefined ? { output: s.output } : {}),
    }));
    if (!jsonEqual(stated, expected))
      return `${label}: ${where}: expected suggestions ${shown(stated)}, found ${shown(expected)}`;
  }
  return undefined;
}

/** What one invalid example reports, compared with what it lists; undefined when they agree. */
function invalidProblem(rule: Rule, ex: InvalidRuleExample, label: string): string | undefined {
  const options = exampleLintOptions(rule, ex);
  const found = lint(exampleKind(rule, ex), ex.doc, options).diagnostics;
  const failed = found.find((d) => d.code === 'internal-error');
  if (failed) return `${label}: ${failed.message}`;
  const own = found.filter((d) => d.code === rule.id);
  const pointers = at(ex.errors.map((e) => ({ pointer: e.pointer })));
  if (at(own.map((d) => ({ pointer: d.pointer }))) !== pointers)
    return `${label}: expected findings at ${pointers}, found ${at(own.map((d) => ({ pointer: d.pointer })))}`;
  const unfixed = fixProblem(rule, ex, own, label);
  if (unfixed) return unfixed;
  if (!reportsItself(rule)) return undefined;
  const structural = new Set<string>(rule.structuralMessages ?? []);
  const settings = {
    kind: exampleKind(rule, ex),
    targetVersion: options.targetVersion,
    now: options.now,
    isFile: options.isFile,
    rules: {},
    maxFindings: Number.MAX_SAFE_INTEGER,
    catalog: catalogWith(options.customRules, 'example'),
  };
  const reported = at(collectReports(rule, ex.doc, settings, ex.options ?? {}));
  const fromCheck = at(ex.errors.filter((e) => !structural.has(e.messageId)));
  return reported === fromCheck ? undefined : `${label}: expected ${fromCheck}, the check reported ${reported}`;
}

/**
 * Runs a rule's examples as its tests: every valid example has no finding of the rule, every
 * invalid one exactly the listed findings (message id and pointer), with the document `--fix`
 * makes of it as its `output` and each finding's other fixing suggestions with theirs (both
 * required when the findings carry such fixes). Returns the problems, one line each; an empty
 * array when all pass. Custom rules are linted as custom rules, so a test
 * of a house rule is `expect(checkRuleExamples(rule)).toEqual([])`.
 */
export function checkRuleExamples(rule: Rule): string[] {
  const problems: string[] = [];
  const examples = rule.examples ?? { valid: [], invalid: [] };
  const title = (kind: string, ex: RuleExample, i: number) =>
    `${kind} example ${i + 1}${ex.title ? ` (${ex.title})` : ''}`;
  examples.valid.forEach((ex, i) => {
    const found = lint(exampleKind(rule, ex), ex.doc, exampleLintOptions(rule, ex)).diagnostics;
    const bad = found.filter((d) => d.code === rule.id || d.code === 'internal-error');
    if (bad.length > 0) problems.push(`${title('valid', ex, i)}: ${bad.map((d) => d.message).join(' / ')}`);
  });
  examples.invalid.forEach((ex, i) => {
    const problem = invalidProblem(rule, ex, title('invalid', ex, i));
    if (problem) problems.push(problem);
  });
  return problems;
}
