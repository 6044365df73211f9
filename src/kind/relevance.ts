/**
 * Whether a document that fits no kind may still be meant as one: a top-level key a letter or two
 * from a kind's own, or a `$schema` (or modeline) naming one of our schemas. A file with none of
 * these is plainly unrelated (a CI workflow, a compose file), and a walk skips it.
 */
import { KIND_NAMES, KINDS, kindSchemas, type KindName } from '../model/kinds';
import { globsMatcher } from '../util/glob';
import { editDistance } from '../util/suggest';
import { isObject } from '../util/pointer';

/**
 * Top-level keys that unrelated files use all the time (`name:` heads every CI workflow): they
 * decide nothing on their own. A ShadowLink is told by `configurations`, a ConnectError by its
 * shape (detection still recognises both as written).
 */
const COMMON_WORDS = new Set(['name', 'code', 'message', 'details', 'uid', 'status']);

/** `clientOptions`, `client_options` and `client-options` compare alike. */
const normalized = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

/** Each distinctive top-level key (normalized) and the first kind that has it, in the kind table's order. */
const DISTINCTIVE: readonly { key: string; spelled: string; kind: KindName }[] = (() => {
  const out = new Map<string, { key: string; spelled: string; kind: KindName }>();
  for (const kind of KIND_NAMES) {
    const properties = (kindSchemas[kind] as { properties?: Record<string, unknown> }).properties ?? {};
    for (const spelled of Object.keys(properties)) {
      if (spelled.startsWith('$') || COMMON_WORDS.has(spelled)) continue;
      const key = normalized(spelled);
      if (!out.has(key)) out.set(key, { key, spelled, kind });
    }
  }
  return [...out.values()];
})();

/** Most top-level keys compared: a near miss sits among a document's first keys, and the cost stays bounded. */
const MAX_KEYS_COMPARED = 1000;

/** A top-level key a letter or two from a kind's own. */
export interface NearMissKey {
  /** The key as written. */
  key: string;
  /** The kind's key it is close to, as the kind spells it. */
  like: string;
  kind: KindName;
}

/**
 * The first top-level key within a small edit distance of a distinctive top-level key of some kind
 * (1 for keys shorter than 8 letters, 2 otherwise, ignoring case, `_` and `-`); undefined if none.
 */
export function nearMissKey(value: unknown): NearMissKey | undefined {
  if (!isObject(value)) return undefined;
  return nearMissAmong(ownKeys(value));
}

function* ownKeys(value: Record<string, unknown>): Generator<string> {
  for (const key in value) if (Object.hasOwn(value, key)) yield key;
}

/** `nearMissKey` over keys however found (a parsed document's, or a text's that does not parse). */
function nearMissAmong(keys: Iterable<string>): NearMissKey | undefined {
  let compared = 0;
  for (const key of keys) {
    if (++compared > MAX_KEYS_COMPARED) break;
    if (key.length > 64) continue;
    const k = normalized(key);
    for (const d of DISTINCTIVE) {
      const limit = d.key.length < 8 ? 1 : 2;
      if (editDistance(k, d.key, limit) <= limit) return { key, like: d.spelled, kind: d.kind };
    }
  }
  return undefined;
}

/** The kind a schema file name is close to (`ShadowLnk.schema.json`), if any. */
function nearKindName(name: string): KindName | undefined {
  const lower = name.toLowerCase();
  return KIND_NAMES.find((k) => editDistance(lower, k.toLowerCase(), 2) <= 2);
}

/**
 * True when a `$schema` reference is meant as one of ours: it mentions svc-admin-spec, or its file
 * is `<Name>.schema.json` with a name within two letters of a kind's.
 */
export function namesOurSchema(ref: string): boolean {
  if (ref.toLowerCase().includes('svc-admin-spec')) return true;
  // The last path segment, without a query or fragment.
  let file = ref.trim();
  file = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  for (const stop of ['?', '#']) if (file.includes(stop)) file = file.slice(0, file.indexOf(stop));
  const suffix = '.schema.json';
  if (!file.toLowerCase().endsWith(suffix) || file.length > 64 + suffix.length) return false;
  return nearKindName(file.slice(0, -suffix.length)) !== undefined;
}

/**
 * Why a document that fits no kind may still be meant as one (a sentence for `--verbose` and
 * messages), or undefined when it is plainly unrelated.
 */
export function relatedEvidence(value: unknown, modelineSchema?: string): string | undefined {
  const schema = isObject(value) && Object.hasOwn(value, '$schema') ? value['$schema'] : undefined;
  if (typeof schema === 'string' && namesOurSchema(schema)) return `its "$schema" names an svc-admin-spec schema`;
  if (modelineSchema !== undefined && namesOurSchema(modelineSchema))
    return 'its yaml-language-server modeline names an svc-admin-spec schema';
  const near = nearMissKey(value);
  if (near) return nearMissSentence(near);
  return undefined;
}

