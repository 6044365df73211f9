/**
 * YAML values: the plain walk taken when no alias names an anchor builds what the alias-aware walk
 * builds (same values, same key order, `__proto__` an own key), and both agree with the `yaml`
 * package on documents it reads the same way.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseSource } from '../src/source/index';
import { indexYaml, yamlValue } from '../src/source/yaml-value';
import { composeQuietly, readCst, YAML_OPTIONS } from '../src/source/yaml';
import { fuzzRuns, fuzzSeed, FUZZ_LIMIT } from './support/fuzz';

const valueArb = fc.jsonValue({ maxDepth: 4 });

/** The value the alias-aware walk gives, forced by an unused anchor-named alias target set. */
function viaAliasWalk(text: string): unknown {
  const docs = composeQuietly(readCst(text).tokens, YAML_OPTIONS);
  const root = docs[0]!.contents;
  const index = indexYaml(root);
  // A placeholder entry makes the index look aliased, so the general walk runs on the same tree.
  index.targets.set({} as never, {} as never);
  const r = yamlValue(root, index);
  return 'value' in r ? r.value : r.problem;
}

describe('YAML values', () => {
  it('the plain walk equals the alias-aware walk and the yaml package, on generated documents', () => {
    fc.assert(
      fc.property(valueArb, fc.boolean(), (v, flow) => {
        const text = stringify({ doc: v }, flow ? { collectionStyle: 'flow' } : {});
        const plain = parseSource(text, 'yaml');
        expect(plain.ok).toBe(true);
        expect(isDeepStrictEqual(plain.value, viaAliasWalk(text))).toBe(true);
        expect(isDeepStrictEqual(plain.value, parse(text))).toBe(true);
        expect(Object.keys(plain.value as object)).toEqual(Object.keys(parse(text) as object));
      }),
      { numRuns: fuzzRuns(200, 0.01), seed: fuzzSeed(17_0401), interruptAfterTimeLimit: FUZZ_LIMIT },
    );
  });

  it('keeps __proto__ as an own key and lets the last repeated key win, without aliases', () => {
    const s = parseSource('__proto__:\n  polluted: true\na: 1\na: 2\n', 'yaml');
    const v = s.value as Record<string, unknown>;
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(v['a']).toBe(2);
  });

  it('reads an alias whose anchor is missing as null, on both walks', () => {
    const text = 'a: *nowhere\nb: [1, *nowhere]\n';
    const s = parseSource(text, 'yaml');
    expect(s.value).toEqual({ a: null, b: [1, null] });
    expect(viaAliasWalk(text)).toEqual({ a: null, b: [1, null] });
  });
});

/** Every comment token in a CST, by a walk over all of it (what readCst did before it noted them while parsing). */
function commentsByWalk(tokens: readonly unknown[]): { offset: number; text: string }[] {
  const out: { offset: number; text: string }[] = [];
  const seen = new Set<unknown>();
  const visit = (n: unknown): void => {
    if (n === null || typeof n !== 'object' || seen.has(n)) return;
    seen.add(n);
    const t = n as { type?: string; offset?: number; source?: string };
    if (t.type === 'comment' && typeof t.offset === 'number' && typeof t.source === 'string')
      out.push({ offset: t.offset, text: t.source });
    for (const v of Object.values(n)) visit(v);
  };
  tokens.forEach(visit);
  return out.sort((a, b) => a.offset - b.offset);
}

describe('YAML comments', () => {
  const tricky = [
    'a: 1 # trailing\n# own line\nb: "# not a comment"\n',
    "c: '#not'\nd: |\n  # inside a block scalar\n  x\n# after\n",
    'e: [1, # in a flow list\n  2]\nf: {g: h} # after a flow map\n',
    '--- # on the document start\n? # explicit key\n  k\n: v\n... # after the end\n',
    'h: &a # after an anchor\n  i: j\nk: !!str # after a tag\n  l\n',
    'm: >- # folded header\n  text # part of the text\n',
    '#no space\nn: o#not a comment\np: q #yes\n',
    '--- |\n#the text of a root block scalar\n',
    '--- >\n#folded text\n# more text\n',
  ];
  it('are noted while parsing exactly as a walk over the whole tree finds them, hand-picked and generated', () => {
    const generated = fc.sample(
      fc
        .tuple(valueArb, fc.array(fc.tuple(fc.nat(200), fc.string({ maxLength: 8 })), { maxLength: 6 }))
        .map(([v, notes]) => {
          const lines = stringify({ doc: v }).split('\n');
          for (const [at, note] of notes) lines.splice(at % (lines.length + 1), 0, `# ${note.replace(/\n/g, ' ')}`);
          return lines.join('\n');
        }),
      { numRuns: 300, seed: 18_2811 },
    );
    for (const text of [...tricky, ...generated]) {
      const cst = readCst(text);
      expect(cst.comments, text).toEqual(commentsByWalk(cst.tokens));
    }
  });
});
