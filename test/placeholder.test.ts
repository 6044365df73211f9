/**
 * The placeholder test (`${NAME}`, `${NAME:-default}`, `{{ template }}`) reads characters one by one
 * because it runs on every credential; it must say exactly what its specification, a regular
 * expression kept here, says — on generated strings built from the characters that matter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlaceholder, trimmed } from '../src/util/placeholder';
import { worthMasking } from '../src/util/secret-text';
import { fuzzRuns, fuzzSeed } from './support/fuzz';

const SPEC = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}$|^\{\{[^{}]{1,200}\}\}$/;
const bySpec = (s: string): boolean => SPEC.test(s.trim());

/** Strings made of the characters the grammar turns on, whitespace of every kind included. */
const pieces = fc.constantFrom(
  '$',
  '{',
  '}',
  ':',
  '-',
  '_',
  'A',
  'z',
  '9',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\ufeff',
  '\u2028',
  'é',
  'x'.repeat(199),
);
const text = fc.array(pieces, { maxLength: 12 }).map((p) => p.join(''));
const framed = fc
  .tuple(
    fc.constantFrom('', ' ', '\u00a0'),
    fc.constantFrom('${', '{{', '$', '{'),
    text,
    fc.constantFrom('}', '}}', ''),
    fc.constantFrom('', '\n'),
  )
  .map((p) => p.join(''));

describe('isPlaceholder', () => {
  it.each([
    ['${SHADOW_PASSWORD}', true],
    ['  ${A:-fallback value}\n', true],
    ['${A:-}', true],
    ['{{ vault "kv/link" }}', true],
    ['${1A}', false],
    ['${A:}', false],
    ['${A:-x}}', false],
    ['{{}}', false],
    ['{{ {x} }}', false],
    [`{{${'x'.repeat(200)}}}`, true],
    [`{{${'x'.repeat(201)}}}`, false],
    ['$SHADOW_PASSWORD', false],
    ['hunter2', false],
  ])('%j → %s', (s, expected) => {
    expect(isPlaceholder(s)).toBe(expected);
    expect(bySpec(s)).toBe(expected);
  });

  it('says what the regular expression says, on generated strings', () => {
    fc.assert(
      fc.property(fc.oneof(framed, text, fc.string()), (s) => {
        expect(isPlaceholder(s)).toBe(bySpec(s));
        expect(trimmed(s)).toBe(s.trim());
        expect(worthMasking(s)).toBe(s.trim().length >= 4 && !bySpec(s));
      }),
      { seed: fuzzSeed(41), numRuns: fuzzRuns(2000) },
    );
  });
});
