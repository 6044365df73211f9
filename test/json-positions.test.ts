/**
 * JSON on `JSON.parse` gives what jsonc-parser's tree gave: the same value, findings and, for every
 * pointer, the same key and value spans — on generated documents with escapes, lone surrogates,
 * CRLF, lone CR, a BOM, duplicate keys, `__proto__`, big and overflowing numbers, and single-character
 * damage (so that the two parsers also accept and refuse the same texts).
 */
import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { JsonLocator } from '../src/source/json-locate';
import { jsonDepth, parseJson, parseJsonTree } from '../src/source/json';
import { LineIndex, lineStarts } from '../src/source/text-position';
import type { NodeSpan, ParsedSource } from '../src/source/types';
import { childPointer, isObject, parsePointer } from '../src/util/pointer';
import { chooser, FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';
import { lintText } from '../src/lint/lint-text';
import { rules } from '../src/rules/index';

type Tree = { t: 'obj'; entries: [string, Tree][] } | { t: 'arr'; items: Tree[] } | { t: 'lit'; text: string };

/** Keys from a small pool (so that duplicates are common) and arbitrary strings with awkward characters. */
const keyArb = fc.oneof(
  fc.constantFrom(
    'a',
    'name',
    '__proto__',
    'constructor',
    '0',
    '10',
    '',
    'a/b',
    'm~n',
    'é',
    '\u{1F600}',
    '\ud800',
    '\udc00x',
    'a:b',
    ':',
  ),
  fc.string({
    unit: fc.constantFrom('a', '"', '\\', '/', '\n', '\u0001', '\u2028', 'é', '\ud83d', '\ude00', '~', ' ', ':'),
  }),
);

const numberArb = fc.oneof(
  fc.constantFrom('0', '-0', '1e400', '-1E+400', '12345678901234567890123', '9223372036854775809', '1.5E+3', '-2.5e-3'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);

const literalArb = fc.oneof(
  numberArb,
  fc.constantFrom('true', 'false', 'null'),
  keyArb.map((s) => JSON.stringify(s)),
);

const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literalArb.map((text): Tree => ({ t: 'lit', text })),
    fc.array(fc.tuple(keyArb, tie('tree')), { maxLength: 5 }).map((entries): Tree => ({ t: 'obj', entries })),
    fc.array(tie('tree'), { maxLength: 5 }).map((items): Tree => ({ t: 'arr', items })),
  ),
}));

const SPACES = ['', '', ' ', '  ', '\n', '\r\n', '\r', '\t', ' \r\n\t '];

/** A string token for `s`, with escapes chosen by `pick`: short, `\u` in either case, or raw where JSON allows. */
function renderString(s: string, pick: (n: number) => number): string {
  let out = '"';
  for (const ch of s) {
    for (let i = 0; i < ch.length; i++) {
      const c = ch.charCodeAt(i);
      const u = `\\u${c.toString(16).padStart(4, '0')}`;
      const style = pick(4);
      if (c === 34 || c === 92) out += style === 0 ? u : `\\${ch[i]}`;
      else if (c < 0x20)
        out += style === 0 ? u.toUpperCase().replace('\\U', '\\u') : JSON.stringify(ch[i]).slice(1, -1);
      else if (c === 47 && style === 1) out += '\\/';
      else if (style === 2) out += u;
      else out += ch[i];
    }
  }
  return `${out}"`;
}

function render(t: Tree, pick: (n: number) => number): string {
  const ws = () => SPACES[pick(SPACES.length)]!;
  switch (t.t) {
    case 'lit':
      return t.text.startsWith('"') ? renderString(JSON.parse(t.text) as string, pick) : t.text;
    case 'arr':
      return `[${ws()}${t.items.map((x) => render(x, pick)).join(`${ws()},${ws()}`)}${ws()}]`;
    case 'obj':
      return `{${ws()}${t.entries.map(([k, v]) => `${renderString(k, pick)}${ws()}:${ws()}${render(v, pick)}`).join(`${ws()},${ws()}`)}${ws()}}`;
  }
}

/** Every pointer of a value, plus some that do not exist. */
function pointers(value: unknown): string[] {
  const out = ['', '/nope', '/0', '/01', '/-1', '/__proto__'];
  const walk = (v: unknown, p: string) => {
    out.push(p, `${p}/missing`, `${p}/999`);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, childPointer(p, i)));
    else if (isObject(v)) for (const k of Object.keys(v)) walk(v[k], childPointer(p, k));
  };
  walk(value, '');
  return out;
}

