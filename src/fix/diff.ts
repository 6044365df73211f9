/** A small unified-style line diff, for `--fix-dry-run`. */

/** Lines that differ between two texts, as `-`/`+` lines with a line number of the old text. */
export function lineDiff(before: string, after: string, name: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;
  const oldMid = a.slice(prefix, a.length - suffix);
  const newMid = b.slice(prefix, b.length - suffix);
  if (oldMid.length === 0 && newMid.length === 0) return '';
  const out = [`--- ${name}`, `+++ ${name} (fixed)`];
  // Within the changed block, pair lines with an LCS so that unchanged lines stay as context.
  const n = oldMid.length;
  const m = newMid.length;
  if (n * m > 4_000_000) {
    out.push(
      `@@ -${prefix + 1},${n} +${prefix + 1},${m} @@`,
      ...oldMid.map((l) => `-${l}`),
      ...newMid.map((l) => `+${l}`),
    );
    return `${out.join('\n')}\n`;
  }
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = oldMid[i] === newMid[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  out.push(`@@ -${prefix + 1},${n} +${prefix + 1},${m} @@`);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && oldMid[i] === newMid[j]) {
      out.push(` ${oldMid[i]}`);
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) out.push(`-${oldMid[i++]}`);
    else out.push(`+${newMid[j++]}`);
  }
  return `${out.join('\n')}\n`;
}
