/** "Did you mean" helpers: edit distance, snake_case to camelCase, nearest candidates. */

/** Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** `bootstrap_servers` → `bootstrapServers`; other strings unchanged. */
export const snakeToCamel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** True when `s` looks like snake_case (has an underscore between lowercase words). */
export const isSnakeCase = (s: string): boolean => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(s);

/** The closest candidate to `input` within a distance that scales with its length, if any. */
export function nearest(input: string, candidates: readonly string[]): string | undefined {
  if (input.length > 200) return undefined;
  const lower = input.toLowerCase();
  const caseMatch = candidates.find((c) => c.toLowerCase() === lower);
  if (caseMatch !== undefined) return caseMatch;
  const limit = Math.max(1, Math.min(4, Math.floor(input.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase(), limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Lists values for a message: `A, B or C`. */
export function listValues(values: readonly string[], conjunction = 'or'): string {
  const quoted = values.map((v) => `"${v}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}
