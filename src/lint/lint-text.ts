/** Lints the text of a file: parse with positions, decide the kind, lint, and put every finding on a line and column. */
import { withDocsUrl, type RuleCatalog } from '../engine/catalog';
import { detectKind } from '../kind/detect';
import { isDocumentKind, isMappedKind, type KindName } from '../model/kinds';
import { RPK_VERSIONS, type RpkVersion } from '../model/rpk-format';
import { collectSecrets, redactStrings } from '../secrets/redact';
import { readRpkConfig, type RpkRead } from '../rpk/read';
import { inRpkTerms, rpkFindings, rpkPath, type RpkFinding } from '../rpk/findings';
import { apiValueAsRpk, isCloudFile, rpkToApi } from '../rpk/mapper';
import { secretSpans, secretStrings } from '../source/secret-spans';
import { formatOf, parseSource, type ParsedSource } from '../source/index';
import { countKeys, parseJsonUnchecked } from '../source/json';
import type { RunSettings } from '../engine/run';
import { levelOf } from '../engine/rule-levels';
import { childPointer, getAt, isDigits, parentPointer, parsePointer } from '../util/pointer';
import { camelToSnake } from '../util/suggest';
import {
  compareAtSamePlace,
  compareDiagnostics,
  type Diagnostic,
  type FileResult,
  type Fix,
  type Range,
} from '../core/diagnostics';
import { applyDirectives, mayHoldDirectives } from './directives';
import { capFindings } from './findings-cap';
import { lintWithSettings, resolveSettings, type LintOptions } from './lint';
import { ENUM_SPELLING, enumAsWritten, integerAsWritten, mayRoundIntegers } from './number-literals';
import { MAX_REQUEST_BYTES, mayExceedRequestLimit, requestBodyBytes, requestTooLarge } from './request-size';

/** Options of `lintText`: those of `lint`, plus the file name, kind and format when known. */
export interface LintTextOptions extends Omit<LintOptions, 'isFile'> {
  /** Used for the format (by extension) and in results. */
  filename?: string;
  /** The kind; otherwise decided from `$schema`, a modeline or the shape. */
  kind?: KindName;
  format?: 'json' | 'yaml';
  /** rpk config files: the rpk release that reads the file (`25.3`, `26.1` or `next`). Default: the target version's own rpk. */
  rpkVersion?: RpkVersion;
}

/** What `lintText` returns: the findings, and the parsed source they point into. */
export type TextResult = FileResult<KindName> & { source: ParsedSource };

/** Codes outside any rule whose finding is about a key rather than its value; rules say so themselves (`findingsOnKey`). */
const KEY_CODES: ReadonlySet<string> = new Set(['schema/unknown-property', 'parse/duplicate-key']);

/** True when a finding of `code` sits on its key. */
const onKey = (code: string, catalog: RuleCatalog): boolean =>
  KEY_CODES.has(code) || catalog.byId.get(code)?.findingsOnKey === true;

/** The range for a diagnostic: on the key for key problems, the value otherwise, the nearest existing ancestor when missing. */
export function locate(source: ParsedSource, pointer: string, onKey: boolean): Range | undefined {
  const at = placeOf(source, pointer, onKey);
  return at && source.range(at[0], at[1]);
}

/** `locate`'s offsets `[start, end)` (the source's own pair where it can: nothing is made for them). */
function placeOf(source: ParsedSource, pointer: string, onKey: boolean): readonly [number, number] | undefined {
  let p = pointer;
  let exact = true;
  for (;;) {
    const span = source.span(p);
    if (span) {
      const at = span.key && (onKey || !exact) ? span.key : span.value;
      // A missing field points at its parent's key, or at the first character of a keyless parent (the root).
      return exact || span.key ? at : [at[0], at[0] + 1];
    }
    if (p === '') return undefined;
    p = parentPointer(p);
    exact = false;
  }
}

const LINT_TEXT_KEYS = ['filename', 'kind', 'format', 'rpkVersion'];

/**
 * Lints JSON or YAML text as a file: never throws for any text (only for bad options); syntax
 * problems become diagnostics, and YAML suppression directives are applied.
 */
