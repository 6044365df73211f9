/** YAML with positions: the `yaml` Document API (YAML 1.2 core schema), one document per file. */
import {
  Composer,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  Parser,
  CST,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { Diagnostic } from '../core/diagnostics';
import { parsePointer } from '../util/pointer';
import { LineIndex } from './text-position';
import { emptyFile, MAX_FILE_DEPTH, tooDeep, type NodeSpan, type ParsedSource } from './types';
import { indexYaml, MAX_ALIAS_EXPANSION, yamlValue } from './yaml-value';

const MODELINE = /^#\s*yaml-language-server\s*:\s*\$schema=(\S+)/;

const FRIENDLY: Record<string, string> = {
  TAB_AS_INDENT: 'Tabs cannot be used for indentation in YAML; indent with spaces',
  BAD_INDENT: 'Bad indentation: indent this line as the other entries of its mapping or list are',
  MISSING_CHAR: 'A character is missing',
  UNEXPECTED_TOKEN: 'Unexpected token',
  BLOCK_AS_IMPLICIT_KEY: 'A block value cannot be used as an implicit key',
  MULTILINE_IMPLICIT_KEY: 'Implicit keys must be on a single line',
};

type AnyNode = YamlNode | null | undefined;

// Pairs of large mappings by key, built on first lookup: finding every key of a 40,000-key mapping stays linear.
const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();
const INDEX_FROM = 16;

const keyName = (k: AnyNode): string =>
  isScalar(k) ? String(k.value) : k === null || k === undefined ? '' : String(k);

function findPair(node: YAMLMap, token: string): Pair | undefined {
  if (node.items.length < INDEX_FROM) {
    for (let i = node.items.length - 1; i >= 0; i--) {
      const pair = node.items[i]!;
      if (keyName(pair.key as AnyNode) === token) return pair;
    }
    return undefined;
  }
  let index = pairIndex.get(node);
  if (!index) {
    index = new Map();
    // The last pair with a key is the one whose value counts.
    for (const pair of node.items) index.set(keyName(pair.key as AnyNode), pair);
    pairIndex.set(node, index);
  }
  return index.get(token);
}

function childNode(node: AnyNode, token: string): { key?: YamlNode; value: AnyNode } | undefined {
  if (isMap(node)) {
    const pair = findPair(node, token);
    if (!pair) return undefined;
    const k = pair.key as AnyNode;
    return { ...(k ? { key: k } : {}), value: pair.value as AnyNode };
  }
  if (isSeq(node) && /^(0|[1-9]\d*)$/.test(token)) {
    const i = Number(token);
    if (i >= node.items.length) return undefined;
    const item = node.items[i];
    return { value: (isPair(item) ? item.value : item) as AnyNode };
  }
  return undefined;
}

/** What is read from the concrete syntax tree before composing: the tokens, the comments, the nesting depth. */
export interface YamlCst {
  tokens: CST.Token[];
  /** Real comments only: never a `#` inside a string or block scalar. */
  comments: { offset: number; text: string }[];
  /** Deepest nesting of collections, counted up to just past the limit; 0 when the text has too few indicators to reach it. */
  depth: number;
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/** A CST token or collection item, as far as the walk below reads it. */
interface CstPart {
  type?: string;
  offset?: number;
  source?: string;
  start?: unknown;
  props?: unknown;
  sep?: unknown;
  end?: unknown;
  items?: unknown;
  key?: CstPart | null;
  value?: CstPart | null;
}

/** The lexer's marker before a scalar's text (yaml's `CST.SCALAR`). */
const SCALAR_MARKER = '\x1f';

/** Lexemes the lexer adds that are not text of the input (yaml's `CST.DOCUMENT`, `CST.FLOW_END`, `CST.SCALAR`). */
const NOT_SOURCE: ReadonlySet<string> = new Set(['\x02', '\x18', SCALAR_MARKER]);

/** How many of the parser's open tokens are collections (the rest are the document and a scalar at the top). */
function openCollections(stack: readonly { type?: string }[]): number {
  let n = 0;
  for (const t of stack) if (t.type !== undefined && COLLECTIONS.has(t.type)) n++;
  return n;
}

/**
 * The CST tokens of a text, and its comments noted on the way: the parser is fed the lexer's
 * lexemes one by one (the package's documented way to use its own lexer), and a comment is a lexeme
 * of its own — never the text of a scalar, which follows the scalar marker — so no walk over the
 * tree is needed to find them.
 *
 * The parser keeps a token per open collection (hundreds of bytes each: `[[[[…` 6.4 million deep
 * ran out of memory), so its stack is watched: once more than `depthLimit` collections are open,
 * parsing stops (`tooDeep`) and the lexer, which keeps no state per level, only finds the comments.
 * The stack is counted each time it grows past twice its last counted height: linear in all.
 */
function parseNoting(
  text: string,
  depthLimit: number,
): { tokens: CST.Token[]; comments: { offset: number; text: string }[]; tooDeep: boolean } {
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  const comments: { offset: number; text: string }[] = [];
  let scalarNext = false;
  let tooDeep = false;
  let offset = 0;
  let checkAbove = depthLimit;
  for (const lexeme of new Lexer().lex(text)) {
    const scalarText = scalarNext;
    if (scalarNext) scalarNext = false;
    else if (lexeme === SCALAR_MARKER) scalarNext = true;
    else if (lexeme.charCodeAt(0) === 35 /* # */)
      comments.push({ offset: tooDeep ? offset : parser.offset, text: lexeme });
    if (tooDeep) {
      if (scalarText || !NOT_SOURCE.has(lexeme)) offset += lexeme.length;
      continue;
    }
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > checkAbove) {
      if (openCollections(parser.stack) > depthLimit) {
        tooDeep = true;
        offset = parser.offset;
      } else checkAbove = parser.stack.length * 2;
    }
  }
  if (!tooDeep) for (const token of parser.end()) tokens.push(token);
  return { tokens, comments, tooDeep };
}

/**
 * At most how many collections a text can hold, counted up to just past `limit`: each starts at an
 * indicator (`[`, `{`, `-`, `:` or `?`), so a text with no more of them than the limit cannot be
 * nested deeper than it.
 */
function collectionBound(text: string, limit: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123 || c === 45 || c === 58 || c === 63) n++;
  }
  return n;
}

