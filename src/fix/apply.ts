/** Applies machine-applicable fixes to JSON or YAML text as minimal text edits, keeping comments, order and quoting. */
import { parseDocument } from 'yaml';
import type { Diagnostic, Fix } from '../lint/diagnostics';
import { parentPointer, parsePointer } from '../util/pointer';
import type { ParsedSource } from '../source/index';

/** A replacement of `[start, end)` by `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The fixes `--fix` applies unasked: the autofix suggestions of the diagnostics. */
export const autofixes = (diagnostics: readonly Diagnostic[]): Fix[] =>
  diagnostics.flatMap((d) => (d.suggestions ?? []).filter((s) => s.autofix && s.fix).map((s) => s.fix!));

const pathOf = (pointer: string): (string | number)[] =>
  parsePointer(pointer).map((t) => (/^(0|[1-9]\d*)$/.test(t) ? Number(t) : t));

const PLAIN_SAFE = /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/;
const LOOKS_NUMERIC = /^[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?$|^0[xo]/;
const YAML_RESERVED = /^(true|false|null|yes|no|on|off|~)$/i;

/** Renders a value as YAML text in the quoting style of the text it replaces. */
function yamlScalar(value: unknown, original: string): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (original.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  if (original.startsWith('"')) return JSON.stringify(value);
  return PLAIN_SAFE.test(value) && !YAML_RESERVED.test(value) && !LOOKS_NUMERIC.test(value)
    ? value
    : JSON.stringify(value);
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
function lineEnd(text: string, offset: number): number {
  const i = text.indexOf('\n', offset);
  return i < 0 ? text.length : i + 1;
}

/** Removes a JSON member or element with the comma that separates it, leaving the rest of the layout alone. */
function jsonRemoval(text: string, start: number, end: number): Edit {
  const after = /^\s*,\s*/.exec(text.slice(end));
  if (after) return { start, end: end + after[0].length, text: '' };
  const before = /,\s*$/.exec(text.slice(Math.max(0, start - 200), start));
  return { start: before ? start - before[0].length : start, end, text: '' };
}

/** A whole-line removal of a block-style YAML entry, when the entry occupies whole lines. */
function yamlLineRemoval(text: string, start: number, end: number, sequenceItem: boolean): Edit | undefined {
  const ls = lineStart(text, start);
  const prefix = text.slice(ls, start);
  // The "- " belongs to a sequence item, never to the first key of a mapping inside one.
  if (!(sequenceItem ? /^\s*-\s+$/ : /^\s*$/).test(prefix)) return undefined;
  const le = lineEnd(text, end);
  const rest = text.slice(end, le);
  if (!/^\s*(#.*)?\r?\n?$/.test(rest)) return undefined;
  return { start: ls, end: le, text: '' };
}

function editFor(text: string, source: ParsedSource, fix: Fix): Edit | Edit[] | 'document' | undefined {
  const span = source.span(fix.pointer);
  if (!span) return undefined;
  switch (fix.kind) {
    case 'rename-key': {
      if (!span.key) return undefined;
      const [s, e] = span.key;
      const original = text.slice(s, e);
      return {
        start: s,
        end: e,
        text: source.format === 'json' ? JSON.stringify(fix.to) : yamlScalar(fix.to, original),
      };
    }
    case 'replace-value': {
      const [s, e] = span.value;
      const original = text.slice(s, e);
      return {
        start: s,
        end: e,
        text: source.format === 'json' ? JSON.stringify(fix.value) : yamlScalar(fix.value, original),
      };
    }
    case 'remove': {
      const start = span.key ? span.key[0] : span.value[0];
      if (source.format === 'json') return jsonRemoval(text, start, span.value[1]);
      // In a YAML flow collection ([a, b] or {a: 1}) entries are comma-separated, as in JSON.
      const parent = source.span(parentPointer(fix.pointer));
      if (parent && /[[{]/.test(text.charAt(parent.value[0]))) return jsonRemoval(text, start, span.value[1]);
      return yamlLineRemoval(text, start, span.value[1], span.key === undefined) ?? 'document';
    }
  }
}

/** Applies as many of the fixes as do not overlap; returns the new text and how many were applied. */
export function applyFixesOnce(
  text: string,
  source: ParsedSource,
  fixes: readonly Fix[],
): { text: string; applied: number } {
  const edits: Edit[] = [];
  const documentRemovals: string[] = [];
  const overlaps = (a: Edit) => edits.some((b) => a.start < b.end && b.start < a.end);
  let applied = 0;
  for (const fix of fixes) {
    const e = editFor(text, source, fix);
    if (e === undefined) continue;
    if (e === 'document') {
      documentRemovals.push(fix.pointer);
      continue;
    }
    const list = Array.isArray(e) ? e : [e];
    if (list.some(overlaps)) continue;
    edits.push(...list);
    applied++;
  }
  if (edits.length === 0 && documentRemovals.length > 0) {
    // Flow-style YAML entries: fall back to the Document API for one removal per pass.
    const doc = parseDocument(text);
    doc.deleteIn(pathOf(documentRemovals[0]!));
    return { text: doc.toString(), applied: 1 };
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return { text: out, applied };
}
