/** Unified diffs of fixes (`--fix-dry-run`): standard hunks with three lines of context, secrets masked. */
import { diffArrays } from 'diff';
import { maskLines, secretSpans, secretStrings, type Span } from '../source/secret-spans';
import { echoForms, maskEchoes } from '../secrets/redact';

/** Lines of context around each change. */
const CONTEXT = 3;
/** Most edits searched for exactly in one stretch of lines; past it, the stretch is replaced as a block. */
const MAX_EXACT_EDITS = 200;
/** Work allowed for finding anchors, in lines visited per line of input: bounds the cost on any input. */
const ANCHOR_BUDGET = 32;

/** One line of an edit script: kept (`' '`), removed (`'-'`) or added (`'+'`). */
interface Op {
  mark: ' ' | '-' | '+';
  /** Index of the line in the old text (kept and removed lines) or the new text (added lines). */
  index: number;
}

/** Lines as `diff` and `patch` see them: split at `\n`, each keeping any `\r`. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Longest increasing subsequence of `values` (patience sorting): the indices into `values`. */
function increasingRun(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < values[i]!) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  }
  const out: number[] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = previous[k]!) out.push(k);
  return out.reverse();
}

/**
 * An edit script from `a` to `b` in time linear in their length: common ends are kept, lines that
 * occur once on each side anchor the rest (patience diff), stretches between anchors are diffed
 * exactly up to MAX_EXACT_EDITS edits and otherwise replaced as a block. Fixes change lines in
 * place, so the result is the minimal diff in practice; on any input it is a correct one.
 */
export function lineEdits(a: readonly string[], b: readonly string[]): Op[] {
  const ops: Op[] = [];
  let budget = ANCHOR_BUDGET * (a.length + b.length) + 1000;
  const replace = (a0: number, a1: number, b0: number, b1: number) => {
    for (let i = a0; i < a1; i++) ops.push({ mark: '-', index: i });
    for (let j = b0; j < b1; j++) ops.push({ mark: '+', index: j });
  };
  // Tasks run in order from a stack: stretches to diff, and anchor lines to keep.
  type Task = { keep: number } | { a0: number; a1: number; b0: number; b1: number };
  const tasks: Task[] = [{ a0: 0, a1: a.length, b0: 0, b1: b.length }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if ('keep' in task) {
      ops.push({ mark: ' ', index: task.keep });
      continue;
    }
    let { a0, a1, b0, b1 } = task;
    const head: number[] = [];
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) {
      head.push(a0++);
      b0++;
    }
    let tail = 0;
    while (a1 > a0 && b1 > b0 && a[a1 - 1] === b[b1 - 1]) {
      a1--;
      b1--;
      tail++;
    }
    for (const i of head) ops.push({ mark: ' ', index: i });
    const after: Task[] = [];
    for (let t = tail - 1; t >= 0; t--) after.push({ keep: a1 + t });
    tasks.push(...after);
    if (a0 === a1 || b0 === b1) {
      replace(a0, a1, b0, b1);
      continue;
    }
    const exact =
      a1 - a0 + (b1 - b0) <= 4 * MAX_EXACT_EDITS
        ? diffArrays(a.slice(a0, a1), b.slice(b0, b1), { maxEditLength: MAX_EXACT_EDITS })
        : undefined;
    if (exact) {
      let i = a0;
      let j = b0;
      for (const part of exact) {
        for (let k = 0; k < part.count; k++) {
          if (part.added) ops.push({ mark: '+', index: j++ });
          else if (part.removed) ops.push({ mark: '-', index: i++ });
          else {
            ops.push({ mark: ' ', index: i++ });
            j++;
          }
        }
      }
      continue;
    }
    budget -= a1 - a0 + (b1 - b0);
    // Lines that occur exactly once on each side, in old order, with their new positions.
    const count = new Map<string, { a: number; b: number; at: number; bAt: number }>();
    if (budget > 0) {
      for (let i = a0; i < a1; i++) {
        const c = count.get(a[i]!);
        if (c) c.a++;
        else count.set(a[i]!, { a: 1, b: 0, at: i, bAt: -1 });
      }
      for (let j = b0; j < b1; j++) {
        const c = count.get(b[j]!);
        if (c) {
          c.b++;
          c.bAt = j;
        }
      }
    }
    const unique: { at: number; bAt: number }[] = [];
    for (let i = a0; i < a1 && budget > 0; i++) {
      const c = count.get(a[i]!)!;
      if (c.a === 1 && c.b === 1) unique.push(c);
    }
    const anchors = increasingRun(unique.map((u) => u.bAt)).map((k) => unique[k]!);
    if (anchors.length === 0) {
      replace(a0, a1, b0, b1);
      continue;
    }
    // Stretches between anchors, pushed last first so that they run in order.
    const parts: Task[] = [];
    let pa = a0;
    let pb = b0;
    for (const anchor of anchors) {
      parts.push({ a0: pa, a1: anchor.at, b0: pb, b1: anchor.bAt }, { keep: anchor.at });
      pa = anchor.at + 1;
      pb = anchor.bAt + 1;
    }
    parts.push({ a0: pa, a1, b0: pb, b1 });
    for (let k = parts.length - 1; k >= 0; k--) tasks.push(parts[k]!);
  }
  return ops;
}

