/**
 * Globs for the config's `ignore` and `overrides[].files`, matched in time linear in the path for a
 * given glob. A regular expression built from a glob backtracks: picomatch's `*a*a*a*a*b` against a
 * 400-character name took minutes. Here a glob is split into path segments, `**` is matched over
 * segments and every other segment by simulating its tokens side by side, so a match costs at most
 * (glob length × path length) steps for each of the globs its braces stand for. The syntax is picomatch's with `dot: true`, less what can
 * backtrack or is rarely meant: a glob that uses more is refused with a reason (`GlobError`).
 */

/** Longest glob accepted: a longer one is not a path pattern anyone writes. */
export const MAX_GLOB_LENGTH = 1024;

/** Most globs one glob may stand for once its braces are expanded (`{a,b}/{c,d}` is 4). */
export const MAX_GLOB_ALTERNATIVES = 64;

/** Why a glob is refused (a fixed phrase about its syntax). */
export class GlobError extends Error {}

type Token =
  | { readonly t: 'lit'; readonly c: string }
  | { readonly t: 'any' }
  | { readonly t: 'star' }
  | { readonly t: 'class'; readonly negated: boolean; readonly ranges: readonly (readonly [string, string])[] };

/** One path segment of a glob: `**`, or tokens that match within one segment. */
type Segment = 'globstar' | readonly Token[];

/** Stands for a `**` segment in a glob from before its braces are expanded (a NUL: no path holds one). */
const GLOBSTAR = '\0';

/**
 * Marks each `**` that is a whole segment as written (after the start or a `/`, before the end or a
 * `/`): a `**` that braces make (`{a,}**`, `{*,b}*`) is a `*` for picomatch, and stays one here.
 */
function markGlobstars(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      out += glob.slice(i, i + 2);
      i++;
    } else if (
      c === '*' &&
      glob[i + 1] === '*' &&
      glob[i + 2] !== '*' &&
      (i === 0 || glob[i - 1] === '/') &&
      (i + 2 === glob.length || glob[i + 2] === '/')
    ) {
      out += GLOBSTAR;
      i++;
    } else out += c;
  }
  return out;
}

/** Splits off the leading `!`s: an odd number negates, as picomatch reads them. */
function negation(glob: string): { negated: boolean; rest: string } {
  let i = 0;
  while (glob[i] === '!') i++;
  return { negated: i % 2 === 1, rest: glob.slice(i) };
}

/** The index of the `}` that closes the `{` at `open`, and its top-level commas; undefined when unclosed. */
function braceGroup(glob: string, open: number): { close: number; commas: number[] } | undefined {
  const commas: number[] = [];
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { close: i, commas };
    else if (c === ',' && depth === 1) commas.push(i);
  }
  return undefined;
}

/** The globs without braces that `{a,b}` groups stand for, left to right, at most MAX_GLOB_ALTERNATIVES. */
function expandBraces(glob: string, out: string[]): void {
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '{') continue;
    const group = braceGroup(glob, i);
    if (!group) throw new GlobError('a "{" has no closing "}" (write \\{ for the character)');
    const inner = glob.slice(i + 1, group.close);
    if (/^[^,]*\.\.[^,]*$/.test(inner))
      throw new GlobError('brace ranges ({1..3}) are not supported: list the alternatives ({1,2,3})');
    if (group.commas.length === 0) throw new GlobError('a brace group "{…}" lists no alternatives ({a,b})');
    const bounds = [i, ...group.commas, group.close];
    for (let k = 0; k + 1 < bounds.length; k++) {
      expandBraces(glob.slice(0, i) + glob.slice(bounds[k]! + 1, bounds[k + 1]) + glob.slice(group.close + 1), out);
      if (out.length > MAX_GLOB_ALTERNATIVES)
        throw new GlobError(`its braces stand for more than ${MAX_GLOB_ALTERNATIVES} globs`);
    }
    return;
  }
  out.push(glob);
}

