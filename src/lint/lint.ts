/** The library's entry points: `lint`, `validate` and `assertValid`. */
import { countBySeverity, dedupeDiagnostics, normalizeDiagnostics, type Diagnostic } from '../core/diagnostics';
import { BUILTIN_CATALOG, catalogWith, withDocsUrl } from '../engine/catalog';
import { applySettingsToStructural, startRules, unknownKeyClaimant, type RunSettings } from '../engine/run';
import { checkRuleSettings, checkTargetVersion, type RuleSettings, type RuleSettingsInput } from '../engine/settings';
import { type Rule } from '../rule-api/types';
import { DEFAULT_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import { DOCUMENT_KINDS, isDocumentKind, kindSchemas, type DocumentKind, type DocumentType } from '../model/kinds';
import { redactSecrets } from '../secrets/redact';
import { isSecretKeyName } from '../secrets/classify';
import { getAtPath, isObject, toPointer } from '../util/pointer';
import { decodeDocument, keepsFormatted } from '../decode/decode';
import { checkJsonValue, type JsonCheck } from '../validate/json-value';
import { modelKeyNames } from '../util/schema-walk';
import { recordedFindings, validateStructure } from '../validate/structural';
import * as acceptors from '../generated/acceptors.js';
import {
  FORMAT_REFUSALS,
  keysCounted,
  mayHoldSecretsBesidesUnknownKeys,
  UNKNOWN_KEYS,
} from '../generated/acceptors.js';
import { capFindings, DEFAULT_MAX_FINDINGS } from './findings-cap';

/** Options of `lint`. */
export interface LintOptions {
  /** Per-rule severity (`off | info | warning | error`, or ESLint's `warn`, `0`, `1`, `2`), optionally with rule options: `{ 'duration': 'off', 'bootstrap-servers': ['error', {…}] }`. */
  rules?: RuleSettingsInput;
  /** Custom rules (declared with `defineRule`, ids `@namespace/name`) run after the built-in ones; `rules` may set their severity. */
  customRules?: readonly Rule[];
  /** Server version whose facts apply (forbidden properties, CreateShadowLink availability). Default `26.1`. */
  targetVersion?: TargetVersion;
  /** The clock for time-based rules (a timestamp in the future). Default: the real clock. */
  now?: Date | (() => Date);
  /** Set when the value comes from a file that may be committed: enables the plaintext-secret checks. */
  isFile?: boolean;
  /** Most findings reported; the rest are counted in one `report/too-many-findings` finding. Default 2000. */
  maxFindings?: number;
  /**
   * Where the package's documentation is served, for a self-hosted copy: findings' `docsUrl` become
   * `<docsBaseUrl>docs/rules/<page>.md`. Default `https://unpkg.com/svc-admin-spec/`.
   */
  docsBaseUrl?: string;
}

/** What `lint` returns. */
export interface LintResult {
  /** True when there is no finding of severity `error`. */
  valid: boolean;
  diagnostics: Diagnostic[];
}

// Brands of this package's error classes, shared by every copy of the package through the global symbol registry.
const UNKNOWN_KIND_ERROR = Symbol.for('svc-admin-spec.UnknownKindError');
const VALIDATION_ERROR = Symbol.for('svc-admin-spec.ValidationError');

const hasBrand = (value: unknown, symbol: symbol): boolean =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[symbol] === true;

/**
 * Thrown for a kind name that is not one of the document kinds. `instanceof` recognises it
 * across copies of this package (the CommonJS and the ES module build), by a `Symbol.for` brand.
 */
export class UnknownKindError extends TypeError {
  static {
    Object.defineProperty(this.prototype, UNKNOWN_KIND_ERROR, { value: true });
  }
  /** By the brand, so that an instance from the other copy of this package (CommonJS or ES module) is recognised too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, UNKNOWN_KIND_ERROR);
  }
  override readonly name = 'UnknownKindError';
  constructor(readonly kind: unknown) {
    super(
      `Unknown document kind ${JSON.stringify(String(kind)).slice(0, 80)}; use one of: ${DOCUMENT_KINDS.join(', ')}.`,
    );
  }
}

/**
 * Thrown by `assertValid`; carries the diagnostics. `instanceof` and `isValidationError` recognise
 * it across copies of this package (the CommonJS and the ES module build), by a `Symbol.for` brand.
 */
export class ValidationError extends Error {
  static {
    Object.defineProperty(this.prototype, VALIDATION_ERROR, { value: true });
  }
  /** By the brand, so that an instance from the other copy of this package (CommonJS or ES module) is recognised too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, VALIDATION_ERROR);
  }
  override readonly name = 'ValidationError';
  constructor(
    readonly kind: DocumentKind,
    readonly diagnostics: Diagnostic[],
  ) {
    const first = diagnostics.find((d) => d.severity === 'error');
    // Counted with the errors a report/too-many-findings finding stands for.
    const errors = countBySeverity(diagnostics).errors;
    super(
      `${kind} is invalid: ${errors} error${errors === 1 ? '' : 's'}` +
        (first ? `; first: ${first.message} (${first.code} at ${first.pointer || '/'})` : ''),
    );
  }
}

/** True for a `ValidationError` from any copy of this package (where `instanceof` on another copy's class would fail elsewhere). */
export function isValidationError(value: unknown): value is ValidationError {
  return hasBrand(value, VALIDATION_ERROR);
}

/**
 * False only for an object that cannot hold an option: no enumerable key, own or inherited, and a
 * prototype of Object.prototype or none (a class's getters are not enumerable).
 */
function mayHoldOptions(o: object): boolean {
  for (const _ in o) return true;
  const proto: unknown = Object.getPrototypeOf(o);
  return proto !== Object.prototype && proto !== null;
}

/** The rule settings of a run that sets none. */
const NO_RULES: RuleSettings = Object.freeze({});

const LINT_OPTION_KEYS = new Set([
  'rules',
  'customRules',
  'targetVersion',
  'now',
  'isFile',
  'maxFindings',
  'docsBaseUrl',
]);

/** Checks the options like the config file is checked; throws `TypeError` naming the problem. */
export function resolveSettings(kind: DocumentKind, options: unknown, extraKeys: readonly string[] = []): RunSettings {
  if (options === undefined || options === null) options = {};
  if (!isObject(options)) throw new TypeError('lint options must be an object.');
  // Most calls set nothing: the defaults, without checking options one by one.
  if (!mayHoldOptions(options))
    return {
      kind,
      targetVersion: DEFAULT_TARGET_VERSION,
      now: undefined,
      isFile: false,
      rules: NO_RULES,
      maxFindings: DEFAULT_MAX_FINDINGS,
      catalog: BUILTIN_CATALOG,
    };
  for (const k of Object.keys(options))
    if (!LINT_OPTION_KEYS.has(k) && !extraKeys.includes(k))
      throw new TypeError(
        `Unknown lint option ${JSON.stringify(k.slice(0, 60))}; the options are ${[...LINT_OPTION_KEYS, ...extraKeys].join(', ')}.`,
      );
  const o = options as LintOptions;
  const targetVersion = checkTargetVersion(o.targetVersion, 'lint options') ?? DEFAULT_TARGET_VERSION;
  const catalog = catalogWith(o.customRules, 'lint options', o.docsBaseUrl);
  const rules = checkRuleSettings(o.rules, 'lint options', catalog);
  let now: Date | undefined;
  if (o.now !== undefined) {
    const n = typeof o.now === 'function' ? o.now() : o.now;
    if (!(n instanceof Date) || Number.isNaN(n.getTime()))
      throw new TypeError('lint options: "now" must be a valid Date or a function returning one.');
    now = n;
  }
  if (o.isFile !== undefined && typeof o.isFile !== 'boolean')
    throw new TypeError('lint options: "isFile" must be true or false.');
  const max = o.maxFindings ?? DEFAULT_MAX_FINDINGS;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1)
    throw new TypeError('lint options: "maxFindings" must be a whole number of at least 1.');
  return { kind, targetVersion, now, isFile: o.isFile ?? false, rules, maxFindings: max, catalog };
}

/** True for an object whose prototype is Object.prototype or null (what JSON.parse makes). */
function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * True when `Object.prototype` has an enumerable property (a polluted environment): the acceptors
 * enumerate keys with `for…in`, which would then list inherited ones, so they are not used.
 */
function prototypePolluted(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/** A top-level `"$schema"` names the schema for editors; it is not part of the request. */
function withoutSchemaKey(value: unknown): unknown {
  if (!isObject(value) || !Object.hasOwn(value, '$schema') || typeof value['$schema'] !== 'string') return value;
  const { $schema: _ignored, ...rest } = value;
  return rest;
}

/** Moves a finding about the canonical document to where its parts are written. */
function relocate(d: Diagnostic, written: (pointer: string) => string): Diagnostic {
  const out: Diagnostic = { ...d, pointer: written(d.pointer) };
  if (d.related) out.related = d.related.map((r) => ({ ...r, pointer: written(r.pointer) }));
  if (d.suggestions)
    out.suggestions = d.suggestions.map((s) =>
      s.fix ? { ...s, fix: { ...s.fix, pointer: written(s.fix.pointer) } } : s,
    );
  return out;
}

/** How `lintWithSettings` runs for its caller. */
export interface LintHow {
  /** The value must be written exactly as its type says (`validate`): other spellings are errors. */
  canonical?: boolean;
  /** Gets the number of keys in the value when the one pass counted them all (else -1). */
  probe?: { keys: number } | undefined;
  /** Leave the findings unsorted (`lintText` sorts them by position itself). */
  unsorted?: boolean;
}

/**
 * Lints with settings already checked (shared by `lint` and `lintText`). A document the strict
 * validator refuses is first decoded as the server decodes it (snake_case keys, enum numbers, …),
 * so that structure and rules judge what the server acts on; findings point where things are written.
 */
export function lintWithSettings(value: unknown, settings: RunSettings, how: LintHow = {}): LintResult {
  const { canonical = false, probe, unsorted = false } = how;
  const stripped = withoutSchemaKey(value);
  // The happy path: one generated pass says the value is plain JSON of the kind's shape, so neither
  // the JSON-value check nor the structure check has anything to say; only the rules run. When it
  // says the value is plain JSON the schema refuses, the JSON-value check has nothing to say either.
  // The acceptor judges the copy without `$schema`: the root it replaced must be a plain object too.
  // The rules' visitors run in the acceptor's pass; its answer says whether that pass saw the whole value.
  const rules = startRules(stripped, settings);
  const verdict =
    (stripped === value || isPlainObject(value)) && !prototypePolluted()
      ? rules.judge(acceptors[settings.kind], stripped)
      : 2;
  // What the acceptor noted is read now, before a custom rule can lint another value with it.
  // Secretless: it went through all of the value and met nothing a secret could be (findings skip the
  // search): the keys it recorded as unknown hold scalars, secrets only under a credential-like name.
  const secretless =
    verdict !== 2 &&
    (verdict & 1) === 0 &&
    stripped === value &&
    !mayHoldSecretsBesidesUnknownKeys() &&
    !UNKNOWN_KEYS.some(([, keys]) => keys.some(isSecretKeyName));
  // The keys it went through, for lintText's duplicate-key check (`$schema` is one of them).
  if (probe) probe.keys = verdict === 2 || keysCounted() < 0 ? -1 : keysCounted() + (stripped === value ? 0 : 1);
  if (verdict === 0) return finish(applySettingsToStructural(rules.finish(stripped, true), settings));
  // Any other verdict but 2: plain JSON the schema refuses, the whole of it seen by the hooks.
  const passed = verdict !== 2;
  const json: JsonCheck = passed ? { diagnostics: [], walkable: true } : checkJsonValue(value);
  let diagnostics: Diagnostic[] = json.diagnostics;
  if (json.walkable && value !== undefined) {
    let doc = stripped;
    const claimant = unknownKeyClaimant(settings);
    // Only strings refused by their format and keys the schema does not name: the acceptor says
    // where (it keeps the path when it has hooks to call), and ajv has nothing to add.
    const recorded = passed && (verdict & 1) === 0 && rules.hooks !== undefined;
    let structural = recorded
      ? recordedFindings(settings.kind, doc, FORMAT_REFUSALS, UNKNOWN_KEYS, claimant)
      : validateStructure(settings.kind, doc, claimant);
    let spelled: Diagnostic[] = [];
    let written: ((pointer: string) => string) | undefined;
    // Then the document changes under the decoder only where it rewrites such a string (it keeps
    // an unknown key and its value as written).
    const rewritten = recorded
      ? FORMAT_REFUSALS.filter(([path, format]) => !keepsFormatted(format, getAtPath(doc, path)))
      : undefined;
    if (structural.length > 0 && (rewritten === undefined || rewritten.length > 0)) {
      // Only where the structure check refused something: every spelling the decoder rewrites is refused there.
      const decoded = decodeDocument(
        settings.kind,
        doc,
        rewritten ? rewritten.map(([path]) => toPointer(path)) : structural.map((d) => d.pointer),
      );
      spelled = decoded.diagnostics;
      if (decoded.value !== doc) {
        doc = decoded.value;
        written = decoded.written;
        structural = validateStructure(settings.kind, doc, claimant);
      }
    }
    const locate = (list: Diagnostic[]) => (written ? list.map((d) => relocate(d, written)) : list);
    // Decoding may have replaced the value: then the visitors go over what the server acts on instead.
    const ruled = rules.finish(doc, passed);
    let found: Diagnostic[];
    if (canonical) {
      // The value must have its type's shape as written: other spellings are errors, whatever the settings.
      const shape = [...spelled, ...locate(structural)].map((d) =>
        d.severity === 'error' ? d : { ...d, severity: 'error' as const },
      );
      found = [...shape, ...applySettingsToStructural(locate(ruled), settings)];
    } else {
      found = applySettingsToStructural([...spelled, ...locate([...structural, ...ruled])], settings);
    }
    diagnostics = found.length === 0 ? diagnostics : [...diagnostics, ...found];
  }
  if (!json.walkable || value === undefined) rules.abandon();
  return finish(diagnostics, json.walkable);

  /** Redacts, sorts (unless `unsorted`) and links the findings to their docs (`walkable`: the value may be walked for secrets). */
  function finish(found: Diagnostic[], walkable = true): LintResult {
    if (found.length === 0) return { valid: true, diagnostics: found };
    const secretsFrom = walkable && !secretless ? value : undefined;
    const redacted = redactSecrets(found, secretsFrom, modelKeyNames(Object.values(kindSchemas)));
    // Every finding here was made for this lint (the checks, the rules, the decoder, redaction):
    // the link is set on it rather than on a copy.
    const diagnostics = (unsorted ? dedupeDiagnostics(redacted) : normalizeDiagnostics(redacted)).map((d) =>
      withDocsUrl(d, settings.catalog, true),
    );
    return { valid: !diagnostics.some((d) => d.severity === 'error'), diagnostics };
  }
}

/**
 * Lints a value as a document of `kind`: structure first, then every enabled rule.
 * Never throws for any value and never mutates it; throws `TypeError` only for an unknown kind or bad options.
 */
export function lint(kind: DocumentKind, value: unknown, options: LintOptions = {}): LintResult {
  if (!isDocumentKind(kind)) throw new UnknownKindError(kind);
  const settings = resolveSettings(kind, options);
  const result = lintWithSettings(value, settings);
  const capped = capFindings(result.diagnostics, settings.maxFindings);
  return capped === result.diagnostics ? result : { ...result, diagnostics: capped };
}

/** What `validate` returns: the value typed as its kind when valid, the error `assertValid` would throw otherwise. */
export type ValidateResult<K extends DocumentKind> =
  | { valid: true; value: DocumentType<K>; diagnostics: Diagnostic[] }
  | { valid: false; error: ValidationError; diagnostics: Diagnostic[] };

/**
 * Lints `value` as a document of `kind` and returns it typed when it is valid: no error-level
 * finding, and written exactly as its type says (camelCase keys, enum names, numbers as numbers:
 * the other spellings the server accepts count as errors here, whatever the rule settings).
 * Never throws for any value; throws `TypeError` only for an unknown kind or bad options.
 */
export function validate<K extends DocumentKind>(
  kind: K,
  value: unknown,
  options: LintOptions = {},
): ValidateResult<K> {
  if (!isDocumentKind(kind)) throw new UnknownKindError(kind);
  const settings = resolveSettings(kind, options);
  const result = lintWithSettings(value, settings, { canonical: true });
  const diagnostics = capFindings(result.diagnostics, settings.maxFindings);
  return result.valid
    ? { valid: true, value: value as DocumentType<K>, diagnostics }
    : { valid: false, error: new ValidationError(kind, diagnostics), diagnostics };
}

/**
 * Narrows `value` to the type of `kind` (a TypeScript assertion), or throws a `ValidationError`
 * carrying the diagnostics; the same verdict as `validate`.
 */
export function assertValid<K extends DocumentKind>(
  kind: K,
  value: unknown,
  options?: LintOptions,
): asserts value is DocumentType<K> {
  const result = validate(kind, value, options);
  if (!result.valid) throw result.error;
}