/** `"configuratons" is close to "configurations", a top-level key of a ShadowLink`. */
export const nearMissSentence = (near: NearMissKey): string =>
  `${JSON.stringify(near.key.slice(0, 80))} is close to "${near.like}", a top-level key of a ${near.kind}`;

// `"$schema": "…/ShadowLink.schema.json"` or a `# yaml-language-server: $schema=…` modeline, found in raw text.
const SCHEMA_REFERENCE = /\$schema["']?\s*[:=]\s*["']?([^\s"',}]+)/g;

/** Each schema reference written in a text (a `$schema` key's value or a modeline's), whether or not the text parses. */
export function* schemaReferences(text: string): Generator<string> {
  for (const m of text.matchAll(SCHEMA_REFERENCE)) yield m[1]!;
}

/** The kinds' `filePatterns`, compiled once: those with a folder match the path, the others the file name. */
const KIND_FILE_PATTERNS = KIND_NAMES.flatMap((k) => [...KINDS[k].filePatterns]);
const matchesKindPath = globsMatcher(KIND_FILE_PATTERNS.filter((p) => p.includes('/')));
const matchesKindBase = globsMatcher(KIND_FILE_PATTERNS.filter((p) => !p.includes('/')));

/** True when a file's name is one an Admin API document is usually saved under (a kind's `filePatterns`). */
export function hasKindFileName(name: string): boolean {
  const path = name.split('\\').join('/');
  return matchesKindPath(path) || matchesKindBase(path.slice(path.lastIndexOf('/') + 1));
}

/** A key read from a text without parsing it: as written (cut at 65 characters), its bracket depth and its column. */
interface TextKey {
  key: string;
  depth: number;
  column: number;
}

/** The keys of a text read without parsing it, and whether its root is a list (a `- ` item or `[` first). */
interface TextKeys {
  keys: TextKey[];
  listRoot: boolean;
}

const isSpaceOrTab = (c: number): boolean => c === 0x20 || c === 0x09;
// A bare word: letters, digits, `_`, `$`, `.`, `-` (a YAML plain key, a JSON5 name).
const isWordChar = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  c === 0x5f ||
  c === 0x24 ||
  c === 0x2e ||
  c === 0x2d;
const isWordStart = (c: number): boolean => isWordChar(c) && !(c >= 0x30 && c <= 0x39) && c !== 0x2e && c !== 0x2d;
// A block indicator (`- ` or `? `) is followed by a space, a tab, a line's end or the text's end.
const isIndicatorEnd = (c: number): boolean => isSpaceOrTab(c) || c === 0x0a || c === 0x0d || Number.isNaN(c);

/**
 * The keys of a text, YAML or JSON alike and whatever its file's extension, in order (at most
 * `limit`), read without parsing: a double- or single-quoted string or a bare word in key position,
 * followed by `:` (spaces and tabs between). Key position is a line's start after its indentation
 * (tabs too) and any `- ` or `? ` indicators, or right after `{`, or after `,` inside brackets: a
 * word inside a value (`KAFKA: broker:9092`) or a comment (`#` at a line's start or after a space,
 * outside quotes) is not a key. A text that does not parse may be mis-indented, tab-indented, JSON
 * in a `.yaml` file or YAML-like in a `.json` one: only the keys' spelling is trusted. One pass,
 * never going back; a quoted string ends at its closing quote or at its line's end, so one stray
 * quote hides one line's keys at most.
 */
function textKeys(text: string, limit: number): TextKeys {
  const keys: TextKey[] = [];
  let listRoot: boolean | undefined;
  let depth = 0;
  let lineStart = 0;
  let atLineStart = true;
  let keyPosition = false;
  let i = 0;
  const n = text.length;
  // After a candidate ending at `i`: a key when it stood in key position and `:` follows, past spaces and tabs.
  const keyAt = (start: number, end: number, word: boolean): void => {
    const inPosition = keyPosition;
    keyPosition = false;
    if (!inPosition) return;
    let j = i;
    while (j < n && isSpaceOrTab(text.charCodeAt(j))) j++;
    i = j;
    if (text.charCodeAt(j) !== 0x3a || (word && !isWordStart(text.charCodeAt(start)))) return;
    keys.push({ key: text.slice(start, Math.min(end, start + 65)), depth, column: start - lineStart });
  };
  while (i < n && keys.length < limit) {
    if (atLineStart) {
      atLineStart = false;
      while (i < n && isSpaceOrTab(text.charCodeAt(i))) i++;
      const first = text.charCodeAt(i);
      // The root is a list when its first item is `- …` or `[`; `---` and `...` mark a document, `%` a directive.
      if (listRoot === undefined && !Number.isNaN(first) && first !== 0x0a && first !== 0x0d && first !== 0x23) {
        const marker = text.startsWith('---', i) || text.startsWith('...', i) || first === 0x25;
        if (!marker) listRoot = first === 0x5b || (first === 0x2d && isIndicatorEnd(text.charCodeAt(i + 1)));
      }
      while (i < n) {
        const c = text.charCodeAt(i);
        if ((c !== 0x2d && c !== 0x3f) || !isIndicatorEnd(text.charCodeAt(i + 1))) break;
        i++;
        while (i < n && isSpaceOrTab(text.charCodeAt(i))) i++;
      }
      keyPosition = true;
      continue;
    }
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = ++i;
      atLineStart = true;
    } else if (c === 0x23 && (i === lineStart || isSpaceOrTab(text.charCodeAt(i - 1)))) {
      while (i < n && text.charCodeAt(i) !== 0x0a) i++;
    } else if (c === 0x22 || c === 0x27) {
      const start = ++i;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === c || d === 0x0a) break;
        // A backslash escapes the next character in a double-quoted string, but never a line's end.
        i += c === 0x22 && d === 0x5c && i + 1 < n && text.charCodeAt(i + 1) !== 0x0a ? 2 : 1;
      }
      const end = Math.min(i, n);
      if (i < n && text.charCodeAt(i) === c) i++;
      keyAt(start, end, false);
    } else if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(text.charCodeAt(i))) i++;
      keyAt(start, i, true);
    } else {
      if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--;
      // Spaces keep a key position; `{` and a `,` between brackets start one; anything else ends it.
      if (c === 0x7b || (c === 0x2c && depth > 0)) keyPosition = true;
      else if (!isSpaceOrTab(c) && c !== 0x0d) keyPosition = false;
      i++;
    }
  }
  return { keys, listRoot: listRoot === true };
}

