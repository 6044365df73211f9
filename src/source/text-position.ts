/** Offsets in a text to 1-based line/column positions (columns in UTF-16 code units, as SARIF's utf16CodeUnits). */
import type { Position, Range } from '../core/diagnostics';

/** Start offset of each line, ascending (a line ends after `\n`, `\r\n` or a lone `\r`). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  // Native searches between breaks: a long line costs no per-character loop. Each search looks past the last.
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (lf >= 0 || cr >= 0) {
    if (cr >= 0 && (lf < 0 || cr < lf)) {
      // A CR alone is a break; in CRLF, the LF is.
      if (cr + 1 !== lf) starts.push(cr + 1);
      cr = text.indexOf('\r', cr + 1);
    } else {
      starts.push(lf + 1);
      lf = text.indexOf('\n', lf + 1);
    }
  }
  return starts;
}

/** Converts offsets of one text into positions. */
export class LineIndex {
  private readonly starts: number[];
  constructor(private readonly text: string) {
    this.starts = lineStarts(text);
  }

  /** The position of an offset (clamped to the text). */
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1 };
  }

  /** The range of `[start, end)`. */
  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(Math.max(start, end)) };
  }
}
