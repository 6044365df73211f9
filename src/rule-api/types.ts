/** What a rule module declares, and what the engine hands it. */
import type { Fix, RelatedLocation, Severity, Suggestion } from '../core/diagnostics';
import type { TargetVersion } from '../facts/target-version';
import { kindsWith, type DocumentKind, type KindTrait } from '../model/kinds';
import type { PassNote } from '../model/pass-notes';
import type { HookName } from '../generated/acceptors.js';
import type { JsonObject } from '../util/pointer';

/** A severity a user may set for a rule; `off` disables it. */
export type RuleSetting = Severity | 'off';

/** Every rule setting, least to most severe. */
export const RULE_SETTINGS: readonly RuleSetting[] = ['off', 'info', 'warning', 'error'];

/** A message template; `{name}` placeholders are filled from the report's data. */
export type MessageSpec = string | { text: string; severity: Severity };

/** Where the shadow link object sits in a document of a link kind. */
export interface LinkLocation {
  value: unknown;
  pointer: string;
  /** The link's sections, looked up once per lint and shared by the rules (see `section`). */
  sections?: Map<string, unknown>;
}

/** One finding as a rule reports it; the engine adds code, severity, docs URL and location. */
export interface RuleReport<M extends string = string> {
  messageId: M;
  pointer: string;
  data?: Record<string, string | number>;
  fix?: Fix;
  suggestions?: Suggestion[];
  related?: RelatedLocation[];
}

/** What a rule's check receives. */
export interface RuleContext<M extends string = string> {
  readonly kind: DocumentKind;
  readonly doc: unknown;
  /** The shadow link object, for the three shadow-link kinds; undefined otherwise. */
  readonly link: LinkLocation | undefined;
  readonly targetVersion: TargetVersion;
  /** The time the lint judges against (the `now` option, or the clock's when first read). */
  readonly now: Date;
  /** Whether an instant (milliseconds since the epoch) is at or before `now`; cheaper than reading `now` for past instants. */
  isPast(millis: number): boolean;
  /** True when linting a file (a config that may be committed), not a value in memory. */
  readonly isFile: boolean;
  readonly options: Readonly<Record<string, unknown>>;
  /** Adds a finding of this rule; its message, severity and docs link come from the rule's `messages`. */
  report(report: RuleReport<M>): void;
}

/** What a visitor receives besides the object: the rule's context, and where the object sits. */
export interface VisitContext<M extends string = string> extends RuleContext<M> {
  /** The JSON pointer of the object being visited; built when called (call it only to report). */
  here(): string;
}

/**
 * What the hooks of a pass (src/passes, generated) see of the run they report into — the engine's
 * VisitRun: the visiting rule's number, its options, and which rules are off or failed.
 */
export interface PassRun extends VisitContext {
  depth: number;
  current: number;
  options: Readonly<Record<string, unknown>>;
  readonly byRule: readonly Readonly<Record<string, unknown>>[];
  readonly off: readonly boolean[] | undefined;
  dead: boolean[] | undefined;
  /** Pass notes (src/model/pass-notes) this run takes whatever the acceptor notes. */
  readonly forcedNotes: number;
  /** True while no rule is set off and none has failed: the hooks then call the visitors in one go. */
  plain: boolean;
  readonly failures: (readonly [number, unknown])[];
}

/** What a pass's hooks read the current run from. */
export interface PassPlan {
  readonly active: PassRun | undefined;
}

/**
 * A rule's checks by model definition (`TlsSettings`, `NameFilter`, …): each is called with every
 * object found where that definition applies, during the one pass that also checks the document's
 * structure — on a refused document too, so a visitor must tolerate any shape of its object's fields.
 */
export type Visitors<M extends string = string> = {
  readonly [D in HookName]?: (node: JsonObject, ctx: VisitContext<M>) => void;
};

/** A document used as a rule example; its kind defaults to the rule's first kind (`ruleKinds`). */
export interface RuleExample {
  title?: string;
  kind?: DocumentKind;
  doc: unknown;
  targetVersion?: TargetVersion;
  now?: string;
  isFile?: boolean;
  options?: Record<string, unknown>;
}

/**
 * A suggestion of a finding that `--fix` does not apply (an editor's quick fix, a "did you mean"),
 * as an invalid example states it: its message and, when it carries a fix, the example's document
 * after applying just that fix. A suggestion without a fix has no `output`, nor has one whose fix
 * does not fit this document (an editor offers it disabled; the docs page says so).
 */
export interface ExampleSuggestion {
  message: string;
  output?: unknown;
}