/**
 * Parses the concrete syntax tree (linear) and measures it. Composing a deeply nested text is
 * quadratic in the YAML package (`- - - …` 26,000 levels deep took seconds), so depth is known first;
 * past the limit the parse stops (`depth` is then just past it, and `tokens` empty).
 */
export function readCst(text: string, depthLimit = MAX_FILE_DEPTH): YamlCst {
  const { tokens, comments, tooDeep } = parseNoting(text, depthLimit);
  if (tooDeep) return { tokens: [], comments, depth: depthLimit + 1 };
  const depth = collectionBound(text, depthLimit) <= depthLimit ? 0 : cstDepth(tokens, depthLimit);
  return { tokens, comments, depth };
}

/** The deepest nesting of collections in CST tokens, counted up to just past `depthLimit`. */
function cstDepth(tokens: readonly CST.Token[], depthLimit: number): number {
  let depth = 0;
  // Only the fields of CST tokens that hold tokens: a walk over every property costs twice the parse.
  const stack: { n: CstPart; d: number }[] = tokens.map((n) => ({ n: n as CstPart, d: 0 }));
  const push = (list: unknown, d: number) => {
    if (Array.isArray(list)) for (const x of list as CstPart[]) stack.push({ n: x, d });
  };
  while (stack.length > 0) {
    const { n, d } = stack.pop()!;
    if (n === null || typeof n !== 'object') continue;
    const inner = n.type !== undefined && COLLECTIONS.has(n.type) ? d + 1 : d;
    if (inner > depth) {
      depth = inner;
      if (depth > depthLimit) break;
    }
    push(n.start, d);
    push(n.props, d);
    push(n.sep, inner);
    push(n.end, d);
    push(n.items, inner);
    if (n.key) stack.push({ n: n.key, d: inner });
    if (n.value) stack.push({ n: n.value, d: inner });
  }
  return depth;
}

const spanOf = (n: AnyNode): [number, number] | undefined => (n && n.range ? [n.range[0], n.range[1]] : undefined);

