/**
 * One open document, linted as `svc-admin-spec lint` would lint the file: the config found upward
 * from it (ignore and files globs, overrides, target version), the ignore file beside that config,
 * suppression comments — and whether the document is this linter's at all.
 */
import { dirname } from 'node:path';
import { emptyConfig, excludedBy, exclusionReason, fileLintOptions, type Config } from '../config/config';
import { ConfigLookup } from '../config/discover';
import { applyIgnoreFile, type IgnoreFile } from '../config/suppress';
import { isToolConfigFile } from '../config/tool-files';
import { BUILTIN_CATALOG, catalogAt, withDocsUrl } from '../engine/catalog';
import { docsBaseInEnv } from '../core/docs-url';
import { kindOfSchemaRef } from '../kind/detect';
import { hasKindFileName, schemaReferences, unparsedUnrelatedText } from '../kind/relevance';
import type { Diagnostic } from '../core/diagnostics';
import { lintText, type LintTextOptions, type TextResult } from '../lint/lint-text';
import type { KindName } from '../model/kinds';
import { formatOf } from '../source/index';

/** A document as the editor holds it. */
export interface DocumentInput {
  uri: string;
  /** The file's absolute path, for `file:` documents; undefined for unsaved ones. */
  path?: string;
  languageId: string;
  text: string;
  /** The workspace folder holding the document: the config of an unsaved document is found from there. */
  root?: string;
  /** Bumped by the server whenever a config or ignore file changed: the configs found before are forgotten. */
  settingsGeneration?: number;
  /** The document was this linter's before this edit: it stays so while it is edited into shape. */
  wasOwned: boolean;
  /** Load the config's plugins (code from the workspace): only when the user's setting trusts them. */
  trustPlugins?: boolean;
}

/** What linting a document found, and what the server needs to act on it. */
export interface Analysis {
  /** False for documents that are not Admin API documents (CI files, other configs): they get no findings. */
  owned: boolean;
  kind: KindName | null;
  format: 'json' | 'yaml';
  diagnostics: Diagnostic[];
  /** The options it was linted with: quick fixes and fix-all lint with the same. */
  options: LintTextOptions;
  /** Files the findings depend on (config file, plugin files, ignore file): when one changes, the document is linted again. */
  dependencies: string[];
  /** The config's plugins, as written, when they were not loaded (not trusted): the document was linted with the built-in rules. */
  skippedPlugins?: { config: string; plugins: string[] };
  /** Why the config keeps the document from being linted (its `ignore` or `files` globs), as the command says it: for the log. */
  excluded?: string;
}

/** The format of a document: by its file name's extension, else by the editor's language, else by content. */
export function formatFor(name: string, languageId: string, text: string): 'json' | 'yaml' {
  if (/\.(json|ya?ml)$/i.test(name)) return formatOf(name, text);
  if (languageId === 'json' || languageId === 'jsonc') return 'json';
  if (languageId === 'yaml') return 'yaml';
  return formatOf(name, text);
}

/** True when the raw text names one of our schemas: a document that does not parse is still ours then. */
export function namesOurSchema(text: string): boolean {
  for (const ref of schemaReferences(text)) if (kindOfSchemaRef(ref)) return true;
  return false;
}

/**
 * True when a lint found the document does not parse and `svc-admin-spec lint` would report it in a
 * walk: its text names something of ours (`unparsedUnrelatedText`), or its failure is not a syntax
 * error. The editor and the command agree on which broken files are this linter's.
 */
const unparsedOurs = (result: TextResult, text: string, name: string): boolean =>
  !result.source.ok && !unparsedUnrelatedText(result, text, name);

/**
 * SVC_ADMIN_SPEC_DOCS_URL, read as the command reads it (the workers inherit the environment), or
 * undefined for the default links; a malformed value is ignored here, and the server warns about it
 * once (`docsBaseWarning`).
 */
const DOCS_BASE = ((): { url?: string; warning?: string } => {
  try {
    const url = docsBaseInEnv(process.env);
    return url === undefined ? {} : { url };
  } catch (error) {
    return { warning: `${(error as Error).message} Findings link to the default pages.` };
  }
})();
const DOCS_BASE_URL = DOCS_BASE.url;

/** The language server's own findings' catalogue: the built-in rules under the docs base URL. */
const OWN_CATALOG = catalogAt(BUILTIN_CATALOG, DOCS_BASE_URL, 'docs base URL');

/** The warning for the client's log when SVC_ADMIN_SPEC_DOCS_URL is malformed, else undefined. */
export function docsBaseWarning(): string | undefined {
  return DOCS_BASE.warning;
}

/** The finding shown on each document governed by a config or ignore file that cannot be used. */
function badConfig(message: string): Diagnostic {
  return withDocsUrl(
    {
      code: 'input/bad-config',
      severity: 'error',
      pointer: '',
      message: `This document was not linted: ${message}`,
    },
    OWN_CATALOG,
  );
}

// Two per thread (the server's, and the workers' for large documents), with and without plugins:
// each folder's config is found and loaded once, until the server reports a changed settings file
// or a plugin file changes. Without trust, a plugin entry is neither resolved nor imported.
const lookups = {
  trusted: new ConfigLookup({ recheckPlugins: true }),
  untrusted: new ConfigLookup({ plugins: 'skip' }),
};
let lookupGeneration = 0;

