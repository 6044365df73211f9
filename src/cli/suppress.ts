/** Suppressions: YAML comment directives with a required reason, and an ignore file (for JSON, which has no comments). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../lint/diagnostics';
import { docsUrl, ruleById } from '../engine/registry';
import type { ParsedSource } from '../source/index';
import { isObject } from '../util/pointer';
import { relativePosix } from './config';

const DIRECTIVE = /^#\s*svc-admin-spec-(disable-next-line|disable)\b(.*)$/;

/** Codes that can never be suppressed: without a parsed document there is nothing to suppress against. */
const UNSUPPRESSIBLE = /^(parse|input|kind|suppression)\//;

/** True for codes a directive or ignore entry may name. */
const suppressible = (code: string) => ruleById.has(code) || code.startsWith('schema/');

interface Directive {
  line: number;
  scope: 'next-line' | 'file';
  codes: string[];
  used: Set<string>;
}

function problem(code: string, severity: Diagnostic['severity'], line: number, message: string): Diagnostic {
  return {
    code,
    severity,
    pointer: '',
    message,
    range: { start: { line, column: 1 }, end: { line, column: 1 } },
    docsUrl: docsUrl(code),
  };
}

/** Applies the comment directives of a YAML source; returns kept diagnostics plus directive problems. */
export function applyDirectives(diagnostics: Diagnostic[], source: ParsedSource): Diagnostic[] {
  const directives: Directive[] = [];
  const problems: Diagnostic[] = [];
  for (const c of source.comments) {
    const m = DIRECTIVE.exec(c.text);
    if (!m) continue;
    const scope = m[1] === 'disable' ? 'file' : 'next-line';
    const [list, ...reasonParts] = m[2]!.split(/\s--\s?/);
    const reason = reasonParts.join(' -- ').trim();
    const codes = (list ?? '').split(/[\s,]+/).filter(Boolean);
    if (codes.length === 0) {
      problems.push(
        problem(
          'suppression/invalid',
          'error',
          c.line,
          `This directive names no rule; write "# svc-admin-spec-${m[1]} <rule-id> -- <reason>".`,
        ),
      );
      continue;
    }
    const unknown = codes.filter((x) => !suppressible(x));
    if (unknown.length > 0) {
      problems.push(
        problem(
          'suppression/invalid',
          'error',
          c.line,
          `This directive names ${unknown.map((u) => `"${u}"`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not a rule id or schema/ code.`,
        ),
      );
      continue;
    }
    if (reason === '') {
      problems.push(
        problem(
          'suppression/missing-reason',
          'error',
          c.line,
          `This directive has no reason; add one after " -- " (e.g. "# svc-admin-spec-${m[1]} ${codes.join(', ')} -- approved by the platform team"). It was not applied.`,
        ),
      );
      continue;
    }
    directives.push({ line: c.line, scope, codes, used: new Set() });
  }
  const kept = diagnostics.filter((d) => {
    if (UNSUPPRESSIBLE.test(d.code)) return true;
    const line = d.range?.start.line;
    const hit = directives.find(
      (x) => x.codes.includes(d.code) && (x.scope === 'file' || (line !== undefined && line === x.line + 1)),
    );
    if (!hit) return true;
    hit.used.add(d.code);
    return false;
  });
  for (const x of directives) {
    for (const code of x.codes) {
      if (!x.used.has(code))
        problems.push(
          problem(
            'suppression/unused',
            'warning',
            x.line,
            `This directive suppresses "${code}", but there is no such finding ${x.scope === 'file' ? 'in this file' : 'on the next line'}; remove it.`,
          ),
        );
    }
  }
  return [...kept, ...problems].sort(compareDiagnostics);
}

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
}

/** Default ignore file name, in the config root. */
export const IGNORE_FILE_NAME = '.svc-admin-spec-ignore.json';

/** Reads the ignore file if it exists; throws a message for a malformed one. */
export function readIgnoreFile(path: string): IgnoreFile {
  const file: IgnoreFile = { path, entries: [], used: new Set() };
  if (!existsSync(path)) return file;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`The ignore file ${path} is not valid JSON: ${(error as Error).message}`);
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

/** Drops findings listed in the ignore file for this file, and reports its unused entries for the file. */
export function applyIgnoreFile(diagnostics: Diagnostic[], ignore: IgnoreFile, absolute: string): Diagnostic[] {
  const rel = relTo(ignore, absolute);
  const kept = diagnostics.filter((d) => {
    if (UNSUPPRESSIBLE.test(d.code)) return true;
    const i = ignore.entries.findIndex((e) => e.file === rel && e.code === d.code && e.pointer === d.pointer);
    if (i < 0) return true;
    ignore.used.add(i);
    return false;
  });
  ignore.entries.forEach((e, i) => {
    if (e.file !== rel || ignore.used.has(i)) return;
    kept.push({
      code: 'suppression/unused',
      severity: 'warning',
      pointer: e.pointer,
      message: `${ignore.path} ignores "${e.code}" at ${e.pointer || '/'}, but there is no such finding any more; remove the entry.`,
      docsUrl: docsUrl('suppression/unused'),
    });
  });
  return kept;
}

/** Writes an ignore file that suppresses the given findings; returns its entries. */
export function writeIgnoreFile(
  path: string,
  findings: { absolute: string; diagnostics: Diagnostic[] }[],
  now: Date,
): IgnoreEntry[] {
  const ignore: IgnoreFile = { path, entries: [], used: new Set() };
  for (const f of findings) {
    for (const d of f.diagnostics) {
      if (UNSUPPRESSIBLE.test(d.code) || !suppressible(d.code)) continue;
      ignore.entries.push({
        file: relTo(ignore, f.absolute),
        code: d.code,
        pointer: d.pointer,
        reason: `baseline written ${now.toISOString().slice(0, 10)}`,
      });
    }
  }
  mkdirSync(dirname(resolve(path)), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ version: 1, ignores: ignore.entries }, null, 2)}\n`);
  return ignore.entries;
}
