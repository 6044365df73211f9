/** The library's entry points: `lint` and `assertValid`. */
import { normalizeDiagnostics, type Diagnostic } from './diagnostics';
import { docsUrl, ruleById } from '../engine/registry';
import { applySettingsToStructural, runRules, type RunSettings } from '../engine/run';
import { TARGET_VERSIONS, type RuleSetting, type TargetVersion } from '../engine/types';
import { DOCUMENT_KINDS, isDocumentKind, type DocumentKind } from '../model/kinds';
import { redactSecrets } from '../secrets/redact';
import { checkJsonValue } from '../validate/json-value';
import { validateStructure } from '../validate/structural';

/** Options of `lint`. */
export interface LintOptions {
  /** Per-rule severity (`off | info | warning | error`), optionally with rule options: `{ 'duration': 'off', 'bootstrap-servers': ['error', {…}] }`. */
  rules?: Record<string, RuleSetting | [RuleSetting, Record<string, unknown>]>;
  /** Server version whose facts apply (forbidden properties, CreateShadowLink availability). Default `26.1`. */
  targetVersion?: TargetVersion;
  /** The clock for time-based rules (a timestamp in the future). Default: the real clock. */
  now?: Date | (() => Date);
  /** Set when the value comes from a file that may be committed: enables the plaintext-secret checks. */
  isFile?: boolean;
}

/** What `lint` returns. */
export interface LintResult {
  /** True when there is no finding of severity `error`. */
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** Thrown for a kind name that is not one of the six document kinds. */
export class UnknownKindError extends TypeError {
  override readonly name = 'UnknownKindError';
  constructor(readonly kind: unknown) {
    super(`Unknown document kind ${JSON.stringify(String(kind))}; use one of: ${DOCUMENT_KINDS.join(', ')}.`);
  }
}

/** Thrown by `assertValid`; carries the diagnostics. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    readonly kind: DocumentKind,
    readonly diagnostics: Diagnostic[],
  ) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0];
    super(
      `${kind} is invalid: ${errors.length} error${errors.length === 1 ? '' : 's'}` +
        (first ? `; first: ${first.message} (${first.code} at ${first.pointer || '/'})` : ''),
    );
  }
}

function resolveSettings(kind: DocumentKind, options: LintOptions): RunSettings {
  const targetVersion = options.targetVersion ?? '26.1';
  if (!TARGET_VERSIONS.includes(targetVersion)) {
    throw new TypeError(
      `Unknown target version ${JSON.stringify(targetVersion)}; use one of: ${TARGET_VERSIONS.join(', ')}.`,
    );
  }
  const rules = options.rules ?? {};
  for (const id of Object.keys(rules)) {
    if (!ruleById.has(id)) throw new TypeError(`Unknown rule ${JSON.stringify(id)} in lint options.`);
  }
  const now = typeof options.now === 'function' ? options.now() : (options.now ?? new Date());
  return { kind, targetVersion, now, isFile: options.isFile ?? false, rules };
}

/**
 * Lints a value as a document of `kind`: structure first, then every enabled rule.
 * Never throws for any value and never mutates it; throws only for an unknown kind or bad options.
 */
export function lint(kind: DocumentKind, value: unknown, options: LintOptions = {}): LintResult {
  if (!isDocumentKind(kind)) throw new UnknownKindError(kind);
  const settings = resolveSettings(kind, options);
  const json = checkJsonValue(value);
  let diagnostics: Diagnostic[] = [...json.diagnostics];
  if (json.walkable && value !== undefined) {
    diagnostics.push(...applySettingsToStructural(validateStructure(kind, value), settings));
    diagnostics.push(...runRules(value, settings));
  }
  diagnostics = normalizeDiagnostics(redactSecrets(diagnostics, json.walkable ? value : undefined)).map((d) =>
    d.docsUrl === undefined ? { ...d, docsUrl: docsUrl(d.code) } : d,
  );
  return { valid: !diagnostics.some((d) => d.severity === 'error'), diagnostics };
}

/** Lints and throws a `ValidationError` when there is an error-level finding; returns the value typed otherwise. */
export function assertValid(kind: DocumentKind, value: unknown, options?: LintOptions): void {
  const result = lint(kind, value, options);
  if (!result.valid) throw new ValidationError(kind, result.diagnostics);
}