export function lintText(text: string, options: LintTextOptions = {}): TextResult {
  if (typeof text !== 'string') throw new TypeError('lintText: the text must be a string.');
  const settings = resolveSettings(isDocumentKind(options.kind) ? options.kind : 'ShadowLink', options, LINT_TEXT_KEYS);
  settings.isFile = true;
  if (options.rpkVersion !== undefined && !(RPK_VERSIONS as readonly unknown[]).includes(options.rpkVersion))
    throw new TypeError(`lintText options: "rpkVersion" must be one of ${RPK_VERSIONS.join(', ')}.`);
  const file = options.filename ?? '<text>';
  // A byte order mark is reported, then dropped so that columns match what editors show.
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  const format = options.format ?? formatOf(file, text);
  // JSON: JSON.parse's value, linted while the acceptor counts its keys; a key lost to a duplicate
  // shows as a count short of the text's, and then the text is read again with positions for all.
  const unchecked = format === 'json' ? parseJsonUnchecked(text) : undefined;
  if (unchecked) {
    const probe = { keys: -1 };
    const result = lintSource(text, unchecked.source, bom, options, settings, file, probe);
    const keys = probe.keys >= 0 ? probe.keys : countKeys(unchecked.source.value);
    if (keys === unchecked.keysWritten) return result;
  }
  return lintSource(text, parseSource(text, format), bom, options, settings, file, undefined);
}

