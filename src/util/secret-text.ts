/**
 * What the secret search keeps of a string: shared by the redaction (src/secrets) and by the
 * acceptors' note of whether a value can hold a secret at all, which must never disagree.
 */
import { isPlaceholder, trimmed } from './placeholder';

/** Shortest string treated as a secret worth masking: shorter ones would mask ordinary words. */
export const MIN_SECRET = 4;

/** True for a string the secret search keeps: at least MIN_SECRET characters once trimmed, and not a placeholder. */
export function worthMasking(s: string): boolean {
  const t = trimmed(s);
  return t.length >= MIN_SECRET && !isPlaceholder(t);
}

/** False for a string that cannot hold a PEM private key: too short, or without the marker's tail (a plain search first). */
export const mayHoldPrivateKey = (s: string): boolean => s.length >= 27 && s.includes('PRIVATE KEY-----');