/**
 * Composes documents from CST tokens. The package makes an Error object per problem (a text of
 * 1 MB of quotes has 500,000), and capturing a stack trace for each was most of the time: traces
 * are off while composing (the errors are reported by position, never by stack).
 */
export function composeQuietly(
  tokens: readonly CST.Token[],
  options: ConstructorParameters<typeof Composer>[0],
): Document[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return Array.from(new Composer(options).compose(tokens));
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** How the YAML package reads our files: YAML 1.2 core, strict, errors as data. */
export const YAML_OPTIONS = {
  prettyErrors: false,
  // Duplicate keys are found by indexYaml, in linear time (the package compares every pair).
  uniqueKeys: false,
  strict: true,
  // Problems become diagnostics; the library must not print process warnings of its own.
  logLevel: 'error',
} as const;

/**
 * The constructs of a text that opened and never closed (a flow collection `[`/`{`, a quoted
 * string), by offset with what to say of each. The parser notices such a construct only where it
 * should have ended ("Bad indentation" lines further on); the error is said where it opened,
 * which is where the fix goes. Found in one visit of the tree, only for a text with errors.
 */
function unclosedConstructs(tokens: readonly CST.Token[]): { offset: number; message: string }[] {
  const found: { offset: number; message: string }[] = [];
  const consider = (token: CST.Token | null | undefined) => {
    if (!token) return;
    if (token.type === 'flow-collection') {
      const close = token.start.source === '[' ? ']' : '}';
      if (!token.end.some((t) => t.source === close)) {
        const what = close === ']' ? 'flow sequence' : 'flow mapping';
        found.push({
          offset: token.start.offset,
          message: `this ${what} (${token.start.source}) is never closed; end it with ${close} (a ${close} on a later line must be indented more than the key)`,
        });
      }
    } else if (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') {
      const quote = token.type === 'double-quoted-scalar' ? '"' : "'";
      if (token.source.length < 2 || !token.source.endsWith(quote))
        found.push({
          offset: token.offset,
          message: `this quoted string (${quote}) is never closed; end it with ${quote}`,
        });
    }
  };
  for (const token of tokens) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      consider(item.key);
      consider(item.value);
    });
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** The construct still open where the parser reported `error` (the last one opened before it), if the error is of that sort. */
function unclosedBefore(
  open: () => readonly { offset: number; message: string }[],
  error: { code: string; pos: [number, number] },
): { offset: number; message: string } | undefined {
  if (error.code !== 'BAD_INDENT' && error.code !== 'MISSING_CHAR') return undefined;
  let found: { offset: number; message: string } | undefined;
  for (const c of open()) {
    if (c.offset >= error.pos[0]) break;
    found = c;
  }
  return found;
}

/** How far back `misindented` looks for the levels a line could belong to: bounded work per error. */
const INDENT_LOOKBACK = 200;

/** How much of a line `lineShape` reads: a key and what follows it are in its first characters. */
const LINE_HEAD = 200;

/**
 * A line's entry as far as indentation goes: the column of its key (after `- ` for a list item's
 * first key), the key as written — a plain key without spaces or a quoted one, cut short, '' for
 * anything else (text of a block scalar, a list item without a key) — where the key starts, and
 * what follows its `:` (the line's first characters only).
 */
function lineShape(
  text: string,
  start: number,
  end: number,
): { indent: number; key: string; at: number; after: string; blank: boolean } {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  if (text.charCodeAt(i) === 45 /* - */ && (i + 1 === end || text.charCodeAt(i + 1) === 32)) {
    i++;
    while (i < end && text.charCodeAt(i) === 32) i++;
  }
  const head = text.slice(i, Math.min(end, i + LINE_HEAD));
  const m = /^("[^"\n]*"|'[^'\n]*'|[^\s:#"'\-?][^\s:#]*|-[^\s:#]+)[ \t]*:(?=\s|$)/.exec(head);
  const key = m?.[1] ?? '';
  return {
    indent: i - start,
    key: key.length > 40 ? `${key.slice(0, 39)}…` : key,
    at: i,
    after: m ? head.slice(m[0].length).trimStart() : '',
    blank: head.trimEnd() === '' || head.startsWith('#'),
  };
}

