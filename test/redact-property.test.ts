/**
 * `redactSecrets` keeps only the secrets that can occur in the diagnostics' texts, and walks the
 * document without a stack of objects; its output is the same as masking with every secret of the
 * document in the order the explicit-stack walk found them. That walk is kept here as the oracle.
 * Secrets overlap, contain `*` (the mask's character), repeat, sit in PEM private keys and numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, Suggestion } from '../src/core/diagnostics';
import { containsPrivateKey, isSecretKeyName } from '../src/secrets/classify';
import { isPlaceholder } from '../src/util/placeholder';
import { collectSecrets, mask, redactSecrets, redactStrings } from '../src/secrets/redact';
import { isObject } from '../src/util/pointer';
import { fuzzRuns, fuzzSeed } from './support/fuzz';

// ---- The oracle: collectSecrets as it was (commit 2dd0e99). ----

function oldAddSecret(found: Set<string>, s: string): void {
  const t = s.trim();
  if (t.length < 4 || isPlaceholder(t)) return;
  found.add(t);
  if (containsPrivateKey(t)) {
    for (const line of t.split(/\r\n|\r|\n|\\n/)) {
      const l = line.trim();
      if (l.length >= 8 && !l.startsWith('-----')) found.add(l);
    }
  }
}

function oldCollectSecrets(doc: unknown): string[] {
  const found = new Set<string>();
  const stack: { v: unknown; secret: boolean; depth: number }[] = [{ v: doc, secret: false, depth: 0 }];
  while (stack.length > 0) {
    const { v, secret, depth } = stack.pop()!;
    if (depth > 300) continue;
    if (typeof v === 'string') {
      if (secret || containsPrivateKey(v)) oldAddSecret(found, v);
    } else if (typeof v === 'number' || typeof v === 'bigint') {
      if (secret) oldAddSecret(found, String(v));
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, secret, depth: depth + 1 });
    } else if (isObject(v)) {
      for (const k of Object.keys(v)) stack.push({ v: v[k], secret: secret || isSecretKeyName(k), depth: depth + 1 });
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** Masking as it was before copies were limited to what changed: every diagnostic, suggestion and value copied. */
function oldMapStrings(value: unknown, f: (text: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => oldMapStrings(v, f));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oldMapStrings(v, f)]));
  return value;
}

function oldRedactStrings(diagnostics: Diagnostic[], secrets: readonly string[]): Diagnostic[] {
  if (secrets.length === 0) return diagnostics;
  const f = (text: string) => mask(text, secrets);
  return diagnostics.map((d) => {
    const out: Diagnostic = { ...d, message: f(d.message) };
    if (d.suggestions)
      out.suggestions = d.suggestions.map((s) => {
        const o: Suggestion = { ...s, message: f(s.message) };
        if (s.fix?.kind === 'replace-value') o.fix = { ...s.fix, value: oldMapStrings(s.fix.value, f) };
        return o;
      });
    if (d.related) out.related = d.related.map((r) => ({ ...r, message: f(r.message) }));
    return out;
  });
}

// ---- Generators: a small alphabet, so that secrets overlap each other and the messages. ----

const word = fc
  .array(fc.constantFrom('a', 'b', '*', '*', ' ', 'x'), { minLength: 0, maxLength: 8 })
  .map((a) => a.join(''));

const pem = fc
  .tuple(word, word)
  .map(([a, b]) => `-----BEGIN RSA PRIVATE KEY-----\n${a}bbbbbbbb${b}\n${b}aaaaaaaa\n-----END RSA PRIVATE KEY-----`);

const scalar = fc.oneof(
  { weight: 5, arbitrary: word },
  { weight: 1, arbitrary: pem },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99_999 }) },
  { weight: 1, arbitrary: fc.constantFrom('${PASSWORD}', true, null) },
);

const key = fc.constantFrom('password', 'pasword', 'token', 'key', 'name', 'user', 'passwordSet', 'hosts', 'a');

const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
  ),
}));