/**
 * The outermost keys among a text's keys: those at the least bracket depth, and outside brackets
 * (YAML's block keys) those at the least column. A guess, for a shape that only top-level keys tell.
 */
function outermost(keys: readonly TextKey[]): string[] {
  let depth = Infinity;
  let column = Infinity;
  for (const k of keys) depth = Math.min(depth, k.depth);
  if (depth === 0) for (const k of keys) if (k.depth === 0) column = Math.min(column, k.column);
  return keys.filter((k) => k.depth === depth && (depth > 0 || k.column === column)).map((k) => k.key);
}

/**
 * Distinctive top-level keys long enough (8 letters or more, normalized) to tell a document when
 * written exactly at any depth (`client_options` under a mis-indented line); shorter ones (`broker`,
 * `nodeId`) name services and fields in unrelated files too.
 */
const LONG_DISTINCTIVE = new Map(DISTINCTIVE.filter((d) => d.key.length >= 8).map((d) => [d.key, d]));

/** The first key, at any depth, that is exactly (up to case, `_` and `-`) a long distinctive key. */
function exactLongKey(keys: readonly TextKey[]): NearMissKey | undefined {
  for (const { key } of keys) {
    if (key.length > 64) continue;
    const d = LONG_DISTINCTIVE.get(normalized(key));
    if (d) return { key, like: d.spelled, kind: d.kind };
  }
  return undefined;
}

/**
 * Why a text that does not parse may still be meant as one of our documents (a sentence), or
 * undefined when it names nothing of ours: its file name is a kind's, a `$schema` or modeline names
 * one of our schemas, an outermost key (read from the text in either syntax, at most
 * MAX_KEYS_COMPARED keys read) is a kind's distinctive top-level key or a near miss of one, a key
 * at any depth is exactly a long distinctive key (`client_options`, `configurations`), or its
 * outermost keys, in a mapping at the root, have a ConnectError's shape. Errs towards "ours" for
 * those keys: a broken link must fail the run. One pass over the text for each.
 */
export function unparsedEvidence(text: string, name: string): string | undefined {
  if (hasKindFileName(name)) return "its file name is one of a kind's";
  for (const ref of schemaReferences(text))
    if (namesOurSchema(ref)) return 'its "$schema" or modeline names an svc-admin-spec schema';
  const { keys, listRoot } = textKeys(text, MAX_KEYS_COMPARED);
  const top = outermost(keys);
  const near = nearMissAmong(top) ?? exactLongKey(keys);
  if (near) return nearMissSentence(near);
  // A ConnectError is told by its shape, as detection tells it (`code`, or `message` with `details`), in a mapping.
  if (!listRoot && (top.includes('code') || (top.includes('message') && top.includes('details'))))
    return "its top-level keys are a ConnectError's";
  return undefined;
}

/**
 * The findings of a text that holds no value to tell a kind by: a syntax error, or nothing but
 * whitespace and comments (a file just created in an editor, a placeholder in a repository).
 */
const NO_VALUE: ReadonlySet<string> = new Set(['parse/yaml-syntax', 'parse/json-syntax', 'input/empty']);

/**
 * True when a lint found that a text does not parse or is empty (no kind) and the text names
 * nothing of ours (`unparsedEvidence`): a walk skips such a file, and the language server leaves
 * such a document alone. The caller decides first whether its kind is fixed (then it is ours).
 */
export function unparsedUnrelatedText(
  result: { kind: string | null; diagnostics: readonly { code: string }[] },
  text: string,
  name: string,
): boolean {
  if (result.kind !== null || !result.diagnostics.some((d) => NO_VALUE.has(d.code))) return false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return unparsedEvidence(body, name) === undefined;
}
