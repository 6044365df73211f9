/**
 * Structural validation: runs the ahead-of-time ajv validator of a kind and rewrites its raw errors
 * into one actionable diagnostic per root cause.
 */
import type { ErrorObject } from 'ajv';
import type { Diagnostic, StructuralCode, Suggestion } from '../core/diagnostics';
import { formatDescriptions, parseDuration, type FormatName } from '../model/formats';
import { INT32_MAX, INT32_MIN } from '../model/primitives';
import { kindSchemas, type DocumentKind } from '../model/kinds';
import { childPointer, fieldName, getAt, lastToken, parentPointer, toPointer } from '../util/pointer';
import { describeSecret, describeType, isSecretValue, showValue } from '../secrets/classify';
import { listValues, nearest } from '../util/suggest';
import { ruleFinding } from '../engine/findings';
import type { UnknownKeyClaimant } from '../engine/run';
import * as validators from '../generated/validators.js';
import { canonicalEnumName, ENUM_ALIASES } from '../facts/enum-spelling';
import { allowedKeys, enumValues, schemaAt } from '../util/schema-walk';

/** A structural finding before the engine adds docs URLs and severity overrides. */
export type StructuralDiagnostic = Omit<Diagnostic, 'docsUrl' | 'range'>;

/** Runs the structural validator of `kind` on `value`. */
export function validateStructure(
  kind: DocumentKind,
  value: unknown,
  claimant?: UnknownKeyClaimant,
): StructuralDiagnostic[] {
  const validate = validators[kind];
  if (validate(value)) return [];
  return rewriteErrors(kind, value, validate.errors ?? [], claimant);
}

/**
 * The structural findings of a document whose only refusals are strings their format refuses and
 * keys its schema does not name (the acceptor's verdict without bit 1; its FORMAT_REFUSALS and
 * UNKNOWN_KEYS): what `validateStructure` says of it, without ajv.
 */
export function recordedFindings(
  kind: DocumentKind,
  doc: unknown,
  refusals: readonly (readonly [readonly (string | number)[], string])[],
  unknownKeys: readonly (readonly [readonly (string | number)[], readonly string[]])[],
  claimant?: UnknownKeyClaimant,
): StructuralDiagnostic[] {
  const root = kindSchemas[kind];
  const out: StructuralDiagnostic[] = [];
  // Without a missing required field (a refusal of bit 1), a rename has no "required" to silence.
  const renamedTo = new Set<string>();
  for (const [tokens, keys] of unknownKeys) {
    const place = unknownKeyPlace(root, toPointer(tokens));
    for (const key of keys) out.push(unknownKey(place, key, claimant, renamedTo));
  }
  for (const [tokens, format] of refusals) out.push(badFormat(kind, doc, toPointer(tokens), format as FormatName));
  return out;
}

