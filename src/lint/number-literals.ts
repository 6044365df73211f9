/**
 * Integers as written in a file: a double cannot hold every integer, so for a number the parser
 * rounded, the text's digits decide what a message shows and whether an int64 is in range.
 */
import { fillTemplate, severityFor } from '../engine/findings';
import { ruleById } from '../engine/registry';
import type { RunSettings } from '../engine/run';
import { isSecretPointer } from '../secrets/classify';
import type { ParsedSource } from '../source/index';
import { getAt, parsePointer } from '../util/pointer';
import type { Diagnostic } from '../core/diagnostics';

/** A decimal integer literal (JSON, or YAML's plain form). */
const INTEGER_LITERAL = /^[-+]?\d{1,400}$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** The rule that judges int64 numbers; on text, it judges the digits rather than the rounded double. */
const INT64_RULE = 'int64-precision';

/** Sixteen digits in a row: an integer beyond ±(2^53 − 1) written in decimal has them. */
const SIXTEEN_DIGITS = /\d{16}/;

/** False when no integer in `text` can have been rounded by the parser: `integerAsWritten` then changes nothing. */
export const mayRoundIntegers = (text: string): boolean => SIXTEEN_DIGITS.test(text);

/**
 * The diagnostic with the digits as written in place of the rounded value (`9223372036854775809`,
 * not `9223372036854776000`); an `int64-precision` finding is judged again on those digits (the
 * double 2^63 is both the in-range `9223372036854775807` and the out-of-range `…808`). Values at a
 * secret position are left alone: their messages never show them.
 */
export function integerAsWritten(
  d: Diagnostic,
  source: ParsedSource,
  text: string,
  rules: RunSettings['rules'],
): Diagnostic {
  const value = getAt(source.value, d.pointer);
  if (typeof value !== 'number' || !Number.isInteger(value) || Number.isSafeInteger(value)) return d;
  if (isSecretPointer(d.pointer)) return d;
  const span = source.span(d.pointer);
  if (!span) return d;
  const literal = text.slice(span.value[0], span.value[1]).trim();
  if (!INTEGER_LITERAL.test(literal)) return d;
  const exact = BigInt(literal);
  const shown = literal.length > 40 ? `${literal.slice(0, 40)}… (${literal.length} digits)` : literal;
  const rule = ruleById.get(INT64_RULE);
  if (d.code === INT64_RULE && rule) {
    const messageId = exact > INT64_MAX || exact < INT64_MIN ? 'outOfRange' : 'unsafe';
    const spec = rule.messages[messageId]!;
    const setting = Object.hasOwn(rules, INT64_RULE) ? rules[INT64_RULE] : undefined;
    const level = Array.isArray(setting) ? setting[0] : setting;
    return {
      ...d,
      severity: severityFor(rule, messageId, level),
      message: fillTemplate(typeof spec === 'string' ? spec : spec.text, {
        field: parsePointer(d.pointer).at(-1) ?? '',
        value: shown,
      }),
    };
  }
  const rounded = String(value);
  if (exact === BigInt(value) || !d.message.includes(rounded)) return d;
  return { ...d, message: d.message.split(rounded).join(shown) };
}

/** The rule whose findings (an enum written as a known number) `enumAsWritten` judges again on the text. */
export const ENUM_SPELLING = 'enum-spelling';

/** A JSON number token that is no integer literal: a fraction or an exponent (`1.0`, `2e0`). */
const DECIMAL_LITERAL = /^-?\d+(\.\d+([eE][-+]?\d+)?|[eE][-+]?\d+)$/;

/**
 * An enum number in a JSON file judged on its text: the server's enum reader takes an integer
 * literal only, so `1.0` or `2e0`, which JSON.parse reads as the integers 1 and 2, are refused.
 */
export function enumAsWritten(d: Diagnostic, source: ParsedSource, text: string): Diagnostic {
  const name = d.suggestions?.[0]?.fix?.kind === 'replace-value' ? d.suggestions[0].fix.value : undefined;
  const span = source.span(d.pointer);
  if (typeof name !== 'string' || !span) return d;
  const literal = text.slice(span.value[0], span.value[1]).trim();
  if (!DECIMAL_LITERAL.test(literal)) return d;
  const { docsUrl: _theRulesPage, ...rest } = d;
  return {
    ...rest,
    code: 'parse/enum-decimal',
    severity: 'error',
    message: `\`${parsePointer(d.pointer).at(-1) ?? ''}\` is written ${literal.slice(0, 40)}, a decimal number: the server reads an enum only as a name or an integer literal and refuses this ("invalid request input"). Write "${name}".`,
  };
}