/** A text that may hold pieces of the document's strings. */
const text = fc
  .array(fc.oneof(word, fc.constantFrom('********', 'bbbbbbbb', 'aaaaaaaa', 'password')), {
    maxLength: 5,
  })
  .map((a) => a.join(''));

const suggestion: fc.Arbitrary<Suggestion> = fc
  .tuple(text, fc.oneof(fc.constant(undefined), text, fc.array(text, { maxLength: 2 }), fc.dictionary(key, text)))
  .map(([message, value]) =>
    value === undefined ? { message } : { message, fix: { kind: 'replace-value', pointer: '/a', value } },
  );

const diagnostic: fc.Arbitrary<Diagnostic> = fc
  .tuple(text, fc.array(suggestion, { maxLength: 2 }), fc.array(text, { maxLength: 2 }))
  .map(([message, suggestions, related]) => ({
    code: 'schema/type',
    severity: 'error',
    pointer: '/a',
    message,
    ...(suggestions.length > 0 ? { suggestions } : {}),
    ...(related.length > 0 ? { related: related.map((m) => ({ pointer: '/b', message: m })) } : {}),
  }));

describe('redactSecrets keeps only the secrets its texts can show, with the same output', () => {
  it('matches masking with every secret of the document, in the old walk order', () => {
    const vocabulary = new Set(['password', 'name']);
    fc.assert(
      fc.property(tree, fc.array(diagnostic, { minLength: 1, maxLength: 4 }), (doc, diagnostics) => {
        expect(collectSecrets(doc)).toEqual(oldCollectSecrets(doc));
        const expected = redactStrings(diagnostics, oldCollectSecrets(doc), vocabulary);
        expect(redactSecrets(diagnostics, doc, vocabulary)).toEqual(expected);
      }),
      { numRuns: fuzzRuns(3_000, 0.05), seed: fuzzSeed(17_0304) },
    );
  });

  it('masks as copying everything did, copies only what a mask changed, and leaves its input alone', () => {
    fc.assert(
      fc.property(tree, fc.array(diagnostic, { minLength: 1, maxLength: 4 }), (doc, diagnostics) => {
        const before = structuredClone(diagnostics);
        const secrets = collectSecrets(doc);
        const out = redactStrings(diagnostics, secrets);
        expect(out).toEqual(oldRedactStrings(before, secrets));
        expect(diagnostics).toEqual(before);
        out.forEach((d, i) => {
          const unchanged = JSON.stringify(d) === JSON.stringify(diagnostics[i]);
          expect(d === diagnostics[i]).toBe(unchanged);
          d.suggestions?.forEach((s, j) => {
            const was = diagnostics[i]!.suggestions![j]!;
            expect(s === was).toBe(JSON.stringify(s) === JSON.stringify(was));
          });
        });
      }),
      { numRuns: fuzzRuns(3_000, 0.05), seed: fuzzSeed(17_0501) },
    );
  });

  it('masks a secret found in a text, and copies nothing when no secret is in any text', () => {
    const doc = { password: 'hunter2hunter2', user: { token: 'abcdefgh' } };
    const d = (message: string): Diagnostic => ({ code: 'schema/type', severity: 'error', pointer: '/a', message });
    expect(redactSecrets([d('the value was hunter2hunter2')], doc)[0]!.message).toBe('the value was ********');
    const clean = [d('nothing here')];
    expect(redactSecrets(clean, doc)[0]).toBe(clean[0]);
  });

  it('a secret with `*` is kept though not in the text: an earlier mask can make it appear', () => {
    // `bbbb` is masked first (same length, found first), and `****` then matches inside its mask.
    const doc = { token: '****', password: 'bbbb' };
    const d: Diagnostic = { code: 'schema/type', severity: 'error', pointer: '/a', message: 'bbbb' };
    expect(redactSecrets([d], doc)[0]!.message).toBe('*'.repeat(16));
    expect(redactSecrets([d], doc)).toEqual(redactStrings([d], oldCollectSecrets(doc)));
  });
});