/**
 * What to say of a line the parser finds badly indented (its error sits at the line's start, or at
 * a blank line before it): the levels it could have meant — the entry just above, and the entries
 * that hold it — by key and line, with the indentation that puts it beside each. Undefined when
 * the lines above say nothing useful (the package's own words are used then). Reads at most
 * INDENT_LOOKBACK lines of at most LINE_HEAD characters each.
 */
function misindented(
  text: string,
  index: LineIndex,
  offset: number,
): { range: [number, number]; message: string } | undefined {
  const lineEndAt = (from: number) => {
    const nl = text.indexOf('\n', from);
    return nl === -1 ? text.length : nl;
  };
  let lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = lineEndAt(lineStart);
  let bad = lineShape(text, lineStart, lineEnd);
  // The parser may point at a blank or comment line before the one it means.
  for (let n = 0; bad.blank && lineEnd < text.length && n < INDENT_LOOKBACK; n++) {
    lineStart = lineEnd + 1;
    lineEnd = lineEndAt(lineStart);
    bad = lineShape(text, lineStart, lineEnd);
  }
  if (bad.key === '') return undefined;
  // The entries above, nearest first, each less indented than the one before: the levels open here.
  const levels: { indent: number; key: string; line: number; hasValue: boolean }[] = [];
  let end = lineStart - 1;
  for (let n = 0; end > 0 && n < INDENT_LOOKBACK; n++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const shape = lineShape(text, start, end);
    end = start - 1;
    if (shape.blank || shape.key === '') continue;
    const hasValue = shape.after !== '' && !shape.after.startsWith('#');
    // A block scalar's header (`key: |`, `key: >-`): the lines below it, taken for entries so far, were its text.
    if (/^[|>][0-9+-]*(\s|$)/.test(shape.after)) {
      while (levels.length > 0 && levels[levels.length - 1]!.indent > shape.indent) levels.pop();
    }
    if (levels.length === 0 || shape.indent < levels[levels.length - 1]!.indent) {
      levels.push({ indent: shape.indent, key: shape.key, line: index.position(start).line, hasValue });
      if (shape.indent === 0) break;
    }
  }
  const range: [number, number] = [bad.at, Math.min(lineEnd, bad.at + Math.max(1, bad.key.length))];
  const here = `this line (\`${bad.key}\`) is indented ${bad.indent} space${bad.indent === 1 ? '' : 's'}`;
  const beside = (l: { indent: number; key: string; line: number }) =>
    `${l.indent} space${l.indent === 1 ? '' : 's'} to sit beside \`${l.key}\` (line ${l.line})`;
  const above = levels[0];
  if (above && bad.indent > above.indent && above.hasValue)
    return {
      range,
      message: `${here}, more than \`${above.key}\` on line ${above.line}, which has its value already; indent it by ${beside(above)}`,
    };
  for (let i = 0; i + 1 < levels.length; i++) {
    const [deeper, outer] = [levels[i]!, levels[i + 1]!];
    if (bad.indent < deeper.indent && bad.indent > outer.indent)
      return {
        range,
        message: `${here}, between the levels of \`${outer.key}\` (line ${outer.line}) and \`${deeper.key}\` (line ${deeper.line}); indent it by ${beside(deeper)}, or by ${beside(outer)}`,
      };
  }
  return undefined;
}

/**
 * The indentation mistake behind a parser error, said as `misindented` says it: a line the parser
 * finds badly indented (BAD_INDENT, or a list item's key that lost its indentation: "Sequence item
 * without - indicator"), or a key indented under an entry that already has its value (the parser
 * then calls that value a block used as an implicit key).
 */