/** Rewrites raw ajv errors for a document of `kind` into diagnostics. */
export function rewriteErrors(
  kind: DocumentKind,
  doc: unknown,
  errors: readonly ErrorObject[],
  claimant?: UnknownKeyClaimant,
): StructuralDiagnostic[] {
  const root = kindSchemas[kind];
  const out: StructuralDiagnostic[] = [];
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  // Keys reported as renamed (snake_case / case / typo of a missing required field) silence that "required".
  const renamedTo = new Set<string>();
  // A wrong value for an enum fails both `type` and `enum`: one finding per place.
  const enumReported = new Set<string>();

  // What every unknown key of one object shares (thousands of keys may sit in one).
  const places = new Map<string, UnknownKeyPlace>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties') continue;
    const parent = e.instancePath;
    let place = places.get(parent);
    if (!place) places.set(parent, (place = unknownKeyPlace(root, parent)));
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    out.push(unknownKey(place, key, claimant, renamedTo));
  }

  for (const e of errors) {
    const pointer = e.instancePath;
    switch (e.keyword) {
      case 'additionalProperties':
        break;
      case 'required': {
        const missing = String((e.params as { missingProperty: string }).missingProperty);
        const target = childPointer(pointer, missing);
        if (renamedTo.has(target)) break;
        if (kind === 'ConnectError' && missing === 'code') {
          out.push({
            code: 'connect-error',
            severity: 'error',
            pointer: target,
            message: 'A Connect error body must have a `code`: one of the 16 lowercase RPC status code names.',
          });
          break;
        }
        out.push({
          code: 'schema/required',
          severity: 'error',
          pointer: target,
          message: `\`${missing}\` is required in ${where(pointer)}: add it.`,
        });
        break;
      }
      case 'anyOf': {
        // When the value has the type of one branch, that branch's own finding (e.g. the range) is the cause.
        const branchSpecific = errors.some(
          (x) => x.instancePath === pointer && x.schemaPath.startsWith(`${e.schemaPath}/`) && x.keyword !== 'type',
        );
        if (!branchSpecific) out.push(typeMismatch(kind, root, doc, pointer, unionTypes(schemaAt(root, pointer))));
        break;
      }
      case 'type':
      case 'enum': {
        if (anyOfPaths.has(pointer) && e.schemaPath.includes('/anyOf/')) break;
        const schema = schemaAt(root, pointer);
        // A Duration or Timestamp is a message to protobuf: `null` leaves it unset, as for any message
        // (bazel/pbgen/main.go reads null before the well-known-type reader runs).
        if ((schema?.format === 'duration' || schema?.format === 'timestamp') && getAt(doc, pointer) === null) break;
        const values = enumValues(schema);
        if (values) {
          if (!enumReported.has(pointer)) out.push(badEnum(kind, doc, pointer, values));
          enumReported.add(pointer);
        } else out.push(typeMismatch(kind, root, doc, pointer, (e.params as { type: string | string[] }).type));
        break;
      }
      case 'minimum':
      case 'maximum':
        out.push({
          code: 'schema/int32-range',
          severity: 'error',
          pointer,
          message: `\`${fieldName(pointer)}\` is ${showValue(getAt(doc, pointer), pointer)}, outside the int32 range ${INT32_MIN} to ${INT32_MAX}; the server would wrap it around. Use a value in range.`,
        });
        break;
      case 'format':
        out.push(badFormat(kind, doc, pointer, (e.params as { format: FormatName }).format));
        break;
      default:
        out.push({
          code: `schema/${e.keyword}` as StructuralCode,
          severity: 'error',
          pointer,
          message: `\`${fieldName(pointer)}\` does not satisfy the schema keyword "${e.keyword}".`,
        });
    }
  }
  return out;
}

function where(pointer: string): string {
  return pointer === '' ? 'the document' : `\`${fieldName(pointer)}\``;
}

/** An object holding unknown keys: its pointer, the keys its schema allows, and how messages name it. */
interface UnknownKeyPlace {
  parent: string;
  allowed: string[];
  inWhere: string;
  /** What follows the key in the message when no allowed key is near it (made once per object). */
  unguessed: string;
}

function unknownKeyPlace(root: Parameters<typeof schemaAt>[0], parent: string): UnknownKeyPlace {
  const allowed = allowedKeys(schemaAt(root, parent));
  const listed = allowed.length > 0 && allowed.length <= 12 ? ` Allowed: ${listValues(allowed)}.` : '';
  const inWhere = where(parent);
  const unguessed = ` in ${inWhere}; the server would silently ignore it. Remove it or fix its name.${listed}`;
  return { parent, allowed, inWhere, unguessed };
}

/** The finding for an unknown key; a rename it suggests goes into `renamedTo` (its "required" is then not reported). */
function unknownKey(
  place: UnknownKeyPlace,
  key: string,
  claimant: UnknownKeyClaimant | undefined,
  renamedTo: Set<string>,
): StructuralDiagnostic {
  const { parent, inWhere } = place;
  const pointer = childPointer(parent, key);
  const claimed = claimant?.(key, pointer, inWhere);
  if (claimed) {
    const { code, severity, message, suggestions } = claimed;
    return { code, severity, pointer, message, ...(suggestions ? { suggestions } : {}) };
  }
  const shown = JSON.stringify(key.length > 80 ? `${key.slice(0, 77)}…` : key);
  const guess = nearest(key, place.allowed);
  if (guess === undefined) {
    return {
      code: 'schema/unknown-property',
      severity: 'error',
      pointer,
      message: `Unknown property ${shown}${place.unguessed}`,
    };
  }
  renamedTo.add(childPointer(parent, guess));
  return {
    code: 'schema/unknown-property',
    severity: 'error',
    pointer,
    message: `Unknown property ${shown} in ${inWhere}: did you mean "${guess}"? The server silently ignores unknown fields.`,
    suggestions: [
      {
        message: `Rename to "${guess}".`,
        fix: { kind: 'rename-key', pointer, to: guess },
        autofix: guess.toLowerCase() === key.toLowerCase(),
      },
    ],
  };
}