/** The child of a tree node at one pointer token: the last property with the name, or the item at the index. */
function treeChild(node: Node, token: string): { key?: Node; value: Node } | undefined {
  if (node.type === 'object') {
    const props = node.children ?? [];
    for (let i = props.length - 1; i >= 0; i--) {
      const [k, v] = props[i]!.children ?? [];
      if (k && v && k.value === token) return { key: k, value: v };
    }
    return undefined;
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(token)) {
    const item = node.children?.[Number(token)];
    return item ? { value: item } : undefined;
  }
  return undefined;
}

/** The oracle for spans, independent of the locator: a walk over jsonc-parser's tree of a valid text. */
function treeSpans(text: string): (pointer: string) => NodeSpan | undefined {
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  return (pointer) => {
    if (!root) return undefined;
    let node: Node = root;
    let key: Node | undefined;
    for (const token of parsePointer(pointer)) {
      const next = treeChild(node, token);
      if (!next) return undefined;
      node = next.value;
      key = next.key;
    }
    const value: [number, number] = [node.offset, node.offset + node.length];
    return key ? { key: [key.offset, key.offset + key.length], value } : { value };
  };
}

/** The new source and the tree's agree on everything a caller can see, and their spans are the tree's. */
function expectSame(text: string): void {
  const fast: ParsedSource = parseJson(text);
  const tree = parseJsonTree(text);
  expect(fast.ok).toBe(tree.ok);
  expect(isDeepStrictEqual(fast.value, tree.value)).toBe(true);
  expect(fast.diagnostics).toEqual(tree.diagnostics);
  const oracle = tree.ok ? treeSpans(text) : () => undefined;
  for (const p of pointers(tree.value)) {
    expect(fast.span(p), p).toEqual(oracle(p));
    expect(tree.span(p), p).toEqual(oracle(p));
  }
  for (const o of [0, text.length >> 1, text.length - 1, text.length])
    expect(fast.range(o, o + 1)).toEqual(tree.range(o, o + 1));
}

describe('JSON positions on JSON.parse', () => {
  it('match the tree on generated documents', () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (t, seed, crlf) => {
        const pick = chooser(seed);
        let text = `${SPACES[pick(SPACES.length)]}${render(t, pick)}${SPACES[pick(SPACES.length)]}`;
        if (crlf) text = text.replace(/\n/g, '\r\n');
        expectSame(text);
        expectSame(`\uFEFF${text}`);
      }),
      { numRuns: fuzzRuns(400, 0.01), seed: fuzzSeed(17_0301), interruptAfterTimeLimit: LIMIT },
    );
  });

  it('the locator matches the tree even with duplicate keys (the last one counts)', () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (t, seed) => {
        const text = render(t, chooser(seed));
        const tree = parseJsonTree(text);
        if (!tree.ok) return; // a number beyond a double: the tree refuses it, JSON.parse does not
        const locator = new JsonLocator(text);
        const oracle = treeSpans(text);
        for (const p of pointers(tree.value)) expect(locator.span(p), p).toEqual(oracle(p));
      }),
      { numRuns: fuzzRuns(300, 0.01), seed: fuzzSeed(17_0302), interruptAfterTimeLimit: LIMIT },
    );
  });

  it('accepts and refuses what the tree does, after one character is damaged', () => {
    const damage = [
      '',
      '"',
      '\\',
      ',',
      ':',
      '{',
      '}',
      '[',
      ']',
      '0',
      '-',
      '.',
      'e',
      '/',
      '\u0000',
      '\ufeff',
      '\u00a0',
      '\v',
    ];
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(), fc.nat(), (t, seed, at, what) => {
        const text = render(t, chooser(seed));
        const i = at % (text.length + 1);
        const d = damage[what % damage.length]!;
        expectSame(text.slice(0, i) + d + text.slice(i + (what % 2)));
      }),
      { numRuns: fuzzRuns(500, 0.01), seed: fuzzSeed(17_0303), interruptAfterTimeLimit: LIMIT },
    );
  });

  it('falls back to the tree for duplicate keys, overflowing numbers, empty and too deep texts', () => {
    for (const text of [
      '{"a":1,"a":2}',
      '{"x":{"a":1,"b":[1,{"a":2,"a":3}]}}',
      '{"\\u0061":1,"a":2}',
      '{"n":1e400}',
      '[-1e999]',
      '',
      ' \r\n ',
      `${'['.repeat(513)}${']'.repeat(513)}`,
      `${'['.repeat(512)}${']'.repeat(512)}`,
      '{"__proto__":{"a":1},"b":2}',
      // Duplicates whose colons the fast path counts: in keys, in values, and spelt as an escape.
      '{"a:b":"x:y","a:b":"z"}',
      '{"a":"1:2","a":"3:4:5"}',
      '{"k\\u003a":1,"k:":2}',
      '{"k\\u003A":":","b":1}',
    ]) {
      expectSame(text);
    }
    const dup = parseJson('{"a":1,\r\n"a":2}');
    expect(dup.diagnostics.map((d) => [d.code, d.range])).toEqual([
      ['parse/duplicate-key', { start: { line: 2, column: 1 }, end: { line: 2, column: 4 } }],
    ]);
  });

  it('refuses a hostile nesting before any full parse, with the depth scan stopping at the limit', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    // The scan stops one level past the limit instead of reading the million levels.
    expect(jsonDepth(deep, 512)).toBe(513);
    expect(jsonDepth(`[{"a":"[[[\\"}"}]`, 512)).toBe(2);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const s = parseJson(deep);
      expect(s.ok).toBe(false);
      expect(s.diagnostics.map((d) => d.code)).toEqual(['parse/too-deep']);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps __proto__ as an own key, as the tree did', () => {
    const s = parseJson('{"__proto__":{"polluted":true}}');
    expect(Object.hasOwn(s.value as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(s.value)).toBe(Object.prototype);
    expect(s.span('/__proto__/polluted')).toEqual({ key: [14, 24], value: [25, 29] });
  });

  it('starts lines after LF, CRLF and a lone CR (the starts LineIndex and the secret masking share)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', '\r\n', '\u2028', 'é') }), (text) => {
        const starts = [0];
        for (let i = 0; i < text.length; i++) {
          const c = text[i];
          if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
        }
        expect(lineStarts(text)).toEqual(starts);
      }),
      { numRuns: fuzzRuns(300, 0.01), seed: fuzzSeed(17_0305), interruptAfterTimeLimit: LIMIT },
    );
  });

  it('puts offsets on the lines that LF, CRLF and a lone CR make', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '\n', '\r', '\r\n', '\u2028', 'é') }),
        fc.nat(),
        (text, at) => {
          const offset = at % (text.length + 1);
          let line = 1;
          let column = 1;
          for (let i = 0; i < offset; i++) {
            const c = text[i];
            if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
              line++;
              column = 1;
            } else column++;
          }
          expect(new LineIndex(text).position(offset)).toEqual({ line, column });
        },
      ),
      { numRuns: fuzzRuns(300, 0.01), seed: fuzzSeed(17_0304), interruptAfterTimeLimit: LIMIT },
    );
  });
});

