/**
 * svc-admin-spec: the Admin API v2 contract (GetBroker, CreateShadowLink) as TypeBox schemas,
 * static types and a linter that explains what is wrong before the server does.
 */
export * from './model/index';
export { lint, assertValid, ValidationError, UnknownKindError, type LintOptions, type LintResult } from './lint/lint';
export type { Diagnostic, Severity, Range, Position, Fix, Suggestion, RelatedLocation } from './lint/diagnostics';
export type { RuleSetting, TargetVersion, Rule } from './engine/types';
export { allRules as rules, docsUrl } from './engine/registry';
export { checkExchange, CONFORMANCE_CHECKS, type Exchange, type ExchangeResult } from './conformance/check';
export { previewFilters, type FilterPreview, type PreviewEntry } from './facts/filters';
export { keyFingerprint } from './facts/fingerprint';
export { lintText, type LintTextOptions, type FileResult } from './lint/lint-text';
export { format, FORMAT_NAMES, type FormatName, type FormatOptions } from './format/index';