function unionTypes(schema: { anyOf?: unknown } | undefined): string[] {
  const branches = Array.isArray(schema?.anyOf) ? (schema.anyOf as { type?: string }[]) : [];
  return branches.map((b) => b.type ?? 'value');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeMismatch(
  kind: DocumentKind,
  root: Parameters<typeof schemaAt>[0],
  doc: unknown,
  pointer: string,
  expected: string | string[],
): StructuralDiagnostic {
  const value = getAt(doc, pointer);
  if (kind === 'ConnectError' && pointer === '/code') {
    return {
      code: 'connect-error',
      severity: 'error',
      pointer,
      message: `\`code\` must be one of the 16 lowercase RPC status code names, not ${showValue(value, pointer)}.`,
    };
  }
  const types = Array.isArray(expected) ? expected : [expected];
  const schema = schemaAt(root, pointer);
  if (schema?.format === 'duration' && typeof value === 'number' && Number.isFinite(value)) {
    // A bare number for an interval: the server refuses it; seconds are the likely intent.
    const fixed = suggestDuration(String(value));
    return {
      code: 'duration',
      severity: 'error',
      pointer,
      message: `\`${fieldName(pointer)}\` is the number ${value}, but a Duration is a string with an "s" suffix${fixed ? `: "${fixed}" if you meant seconds` : ''}.`,
      ...(fixed
        ? {
            suggestions: [
              { message: `Use "${fixed}".`, fix: { kind: 'replace-value', pointer, value: fixed }, autofix: true },
            ],
          }
        : {}),
    };
  }
  if (value === null && kind !== 'ConnectError' && !types.includes('object') && !types.includes('array')) {
    const what = schema?.enum
      ? 'an enum field'
      : types.includes('boolean')
        ? 'a boolean field'
        : types.includes('integer') || types.includes('number')
          ? 'a number field'
          : 'a string field';
    return ruleFinding('null-value', 'scalar', pointer, { field: fieldName(pointer), what });
  }
  const isInt64 = schema?.format === 'int64';
  const isInt32 = types.includes('integer') && schema?.maximum === INT32_MAX;
  let want = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
  if (isInt64) want = 'an integer (a JSON number or a decimal string)';
  else if (isInt32) want = 'a whole number (int32)';
  const suggestions: Suggestion[] = [];
  // Common slips with one obvious repair: a quoted number, a quoted boolean, a lone value for a list.
  if (typeof value === 'string' && types.includes('boolean') && (value === 'true' || value === 'false')) {
    suggestions.push({
      message: `Use ${value} without quotes.`,
      fix: { kind: 'replace-value', pointer, value: value === 'true' },
      autofix: true,
    });
  } else if (types.includes('array') && typeof value === 'string') {
    suggestions.push({
      message: 'Wrap the value in a list.',
      fix: { kind: 'replace-value', pointer, value: [value] },
      autofix: true,
    });
  }
  const extra =
    typeof value === 'number' && isInt32 && !Number.isInteger(value) ? ' (the server would truncate it)' : '';
  return {
    code: 'schema/type',
    severity: 'error',
    pointer,
    message: `\`${fieldName(pointer)}\` must be ${want}, but is ${describeFound(value, pointer)}${extra}.`,
    ...(suggestions.length > 0 ? { suggestions } : {}),
  };
}

function describeFound(value: unknown, pointer: string): string {
  if (isSecretValue(value, pointer)) return describeSecret(value);
  return typeof value === 'string' ? `the string ${showValue(value, pointer)}` : describeType(value, pointer);
}

function badEnum(kind: DocumentKind, doc: unknown, pointer: string, allowed: string[]): StructuralDiagnostic {
  const value = getAt(doc, pointer);
  const field = fieldName(pointer);
  if (kind === 'ConnectError') {
    if (value === 'cancelled') return ruleFinding('connect-error', 'cancelled', pointer, {});
    const guess = typeof value === 'string' ? nearest(value, allowed) : undefined;
    return {
      code: 'connect-error',
      severity: 'error',
      pointer,
      message: `\`code\` ${showValue(value, pointer)} is not a Connect error code${guess ? `: did you mean "${guess}"?` : '; use one of the 16 lowercase RPC status code names.'}`,
      ...(guess
        ? { suggestions: [{ message: `Use "${guess}".`, fix: { kind: 'replace-value', pointer, value: guess } }] }
        : {}),
    };
  }
  const canonical = canonicalEnumName(value, allowed, true);
  if (canonical !== undefined) {
    const how =
      typeof value === 'number'
        ? `the enum number ${value}`
        : value === canonical.toLowerCase()
          ? `a wrong-case spelling`
          : `a short or non-standard spelling`;
    return {
      code: 'enum-spelling',
      severity: 'error',
      pointer,
      message: `\`${field}\` is ${showValue(value, pointer)}, ${how} of "${canonical}"; write the full name the spec lists.`,
      suggestions: [
        { message: `Use "${canonical}".`, fix: { kind: 'replace-value', pointer, value: canonical }, autofix: true },
      ],
    };
  }
  const listed = allowed.filter((n) => !Object.hasOwn(ENUM_ALIASES, n));
  const guess = typeof value === 'string' ? nearest(value, listed) : undefined;
  return {
    code: 'schema/enum',
    severity: 'error',
    pointer,
    message: `\`${field}\` is ${describeFound(value, pointer)}, not one of ${listValues(listed)}${guess ? `; did you mean "${guess}"?` : '.'} ${
      // Unknown names and integers become UNSPECIFIED; any other JSON type fails decoding (bazel/pbgen/main.go).
      typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))
        ? 'The server would read it as UNSPECIFIED.'
        : 'The server refuses the request ("invalid request input").'
    }`,
    ...(guess
      ? { suggestions: [{ message: `Use "${guess}".`, fix: { kind: 'replace-value', pointer, value: guess } }] }
      : {}),
  };
}

/** Suggested protobuf Duration for common other spellings (`PT30S`, `30`, `1m`, `500ms`). */
export function suggestDuration(text: string): string | undefined {
  const t = text.trim();
  const iso = /^PT(?:(\d{1,6})H)?(?:(\d{1,8})M)?(?:(\d{1,10})(?:\.(\d{1,9}))?S)?$/i.exec(t);
  if (iso && t.length > 2) {
    const secs = Number(iso[1] ?? 0) * 3600 + Number(iso[2] ?? 0) * 60 + Number(iso[3] ?? 0);
    return `${secs}${iso[4] ? `.${iso[4]}` : ''}s`;
  }
  const unit = /^(-?\d{1,10}(?:\.\d{1,9})?)\s*(ms|s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hours?)?$/i.exec(t);
  if (!unit) return undefined;
  const n = Number(unit[1]);
  const u = (unit[2] ?? 's').toLowerCase();
  const factor = u === 'ms' ? 0.001 : u.startsWith('h') ? 3600 : u === 'm' || u.startsWith('min') ? 60 : 1;
  const secs = Math.round(n * factor * 1e9) / 1e9;
  const out = `${secs}s`;
  return parseDuration(out) ? out : undefined;
}

function badFormat(kind: DocumentKind, doc: unknown, pointer: string, format: FormatName): StructuralDiagnostic {
  const value = getAt(doc, pointer);
  const field = fieldName(pointer);
  const shown = showValue(value, pointer);
  if (format === 'duration') {
    const text = String(value);
    const fixed = suggestDuration(text);
    const outOfRange = /^-?\d+(\.\d+)?s$/.test(text);
    const found: StructuralDiagnostic = {
      code: 'duration',
      severity: 'error',
      pointer,
      message: outOfRange
        ? `\`${field}\` is ${shown}, beyond the Duration range of ±315,576,000,000 seconds.`
        : `\`${field}\` is ${shown}, not a protobuf Duration: write seconds with an "s" suffix${fixed ? `, here "${fixed}"` : ', e.g. "30s"'}.`,
    };
    // Set afterwards, not spread into the literal: a spread with a new key costs a slow copy.
    if (fixed)
      found.suggestions = [
        { message: `Use "${fixed}".`, fix: { kind: 'replace-value', pointer, value: fixed }, autofix: true },
      ];
    return found;
  }
  const code =
    format === 'timestamp' && lastToken(pointer) === 'startAtTimestamp'
      ? 'start-at-timestamp'
      : kind === 'ConnectError' &&
          lastToken(pointer) === 'value' &&
          lastToken(parentPointer(parentPointer(pointer))) === 'details'
        ? 'connect-error'
        : 'schema/format';
  const empty = value === '' && format === 'timestamp' ? ' (the server would read "" as 1970-01-01T00:00:00Z)' : '';
  return {
    code,
    severity: 'error',
    pointer,
    message: `\`${field}\` is ${shown}${empty}; it must be ${formatDescriptions[format]}.`,
  };
}
