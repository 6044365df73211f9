/** Suppression directives in YAML comments: `# svc-admin-spec-disable-next-line <rule> -- <reason>` and `# svc-admin-spec-disable <rule> -- <reason>`. */
import { BUILTIN_CATALOG, type RuleCatalog } from '../engine/catalog';
import { docsUrl } from '../engine/registry';
import type { ParsedSource } from '../source/index';
import { compareDiagnostics, type Diagnostic, type FileCode } from './diagnostics';

const DIRECTIVE = /^#[ \t]*svc-admin-spec-(disable-next-line|disable)\b(.*)$/;

/** Codes that can never be suppressed: without a parsed document, or about suppression itself. */
export const UNSUPPRESSIBLE = /^(parse|input|kind|suppression|report)\//;

/** True for codes a directive or ignore entry may name: rule ids (custom ones too) and `schema/` codes. */
export const isSuppressible = (code: string, catalog: RuleCatalog = BUILTIN_CATALOG): boolean =>
  catalog.byId.has(code) || code.startsWith('schema/');

interface Directive {
  line: number;
  scope: 'next-line' | 'file';
  codes: string[];
  used: Set<string>;
}

function problem(code: FileCode, severity: Diagnostic['severity'], line: number, message: string): Diagnostic {
  return {
    code,
    severity,
    pointer: '',
    message,
    range: { start: { line, column: 1 }, end: { line, column: 1 } },
    docsUrl: docsUrl(code),
  };
}

/** Reads the directives of a source's comments (real comments only, never text inside strings or block scalars). */
function readDirectives(source: ParsedSource, problems: Diagnostic[], catalog: RuleCatalog): Directive[] {
  const directives: Directive[] = [];
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
    const unknown = codes.filter((x) => !isSuppressible(x, catalog));
    if (unknown.length > 0) {
      problems.push(
        problem(
          'suppression/invalid',
          'error',
          c.line,
          `This directive names ${unknown.map((u) => `"${u.slice(0, 80)}"`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not a rule id or schema/ code.`,
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
  return directives;
}

/** Applies the comment directives of a YAML source: returns the kept diagnostics plus directive problems. */
export function applyDirectives(
  diagnostics: Diagnostic[],
  source: ParsedSource,
  catalog: RuleCatalog = BUILTIN_CATALOG,
): Diagnostic[] {
  if (source.format !== 'yaml' || source.comments.length === 0) return diagnostics;
  const problems: Diagnostic[] = [];
  const directives = readDirectives(source, problems, catalog);
  if (directives.length === 0 && problems.length === 0) return diagnostics;
  const fileWide = directives.filter((x) => x.scope === 'file');
  // Next-line directives by the line they cover: one lookup per finding.
  const byLine = new Map<number, Directive[]>();
  for (const x of directives) {
    if (x.scope !== 'next-line') continue;
    const list = byLine.get(x.line + 1);
    if (list) list.push(x);
    else byLine.set(x.line + 1, [x]);
  }
  const kept = diagnostics.filter((d) => {
    if (UNSUPPRESSIBLE.test(d.code)) return true;
    const line = d.range?.start.line;
    const hit =
      (line !== undefined ? byLine.get(line)?.find((x) => x.codes.includes(d.code)) : undefined) ??
      fileWide.find((x) => x.codes.includes(d.code));
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
