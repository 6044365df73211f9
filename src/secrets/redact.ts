/** Last line of defence: no secret from the document appears in any diagnostic text or fix. */
import type { Diagnostic } from '../lint/diagnostics';
import { isObject } from '../util/pointer';
import { containsPrivateKey, secretKeyNames } from './classify';

const MASK = '********';

/** Collects the secret strings of a document: password and key fields, and any PEM private key. */
export function collectSecrets(doc: unknown): string[] {
  const found = new Set<string>();
  const stack: { v: unknown; depth: number }[] = [{ v: doc, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (depth > 256) continue;
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else if (isObject(v)) {
      for (const [k, item] of Object.entries(v)) {
        if (secretKeyNames.has(k) && typeof item === 'string' && item.length >= 3) found.add(item);
        stack.push({ v: item, depth: depth + 1 });
      }
    } else if (typeof v === 'string' && containsPrivateKey(v)) {
      found.add(v);
    }
  }
  // Longest first, so a secret that contains another is masked whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret in a text by a mask. */
export function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

function maskValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return mask(value, secrets);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, secrets));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, secrets)]));
  return value;
}

/** Masks every secret of `doc` wherever it occurs in the diagnostics. */
export const redactSecrets = (diagnostics: Diagnostic[], doc: unknown): Diagnostic[] =>
  diagnostics.length === 0 ? diagnostics : redactStrings(diagnostics, collectSecrets(doc));

/** Masks each of the given secret strings wherever it occurs in the diagnostics. */
export function redactStrings(diagnostics: Diagnostic[], secrets: readonly string[]): Diagnostic[] {
  if (secrets.length === 0) return diagnostics;
  return diagnostics.map((d) => maskValue(d, secrets) as Diagnostic);
}

/**
 * Secret-looking strings in raw file text, for files that do not parse: values of `password` keys
 * (JSON or YAML) and the body lines of PEM private key blocks.
 */
export function secretsInText(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/["']?password["']?\s*:\s*("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^\s,}#\n][^,}#\n]*)/gi)) {
    const raw = m[1]!.trim();
    const unquoted = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    if (unquoted.length >= 3) found.add(unquoted);
    if (raw.length >= 3) found.add(raw);
  }
  for (const m of text.matchAll(
    /-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  )) {
    for (const line of m[1]!.split(/\\n|\r?\n/)) {
      const t = line.trim().replace(/^["']|["',]$/g, '');
      if (t.length >= 8) found.add(t);
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}
