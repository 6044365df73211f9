/** Turns one fix into minimal text edits of a JSON or YAML file, keeping comments, order and quoting — or says why it cannot. */
import type { Fix } from '../core/diagnostics';
import type { ParsedSource } from '../source/index';
import { getAt, isObject, parentPointer } from '../util/pointer';

/** A replacement of `[start, end)` by `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The edits of one fix, or the reason it cannot be made as a text edit. */
export type EditPlan = { edits: Edit[] } | { skip: string };

const PLAIN_SAFE = /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/;
const LOOKS_NUMERIC = /^[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?$|^0[xo]/;
const YAML_RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/** Renders a value as YAML text in the quoting style of the text it replaces (JSON text is valid YAML). */
function yamlScalar(value: unknown, original: string): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (original.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  if (original.startsWith('"')) return JSON.stringify(value);
  return PLAIN_SAFE.test(value) && !YAML_RESERVED.test(value) && !LOOKS_NUMERIC.test(value)
    ? value
    : JSON.stringify(value);
}

const isBreak = (c: string) => c === '\n' || c === '\r';

/** Offset of the start of the line holding `offset` (after `\n`, `\r\n` or a lone `\r`). */
function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && !isBreak(text[i - 1]!)) i--;
  return i;
}

/** Offset just past the line break ending the line that holds `offset` (or the text's end). */
function lineEnd(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && !isBreak(text[i]!)) i++;
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  return i < text.length ? i + 1 : i;
}

/** The end of a value's text without its trailing line breaks (block scalars include them). */
function trimTrailingBreaks(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isBreak(text[e - 1]!)) e--;
  return e;
}

/** Removes a JSON member or element with the comma that separates it, leaving the rest of the layout alone. */
function commaSeparatedRemoval(text: string, start: number, end: number, json: boolean): Edit {
  const after = (json ? /^\s*,\s*/ : /^[ \t]*,[ \t]*/).exec(text.slice(end, end + 400));
  if (after) {
    // Never glue what follows to a `[` or `,` when it is a comment: YAML needs a space before `#`.
    const keepSpace = !json && text[end + after[0].length] === '#';
    return { start, end: end + after[0].length, text: keepSpace ? ' ' : '' };
  }
  const before = /,\s*$/.exec(text.slice(Math.max(0, start - 400), start));
  return { start: before ? start - before[0].length : start, end, text: '' };
}

/** The line break the text uses (for lines an edit adds at the end of a file without one). */
function lineBreakOf(text: string): string {
  const m = /\r\n|\r|\n/.exec(text);
  return m ? m[0] : '\n';
}

/** Index of the first of the (sorted) comments at or after `offset`: a binary search, so that N removals stay linear. */
function firstAtOrAfter(comments: readonly { offset: number }[], offset: number): number {
  let lo = 0;
  let hi = comments.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comments[mid]!.offset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Removes a block-style YAML entry that occupies whole lines. Its comments — trailing, in a block
 * scalar's header, or on lines of their own inside it — stay, each on its own line at the entry's
 * indentation: a fix removes values, never what someone wrote about them.
 */
function yamlLineRemoval(
  text: string,
  start: number,
  end: number,
  sequenceItem: boolean,
  comments: readonly { offset: number; text: string }[],
): Edit | undefined {
  const ls = lineStart(text, start);
  const prefix = text.slice(ls, start);
  // The "- " belongs to a sequence item, never to the first key of a mapping inside one.
  if (!(sequenceItem ? /^[ \t]*-[ \t]+$/ : /^[ \t]*$/).test(prefix)) return undefined;
  const contentEnd = trimTrailingBreaks(text, start, end);
  const le = lineEnd(text, contentEnd);
  const rest = text.slice(contentEnd, le).replace(/\r?\n$|\r$/, '');
  if (rest.trim() !== '' && !/^[ \t]+#/.test(rest)) return undefined;
  const kept: { text: string }[] = [];
  for (let i = firstAtOrAfter(comments, start); i < comments.length && comments[i]!.offset < le; i++)
    kept.push(comments[i]!);
  if (kept.length === 0) return { start: ls, end: le, text: '' };
  const eol = text.slice(contentEnd + rest.length, le);
  const indent = /^[ \t]*/.exec(prefix)![0];
  const lines = kept.map((c) => `${indent}${c.text.trimEnd()}`);
  return { start: ls, end: le, text: `${lines.join(eol || lineBreakOf(text))}${eol}` };
}

/** The comment at the end of a block scalar's header line (`key: | # note`), if any. */
function headerComment(text: string, start: number): string | undefined {
  const le = lineEnd(text, start);
  const header = text.slice(start, le).replace(/\r?\n$|\r$/, '');
  const m = /[ \t](#.*)$/.exec(header);
  return m ? m[1] : undefined;
}

/** Plans the text edits of one fix. */
export function planEdits(text: string, source: ParsedSource, fix: Fix): EditPlan {
  const span = source.span(fix.pointer);
  if (!span) return { skip: `${fix.pointer || '/'} is not in the file as written` };
  const yaml = source.format === 'yaml' ? (span.yaml ?? {}) : undefined;
  if (yaml?.alias) return { skip: 'the value comes from a YAML alias (*…) that other places share' };
  switch (fix.kind) {
    case 'rename-key': {
      if (!span.key) return { skip: 'the key is not written as a simple key' };
      const parent = getAt(source.value, parentPointer(fix.pointer));
      if (isObject(parent) && Object.hasOwn(parent, fix.to))
        return { skip: `the object already has "${fix.to}"; renaming would make a duplicate key` };
      const [s, e] = span.key;
      const original = text.slice(s, e);
      if (yaml && /^[&!*?]/.test(original)) return { skip: 'the key carries a YAML anchor, tag or alias' };
      return {
        edits: [
          { start: s, end: e, text: source.format === 'json' ? JSON.stringify(fix.to) : yamlScalar(fix.to, original) },
        ],
      };
    }
    case 'replace-value': {
      if (yaml?.anchor) return { skip: `the value carries the anchor &${yaml.anchor}, which other places may use` };
      if (yaml?.empty) return { skip: 'the key has no value written' };
      const [s, e0] = span.value;
      if (source.format === 'json') return { edits: [{ start: s, end: e0, text: JSON.stringify(fix.value) }] };
      const e = trimTrailingBreaks(text, s, e0);
      const original = text.slice(s, e);
      let replacement = yamlScalar(fix.value, original);
      // A key with nothing after its `:` (`startAtLatest:`, an implicit null): the value needs a space before it.
      if (s === e && text[s - 1] === ':') replacement = ` ${replacement}`;
      if (yaml?.block) {
        const comment = headerComment(text, s);
        if (comment) replacement += ` ${comment}`;
      }
      return { edits: [{ start: s, end: e, text: replacement }] };
    }
    case 'remove': {
      if (yaml?.anchor) return { skip: `it carries the anchor &${yaml.anchor}, which other places may use` };
      const start = span.key ? span.key[0] : span.value[0];
      const end = span.value[1];
      if (source.format === 'json') return { edits: [commaSeparatedRemoval(text, start, end, true)] };
      if (yaml?.flowParent)
        return { edits: [commaSeparatedRemoval(text, start, trimTrailingBreaks(text, start, end), false)] };
      const edit = yamlLineRemoval(text, start, end, span.key === undefined, source.comments);
      return edit ? { edits: [edit] } : { skip: 'the entry shares its lines with other entries' };
    }
  }
}
