/**
 * Suppression directives in YAML comments: `# svc-admin-spec-disable-next-line <rule> -- <reason>`,
 * `# svc-admin-spec-disable-line …` (after a value, for its own line) and `# svc-admin-spec-disable …`
 * (on a line of its own, for the whole file).
 */
import { BUILTIN_CATALOG, type RuleCatalog } from '../engine/catalog';
import { withDocsUrl } from '../engine/catalog';
import type { ParsedSource } from '../source/index';
import { compareDiagnostics, type Diagnostic, type FileCode } from '../core/diagnostics';

const DIRECTIVE = /^#[ \t]*svc-admin-spec-(disable-next-line|disable-line|disable)\b(.*)$/;

/** Codes that can never be suppressed: without a parsed document, or about suppression itself. */
export const UNSUPPRESSIBLE = /^(parse|input|kind|suppression|report)\//;

/**
 * True for codes a directive or ignore entry may name: rule ids (custom ones too), `schema/` codes
 * and `rpk/` codes (what rpk does with a file that reads; an ignore entry could already name them).
 */
export const isSuppressible = (code: string, catalog: RuleCatalog = BUILTIN_CATALOG): boolean =>
  catalog.byId.has(code) || code.startsWith('schema/') || /^rpk\/[a-z-]+$/.test(code);

interface Directive {
  line: number;
  scope: 'next-line' | 'line' | 'file';
  codes: string[];
  used: Set<string>;
  comment: Comment;
}

type Comment = ParsedSource['comments'][number];

/** A finding about a directive, placed on the directive's comment. */
function problem(
  source: ParsedSource,
  code: FileCode,
  severity: Diagnostic['severity'],
  comment: Comment,
  message: string,
): Diagnostic {
  return withDocsUrl({
    code,
    severity,
    pointer: '',
    message,
    range: source.range(comment.offset, comment.offset + comment.text.trimEnd().length),
  });
}

/** Reads the directives of a source's comments (real comments only, never text inside strings or block scalars). */
function readDirectives(source: ParsedSource, problems: Diagnostic[], catalog: RuleCatalog): Directive[] {
  const directives: Directive[] = [];
  for (const c of source.comments) {
    const m = DIRECTIVE.exec(c.text);
    if (!m) continue;
    const scope = m[1] === 'disable' ? 'file' : m[1] === 'disable-line' ? 'line' : 'next-line';
    if (scope === 'file' && c.trailing) {
      // After a value, a file-wide directive would hide far more than the line it sits on.
      problems.push(
        problem(
          source,
          'suppression/invalid',
          'error',
          c,
          'A "svc-admin-spec-disable" directive after a value would apply to the whole file; write "svc-admin-spec-disable-line" to suppress findings of this line, or put the directive on a line of its own. It was not applied.',
        ),
      );
      continue;
    }
    const [list, ...reasonParts] = m[2]!.split(/\s--\s?/);
    const reason = reasonParts.join(' -- ').trim();
    const codes = (list ?? '').split(/[\s,]+/).filter(Boolean);
    if (codes.length === 0) {
      problems.push(
        problem(
          source,
          'suppression/invalid',
          'error',
          c,
          `This directive names no rule; write "# svc-admin-spec-${m[1]} <rule-id> -- <reason>".`,
        ),
      );
      continue;
    }
    const unknown = codes.filter((x) => !isSuppressible(x, catalog));
    if (unknown.length > 0) {
      problems.push(
        problem(
          source,
          'suppression/invalid',
          'error',
          c,
          `This directive names ${unknown.map((u) => `"${u.slice(0, 80)}"`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not a rule id, schema/ or rpk/ code.`,
        ),
      );
      continue;
    }
    if (reason === '') {
      problems.push(
        problem(
          source,
          'suppression/missing-reason',
          'error',
          c,
          `This directive has no reason; add one after " -- " (e.g. "# svc-admin-spec-${m[1]} ${codes.join(', ')} -- approved by the platform team"). It was not applied.`,
        ),
      );
      continue;
    }
    directives.push({ line: c.line, scope, codes, used: new Set(), comment: c });
  }
  return directives;
}

/** False when the source can hold no suppression directive (they are YAML comments): `applyDirectives` then changes nothing. */
export const mayHoldDirectives = (source: ParsedSource): boolean =>
  source.format === 'yaml' && source.comments.length > 0;

/** Applies the comment directives of a YAML source: returns the kept diagnostics plus directive problems. */
export function applyDirectives(
  diagnostics: Diagnostic[],
  source: ParsedSource,
  catalog: RuleCatalog = BUILTIN_CATALOG,
): Diagnostic[] {
  if (!mayHoldDirectives(source)) return diagnostics;
  const problems: Diagnostic[] = [];
  const directives = readDirectives(source, problems, catalog);
  if (directives.length === 0 && problems.length === 0) return diagnostics;
  const fileWide = directives.filter((x) => x.scope === 'file');
  // Line directives by the line they cover: one lookup per finding.
  const byLine = new Map<number, Directive[]>();
  for (const x of directives) {
    if (x.scope === 'file') continue;
    const covered = x.scope === 'line' ? x.line : x.line + 1;
    const list = byLine.get(covered);
    if (list) list.push(x);
    else byLine.set(covered, [x]);
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
            source,
            'suppression/unused',
            'warning',
            x.comment,
            `This directive suppresses "${code}", but there is no such finding ${{ file: 'in this file', line: 'on this line', 'next-line': 'on the next line' }[x.scope]}; remove it.`,
          ),
        );
    }
  }
  return [...kept, ...problems].sort(compareDiagnostics);
}
