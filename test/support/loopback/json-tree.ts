/**
 * A strict JSON parser that keeps what the admin server's streaming decoder sees and JSON.parse
 * hides: every occurrence of a duplicate key, and whether a number was written as an integer
 * (an `int` token, up to int64) or not (a `double` token). Syntax rules follow the server's
 * tokenizer: no BOM, no leading `+` or zeros, no raw control characters, no lone surrogates,
 * at most 1000 nested containers, trailing whitespace allowed.
 */

/** A parsed JSON value. */
export type JsonNode =
  | { t: 'object'; entries: [string, JsonNode][] }
  | { t: 'array'; items: JsonNode[] }
  | { t: 'string'; v: string }
  | { t: 'int'; v: bigint }
  | { t: 'double'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'null' };

/** A syntax error (the server answers it with "invalid request input"). */
export class JsonSyntaxError extends Error {}

const MAX_DEPTH = 1000;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Parses one JSON document. */
export function parseJsonTree(text: string): JsonNode {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at offset ${i}`);
  };
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const str = (): string => {
    i++; // opening quote
    let out = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return out;
      }
      if (c < 0x20) fail('control character in string');
      if (c >= 0xd800 && c <= 0xdfff) {
        // A raw surrogate must be a well-formed pair (invalid UTF-8 otherwise).
        const d = text.charCodeAt(i + 1);
        if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) fail('invalid UTF-8');
        out += text[i]! + text[i + 1]!;
        i += 2;
        continue;
      }
      if (c !== 0x5c) {
        out += text[i];
        i++;
        continue;
      }
      const e = text[i + 1];
      i += 2;
      const simple: Record<string, string> = {
        '"': '"',
        '\\': '\\',
        '/': '/',
        b: '\b',
        f: '\f',
        n: '\n',
        r: '\r',
        t: '\t',
      };
      if (e !== undefined && e in simple) {
        out += simple[e];
        continue;
      }
      if (e !== 'u') fail('invalid escape');
      const hex = (): number => {
        const h = text.slice(i, i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('invalid \\u escape');
        i += 4;
        return parseInt(h, 16);
      };
      const u = hex();
      if (u >= 0xdc00 && u <= 0xdfff) fail('lone low surrogate');
      if (u >= 0xd800 && u <= 0xdbff) {
        if (text[i] !== '\\' || text[i + 1] !== 'u') fail('lone high surrogate');
        i += 2;
        const low = hex();
        if (low < 0xdc00 || low > 0xdfff) fail('invalid surrogate pair');
        out += String.fromCharCode(u, low);
      } else out += String.fromCharCode(u);
    }
  };
  const num = (): JsonNode => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail('invalid number');
    i += m[0].length;
    if (!m[2] && !m[3]) {
      const v = BigInt(m[0]);
      if (v >= INT64_MIN && v <= INT64_MAX) return { t: 'int', v };
    }
    const d = Number(m[0]);
    if (!Number.isFinite(d)) fail('number out of range');
    return { t: 'double', v: d };
  };
  const value = (depth: number): JsonNode => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) fail('nesting too deep');
      i++;
      ws();
      if (c === '{') {
        const entries: [string, JsonNode][] = [];
        if (text[i] === '}') {
          i++;
          return { t: 'object', entries };
        }
        for (;;) {
          ws();
          if (text[i] !== '"') fail('expected a key');
          const k = str();
          ws();
          if (text[i] !== ':') fail('expected ":"');
          i++;
          entries.push([k, value(depth + 1)]);
          ws();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === '}') {
            i++;
            return { t: 'object', entries };
          }
          fail('expected "," or "}"');
        }
      }
      const items: JsonNode[] = [];
      if (text[i] === ']') {
        i++;
        return { t: 'array', items };
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { t: 'array', items };
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return { t: 'string', v: str() };
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return num();
    for (const [lit, node] of [
      ['true', { t: 'bool', v: true }],
      ['false', { t: 'bool', v: false }],
      ['null', { t: 'null' }],
    ] as const) {
      if (text.startsWith(lit, i)) {
        i += lit.length;
        return node;
      }
    }
    return fail('unexpected token');
  };
  const root = value(0);
  ws();
  if (i !== text.length) fail('trailing data');
  return root;
}