/** A `[…]` class starting at `open`: the token and where it ends, or undefined when it is not closed (a literal `[`). */
function readClass(glob: string, open: number): { token: Token; end: number } | undefined {
  let i = open + 1;
  if (glob[i] === '!') throw new GlobError('"[!…]" is not supported: write "[^…]" for a class that excludes');
  if (glob[i] === '[' && glob[i + 1] === ':') throw new GlobError('POSIX classes ([[:alpha:]]) are not supported');
  const negated = glob[i] === '^';
  if (negated) i++;
  const start = i;
  // A `]` first in the class is one of its characters.
  if (glob[i] === ']') i++;
  while (i < glob.length && glob[i] !== ']') i++;
  if (i >= glob.length) return undefined;
  const body = glob.slice(start, i);
  if (/[/\\[]/.test(body)) throw new GlobError('a "[…]" class may not hold "/", "\\" or "["');
  const ranges: [string, string][] = [];
  for (let k = 0; k < body.length; k++) {
    if (body[k + 1] === '-' && k + 2 < body.length) {
      ranges.push([body[k]!, body[k + 2]!]);
      k += 2;
    } else ranges.push([body[k]!, body[k]!]);
  }
  return { token: { t: 'class', negated, ranges }, end: i };
}

/** The segments of a glob without braces. */
function segments(glob: string): Segment[] {
  const out: Segment[] = [];
  let current: Token[] = [];
  // Just after a `**` segment: the `/` that follows it opens the next segment without closing one.
  let afterGlobstar = false;
  const endSegment = () => {
    if (!afterGlobstar) out.push(current);
    current = [];
    afterGlobstar = false;
  };
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) throw new GlobError('it ends with a lone "\\"');
      const next = glob[++i]!;
      if (next === '/') endSegment();
      else {
        current.push({ t: 'lit', c: next });
      }
      continue;
    }
    if (c === '/') {
      endSegment();
      continue;
    }
    if (c === '(' || c === ')' || c === '|')
      throw new GlobError('extglobs and groups ("@(…)", "+(…)", "a|b") are not supported: use braces ({a,b})');
    if (c === GLOBSTAR) {
      out.push('globstar');
      afterGlobstar = true;
      continue;
    }
    if (c === '*') {
      // A run of stars within a segment is one `*`.
      if (current[current.length - 1]?.t !== 'star') current.push({ t: 'star' });
      continue;
    }
    if (c === '?') current.push({ t: 'any' });
    else if (c === '[') {
      const cls = readClass(glob, i);
      if (cls) {
        current.push(cls.token);
        i = cls.end;
      } else current.push({ t: 'lit', c });
    } else current.push({ t: 'lit', c });
  }
  if (!afterGlobstar) out.push(current);
  return out;
}

const classMatches = (token: Extract<Token, { t: 'class' }>, c: string): boolean =>
  token.ranges.some(([lo, hi]) => c >= lo && c <= hi) !== token.negated;

/**
 * picomatch's trailing `/**` matches no segment after a literal segment (`a/**` matches `a`) but at
 * least one after a segment ending with `*` (`*` + `/**` does not match `a`): that `**` becomes `*` then `**`.
 */
function trailingGlobstar(segs: Segment[]): Segment[] {
  const before = segs[segs.length - 2];
  if (segs[segs.length - 1] !== 'globstar' || before === undefined || before === 'globstar') return segs;
  if (before[before.length - 1]?.t !== 'star') return segs;
  return [...segs.slice(0, -1), [{ t: 'star' }], 'globstar'];
}

/** Whether one path segment matches a segment's tokens: the tokens' states advanced together, O(name × tokens). */
function segmentMatches(tokens: readonly Token[], name: string): boolean {
  // A segment starting with `*` never matches `.` or `..` (picomatch's dot rule).
  if (tokens[0]?.t === 'star' && (name === '.' || name === '..')) return false;
  const m = tokens.length;
  let states = new Uint8Array(m + 1);
  let next = new Uint8Array(m + 1);
  const close = (s: Uint8Array) => {
    for (let k = 0; k < m; k++) if (s[k] && tokens[k]!.t === 'star') s[k + 1] = 1;
  };
  states[0] = 1;
  close(states);
  // By UTF-16 code unit, as picomatch's regular expressions (no `u` flag) read a name.
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    next.fill(0);
    let any = false;
    for (let k = 0; k < m; k++) {
      if (!states[k]) continue;
      const token = tokens[k]!;
      const ok =
        token.t === 'star' ||
        token.t === 'any' ||
        (token.t === 'lit' ? token.c === c : token.t === 'class' && classMatches(token, c));
      if (!ok) continue;
      if (token.t === 'star') next[k] = 1;
      else next[k + 1] = 1;
      any = true;
    }
    if (!any) return false;
    close(next);
    [states, next] = [next, states];
  }
  return states[m] === 1;
}

