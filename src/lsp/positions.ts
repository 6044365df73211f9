/** Between the linter's places (1-based ranges, JSON Pointers, offsets) and LSP's (0-based UTF-16 positions). */
import type { Range as LspRange } from 'vscode-languageserver';
import type { Range } from '../core/diagnostics';
import type { ParsedSource } from '../source/index';
import { MAX_FILE_DEPTH } from '../source/types';
import { childPointer, isObject } from '../util/pointer';

/** The LSP range of a finding: 0-based lines and UTF-16 columns; the file's start when it has no range. */
export function toLspRange(range: Range | undefined): LspRange {
  if (!range) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return {
    start: { line: range.start.line - 1, character: range.start.column - 1 },
    end: { line: range.end.line - 1, character: range.end.column - 1 },
  };
}

const before = (a: LspRange['start'], b: LspRange['start']) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);

/** True when two ranges share a position (an empty range touches what it sits on). */
export function overlaps(a: LspRange, b: LspRange): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** True when a position lies in a range (its end included, so that a hover at a word's end still counts). */
export function contains(range: LspRange, position: LspRange['start']): boolean {
  return !before(position, range.start) && !before(range.end, position);
}

/** The place an offset is on: the pointer of the innermost key or value there, and whether it is the key. */
export interface Place {
  pointer: string;
  onKey: boolean;
  /** The value there, when it is a string (to explain an enum value). */
  value?: string;
}

const inside = (span: readonly [number, number], offset: number) => offset >= span[0] && offset < span[1];

/** The innermost key or value of a parsed document at an offset; undefined outside every value but the root. */
export function placeAt(source: ParsedSource, offset: number): Place | undefined {
  if (!source.ok) return undefined;
  let pointer = '';
  let value = source.value;
  let width = Infinity;
  // Bounded even for shared values (aliases): stop when a step no longer narrows the span.
  for (let depth = 0; depth <= MAX_FILE_DEPTH; depth++) {
    const keys = isObject(value) ? Object.keys(value) : Array.isArray(value) ? value.map((_, i) => String(i)) : [];
    let next: { pointer: string; key: string; width: number } | undefined;
    for (const key of keys) {
      const p = childPointer(pointer, key);
      const span = source.span(p);
      if (!span) continue;
      if (span.key && offset >= span.key[0] && offset <= span.key[1]) return { pointer: p, onKey: true };
      if (inside(span.value, offset)) {
        next = { pointer: p, key, width: span.value[1] - span.value[0] };
        break;
      }
    }
    if (!next || next.width >= width) break;
    pointer = next.pointer;
    width = next.width;
    value = (value as Record<string, unknown>)[next.key];
  }
  if (pointer === '') return undefined;
  return typeof value === 'string' ? { pointer, onKey: false, value } : { pointer, onKey: false };
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** True when a cut at `i` would split a surrogate pair or a CRLF line break. */
const splits = (text: string, i: number) =>
  i > 0 && i < text.length && (isHigh(text.charCodeAt(i - 1)) || (text[i - 1] === '\r' && text[i] === '\n'));

/** The one replacement that turns `before` into `after`: the differing middle, cut on character boundaries. */
export function minimalEdit(beforeText: string, afterText: string): { start: number; end: number; text: string } {
  const max = Math.min(beforeText.length, afterText.length);
  let prefix = 0;
  while (prefix < max && beforeText.charCodeAt(prefix) === afterText.charCodeAt(prefix)) prefix++;
  while (prefix > 0 && (splits(beforeText, prefix) || splits(afterText, prefix))) prefix--;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    beforeText.charCodeAt(beforeText.length - 1 - suffix) === afterText.charCodeAt(afterText.length - 1 - suffix)
  )
    suffix++;
  while (suffix > 0 && (splits(beforeText, beforeText.length - suffix) || splits(afterText, afterText.length - suffix)))
    suffix--;
  return {
    start: prefix,
    end: beforeText.length - suffix,
    text: afterText.slice(prefix, afterText.length - suffix),
  };
}
