/**
 * Last line of defence: no secret from the document appears in any diagnostic text or fix. Messages
 * never echo a value at a secret position (see `showValue`); this masks a secret that reached a
 * message some other way (the same string used in a non-secret field). Only values are masked:
 * pointers, key names and fix targets are left alone.
 */
import type { Diagnostic, Suggestion } from '../core/diagnostics';
import { isObject } from '../util/pointer';
import { containsPrivateKey, isSecretKeyName } from './classify';
import { isPlaceholder } from './placeholder';

/** What replaces a secret in text. */
export const MASK = '********';

/** Shortest string treated as a secret worth masking: shorter ones would mask ordinary words. */
const MIN_SECRET = 4;

/** Adds a secret string and, for private keys, each line of its body. */
function addSecret(found: Set<string>, s: string): void {
  const t = s.trim();
  if (t.length < MIN_SECRET || isPlaceholder(t)) return;
  found.add(t);
  if (containsPrivateKey(t)) {
    for (const line of t.split(/\r\n|\r|\n|\\n/)) {
      const l = line.trim();
      if (l.length >= 8 && !l.startsWith('-----')) found.add(l);
    }
  }
}

/** Collects the secret values of a document: scalars under credential-like keys, and PEM private keys anywhere. */
export function collectSecrets(doc: unknown): string[] {
  const found = new Set<string>();
  const stack: { v: unknown; secret: boolean; depth: number }[] = [{ v: doc, secret: false, depth: 0 }];
  while (stack.length > 0) {
    const { v, secret, depth } = stack.pop()!;
    if (depth > 300) continue;
    if (typeof v === 'string') {
      if (secret || containsPrivateKey(v)) addSecret(found, v);
    } else if (typeof v === 'number' || typeof v === 'bigint') {
      if (secret) addSecret(found, String(v));
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, secret, depth: depth + 1 });
    } else if (isObject(v)) {
      for (const k of Object.keys(v)) stack.push({ v: v[k], secret: secret || isSecretKeyName(k), depth: depth + 1 });
    }
  }
  // Longest first, so a secret that contains another is masked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * Replaces every occurrence of each secret in a text by the mask. Secrets shorter than four
 * characters are not searched for in text (they would mask ordinary letters and words, and the
 * garbled text would point at them); they are still masked wherever they stand as a value.
 */
export function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= MIN_SECRET && out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

function maskValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return mask(value, secrets);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, secrets));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, secrets)]));
  return value;
}

function maskSuggestion(s: Suggestion, secrets: readonly string[]): Suggestion {
  const out: Suggestion = { ...s, message: mask(s.message, secrets) };
  if (s.fix?.kind === 'replace-value') out.fix = { ...s.fix, value: maskValue(s.fix.value, secrets) };
  return out;
}

/** Words a secret may coincide with that must stay readable (key names in messages). */
function isVocabulary(secret: string, words: ReadonlySet<string>): boolean {
  for (const w of words) if (w.includes(secret)) return true;
  return false;
}

/**
 * Masks each secret wherever it occurs in messages, suggestions and related notes; never in
 * pointers or fix targets. `keyNames` are the model's field names: a secret that is part of one
 * (a password "password") is left to the value-level protection, so that messages stay readable.
 */
export function redactStrings(
  diagnostics: Diagnostic[],
  secrets: readonly string[],
  keyNames: ReadonlySet<string> = new Set(),
): Diagnostic[] {
  const active = secrets.filter((s) => !isVocabulary(s, keyNames));
  if (active.length === 0 || diagnostics.length === 0) return diagnostics;
  return diagnostics.map((d) => {
    const out: Diagnostic = { ...d, message: mask(d.message, active) };
    if (d.suggestions) out.suggestions = d.suggestions.map((s) => maskSuggestion(s, active));
    if (d.related) out.related = d.related.map((r) => ({ ...r, message: mask(r.message, active) }));
    return out;
  });
}

/** Masks every secret of `doc` wherever it occurs in the diagnostics' texts; `modelKeys` are never masked. */
export function redactSecrets(diagnostics: Diagnostic[], doc: unknown, modelKeys?: ReadonlySet<string>): Diagnostic[] {
  if (diagnostics.length === 0) return diagnostics;
  const secrets = collectSecrets(doc);
  if (secrets.length === 0) return diagnostics;
  return redactStrings(diagnostics, secrets, modelKeys);
}
