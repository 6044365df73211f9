/**
 * Last line of defence: no secret from the document appears in any diagnostic text or fix. Messages
 * never echo a value at a secret position (see `showValue`); this masks a secret that reached a
 * message some other way (the same string used in a non-secret field). Only values are masked:
 * pointers, key names and fix targets are left alone.
 */
import type { Diagnostic, Suggestion } from '../core/diagnostics';
import { childPointer, isObject } from '../util/pointer';
import { containsPrivateKey, isSecretKeyName, isSecretValue } from './classify';
import { MIN_SECRET, worthMasking } from '../util/secret-text';

/** What replaces a secret in text. */
export const MASK = '********';

/** Adds a secret string and, for private keys, each line of its body. */
function addSecret(found: Set<string>, s: string): void {
  if (!worthMasking(s)) return;
  const t = s.trim();
  found.add(t);
  if (containsPrivateKey(t)) {
    for (const line of t.split(/\r\n|\r|\n|\\n/)) {
      const l = line.trim();
      if (l.length >= 8 && !l.startsWith('-----')) found.add(l);
    }
  }
}

/**
 * False only for a secret that no masking of `within` can find. `mask` replaces secrets by runs of
 * `*`, so a stretch of masked text without `*` was already a stretch of the original: a secret
 * without `*` that is not in the original is in no masked version of it either. Dropping such a
 * secret leaves every masking as it was, and the others keep their order.
 */
const couldMask = (secret: string, within: string): boolean => within.includes(secret) || secret.includes('*');

/** Deepest level of a document searched for secrets. */
const MAX_SECRET_DEPTH = 300;

/** Collects the secret values of a document: scalars under credential-like keys, and PEM private keys anywhere. */
export function collectSecrets(doc: unknown): string[] {
  const found = new Set<string>();
  collectFrom(doc, false, 0, found);
  // Longest first, so a secret that contains another is masked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * Depth first, last child first (the order of the explicit stack this replaced: the secrets' order
 * decides which of two overlapping ones is masked), without an allocation per value.
 */
function collectFrom(v: unknown, secret: boolean, depth: number, found: Set<string>): void {
  if (depth > MAX_SECRET_DEPTH) return;
  if (typeof v === 'string') {
    if (secret || containsPrivateKey(v)) addSecret(found, v);
  } else if (typeof v === 'number' || typeof v === 'bigint') {
    if (secret) addSecret(found, String(v));
  } else if (Array.isArray(v)) {
    for (let i = v.length - 1; i >= 0; i--) collectFrom(v[i], secret, depth + 1, found);
  } else if (isObject(v)) {
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      collectFrom(v[k], secret || isSecretKeyName(k), depth + 1, found);
    }
  }
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

/** `list` with `f` applied to each item; `list` itself when `f` returned every item unchanged. */
function mapList<T>(list: readonly T[], f: (item: T) => T): readonly T[] {
  let out: T[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    const mapped = f(item);
    if (out) out.push(mapped);
    else if (mapped !== item) {
      out = list.slice(0, i);
      out.push(mapped);
    }
  }
  return out ?? list;
}

/**
 * A value (a request, a converted file) to print: every value at a secret position is the mask,
 * and every secret anywhere in other text is masked too; placeholders are not secrets.
 */
export function maskValue(value: unknown, secrets: readonly string[], pointer = ''): unknown {
  if (typeof value === 'string') return isSecretValue(value, pointer) && value !== '' ? MASK : mask(value, secrets);
  if (Array.isArray(value)) return value.map((v, i) => maskValue(v, secrets, childPointer(pointer, i)));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, maskValue(v, secrets, childPointer(pointer, k))]),
    );
  return value;
}

/** A value with `f` applied to every string in it (a fix's replacement value); the value itself when no string changed. */
function mapStrings(value: unknown, f: (text: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return mapList(value, (v) => mapStrings(v, f));
  if (isObject(value)) {
    const entries = Object.entries(value);
    const mapped = mapList(entries, (e): [string, unknown] => {
      const v = mapStrings(e[1], f);
      return v === e[1] ? e : [e[0], v];
    });
    return mapped === entries ? value : Object.fromEntries(mapped);
  }
  return value;
}

/** A suggestion with `f` applied to its message and replacement value; the suggestion itself when neither changed. */
function mapSuggestion(s: Suggestion, f: (text: string) => string): Suggestion {
  const message = f(s.message);
  const fix = s.fix;
  const value = fix?.kind === 'replace-value' ? mapStrings(fix.value, f) : undefined;
  const valueChanged = fix?.kind === 'replace-value' && value !== fix.value;
  if (message === s.message && !valueChanged) return s;
  const o: Suggestion = { ...s, message };
  if (valueChanged) o.fix = { ...fix, value };
  return o;
}

/**
 * The diagnostic with `f` applied to every text that may echo a value — the message, each
 * suggestion's message and replacement value, each related note — and never to pointers, key
 * names or fix targets. The one list of those texts: masking and the search for secrets share it.
 * Only what `f` changed is copied (the diagnostic itself when nothing changed): a lint with
 * thousands of findings and no secret in them copies none.
 */
function mapTexts(d: Diagnostic, f: (text: string) => string): Diagnostic {
  const message = f(d.message);
  const suggestions = d.suggestions && mapList(d.suggestions, (s) => mapSuggestion(s, f));
  const related =
    d.related &&
    mapList(d.related, (r) => {
      const m = f(r.message);
      return m === r.message ? r : { ...r, message: m };
    });
  if (message === d.message && suggestions === d.suggestions && related === d.related) return d;
  const out: Diagnostic = { ...d, message };
  if (suggestions) out.suggestions = suggestions as Suggestion[];
  if (related) out.related = related as NonNullable<Diagnostic['related']>;
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
  return diagnostics.map((d) => mapTexts(d, (text) => mask(text, active)));
}

/** Every text `redactStrings` masks, joined. */
function maskedText(diagnostics: readonly Diagnostic[]): string {
  const parts: string[] = [];
  for (const d of diagnostics)
    mapTexts(d, (text) => {
      parts.push(text);
      return text;
    });
  // A separator that joins two texts can only add a match, never hide one.
  return parts.join('\n');
}

/**
 * Masks every secret of `doc` wherever it occurs in the diagnostics' texts; `modelKeys` are never
 * masked. The texts are joined only when the document has a secret: then only the secrets that can
 * change a masking of them are kept (`couldMask`), in their order.
 */
export function redactSecrets(diagnostics: Diagnostic[], doc: unknown, modelKeys?: ReadonlySet<string>): Diagnostic[] {
  if (diagnostics.length === 0) return diagnostics;
  let secrets = collectSecrets(doc);
  if (secrets.length === 0) return diagnostics;
  const within = maskedText(diagnostics);
  secrets = secrets.filter((s) => couldMask(s, within));
  if (secrets.length === 0) return diagnostics;
  return redactStrings(diagnostics, secrets, modelKeys);
}
