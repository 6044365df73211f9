/** The ignore file: findings recorded by file, code and pointer (JSON has no comments for directives). */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BUILTIN_CATALOG, withDocsUrl, type RuleCatalog } from '../engine/catalog';
import { SEVERITY_RANK, type Diagnostic, type Severity } from '../core/diagnostics';
import { isSuppressible, UNSUPPRESSIBLE } from '../lint/directives';
import { isObject } from '../util/pointer';
import { relativePosix } from './config';
import { FileAccessError, readRegularFile, writeFileAtomic } from './fs-safe';
import { parseSource } from '../source/index';
import { locator, syntaxProblem } from './syntax-error';

/** One entry of the ignore file. */
export interface IgnoreEntry {
  file: string;
  code: string;
  pointer: string;
  reason?: string;
}

/** The ignore file, loaded. */
export interface IgnoreFile {
  path: string;
  entries: IgnoreEntry[];
  /** Entries that suppressed something in this run, by index. */
  used: Set<number>;
  /** Entry indices by file, then by code and pointer: one lookup per finding. */
  index?: Map<string, Map<string, number[]>>;
}

/** The ignore file's name: it sits beside the config file that governs the files it lists. */
export const IGNORE_FILE_NAME = '.svc-admin-spec-ignore.json';

/** Reads the ignore file if it exists; throws a message for a malformed one. */
export function readIgnoreFile(path: string): IgnoreFile {
  const file: IgnoreFile = { path, entries: [], used: new Set() };
  let bytes: Buffer;
  try {
    bytes = readRegularFile(path, `The ignore file ${path}`);
  } catch (error) {
    if (error instanceof FileAccessError && error.code === 'ENOENT') return file;
    throw error;
  }
  let raw: unknown;
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(syntaxProblem(path, text, 'json', 'the ignore file'));
  }
  const shape = 'it must be { "version": 1, "ignores": [{ "file", "code", "pointer", "reason"? }] }';
  const list = isObject(raw) ? raw['ignores'] : undefined;
  if (!Array.isArray(list)) throw new Error(`${ignoreFileAt(path, text, '/ignores')}: ${shape}.`);
  list.forEach((e, i) => {
    const bad = !isObject(e) ? '' : (['file', 'code', 'pointer'] as const).find((k) => typeof e[k] !== 'string');
    if (bad === undefined) return;
    const what = bad === '' ? 'each entry must be an object' : `"${bad}" must be a string`;
    throw new Error(
      `${ignoreFileAt(path, text, bad === '' ? `/ignores/${i}` : `/ignores/${i}/${bad}`)}: ignores[${i}]: ${what}; ${shape}. Fix the entry, or delete it and run --write-ignore-file again.`,
    );
  });
  file.entries = list as IgnoreEntry[];
  return file;
}

/** `file:line:column` of the node at a pointer of the ignore file (the nearest that exists). */
const ignoreFileAt = (path: string, text: string, pointer: string): string =>
  locator(path, parseSource(text, 'json'))(pointer);

const relTo = (ignore: IgnoreFile, absolute: string) => relativePosix(dirname(resolve(ignore.path)), absolute);

const entryKey = (code: string, pointer: string) => `${code}\u0000${pointer}`;

/** The ignore file's index, built on first use (a copy made after that shares it). */
export function indexOf(ignore: IgnoreFile): Map<string, Map<string, number[]>> {
  if (ignore.index) return ignore.index;
  const index = new Map<string, Map<string, number[]>>();
  ignore.entries.forEach((e, i) => {
    let byKey = index.get(e.file);
    if (!byKey) index.set(e.file, (byKey = new Map()));
    const k = entryKey(e.code, e.pointer);
    const list = byKey.get(k);
    if (list) list.push(i);
    else byKey.set(k, [i]);
  });
  return (ignore.index = index);
}