/** One finding an invalid example expects: where, which message, and the suggestions `--fix` leaves to the user. */
export interface ExampleError {
  messageId: string;
  pointer: string;
  /**
   * The finding's suggestions that are not autofixes, all of them, in order. Required when one of
   * them carries a fix; may be left out when none does (text-only "did you mean"s).
   */
  suggestions?: ExampleSuggestion[];
}

/**
 * An example that must produce exactly these findings of the rule. When the rule's findings here
 * carry autofixes, `output` is the document after `--fix` applies every one of them together (one
 * pass: findings a fix would reveal are not followed); required then. Omitted, or equal to `doc`,
 * it says that `--fix` changes nothing. `checkRuleExamples` holds both fields to the real results.
 */
export interface InvalidRuleExample extends RuleExample {
  errors: ExampleError[];
  output?: unknown;
}

/**
 * `T`, without being a place TypeScript infers `T` from (what `NoInfer<T>` does from TypeScript 5.4
 * on; the public types avoid it so that TypeScript 5.0 can read them).
 */
export type NoInferFrom<T> = [T][T extends unknown ? 0 : never];

/** A rule option: documented, with its default and a JSON Schema (subset: type, enum, items) for its value. */
export interface RuleOption {
  description: string;
  default: unknown;
  schema: Record<string, unknown>;
}

/** What a rule says of an unknown key it claims: its message (filled like a report's) and suggestions. */
export interface UnknownKeyClaim<M extends string = string> {
  messageId: M;
  data?: Record<string, string | number>;
  suggestions?: Suggestion[];
}

/** A rule: the default export of each module in rules/, and the shape of custom rules (`defineRule`). */
export interface Rule<M extends string = string> {
  /** Built-in rules: kebab-case. Custom rules: `@<namespace>/<name>` (`@acme/tls-required`). */
  id: string;
  /** Default severity; a message may carry its own. */
  severity: Severity;
  /** Where the rule applies: a trait of the kind table (`'request-link'`: every document that carries a request's shadow link). Built-in rules always use this. */
  appliesTo?: KindTrait;
  /** Custom rules only, instead of `appliesTo`: the document kinds the rule checks, listed. */
  kinds?: readonly DocumentKind[];
  /**
   * What the rule checks (one sentence), why (every built-in rule says which server behaviour it
   * follows), and for custom rules where their documentation lives (findings carry it as `docsUrl`).
   */
  docs: { description: string; rationale?: string; url?: string };
  messages: Record<M, MessageSpec>;
  /** Options with their defaults; each documented. */
  options?: Record<string, RuleOption>;
  /** True when the rule's findings are about a key (misspelt, misplaced): in files they sit on the key, not its value. */
  findingsOnKey?: boolean;
  /**
   * Built-in rules only: claims a key the schema does not allow at its place. The structure check
   * offers each unknown key (`key`, its `pointer`, and `where`, how a message names its parent) to
   * the rules that apply to the kind before it reports `schema/unknown-property`.
   */
  unknownKey?: (key: string, pointer: string, where: string) => UnknownKeyClaim<NoInferFrom<M>> | undefined;
  /** Message ids the structural validator reports under this rule's id (built-in rules that share the work). */
  structuralMessages?: readonly NoInferFrom<M>[];
  /** Reports findings; absent only for built-in rules whose findings the structural validator reports or that visit. */
  check?: (ctx: RuleContext<M>) => void;
  /** Built-in rules only: checks run by model definition, in the structure check's pass (see `Visitors`). */
  visit?: Visitors<M>;
  /**
   * Built-in visiting rules only: the notes of the acceptor's pass (src/model/pass-notes) without
   * which the visitors have nothing to report. In a pass that noted none of them they are not called.
   */
  onlyWhen?: readonly PassNote[];
  /** Documents that must pass and fail the rule: the tests and documentation page of every built-in rule. */
  examples?: { valid: RuleExample[]; invalid: InvalidRuleExample[] };
}

/** True when the rule reports findings itself (a check or visitors), not only through the structural validator. */
export const reportsItself = (rule: Pick<Rule, 'check' | 'visit'>): boolean =>
  rule.check !== undefined || rule.visit !== undefined;

/** The kinds a rule applies to: those with its trait, or the kinds it lists. */
export function ruleKinds(rule: Pick<Rule, 'appliesTo' | 'kinds'>): readonly DocumentKind[] {
  return rule.appliesTo !== undefined ? kindsWith(rule.appliesTo) : (rule.kinds ?? []);
}

/** Declares a rule (built-in or custom) with its message ids type-checked; returns it unchanged. */
export function defineRule<M extends string>(rule: Rule<M>): Rule<M> {
  return rule;
}
