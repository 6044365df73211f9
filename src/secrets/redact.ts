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
const couldMask = (secret: string, within: string): boolean =>
  secret.includes('*') || echoForms([secret]).some((f) => within.includes(f.slice(0, MIN_CUT_IN_FINDINGS)));

/**
 * Shortest start of a secret masked where a finding's text was cut: every message that shortens a
 * value keeps at least 40 of its characters, and a shorter start (`pass…`) would mask ordinary words.
 */
const MIN_CUT_IN_FINDINGS = 16;

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
  return maskValueWith(value, pointer, (text) => mask(text, secrets), false);
}

/**
 * A server's answer to print: as `maskValue`, but every string, keys too, is masked as text from
 * outside (`maskOutside`: echoed and cut forms of the secrets).
 */
export function maskAnswer(value: unknown, secrets: readonly string[]): unknown {
  return maskValueWith(value, '', (text) => maskOutside(text, secrets), true);
}

function maskValueWith(value: unknown, pointer: string, f: (text: string) => string, keys: boolean): unknown {
  if (typeof value === 'string') return isSecretValue(value, pointer) && value !== '' ? MASK : f(value);
  if (Array.isArray(value)) return value.map((v, i) => maskValueWith(v, childPointer(pointer, i), f, keys));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [keys ? f(k) : k, maskValueWith(v, childPointer(pointer, k), f, keys)]),
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
  const forms = echoForms(active);
  return diagnostics.map((d) => mapTexts(d, (text) => maskEchoes(text, forms)));
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

/**
 * The forms a secret takes where a server echoes it back: as written; JSON-escaped once, or twice
 * (a request quoted in a message that is itself JSON); and with every character outside printable
 * ASCII, and `<`, `>`, `&`, `'`, written `\uXXXX` (what Go's and other encoders do), in either hex
 * case. Longest first, each kept by `worthMasking`'s length rule.
 */
export function echoForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const s of secrets) {
    const once = JSON.stringify(s).slice(1, -1);
    const ascii = once.replace(/[^\x20-\x7e]|[<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const f of [
      s,
      once,
      JSON.stringify(once).slice(1, -1),
      ascii,
      ascii.replace(/\\u[0-9a-f]{4}/g, (u) => `\\u${u.slice(2).toUpperCase()}`),
    ])
      if (f.length >= MIN_SECRET) forms.add(f);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * True when a cut may end at `at`: the end of the text, an ellipsis (`…`, `...`) a writer put where
 * it cut, or a closing quote (a value that holds only the start of a secret, quoted in a message).
 */
const cutAt = (text: string, at: number): boolean =>
  at === text.length || text[at] === '"' || text.startsWith('…', at) || text.startsWith('...', at);

/**
 * `text` with each of `forms` (`echoForms`) masked, and every cut secret too: the first `minCut`
 * or more characters of one standing where the text was cut (see `cutAt`), which a server or a
 * shortening leaves when it stops in the middle of a secret. Cost: a search for each form's first
 * characters. The one masking of echoed text: findings, diffs and the client's answers.
 */
export function maskEchoes(text: string, forms: readonly string[], minCut = MIN_CUT_IN_FINDINGS): string {
  let out = mask(text, forms);
  const cuts: [number, number][] = [];
  for (const f of forms) {
    if (f.length <= minCut) continue;
    const head = f.slice(0, minCut);
    for (let s = out.indexOf(head); s !== -1; s = out.indexOf(head, s + 1)) {
      let same = minCut;
      while (same < f.length - 1 && out[s + same] === f[same]) same++;
      for (let end = s + same; end >= s + minCut; end--)
        if (cutAt(out, end)) {
          cuts.push([s, end]);
          break;
        }
    }
  }
  if (cuts.length === 0) return out;
  cuts.sort((a, b) => b[0] - a[0]);
  // From the last cut to the first, so that each replacement leaves the earlier positions as they were.
  let limit = out.length;
  for (const [s, end] of cuts) {
    const e = Math.min(end, limit);
    if (s >= e) continue;
    out = out.slice(0, s) + MASK + out.slice(e);
    limit = s;
  }
  return out;
}

/**
 * Text from outside (a server's message, a header, a field of its answer) as it may be shown:
 * shortened to `maxChars` with the number of characters left out, and every secret masked in
 * each of its echoed forms (`echoForms`), also one the shortening or the server cut (`maskEchoes`).
 */
export function maskOutside(text: string, secrets: readonly string[], maxChars = Infinity): string {
  let cut = text.length > maxChars ? maxChars : text.length;
  // Never half of a surrogate pair.
  if (cut < text.length && cut > 0 && /[\ud800-\udbff]/.test(text[cut - 1]!)) cut--;
  const shown =
    secrets.length === 0 ? text.slice(0, cut) : maskEchoes(text.slice(0, cut), echoForms(secrets), MIN_SECRET);
  return cut < text.length ? `${shown}… (${text.length - cut} more characters not shown)` : shown;
}

/** Findings about a server's answer, every text that may echo a value (`mapTexts`) masked as text from outside. */
export function redactOutside(diagnostics: Diagnostic[], secrets: readonly string[]): Diagnostic[] {
  if (secrets.length === 0 || diagnostics.length === 0) return diagnostics;
  const forms = echoForms(secrets);
  return diagnostics.map((d) => mapTexts(d, (text) => maskEchoes(text, forms, MIN_SECRET)));
}