/** True for a finding of this file that the ignore file suppresses (nothing is recorded as used). */
export function ignoredBy(ignore: IgnoreFile, absolute: string): (d: Diagnostic) => boolean {
  const forFile = indexOf(ignore).get(relTo(ignore, absolute));
  return (d) => forFile !== undefined && !UNSUPPRESSIBLE.test(d.code) && forFile.has(entryKey(d.code, d.pointer));
}

/** Drops the findings the ignore file suppresses, and reports its entries that suppress nothing. */
export function applyIgnoreFile(
  diagnostics: Diagnostic[],
  ignore: IgnoreFile,
  absolute: string,
  catalog: RuleCatalog = BUILTIN_CATALOG,
): Diagnostic[] {
  const rel = relTo(ignore, absolute);
  const forFile = indexOf(ignore).get(rel);
  if (!forFile) return diagnostics;
  const kept = diagnostics.filter((d) => {
    if (UNSUPPRESSIBLE.test(d.code)) return true;
    const hits = forFile.get(entryKey(d.code, d.pointer));
    if (!hits) return true;
    for (const i of hits) ignore.used.add(i);
    return false;
  });
  for (const hits of forFile.values()) {
    const i = hits[0]!;
    const e = ignore.entries[i]!;
    if (hits.some((h) => ignore.used.has(h))) continue;
    kept.push(
      withDocsUrl(
        {
          code: 'suppression/unused',
          severity: 'warning',
          pointer: e.pointer,
          message: `${ignore.path} ignores "${e.code}" at ${e.pointer || '/'}, but there is no such finding any more; remove the entry.`,
        },
        catalog,
      ),
    );
  }
  return kept;
}

/** What `--write-ignore-file` did to one ignore file. */
export interface IgnoreFileChange {
  entries: IgnoreEntry[];
  added: number;
  removed: number;
  kept: number;
  /** False when the entries are the ones already written: the file was left as it was. */
  written: boolean;
  /** Findings at or above the fail threshold that no entry can record, by file (as the entries name it) and by what fixes them. */
  unrecorded: { file: string; count: number; fix: UnrecordedFix }[];
}

/** What a finding no entry can record asks for: a syntax fix, the file's kind, or a fix of the file itself. */
export type UnrecordedFix = 'syntax' | 'kind' | 'file';

/** The fix a finding no ignore entry can record asks for (the codes the entries refuse); undefined when an entry can record it. */
function unrecordedFix(code: string, catalog: RuleCatalog): UnrecordedFix | undefined {
  if (!UNSUPPRESSIBLE.test(code) && isSuppressible(code, catalog)) return undefined;
  if (code === 'parse/yaml-syntax' || code === 'parse/json-syntax') return 'syntax';
  return code.startsWith('kind/') ? 'kind' : 'file';
}

/** The summary's words for each fix (by how many findings and files), in the order they are listed. */
const UNRECORDED_WORDS: readonly [UnrecordedFix, (findings: number, files: number) => string][] = [
  [
    'syntax',
    (_, files) => (files === 1 ? 'the file does not parse; fix its syntax' : 'they do not parse; fix their syntax'),
  ],
  [
    'kind',
    (_, files) => `${files === 1 ? 'its kind is' : 'their kinds are'} not told; give it ($schema or a config override)`,
  ],
  [
    'file',
    (n, files) => `${n === 1 ? 'it cannot' : 'they cannot'} be suppressed; fix the file${files === 1 ? '' : 's'}`,
  ],
];