function indentationMistake(
  text: string,
  index: LineIndex,
  error: { code: string; pos: [number, number] },
): { range: [number, number]; message: string } | undefined {
  const at = error.pos[0];
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const atLineStart = /^ *$/.test(text.slice(lineStart, at));
  if (error.code === 'BAD_INDENT' || (error.code === 'MISSING_CHAR' && atLineStart))
    return misindented(text, index, at);
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY') {
    // The next line with text, when it holds a key indented under this one.
    let next = text.indexOf('\n', at);
    while (next !== -1 && /^\s*(#.*)?$/.test(text.slice(next + 1, text.indexOf('\n', next + 1) >>> 0))) {
      next = text.indexOf('\n', next + 1);
    }
    if (next === -1) return undefined;
    const found = misindented(text, index, next + 1);
    return found && found.message.includes('which has its value already') ? found : undefined;
  }
  return undefined;
}

/** Parses YAML text; several documents, syntax errors, duplicate keys and alias bombs become diagnostics. */
export function parseYaml(original: string): ParsedSource {
  const index = new LineIndex(original);
  // The parser knows only LF and CRLF line breaks; a lone CR (old Mac files) becomes LF, which keeps every offset.
  const text = original.includes('\r') ? original.replace(/\r(?!\n)/g, '\n') : original;
  const diagnostics: Diagnostic[] = [];
  let modelineSchema: string | undefined;
  // The parser itself failing (not a syntax error it reports) is one finding at the start.
  const unparseable = (error: unknown): Diagnostic => ({
    code: 'parse/yaml-syntax',
    severity: 'error',
    pointer: '',
    range: index.range(0, 0),
    message: `YAML could not be parsed: ${error instanceof Error ? error.message : String(error)}.`,
  });
  let cst: YamlCst;
  try {
    cst = readCst(text);
  } catch (error) {
    cst = { tokens: [], comments: [], depth: 0 };
    diagnostics.push(unparseable(error));
  }
  const comments = cst.comments.map((c) => ({
    offset: c.offset,
    text: c.text,
    line: index.position(c.offset).line,
    trailing: text.slice(text.lastIndexOf('\n', c.offset - 1) + 1, c.offset).trim() !== '',
  }));
  for (const c of comments) {
    const m = MODELINE.exec(c.text);
    if (m) {
      modelineSchema = m[1];
      break;
    }
  }
  const base = {
    format: 'yaml' as const,
    diagnostics,
    range: (s: number, e: number) => index.range(s, e),
    comments,
    ...(modelineSchema ? { modelineSchema } : {}),
  };
  const fail = (): ParsedSource => ({ ...base, ok: false, value: undefined, span: () => undefined });

  if (diagnostics.length > 0) return fail();
  if (cst.depth > MAX_FILE_DEPTH) {
    diagnostics.push(tooDeep(index.range(0, 1)));
    return fail();
  }
  let docs: Document.Parsed[];
  try {
    docs = composeQuietly(cst.tokens, YAML_OPTIONS) as Document.Parsed[];
  } catch (error) {
    diagnostics.push(unparseable(error));
    return fail();
  }
  if (!Array.isArray(docs)) docs = [];
  const real = docs.filter((d) => d.contents !== null || d.errors.length > 0);
  if (real.length === 0) {
    diagnostics.push(emptyFile(index.range(0, 0), ' (or only comments)'));
    return fail();
  }
  const doc = real[0]!;
  for (const extra of real.slice(1)) {
    const start = extra.range?.[0] ?? 0;
    diagnostics.push({
      code: 'parse/multi-document',
      severity: 'error',
      pointer: '',
      range: index.range(start, start + 1),
      message:
        'This file holds more than one YAML document (separated by ---); one file is one request or config. Split it into separate files. Only the first document was linted.',
    });
  }
  const syntaxError = doc.errors.length > 0;
  let open: { offset: number; message: string }[] | undefined;
  const openConstructs = () => (open ??= unclosedConstructs(cst.tokens));
  // One finding per place and message: two errors the parser raises for one mistake say it once.
  const said = new Set<string>();
  for (const e of doc.errors.slice(0, 20)) {
    const unclosed = unclosedBefore(openConstructs, e);
    // Within an unclosed construct, every later error is that construct's; indentation says nothing.
    const inUnclosed = openConstructs().some((c) => c.offset < e.pos[0]);
    const indent = inUnclosed ? undefined : indentationMistake(text, index, e);
    const range = unclosed
      ? index.range(unclosed.offset, unclosed.offset + 1)
      : indent
        ? index.range(...indent.range)
        : index.range(e.pos[0], e.pos[1]);
    const message = unclosed
      ? `YAML syntax error: ${unclosed.message}.`
      : indent
        ? `YAML syntax error: ${indent.message}.`
        : `YAML syntax error: ${FRIENDLY[e.code] ?? e.message.replace(/ at line \d+, column \d+.*$/s, '')}.`;
    const key = `${range.start.line}:${range.start.column}:${message}`;
    if (said.has(key)) continue;
    said.add(key);
    diagnostics.push({ code: 'parse/yaml-syntax', severity: 'error', pointer: '', range, message });
  }
  const tree = indexYaml(doc.contents as AnyNode);
  if (!syntaxError) {
    for (const key of tree.duplicateKeys) {
      const [s, e] = key.range ?? [0, 0];
      diagnostics.push({
        code: 'parse/duplicate-key',
        severity: 'error',
        pointer: '',
        range: index.range(s, e),
        message:
          'This key appears more than once in its mapping; keep one (the server keeps the last, and appends arrays).',
      });
    }
  }
  if (syntaxError) return fail();
  let converted: ReturnType<typeof yamlValue>;
  try {
    converted = yamlValue(doc.contents as AnyNode, tree);
  } catch (error) {
    diagnostics.push({
      code: 'parse/yaml-syntax',
      severity: 'error',
      pointer: '',
      range: index.range(0, 1),
      message: `YAML could not be converted to a value: ${error instanceof Error ? error.message : String(error)}.`,
    });
    return fail();
  }
  if ('problem' in converted) {
    diagnostics.push({
      code: 'parse/alias-bomb',
      severity: 'error',
      pointer: '',
      range: index.range(0, 1),
      message:
        converted.problem === 'cycle'
          ? 'An alias (*…) refers to a node that contains it, so the value would be infinite; it was not linted. Write the values out.'
          : `The YAML's aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values beyond those written (an "alias bomb"); it was not linted. Write the values out instead of nesting aliases.`,
    });
    return fail();
  }
  const value = converted.value;
  const span = (pointer: string): NodeSpan | undefined => {
    let node: AnyNode = doc.contents as AnyNode;
    let key: YamlNode | undefined;
    let parentSpan: [number, number] | undefined = spanOf(node);
    let parentFlow = false;
    let throughAlias = false;
    for (const token of parsePointer(pointer)) {
      if (isAlias(node)) {
        // The value lives at the anchor; edits there would change every place that uses it.
        node = tree.targets.get(node);
        throughAlias = true;
      }
      const next = childNode(node, token);
      if (!next) return undefined;
      parentSpan = spanOf(node) ?? parentSpan;
      parentFlow = (isMap(node) || isSeq(node)) && node.flow === true;
      node = next.value;
      key = next.key;
    }
    const keySpan = spanOf(key);
    const valueSpan = spanOf(node) ?? keySpan ?? parentSpan;
    if (!valueSpan) return undefined;
    // Block scalars and collections end after their last line break: the span ends with the content.
    while (valueSpan[1] > valueSpan[0] && (text[valueSpan[1] - 1] === '\n' || text[valueSpan[1] - 1] === '\r'))
      valueSpan[1]--;
    const scalarType = isScalar(node) ? node.type : undefined;
    const anchor = node && !isAlias(node) ? (node as { anchor?: string }).anchor : undefined;
    const yaml = {
      ...(isAlias(node) || throughAlias ? { alias: true } : {}),
      ...(anchor ? { anchor } : {}),
      ...(scalarType === 'BLOCK_LITERAL' || scalarType === 'BLOCK_FOLDED' ? { block: true } : {}),
      ...(parentFlow ? { flowParent: true } : {}),
      ...(node === null || node === undefined || !(node as YamlNode).range ? { empty: true } : {}),
    };
    return keySpan ? { value: valueSpan, key: keySpan, yaml } : { value: valueSpan, yaml };
  };
  // Object.assign, not a spread with new keys: on Node 20 that costs ~0.5 µs.
  const aliases = tree.targets.size > 0 ? { aliases: true as const } : {};
  return Object.assign({}, base, aliases, { ok: true as const, value, span, yamlDocument: doc });
}