describe('lintText on JSON, whose duplicate-key check uses the acceptor’s count of keys', () => {
  /** JSON text of `v` with entry `which` (counting entries of all objects in order) written twice, with another value first. */
  function withDuplicate(v: unknown, which: number): { text: string; duplicated: boolean } {
    let n = 0;
    let duplicated = false;
    const write = (x: unknown): string => {
      if (Array.isArray(x)) return `[${x.map(write).join(',')}]`;
      if (isObject(x)) {
        const parts: string[] = [];
        for (const [k, val] of Object.entries(x)) {
          if (n++ === which) {
            parts.push(`${JSON.stringify(k)}:${JSON.stringify(typeof val === 'string' ? 1 : 'x')}`);
            duplicated = true;
          }
          parts.push(`${JSON.stringify(k)}:${write(val)}`);
        }
        return `{${parts.join(',')}}`;
      }
      return JSON.stringify(x);
    };
    return { text: write(v), duplicated };
  }

  it('reports every duplicate key, wherever it is, as the tree does', () => {
    const docs = rules.flatMap((r) => [...(r.examples?.valid ?? []), ...(r.examples?.invalid ?? [])].map((e) => e.doc));
    let checked = 0;
    fc.assert(
      fc.property(fc.nat(docs.length - 1), fc.nat(40), (i, which) => {
        const { text, duplicated } = withDuplicate(docs[i], which);
        const result = lintText(text, { filename: 'x.json' });
        const codes = result.diagnostics.map((d) => d.code);
        if (duplicated) {
          checked++;
          expect(codes).toContain('parse/duplicate-key');
        } else expect(codes).not.toContain('parse/duplicate-key');
        // The same findings as when the text is read by the tree alone.
        expect(result.diagnostics).toEqual(lintSourceByTree(text));
      }),
      { numRuns: fuzzRuns(400, 0.01), seed: fuzzSeed(17_0305), interruptAfterTimeLimit: LIMIT },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it('takes a string that starts with ":" (a separator look-alike) the slow way, with the same result', () => {
    const text = '{"name":"x","configurations":{"clientOptions":{"bootstrapServers":[":9092"]}}}';
    expect(lintText(text, { filename: 'x.json' }).diagnostics).toEqual(lintSourceByTree(text));
  });
});

/** What lintText finds when JSON.parse is not used at all (the text read through jsonc-parser's tree). */
function lintSourceByTree(text: string) {
  const parse = vi.spyOn(JSON, 'parse').mockImplementation(() => {
    throw new SyntaxError('not used');
  });
  try {
    return lintText(text, { filename: 'x.json' }).diagnostics;
  } finally {
    parse.mockRestore();
  }
}