/** What rpk refuses, drops or changes in its config file, placed in the text; secrets it holds are masked in messages. */
function rpkFileFindings(text: string, source: ParsedSource, settings: RunSettings, rpk: RpkVersion): Diagnostic[] {
  const read = readRpkConfig(text, source.yamlDocument);
  const secrets = collectSecrets(read.value);
  const own = rpkFindings(read, rpk, settings.targetVersion);
  // rpk sends nothing for a file it refuses: the API rules have nothing to judge then.
  const refused = own.some((f) => f.diagnostic.code === 'rpk/refused' || f.diagnostic.code === 'rpk/invalid');
  const mapped = refused ? undefined : rpkToApi(read.value, rpk);
  const all = mapped ? [...own, ...apiFindings(read, mapped, settings, rpk, own)] : own;
  if (mapped && mayExceedRequestLimit(text, source)) {
    const bytes = requestBodyBytes('ShadowLink', mapped.value)!;
    if (bytes > MAX_REQUEST_BYTES)
      source.diagnostics.push(requestTooLarge(bytes, 'The CreateShadowLink request rpk builds from this file'));
  }
  const found = all.map(({ diagnostic, at }) => {
    diagnostic.range = source.range(at[0], at[1]);
    for (const r of diagnostic.related ?? []) {
      const where = read.written.get(r.pointer);
      if (where) r.range = source.range(where.value[0], where.value[1]);
    }
    // yaml.v2 quotes the first seven bytes of a value it refuses: when they begin a secret, they are hidden too.
    diagnostic.message = diagnostic.message.replace(/`([^`]{1,7})\.\.\.`/g, (echo, head: string) =>
      secrets.some((s) => s.includes(head)) ? '`********...`' : echo,
    );
    return diagnostic;
  });
  return redactStrings(found, secrets);
}

/** rpk findings that leave the API findings at their place standing. */
const BESIDE_API_FINDINGS: ReadonlySet<string> = new Set(['rpk/literal-placeholder', 'rpk/repeated-key']);

/**
 * The Admin API rules on the ShadowLink rpk sends for the file, each moved to the part of the file
 * it comes from (the nearest part written) and said in those terms. Left out: what rpk's own
 * findings already say at that place (a spelling sent as UNSPECIFIED, a number read as
 * nanoseconds), advice that does not hold for rpk files (a `${VAR}` placeholder for a secret: rpk
 * sends it literally), and in a cloud file (`cloud_options`, sent to the cloud's control plane) what
 * the cloud fills in or resolves: bootstrap servers and `${secrets.NAME}` references.
 */
function apiFindings(
  read: RpkRead,
  mapped: ReturnType<typeof rpkToApi>,
  settings: RunSettings,
  rpk: RpkVersion,
  own: readonly RpkFinding[],
): RpkFinding[] {
  const result = lintWithSettings(mapped.value, { ...settings, kind: 'ShadowLink' }, { unsorted: true });
  // Where rpk's own finding already says what the link holds there; a placeholder sent as written or
  // a repeated key says nothing of it, so the API's findings at those places stand.
  const said = new Set(own.filter((f) => !BESIDE_API_FINDINGS.has(f.diagnostic.code)).map((f) => f.diagnostic.pointer));
  const cloud = isCloudFile(read.value, rpk);
  // A fix or a related place stays only where rpk's file holds exactly what it names.
  const exactly = (pointer: string) => {
    const p = mapped.from.get(pointer);
    return p !== undefined && read.written.has(p) ? p : undefined;
  };
  const out: RpkFinding[] = [];
  for (const d of result.diagnostics) {
    if (
      d.code === 'no-plaintext-secret' ||
      (cloud &&
        (d.code === 'bootstrap-servers' || (d.code === 'schema/required' && d.pointer.endsWith('/bootstrapServers'))))
    )
      continue;
    let api = d.pointer;
    while (!mapped.from.has(api) && api !== '') api = parentPointer(api);
    let inFile = mapped.from.get(api) ?? '';
    if (said.has(inFile)) continue;
    const written = getAt(read.value, inFile);
    if (cloud && typeof written === 'string' && written.startsWith('${secrets.')) continue;
    while (!read.written.has(inFile) && inFile !== '') inFile = parentPointer(inFile);
    const where = read.written.get(inFile);
    const onKeyHere = onKey(d.code, settings.catalog);
    const at = where
      ? ((onKeyHere || inFile !== mapped.from.get(api) ? where.key : undefined) ?? where.value)
      : ([0, 1] as const);
    const { suggestions, related, ...rest } = d;
    const fixes = suggestions?.flatMap((sg) => {
      const fix = sg.fix && rpkFix(sg.fix, exactly, rpk);
      return sg.fix && !fix ? [] : [{ ...sg, message: inRpkTerms(sg.message), ...(fix ? { fix } : {}) }];
    });
    const places = related?.flatMap((r) => {
      const p = exactly(r.pointer);
      return p === undefined ? [] : [{ pointer: p, message: inRpkTerms(r.message) }];
    });
    out.push({
      diagnostic: {
        ...rest,
        pointer: inFile,
        message: `In the link rpk sends${inFile === '' ? '' : `, from \`${rpkPath(inFile)}\``}: ${inRpkTerms(d.message)}`,
        ...(fixes?.length ? { suggestions: fixes } : {}),
        ...(places?.length ? { related: places } : {}),
      },
      at,
    });
  }
  return out;
}

/** An API fix in rpk's form, at the rpk key it names (a rename of an API key has none). */
function rpkFix(fix: Fix, exactly: (pointer: string) => string | undefined, rpk: RpkVersion): Fix | undefined {
  if (fix.kind === 'rename-key') return undefined;
  let pointer = exactly(fix.pointer);
  // A value for a missing key (which the fix cannot add, as for an API document: offered disabled):
  // at rpk's name for the key, in the block rpk's file has.
  if (pointer === undefined && fix.kind === 'replace-value' && fix.pointer !== '') {
    const parent = exactly(parentPointer(fix.pointer));
    const key = parsePointer(fix.pointer).at(-1)!;
    if (parent !== undefined && !isDigits(key)) pointer = childPointer(parent, camelToSnake(key));
  }
  if (pointer === undefined) return undefined;
  if (fix.kind === 'remove') return { kind: 'remove', pointer };
  const value = apiValueAsRpk(pointer, fix.value, rpk);
  return value === undefined ? undefined : { kind: 'replace-value', pointer, value };
}

/** `lintText` once the text is read. */
function lintSource(
  text: string,
  source: ParsedSource,
  bom: boolean,
  options: LintTextOptions,
  settings: RunSettings,
  file: string,
  probe: { keys: number } | undefined,
): TextResult {
  if (bom) {
    // Sent as written, a JSON document with a BOM fails the server's JSON parser; YAML (and rpk's
    // files) are converted before sending, so there it only trips other tools.
    const json = source.format === 'json';
    source.diagnostics.unshift({
      code: 'parse/bom',
      severity: json ? 'error' : 'warning',
      pointer: '',
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      message: json
        ? 'The file starts with a byte order mark (BOM): the server\'s JSON parser refuses a body that starts with one ("invalid request input"). Save it as UTF-8 without BOM.'
        : "The file starts with a byte order mark (BOM). Save it as UTF-8 without BOM: JSON decoders such as the server's reject it, and so do some YAML tools.",
    });
  }
  const finish = (kind: KindName | null, found: Diagnostic[]): TextResult => {
    let all = [...source.diagnostics, ...found].map((d) => withDocsUrl(d, settings.catalog));
    // Raw-text secrets matter when a file did not parse (lint could not see its values).
    if (all.length > 0 && !source.ok) all = redactStrings(all, secretStrings(text, secretSpans(text, source.format)));
    all = applyDirectives(all.sort(compareDiagnostics), source, settings.catalog);
    return { file, kind, diagnostics: capFindings(all, settings.maxFindings), source };
  };
  if (!source.ok) return finish(null, []);
  const decision = detectKind(source.value, {
    ...(options.kind ? { flag: options.kind } : {}),
    ...(source.modelineSchema ? { modelineSchema: source.modelineSchema } : {}),
  });
  if (decision.kind === null) {
    const pointer = decision.reason === 'unknown-schema' ? '/$schema' : '';
    const range = locate(source, pointer, false);
    const found: Diagnostic[] = [
      {
        code: `kind/${decision.reason}`,
        severity: 'error',
        pointer,
        message: decision.message,
        ...(range ? { range } : {}),
      },
    ];
    return finish(null, found);
  }
  if (isMappedKind(decision.kind)) {
    // rpk's reader says what a repeated key does to rpk (rpk/repeated-key), not the server's.
    source.diagnostics = source.diagnostics.filter((d) => d.code !== 'parse/duplicate-key');
    const rpk = options.rpkVersion ?? settings.targetVersion;
    return finish(decision.kind, rpkFileFindings(text, source, settings, rpk));
  }
  if (mayExceedRequestLimit(text, source)) {
    const bytes = requestBodyBytes(decision.kind, source.value);
    if (bytes !== undefined && bytes > MAX_REQUEST_BYTES)
      source.diagnostics.push(requestTooLarge(bytes, 'The request body the client sends for this document'));
  }
  // `parse/enum-decimal` is judged on the findings of `enum-spelling` (the structure check says which
  // values are enum numbers): a JSON document is linted with that rule on whatever it is set to, and
  // its own findings are dropped after when it is off.
  const spellingOff = source.format === 'json' && levelOf(settings.rules, ENUM_SPELLING) === 'off';
  const rules = spellingOff ? { ...settings.rules, [ENUM_SPELLING]: 'error' as const } : settings.rules;
  // De-duplicated, not sorted: `finish` sorts once, by position.
  const result = lintWithSettings(source.value, { ...settings, rules, kind: decision.kind }, { probe, unsorted: true });
  // The findings are this lint's own objects (made for it, held by nothing else): their ranges are
  // set in place, not on copies — with thousands of findings, a second copy of each alive at once
  // is what made the collector's work grow faster than their number.
  const rounds = result.diagnostics.length > 0 && mayRoundIntegers(text);
  const judged = result.diagnostics.map((d) => {
    let out: Diagnostic = rounds ? integerAsWritten(d, source, text, settings.rules) : d;
    if (d.code === ENUM_SPELLING && source.format === 'json') out = enumAsWritten(out, source, text);
    if (d.related) {
      out.related = d.related.map((r) => {
        const rr = locate(source, r.pointer, false);
        return rr ? Object.assign({}, r, { range: rr }) : r;
      });
    }
    return out;
  });
  const found = spellingOff ? judged.filter((d) => d.code !== ENUM_SPELLING) : judged;
  const places = found.map((d) => placeOf(source, d.pointer, onKey(d.code, settings.catalog)));
  // More findings than are kept, and nothing else to order them with: ordered by offset (the order
  // of lines and columns), and only the findings kept get a line and column.
  if (found.length > settings.maxFindings && source.diagnostics.length === 0 && !mayHoldDirectives(source)) {
    const order = Array.from(found.keys()).sort((i, j) => {
      const a = places[i];
      const b = places[j];
      return (a && b && a[0] - b[0]) || compareAtSamePlace(found[i]!, found[j]!);
    });
    const sorted = order.map((i, k) => {
      const d = withDocsUrl(found[i]!, settings.catalog);
      const at = places[i];
      if (k < settings.maxFindings && at) d.range = source.range(at[0], at[1]);
      return d;
    });
    return { file, kind: decision.kind, diagnostics: capFindings(sorted, settings.maxFindings), source };
  }
  found.forEach((d, i) => {
    const at = places[i];
    if (at) d.range = source.range(at[0], at[1]);
  });
  return finish(decision.kind, found);
}