/** Whether path segments match glob segments; `**` takes any number of segments but `.` and `..`. O(glob segments × path segments) segment matches. */
function pathMatches(globSegments: readonly Segment[], names: readonly string[]): boolean {
  const s = globSegments.length;
  // reach[k]: the first k glob segments can match the names read so far.
  let reach = new Uint8Array(s + 1);
  let next = new Uint8Array(s + 1);
  const close = (r: Uint8Array) => {
    for (let k = 0; k < s; k++) if (r[k] && globSegments[k] === 'globstar') r[k + 1] = 1;
  };
  reach[0] = 1;
  close(reach);
  for (const name of names) {
    next.fill(0);
    const dots = name === '.' || name === '..';
    for (let k = 0; k < s; k++) {
      if (!reach[k]) continue;
      const g = globSegments[k]!;
      if (g === 'globstar') {
        if (!dots) next[k] = 1;
      } else if (segmentMatches(g, name)) next[k + 1] = 1;
    }
    close(next);
    [reach, next] = [next, reach];
  }
  return reach[s] === 1;
}

/**
 * Compiles a glob (relative, `/`-separated): `*`, `?`, `[a-z]`, `[^a]`, `**` as a whole segment,
 * `{a,b}`, `\` escapes and leading `!` negation. Throws `GlobError` for anything else that picomatch
 * reads as syntax (extglobs, POSIX classes, brace ranges), for a glob over MAX_GLOB_LENGTH characters,
 * or one whose braces stand for more than MAX_GLOB_ALTERNATIVES globs.
 */
export function compileGlob(glob: string): (path: string) => boolean {
  if (glob.length > MAX_GLOB_LENGTH) throw new GlobError(`it is longer than ${MAX_GLOB_LENGTH} characters`);
  if (glob.includes(GLOBSTAR)) throw new GlobError('it holds a NUL character');
  const { negated, rest } = negation(glob);
  // picomatch drops a leading `./`.
  let body = rest;
  while (body.startsWith('./')) body = body.slice(2);
  if (/(?<![\\[])!/.test(body))
    throw new GlobError('"!" is only read at its start (negation): write \\! for the character');
  // picomatch passes these to its regular expression as they are.
  if (/(?<!\\)(?:\+\+|[\]}]\+)/.test(body))
    throw new GlobError('"+" after "+", "]" or "}" is not supported: write \\+ for the character');
  if (body.includes('$$')) throw new GlobError('"$$" is not supported: write \\$\\$ for the characters');
  if (/\*\*[{},]|[{},]\*\*/.test(body))
    throw new GlobError('"**" next to a brace group is not supported: write "**" as a whole path segment');
  const expanded: string[] = [];
  expandBraces(markGlobstars(body), expanded);
  const compiled = expanded.map(segments).map(trailingGlobstar);
  return (path: string) => {
    const names = path.split('/');
    return compiled.some((g) => pathMatches(g, names)) !== negated;
  };
}

/** A matcher that is true when any of the globs matches (compiled once). Throws `GlobError` naming the glob. */
export function globsMatcher(globs: readonly string[]): (path: string) => boolean {
  const matchers = globs.map((g) => {
    try {
      return compileGlob(g);
    } catch (error) {
      if (error instanceof GlobError) throw new GlobError(`the glob ${JSON.stringify(g)} is refused: ${error.message}`);
      throw error;
    }
  });
  return (path: string) => matchers.some((m) => m(path));
}
