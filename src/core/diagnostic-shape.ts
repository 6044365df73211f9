/**
 * Whether a value read back from outside (a cache file) has the `Diagnostic` shape in full: every
 * report format reads its optional parts (a range's numbers, related places, suggestions), so a
 * finding that has them malformed would fail the report, not the reading.
 */
import { SEVERITIES, type Diagnostic } from './diagnostics';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (o: Json, key: string, check: (v: unknown) => boolean): boolean =>
  o[key] === undefined || check(o[key]);
const isString = (v: unknown): boolean => typeof v === 'string';
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPosition = (v: unknown): boolean =>
  isRecord(v) &&
  isCount(v['line']) &&
  (v['line'] as number) >= 1 &&
  isCount(v['column']) &&
  (v['column'] as number) >= 1;
const isRange = (v: unknown): boolean => isRecord(v) && isPosition(v['start']) && isPosition(v['end']);
const listOf = (check: (v: unknown) => boolean) => (v: unknown) => Array.isArray(v) && v.every(check);

/** Whether a value has the shape of a `Fix` (its kind's fields present; the pointer any string). */
export const isFix = (v: unknown): boolean => {
  if (!isRecord(v) || !isString(v['pointer'])) return false;
  switch (v['kind']) {
    case 'rename-key':
      return isString(v['to']);
    case 'replace-value':
      return Object.hasOwn(v, 'value');
    case 'remove':
      return true;
    default:
      return false;
  }
};

const isSuggestion = (v: unknown): boolean =>
  isRecord(v) &&
  isString(v['message']) &&
  optional(v, 'fix', isFix) &&
  optional(v, 'autofix', (a) => typeof a === 'boolean');

const isRelated = (v: unknown): boolean =>
  isRecord(v) && isString(v['pointer']) && isString(v['message']) && optional(v, 'range', isRange);

const isCounts = (v: unknown): boolean =>
  isRecord(v) && isCount(v['errors']) && isCount(v['warnings']) && isCount(v['infos']);

/** True when `d` is a `Diagnostic`, down to its range's numbers, its related places and its suggestions' fixes. */
export function isDiagnostic(d: unknown): d is Diagnostic {
  return (
    isRecord(d) &&
    isString(d['code']) &&
    isString(d['message']) &&
    isString(d['pointer']) &&
    (SEVERITIES as readonly unknown[]).includes(d['severity']) &&
    optional(d, 'range', isRange) &&
    optional(d, 'docsUrl', isString) &&
    optional(d, 'suggestions', listOf(isSuggestion)) &&
    optional(d, 'related', listOf(isRelated)) &&
    optional(d, 'omitted', isCounts)
  );
}