/** What `--write-ignore-file` says of one ignore file: the counts, then the findings it could not record and why. */
export function ignoreFileSummary(path: string, change: IgnoreFileChange): string {
  const lines = [
    `Ignore file ${path}: ${change.added} added, ${change.removed} removed, ${change.kept} kept${change.written ? '' : ' (unchanged, not rewritten)'}.`,
  ];
  const n = change.unrecorded.reduce((sum, u) => sum + u.count, 0);
  if (n === 0) return `${lines.join('\n')}\n`;
  const reasons = UNRECORDED_WORDS.flatMap(([fix, words]) => {
    const rows = change.unrecorded.filter((u) => u.fix === fix);
    if (rows.length === 0) return [];
    const shown = rows.slice(0, 10).map((u) => u.file);
    const more = rows.length - shown.length;
    const count = rows.reduce((sum, u) => sum + u.count, 0);
    return [`${words(count, rows.length)}: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`];
  });
  const head = `${n === 1 ? '1 finding was' : `${n} findings were`} not recorded`;
  // One reason fits on the summary's line; several get a line each.
  lines.push(
    reasons.length === 1 ? `${head}: ${reasons[0]}` : [`${head}:`, ...reasons.map((r) => `  ${r}`)].join('\n'),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Merges the findings of this run into an ignore file and writes it: entries of files not linted
 * in this run are kept, as are entries that still match a finding (with their reasons); entries of
 * a linted file that match no finding any more are dropped; each finding no entry records is added
 * (one entry per file, code and pointer). `existing` is the file as read; custom rules' findings
 * are recorded when their rules are in the catalogue. A file that could not be read (an `input/`
 * finding) has nothing to compare: its entries are kept. Findings no entry can record are counted
 * when they are at or above `failSeverity` (the ones that still fail the run).
 */
export function writeIgnoreFile(
  path: string,
  existing: readonly IgnoreEntry[],
  findings: { absolute: string; diagnostics: Diagnostic[] }[],
  now: Date,
  catalog: RuleCatalog = BUILTIN_CATALOG,
  failSeverity: Severity = 'error',
): IgnoreFileChange {
  const at: IgnoreFile = { path, entries: [], used: new Set() };
  const unread = (f: (typeof findings)[number]) => f.diagnostics.some((d) => d.code.startsWith('input/'));
  const linted = new Set(findings.filter((f) => !unread(f)).map((f) => relTo(at, f.absolute)));
  const found = new Map<string, Set<string>>();
  const additions: IgnoreEntry[] = [];
  const recorded = new Set(existing.map((e) => `${e.file}\u0000${entryKey(e.code, e.pointer)}`));
  const unrecorded: IgnoreFileChange['unrecorded'] = [];
  for (const f of findings) {
    const file = relTo(at, f.absolute);
    const counts = new Map<UnrecordedFix, number>();
    for (const d of f.diagnostics) {
      const fix = SEVERITY_RANK[d.severity] <= SEVERITY_RANK[failSeverity] ? unrecordedFix(d.code, catalog) : undefined;
      if (fix) counts.set(fix, (counts.get(fix) ?? 0) + 1);
    }
    for (const [fix] of UNRECORDED_WORDS) if (counts.has(fix)) unrecorded.push({ file, count: counts.get(fix)!, fix });
    if (unread(f)) continue;
    let keys = found.get(file);
    if (!keys) found.set(file, (keys = new Set()));
    for (const d of f.diagnostics) {
      if (UNSUPPRESSIBLE.test(d.code) || !isSuppressible(d.code, catalog)) continue;
      const key = entryKey(d.code, d.pointer);
      if (keys.has(key)) continue;
      keys.add(key);
      if (recorded.has(`${file}\u0000${key}`)) continue;
      additions.push({
        file,
        code: d.code,
        pointer: d.pointer,
        reason: `baseline written ${now.toISOString().slice(0, 10)}`,
      });
    }
  }
  // An entry is stale only when its file was linted in this run and no finding there matches it.
  const kept = existing.filter((e) => !linted.has(e.file) || found.get(e.file)!.has(entryKey(e.code, e.pointer)));
  const entries = [...kept, ...additions];
  const removed = existing.length - kept.length;
  const written = additions.length > 0 || removed > 0 || !existsSync(path);
  if (written) {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    writeFileAtomic(path, `${JSON.stringify({ version: 1, ignores: entries }, null, 2)}\n`);
  }
  return { entries, added: additions.length, removed, kept: kept.length, written, unrecorded };
}
