/**
 * Code actions: each finding's suggestions as quick fixes (the edits and checks of `--fix`), a YAML
 * directive to disable a rule with a reason, and `source.fixAll.svc-admin-spec` (what `--fix` writes).
 */
import {
  CodeActionKind,
  type CodeAction,
  type Command,
  type Range as LspRange,
  type TextEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Fix } from '../core/diagnostics';
import { isSuppressible, UNSUPPRESSIBLE } from '../lint/directives';
import type { Analysis } from './analyze';
import { toLspDiagnostic } from './convert';
import type { JobInput, JobName, JobOutput } from './jobs';
import { minimalEdit, overlaps, toLspRange } from './positions';

/** The kind of the fix-all source action. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.svc-admin-spec`;

/** The command that puts the cursor where a directive's reason goes. */
export const WRITE_REASON_COMMAND = 'svc-admin-spec.writeReason';

/** Runs a job on the document's text (in the server's thread or the worker, by size). */
export type RunJob = <N extends JobName>(name: N, input: JobInput<N>) => Promise<JobOutput<N>>;

/** What a code action request needs. */
export interface ActionRequest {
  document: TextDocument;
  analysis: Analysis;
  range: LspRange;
  /** The kinds the client asked for; all when undefined. */
  only?: string[];
  /** The client shows actions that cannot be applied, with the reason. */
  disabledSupport: boolean;
  run: RunJob;
}

/** True when an action of `kind` answers a request for `only` (a kind matches itself and its sub-kinds). */
export function wanted(kind: string, only: readonly string[] | undefined): boolean {
  return !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
}

/** The single edit that turns the document's text into `after`. */
function editTo(document: TextDocument, after: string): TextEdit {
  const e = minimalEdit(document.getText(), after);
  return { range: { start: document.positionAt(e.start), end: document.positionAt(e.end) }, newText: e.text };
}

const title = (message: string) => message.replace(/\.$/, '');

async function suggestionActions(request: ActionRequest, d: Diagnostic): Promise<CodeAction[]> {
  const { document, analysis } = request;
  const out: CodeAction[] = [];
  const text = document.getText();
  for (const s of d.suggestions ?? []) {
    if (!s.fix) continue;
    const result = await request.run('fix', { text, format: analysis.format, fix: s.fix as Fix });
    const action: CodeAction = {
      title: title(s.message),
      kind: CodeActionKind.QuickFix,
      diagnostics: [toLspDiagnostic(d, document.uri)],
    };
    if ('text' in result) {
      action.edit = { changes: { [document.uri]: [editTo(document, result.text)] } };
      if (s.autofix) action.isPreferred = true;
    } else if (request.disabledSupport) {
      action.disabled = { reason: `Not applied: ${result.skipped}.` };
    } else continue;
    out.push(action);
  }
  return out;
}

async function disableActions(request: ActionRequest, d: Diagnostic): Promise<CodeAction[]> {
  const { document, analysis } = request;
  if (analysis.format !== 'yaml' || UNSUPPRESSIBLE.test(d.code) || !isSuppressible(d.code)) return [];
  const line = toLspRange(d.range).start.line;
  const out: CodeAction[] = [];
  const variants = [
    { scope: 'disable-next-line', at: line, what: 'for this line' },
    { scope: 'disable', at: 0, what: 'in this file' },
  ];
  for (const v of variants) {
    const comment = `# svc-admin-spec-${v.scope} ${d.code} -- `;
    const result = await request.run('insertComment', { text: document.getText(), line: v.at, comment });
    if (!('text' in result)) continue;
    const edit = editTo(document, result.text);
    // The end of the directive's line, after the edit: where the reason is typed.
    const reasonAt = { line: v.at, character: result.column };
    const command: Command = {
      title: 'Write the reason',
      command: WRITE_REASON_COMMAND,
      arguments: [document.uri, reasonAt],
    };
    out.push({
      title: `Disable ${d.code} ${v.what} (then write the reason after "--")`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [toLspDiagnostic(d, document.uri)],
      edit: { changes: { [document.uri]: [edit] } },
      command,
    });
  }
  return out;
}

const hasAutofix = (d: Diagnostic) => (d.suggestions ?? []).some((s) => s.autofix && s.fix);

/** The code actions for a range of a document. */
export async function codeActions(request: ActionRequest): Promise<CodeAction[]> {
  const { document, analysis, only } = request;
  if (!analysis.owned) return [];
  const here = analysis.diagnostics.filter((d) => overlaps(toLspRange(d.range), request.range));
  const out: CodeAction[] = [];
  if (wanted(CodeActionKind.QuickFix, only)) {
    for (const d of here) out.push(...(await suggestionActions(request, d)));
    for (const d of here) out.push(...(await disableActions(request, d)));
  }
  // Fix-all when asked for by kind (on save, "Fix all"), or offered beside a finding that has a safe fix.
  const asked = only !== undefined && wanted(FIX_ALL_KIND, only);
  if (asked || (only === undefined && here.some(hasAutofix))) {
    if (analysis.diagnostics.some(hasAutofix)) {
      const fixed = await request.run('fixAll', { text: document.getText(), options: analysis.options });
      if (fixed.text !== document.getText()) {
        out.push({
          title: 'Fix all svc-admin-spec problems that have a safe fix',
          kind: FIX_ALL_KIND,
          edit: { changes: { [document.uri]: [editTo(document, fixed.text)] } },
        });
      }
    }
  }
  return out;
}
