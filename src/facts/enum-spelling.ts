/** Maps the enum spellings the server (or a human) might use to the name the spec lists. */

/** Enum names the spec lists but the server's parser does not know, with the name to use instead. */
export const ENUM_ALIASES: Readonly<Record<string, string>> = {
  PATTERN_TYPE_PREFIXED: 'PATTERN_TYPE_PREFIX',
  ACL_PATTERN_PREFIX: 'ACL_PATTERN_PREFIXED',
};

const normalize = (s: string): string =>
  s
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');

/**
 * The listed enum name a misspelt value stands for: a protobuf enum number, a short name (`LITERAL`,
 * `SCRAM-SHA-256`), or the right name in the wrong case. Undefined when there is no single answer.
 */
export function canonicalEnumName(value: unknown, allowed: readonly string[], numbered: boolean): string | undefined {
  if (typeof value === 'number') {
    if (!numbered || !Number.isInteger(value)) return undefined;
    // Proto enum numbers follow the listing order; aliases share their target's number.
    const numberedNames = allowed.filter((n) => !Object.hasOwn(ENUM_ALIASES, n));
    return numberedNames[value];
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) return undefined;
  const norm = normalize(value);
  if (norm === '') return undefined;
  // A spelling of an alias the server does not know (`PREFIXED`, `pattern_type_prefixed`) means its target.
  const resolve = (n: string): string => (Object.hasOwn(ENUM_ALIASES, n) ? ENUM_ALIASES[n]! : n);
  const exact = allowed.filter((n) => n === norm);
  if (exact.length === 1) return resolve(exact[0]!);
  const suffix = allowed.filter((n) => n.endsWith(`_${norm}`) && !Object.hasOwn(ENUM_ALIASES, n));
  if (suffix.length === 1) return suffix[0];
  const aliasSuffix = allowed.filter((n) => n.endsWith(`_${norm}`) && Object.hasOwn(ENUM_ALIASES, n));
  return aliasSuffix.length === 1 ? resolve(aliasSuffix[0]!) : undefined;
}
