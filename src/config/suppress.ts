/** The ignore file: findings recorded by file, code and pointer (JSON has no comments for directives). */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BUILTIN_CATALOG, withDocsUrl, type RuleCatalog } from '../engine/catalog';
import type { Diagnostic } from '../core/diagnostics';
import { isSuppressible, UNSUPPRESSIBLE } from '../lint/directives';
import { isObject } from '../util/pointer';
import { relativePosix } from './config';
import { FileAccessError, readRegularFile, writeFileAtomic } from './fs-safe';
import { describeSyntaxError } from './syntax-error';

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
    throw new Error(`The ignore file ${path} is not valid JSON: ${describeSyntaxError(text, 'json')}.`);
  }
  const list = isObject(raw) ? raw['ignores'] : undefined;
  if (
    !Array.isArray(list) ||
    !list.every(
      (e) =>
        isObject(e) &&
        typeof e['file'] === 'string' &&
        typeof e['code'] === 'string' &&
        typeof e['pointer'] === 'string',
    )
  ) {
    throw new Error(
      `The ignore file ${path} must be { "version": 1, "ignores": [{ "file", "code", "pointer", "reason"? }] }.`,
    );
  }
  file.entries = list as IgnoreEntry[];
  return file;
}

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

/** Writes an ignore file that suppresses the given findings (custom rules' too, when in the catalogue); returns its entries. */
export function writeIgnoreFile(
  path: string,
  findings: { absolute: string; diagnostics: Diagnostic[] }[],
  now: Date,
  catalog: RuleCatalog = BUILTIN_CATALOG,
): IgnoreEntry[] {
  const ignore: IgnoreFile = { path, entries: [], used: new Set() };
  for (const f of findings) {
    for (const d of f.diagnostics) {
      if (UNSUPPRESSIBLE.test(d.code) || !isSuppressible(d.code, catalog)) continue;
      ignore.entries.push({
        file: relTo(ignore, f.absolute),
        code: d.code,
        pointer: d.pointer,
        reason: `baseline written ${now.toISOString().slice(0, 10)}`,
      });
    }
  }
  mkdirSync(dirname(resolve(path)), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify({ version: 1, ignores: ignore.entries }, null, 2)}\n`);
  return ignore.entries;
}