/** The thread's config lookup, emptied when the server's settings generation has moved on; a fresh one without a generation. */
function configLookup(generation: number | undefined, trusted: boolean): ConfigLookup {
  if (generation === undefined) return new ConfigLookup(trusted ? {} : { plugins: 'skip' });
  if (generation !== lookupGeneration) {
    lookups.trusted.clear();
    lookups.untrusted.clear();
    lookupGeneration = generation;
  }
  return trusted ? lookups.trusted : lookups.untrusted;
}

/** Rule settings less those of custom rules: with plugins not loaded, nothing defines them. */
function builtInRulesOnly(options: LintTextOptions): LintTextOptions {
  if (!options.rules) return options;
  const rules = Object.fromEntries(Object.entries(options.rules).filter(([id]) => BUILTIN_CATALOG.byId.has(id)));
  return { ...options, rules };
}

/**
 * The analysis of a document too large to lint as you type: one finding saying so, on documents
 * that are this linter's by what can be seen without parsing them (history, a schema named in the
 * text, the file name); nothing on the others.
 */
export function tooLargeAnalysis(input: DocumentInput, limit: number): Analysis {
  const name = input.path ?? input.uri;
  const format = formatFor(name, input.languageId, input.text.slice(0, 4096));
  const owned =
    !(input.path && isToolConfigFile(input.path)) &&
    (input.wasOwned || hasKindFileName(name) || namesOurSchema(input.text));
  // The setting counts characters (UTF-16 code units, as editors do), and so does the message.
  const size = (n: number) =>
    `${n.toLocaleString('en-US')} characters${n >= 1024 * 1024 ? ` (${(n / (1024 * 1024)).toFixed(1)} MiB)` : ''}`;
  const diagnostic = withDocsUrl(
    {
      code: 'input/too-large',
      severity: 'warning',
      pointer: '',
      message: `This document is not checked as you type: at ${size(input.text.length)} it is over the language server's limit of ${size(limit)} (the setting svcAdminSpec.maxDocumentSize). Run \`svc-admin-spec lint\` on the file to check it.`,
    },
    OWN_CATALOG,
  );
  return {
    owned,
    kind: null,
    format,
    diagnostics: owned ? [diagnostic] : [],
    options: { filename: name, format },
    dependencies: [],
  };
}

/** Lints a document with the settings `svc-admin-spec lint` would use for its file. */
export async function analyzeDocument(input: DocumentInput): Promise<Analysis> {
  const { path, text } = input;
  const name = path ?? input.uri;
  const format = formatFor(name, input.languageId, text);
  const dir = path ? dirname(path) : input.root;
  const dependencies: string[] = [];
  const none = (owned: boolean, diagnostics: Diagnostic[] = []): Analysis => ({
    owned,
    kind: null,
    format,
    diagnostics: owned ? diagnostics : [],
    options: { filename: name, format },
    dependencies,
  });
  if (path && isToolConfigFile(path)) return none(false);

  let config: Config;
  let ignore: IgnoreFile | undefined;
  try {
    const configs = configLookup(input.settingsGeneration, input.trustPlugins === true);
    config = dir ? await configs.configFor(dir) : emptyConfig('/');
    if (config.path) dependencies.push(config.path);
    dependencies.push(...(config.pluginFiles ?? []));
    const ignorePath = path ? configs.filesFor(dirname(path)).ignoreFile : undefined;
    if (ignorePath) {
      dependencies.push(ignorePath);
      ignore = configs.ignoreFor(ignorePath);
    }
  } catch (error) {
    // A broken config stops the command before it lints anything; the editor says so on each document it would govern.
    const message = error instanceof Error ? error.message : String(error);
    const bare = lintText(text, { filename: name, format });
    const ours = input.wasOwned || namesOurSchema(text) || bare.kind !== null || unparsedOurs(bare, text, name);
    return none(ours, [badConfig(message)]);
  }
  // As the command treats a file named on its command line: not linted, and said (in the log, not as a finding).
  const excluded = path ? excludedBy(config, path) : undefined;
  if (excluded) return { ...none(false), excluded: exclusionReason(excluded, config.path ?? 'the config') };

  const skipped = !input.trustPlugins && config.path && config.plugins?.length ? config.plugins : undefined;
  const fileOptions = fileLintOptions(config, path, name);
  const options: LintTextOptions = {
    ...(skipped ? builtInRulesOnly(fileOptions) : fileOptions),
    format,
    ...(DOCS_BASE_URL !== undefined ? { docsBaseUrl: DOCS_BASE_URL } : {}),
  };
  const skippedPlugins = skipped ? { skippedPlugins: { config: config.path!, plugins: skipped } } : {};
  const result = lintText(text, options);
  const owned =
    options.kind !== undefined || result.kind !== null || input.wasOwned || unparsedOurs(result, text, name);
  if (!owned) return { ...none(false), options, ...skippedPlugins };
  let diagnostics = result.diagnostics;
  // A fresh record of used entries per run: an entry used by an earlier version of the text may be unused now.
  if (ignore && path) diagnostics = applyIgnoreFile(diagnostics, { ...ignore, used: new Set() }, path, OWN_CATALOG);
  return { owned: true, kind: result.kind, format, diagnostics, options, dependencies, ...skippedPlugins };
}

/** The finding that replaces a document's findings when linting it failed: a bug, never a dead server. */
export function internalFailure(error: unknown): Diagnostic {
  // Only the error's class is shown: an exception message could quote the document, secrets included.
  const what = error instanceof Error ? error.name : typeof error;
  return withDocsUrl(
    {
      code: 'internal-error',
      severity: 'error',
      pointer: '',
      message: `The language server failed on this document (${what}); this is a bug in svc-admin-spec, not in the document. Please report it; the other documents are linted as usual.`,
    },
    OWN_CATALOG,
  );
}