/** A hunk: where it starts on each side (1-based) and its lines, each with its mark. */
interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  ops: Op[];
}

/** Groups an edit script into hunks with CONTEXT lines around each change. */
function hunksOf(ops: readonly Op[]): Hunk[] {
  const hunks: Hunk[] = [];
  // Old and new line numbers before each op.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = 0;
  let n = 0;
  for (const op of ops) {
    oldAt.push(o);
    newAt.push(n);
    if (op.mark !== '+') o++;
    if (op.mark !== '-') n++;
  }
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.mark === ' ') {
      k++;
      continue;
    }
    const start = Math.max(0, k - CONTEXT);
    let end = k;
    // Extend over changes closer than two contexts apart.
    for (;;) {
      while (end < ops.length && ops[end]!.mark !== ' ') end++;
      let gap = end;
      while (gap < ops.length && ops[gap]!.mark === ' ' && gap - end < 2 * CONTEXT) gap++;
      if (gap < ops.length && ops[gap]!.mark !== ' ') end = gap;
      else break;
    }
    const stop = Math.min(ops.length, end + CONTEXT);
    const slice = ops.slice(start, stop);
    const oldLines = slice.filter((x) => x.mark !== '+').length;
    const newLines = slice.filter((x) => x.mark !== '-').length;
    hunks.push({ oldStart: oldAt[start]! + 1, oldLines, newStart: newAt[start]! + 1, newLines, ops: slice });
    k = stop;
  }
  return hunks;
}

/**
 * A unified diff from `before` to `after`, both named `name` (so it applies with `patch -p0` or
 * `git apply -p0`). Lines that hold a secret are shown with the secret masked; such hunks no longer
 * apply, which is the price of never printing a secret. Time is linear in the size of the texts.
 */
export function unifiedDiff(before: string, after: string, name: string, format: 'json' | 'yaml'): string {
  const a = splitLines(before);
  const b = splitLines(after);
  // The last line of a text without a final line break is marked, as diff and patch expect; it
  // differs from the same line with a break.
  const oldOpen = before !== '' && !before.endsWith('\n') ? a.length - 1 : -1;
  const newOpen = after !== '' && !after.endsWith('\n') ? b.length - 1 : -1;
  const open = (lines: string[], last: number) =>
    last < 0 ? lines : [...lines.slice(0, last), `${lines[last]}\u0000`];
  const hunks = hunksOf(lineEdits(open(a, oldOpen), open(b, newOpen)));
  if (hunks.length === 0) return '';
  const strip = (t: string) => (t.charCodeAt(0) === 0xfeff ? t.slice(1) : t);
  const spansBefore = shift(secretSpans(strip(before), format), before);
  const spansAfter = shift(secretSpans(strip(after), format), after);
  // A secret written again where no key says it is one (a name, a server) is masked as well.
  const forms = echoForms([...secretStrings(before, spansBefore), ...secretStrings(after, spansAfter)]);
  const masked = (text: string, spans: Span[]) =>
    forms.length === 0 ? maskLines(text, spans) : maskEchoes(maskLines(text, spans), forms);
  const maskedBefore = masked(before, spansBefore).split('\n');
  const maskedAfter = masked(after, spansAfter).split('\n');
  const out = [`--- ${name}`, `+++ ${name}`];
  for (const h of hunks) {
    // In the header, a side without lines names the line before the change (as GNU diff writes it).
    out.push(
      `@@ -${h.oldStart - (h.oldLines === 0 ? 1 : 0)},${h.oldLines} +${h.newStart - (h.newLines === 0 ? 1 : 0)},${h.newLines} @@`,
    );
    for (const op of h.ops) {
      const masked = op.mark === '+' ? maskedAfter : maskedBefore;
      out.push(`${op.mark}${masked[op.index] ?? ''}`);
      if (op.index === (op.mark === '+' ? newOpen : oldOpen)) out.push('\\ No newline at end of file');
    }
  }
  return `${out.join('\n')}\n`;
}

/** Spans found in a text without its byte order mark, moved to offsets in the text with it. */
function shift(spans: readonly (readonly [number, number])[], text: string): [number, number][] {
  const d = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return spans.map(([s, e]) => [s + d, e + d]);
}
