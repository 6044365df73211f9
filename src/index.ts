/**
 * svc-admin-spec: the Admin API v2 contract (GetBroker, CreateShadowLink) as TypeBox schemas,
 * static types and a linter that explains what is wrong before the server does.
 *
 * @module svc-admin-spec
 */
import type { FileResult as CoreFileResult } from './core/diagnostics';
import type { KindName } from './model/kinds';

export * from './model/index';
export {
  lint,
  validate,
  assertValid,
  isValidationError,
  ValidationError,
  UnknownKindError,
  type LintOptions,
  type LintResult,
  type ValidateResult,
} from './lint/lint';
export type {
  Diagnostic,
  Severity,
  Range,
  Position,
  Fix,
  Suggestion,
  RelatedLocation,
  SeverityCounts,
  Code,
  KnownCode,
  RuleId,
  StructuralCode,
  FileCode,
  ConformanceCode,
  CustomRuleId,
} from './core/diagnostics';
export {
  defineRule,
  type RuleSetting,
  type Rule,
  type RuleContext,
  type RuleReport,
  type RuleOption,
  type RuleExample,
  type InvalidRuleExample,
  type ExampleError,
  type ExampleSuggestion,
  type MessageSpec,
  type LinkLocation,
} from './rule-api/types';
export type { TargetVersion } from './facts/target-version';
export type { RpkVersion } from './model/rpk-format';
export type { RuleSettings, RuleSettingsInput, RuleSettingInput } from './engine/settings';
export { allRules as rules, docsUrl, type BuiltinRule } from './engine/registry';
export { checkRuleExamples } from './lint/rule-examples';
export {
  checkExchange,
  CONFORMANCE_CHECKS,
  type Exchange,
  type ExchangeOptions,
  type ExchangeResult,
} from './conformance/check';
export { canonicalize } from './decode/decode';
export { previewFilters, type FilterPreview, type PreviewEntry } from './facts/filters';
export { keyFingerprint } from './facts/fingerprint';
export { lintText, type LintTextOptions, type TextResult } from './lint/lint-text';
/** The findings for one file. */
export type FileResult = CoreFileResult<KindName>;
export type { ParsedSource, NodeSpan } from './source/types';
export { applyFixes, type ApplyFixesOptions, type FixOutcome, type SkippedFix } from './fix/apply';
export { fixText, type FixTextOptions, type FixTextResult } from './fix/fix-text';
export { format, FORMAT_NAMES, type FormatName, type FormatOptions } from './format/index';
export { addSchemaSupport, EDITOR_KEYWORDS, type AjvLike } from './schema/ajv';
