/** What a rule module declares, and what the engine hands it. */
import type { Fix, RelatedLocation, Severity, Suggestion } from '../lint/diagnostics';
import type { DocumentKind } from '../model/kinds';

/** Server versions whose facts differ (forbidden properties; CreateShadowLink exists from 25.3). */
export type TargetVersion = '25.3' | '26.1';

/** The target versions the linter knows, oldest first. */
export const TARGET_VERSIONS: readonly TargetVersion[] = ['25.3', '26.1'];

/** The version linted against when none is named. */
export const DEFAULT_TARGET_VERSION: TargetVersion = '26.1';

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
  readonly now: Date;
  /** True when linting a file (a config that may be committed), not a value in memory. */
  readonly isFile: boolean;
  readonly options: Readonly<Record<string, unknown>>;
  report(report: RuleReport<M>): void;
}

/** A document used as a rule example; its kind defaults to the rule's first kind. */
export interface RuleExample {
  title?: string;
  kind?: DocumentKind;
  doc: unknown;
  targetVersion?: TargetVersion;
  now?: string;
  isFile?: boolean;
  options?: Record<string, unknown>;
}

/** An example that must produce exactly these findings of the rule. */
export interface InvalidRuleExample extends RuleExample {
  errors: { messageId: string; pointer: string }[];
}

/** A rule module's default export. */
export interface Rule<M extends string = string> {
  id: string;
  /** Default severity; a message may carry its own. */
  severity: Severity;
  kinds: readonly DocumentKind[];
  docs: { description: string; rationale: string };
  messages: Record<M, MessageSpec>;
  /** Options with their defaults; each documented. */
  options?: Record<string, { description: string; default: unknown; schema: Record<string, unknown> }>;
  /** Message ids the structural validator reports under this rule's id (for rules that share the work). */
  structuralMessages?: readonly NoInfer<M>[];
  /** Absent for rules whose findings the structural validator reports under this rule's id. */
  check?: (ctx: RuleContext<M>) => void;
  examples: { valid: RuleExample[]; invalid: InvalidRuleExample[] };
}

/** Declares a rule with its message ids type-checked. */
export const defineRule = <M extends string>(rule: Rule<M>): Rule<M> => rule;
