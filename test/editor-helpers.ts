/** Headless editors: VS Code's JSON language service and the YAML language server, on the exported schemas. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLanguageService as jsonService, type Diagnostic as LsDiagnostic } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService as yamlService } from 'yaml-language-server';
import type { DocumentKind } from '../src/model/kinds';
import { DOCUMENT_KINDS, schemaUrl } from '../src/model/kinds';
import { ROOT } from './cli-helpers';

/** The committed schema of a kind. */
export const schemaOf = (kind: DocumentKind): Record<string, unknown> =>
  JSON.parse(readFileSync(join(ROOT, 'schemas', `${kind}.schema.json`), 'utf8')) as Record<string, unknown>;

const schemas = new Map(DOCUMENT_KINDS.map((k) => [schemaUrl(k), schemaOf(k)]));

/** An editor finding: 1-based start and end, as the linter counts. */
export interface EditorFinding {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  /** LSP severity: 1 error, 2 warning, 3 information, 4 hint. */
  severity: number;
}

const toFinding = (d: LsDiagnostic): EditorFinding => ({
  severity: d.severity ?? 1,
  line: d.range.start.line + 1,
  column: d.range.start.character + 1,
  endLine: d.range.end.line + 1,
  endColumn: d.range.end.character + 1,
  message: typeof d.message === 'string' ? d.message : d.message.value,
});

let counter = 0;
const uri = (kind: DocumentKind, ext: string) => `file:///work/doc-${++counter}.${kind}.${ext}`;

const json = jsonService({
  schemaRequestService: async (u) => {
    const s = schemas.get(u);
    if (!s) throw new Error(`no schema ${u}`);
    return JSON.stringify(s);
  },
});
json.configure({
  validate: true,
  allowComments: false,
  schemas: DOCUMENT_KINDS.map((k) => ({ uri: schemaUrl(k), fileMatch: [`*.${k}.json`], schema: schemaOf(k) })),
});

const yaml = yamlService({
  schemaRequestService: async (u: string) => {
    const s = schemas.get(u);
    if (!s) throw new Error(`no schema ${u}`);
    return JSON.stringify(s);
  },
  workspaceContext: {
    resolveRelativePath: (relative: string, resource: string) => new URL(relative, resource).toString(),
  },
} as never);
yaml.configure({
  validate: true,
  hover: true,
  completion: true,
  schemas: DOCUMENT_KINDS.map((k) => ({ uri: schemaUrl(k), fileMatch: [`*.${k}.yaml`] })),
} as never);

/** Everything VS Code's JSON language service reports for a JSON text of a kind (errors, and warnings such as deprecations). */
export async function jsonReport(kind: DocumentKind, text: string): Promise<EditorFinding[]> {
  const doc = TextDocument.create(uri(kind, 'json'), 'json', 1, text);
  return (await json.doValidation(doc, json.parseJSONDocument(doc), { schemaValidation: 'error' })).map(toFinding);
}

/** Everything the YAML language server reports for a YAML text of a kind. */
export async function yamlReport(kind: DocumentKind, text: string): Promise<EditorFinding[]> {
  const doc = TextDocument.create(uri(kind, 'yaml'), 'yaml', 1, text);
  return ((await yaml.doValidation(doc as never, false)) as LsDiagnostic[]).map(toFinding);
}

/** A schema problem, as opposed to a deprecation notice (the protobuf spellings the server accepts are deprecated). */
const isProblem = (f: EditorFinding) => !/deprecated/i.test(f.message);

/** The problems VS Code's JSON language service shows for a JSON text of a kind. */
export const jsonFindings = async (kind: DocumentKind, text: string): Promise<EditorFinding[]> =>
  (await jsonReport(kind, text)).filter(isProblem);

/** The problems the YAML language server shows for a YAML text of a kind (it reports schema problems as warnings). */
export const yamlFindings = async (kind: DocumentKind, text: string): Promise<EditorFinding[]> =>
  (await yamlReport(kind, text)).filter(isProblem);

/** Hover text at a 1-based position. */
export async function hoverText(
  kind: DocumentKind,
  format: 'json' | 'yaml',
  text: string,
  line: number,
  column: number,
): Promise<string> {
  const doc = TextDocument.create(uri(kind, format), format, 1, text);
  const position = { line: line - 1, character: column - 1 };
  const h =
    format === 'json'
      ? await json.doHover(doc, position, json.parseJSONDocument(doc))
      : await yaml.doHover(doc as never, position);
  return JSON.stringify(h?.contents ?? '');
}

/** Completion labels at a 1-based position. */
export async function completionLabels(
  kind: DocumentKind,
  format: 'json' | 'yaml',
  text: string,
  line: number,
  column: number,
): Promise<string[]> {
  const doc = TextDocument.create(uri(kind, format), format, 1, text);
  const position = { line: line - 1, character: column - 1 };
  const list =
    format === 'json'
      ? await json.doComplete(doc, position, json.parseJSONDocument(doc))
      : await yaml.doComplete(doc as never, position, false);
  return (list?.items ?? []).map((i: { label: string }) => i.label.replace(/^"|"$/g, ''));
}
