/** Last line of defence: no secret from the document appears in any diagnostic text or fix. */
import type { Diagnostic } from './diagnostics';
import { isObject } from './pointer';
import { containsPrivateKey, secretKeyNames } from './secrets';

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

function mask(text: string, secrets: readonly string[]): string {
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
export function redactSecrets(diagnostics: Diagnostic[], doc: unknown): Diagnostic[] {
  const secrets = collectSecrets(doc);
  if (secrets.length === 0) return diagnostics;
  return diagnostics.map((d) => maskValue(d, secrets) as Diagnostic);
}
