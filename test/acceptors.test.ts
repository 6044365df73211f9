/**
 * The acceptors (scripts/acceptor-code.ts, generated into src/generated/acceptors.js) decide the
 * happy path alone: `lint` skips the JSON-value check and the structure check when one accepts. So an
 * acceptor must accept exactly what both checks accept — on every example document, and on documents
 * mutated at random places into every kind of wrong value (undefined, NaN, class instances, numbers
 * out of range, unknown keys, deep nesting, `__proto__` keys, which alone it may refuse though ajv does not).
 */
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as acceptors from '../src/generated/acceptors.js';
import {
  FORMAT_REFUSALS,
  HOOK_NAMES,
  mayHoldSecrets,
  mayHoldSecretsBesidesUnknownKeys,
  PATH,
  UNKNOWN_KEYS,
  WALKERS,
  type Hook,
} from '../src/generated/acceptors.js';
import { collectSecrets } from '../src/secrets/redact';
import { recordedFindings, validateStructure } from '../src/validate/structural';
import { allowedKeys, schemaAt } from '../src/util/schema-walk';
import { kindSchemas } from '../src/model/kinds';
import { isSecretKeyName } from '../src/secrets/classify';
import { protoName } from '../src/decode/decode';
import type { ErrorObject } from 'ajv';
import * as validators from '../src/generated/validators.js';
import { toPointer } from '../src/util/pointer';
import { DOCUMENT_KINDS, isDocumentKind, type DocumentKind } from '../src/model/kinds';
import { rules } from '../src/rules/index';
import { exampleKind } from '../src/lint/rule-examples';
import { parseSource, formatOf } from '../src/source/index';
import { detectKind } from '../src/kind/detect';
import { checkJsonValue } from '../src/validate/json-value';
import { isPlainJson } from '../src/util/plain-json';
import { brokerResponse, largeResponse, typicalRequest } from '../scripts/bench-inputs';
import { FUZZ_LIMIT, chooser, fuzzRuns, fuzzSeed } from './support/fuzz';

/** What the two full checks say together. */
function bothAccept(kind: DocumentKind, v: unknown): boolean {
  const json = checkJsonValue(v);
  return json.walkable && json.diagnostics.length === 0 && v !== undefined && validators[kind](v);
}

/** True when some object in the value has an own `__proto__` key (acceptors leave those to the full checks). */
function hasProtoKey(v: unknown, depth = 0): boolean {
  if (depth > 300 || typeof v !== 'object' || v === null) return false;
  if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) return true;
  return Object.values(v).some((x) => hasProtoKey(x, depth + 1));
}

/** Every example document: the rules' valid and invalid examples, examples/ and the bench inputs. */
function corpus(): [DocumentKind, unknown][] {
  const out: [DocumentKind, unknown][] = [];
  for (const rule of rules)
    for (const ex of [...(rule.examples?.valid ?? []), ...(rule.examples?.invalid ?? [])])
      out.push([exampleKind(rule, ex), ex.doc]);
  for (const dir of ['examples/good', 'examples/bad']) {
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      const source = parseSource(text, formatOf(name, text));
      const kind = detectKind(source.value, {}).kind;
      if (isDocumentKind(kind)) out.push([kind, source.value]);
    }
  }
  out.push(['CreateShadowLinkRequest', JSON.parse(typicalRequest())]);
  out.push(['GetBrokerResponse', JSON.parse(brokerResponse(40))]);
  out.push(['CreateShadowLinkResponse', JSON.parse(largeResponse(3, 2))]);
  return out;
}

const WRONG: (() => unknown)[] = [
  () => undefined,
  () => NaN,
  () => Infinity,
  () => null,
  () => 1.5,
  () => -1,
  () => 2 ** 31,
  () => -(2 ** 31) - 1,
  () => 2 ** 63,
  () => '',
  () => 'x',
  () => '30s',
  () => '2026-01-01T00:00:00Z',
  () => '12',
  () => true,
  () => [],
  () => ['a', 1],
  () => ({}),
  () => ({ unknownKey: 1 }),
  () => new Date(0),
  () => Object.create(null) as unknown,
  () => () => 1,
  () => 1n,
  () => Symbol('s'),
  () => JSON.parse('{"__proto__":{"a":1}}') as unknown,
  () => {
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    return deep;
  },
];

/** A deep copy of the arrays and plain objects in `v` (own `__proto__` keys kept); other values shared. */
function copy(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null || depth > 400) return v;
  if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1));
  const proto = Object.getPrototypeOf(v) as object | null;
  if (proto !== Object.prototype && proto !== null) return v;
  const out = Object.create(proto) as Record<string, unknown>;
  for (const k of Object.keys(v))
    Object.defineProperty(out, k, {
      value: copy((v as Record<string, unknown>)[k], depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** A copy of `v` with the node at a random place replaced (or a key added or removed), chosen by `pick`. */
function mutate(v: unknown, pick: (n: number) => number, values: readonly (() => unknown)[] = WRONG): unknown {
  const clone = copy(v, 0);
  const nodes: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (n: unknown) => {
    if (typeof n !== 'object' || n === null) return;
    if (Array.isArray(n))
      n.forEach((x, i) => {
        nodes.push([n, i]);
        walk(x);
      });
    else
      for (const k of Object.keys(n)) {
        nodes.push([n as Record<string, unknown>, k]);
        walk((n as Record<string, unknown>)[k]);
      }
  };
  walk(clone);
  if (nodes.length === 0) return values[pick(values.length)]!();
  const [parent, key] = nodes[pick(nodes.length)]!;
  const what = pick(values.length + 2);
  if (what === values.length && !Array.isArray(parent)) delete parent[key as string];
  else if (what === values.length + 1 && !Array.isArray(parent)) parent[`${String(key)}X`] = 1;
  else (parent as Record<string | number, unknown>)[key] = values[what % values.length]!();
  return clone;
}

describe('acceptors', () => {
  const docs = corpus();

  it('accept exactly what the JSON-value and structure checks accept, on every example document', () => {
    let accepted = 0;
    for (const [kind, doc] of docs) {
      const verdict = acceptors[kind](doc);
      expect(verdict === 0, JSON.stringify(doc).slice(0, 200)).toBe(bothAccept(kind, doc));
      // The examples are plain JSON: a refusal says so, and the JSON-value check is skipped.
      expect(verdict).not.toBe(2);
      if (verdict === 0) accepted++;
    }
    // The happy path is taken: most examples are valid documents.
    expect(accepted).toBeGreaterThan(docs.length / 3);
    for (const kind of DOCUMENT_KINDS)
      expect(
        docs.some(([k, d]) => k === kind && acceptors[kind](d) === 0),
        kind,
      ).toBe(true);
  });

  it('accept exactly what both checks accept on mutated documents (refusing more only for __proto__ keys), and call plain JSON plain', () => {
    let formatOnly = 0;
    let unknownOnly = 0;
    let both = 0;
    fc.assert(
      fc.property(fc.nat(docs.length - 1), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(3), (i, seed, rounds) => {
        const pick = chooser(seed);
        const [kind, original] = docs[i]!;
        let doc = original;
        for (let r = 0; r <= rounds; r++) doc = mutate(doc, pick);
        // With hooks (none here), as lint calls it: the acceptor then keeps the path of each format refusal.
        const verdict = acceptors[kind](doc, []);
        const full = bothAccept(kind, doc);
        const plain = isPlainJson(doc, 0);
        if (verdict === 0) expect(full).toBe(true);
        else if (full) expect(hasProtoKey(doc)).toBe(true);
        // A refusal skips the JSON-value check: the value must be plain JSON. A 2 is for values that are
        // not (or that hold an own __proto__ key, left to the full checks).
        expect([0, 1, 2, 4, 5, 8, 9, 12, 13]).toContain(verdict);
        if (verdict !== 0 && verdict !== 2) expect(plain).toBe(true);
        if (verdict === 2) expect(!plain || hasProtoKey(doc)).toBe(true);
        // Without bit 1 (only strings their format refuses, keys the schema does not name) the verdict
        // stands for ajv: the acceptor's findings are its findings (in document order rather than the
        // schema's; `lint` sorts them).
        const byPointer = (list: { pointer: string; code: string }[]) =>
          [...list].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : a.code < b.code ? -1 : 1));
        const ajv = verdict === 0 || verdict === 2 ? [] : validateStructure(kind, doc, undefined);
        if (verdict !== 0 && verdict !== 2 && (verdict & 1) === 0) {
          if (verdict === 4) formatOnly++;
          else if (verdict === 8) unknownOnly++;
          else both++;
          expect(byPointer(recordedFindings(kind, doc, FORMAT_REFUSALS, UNKNOWN_KEYS))).toEqual(byPointer(ajv));
        } else if (verdict !== 0 && verdict !== 2) {
          // Bit 1: ajv refuses something else too (a missing field a typo'd key stands for is not reported,
          // but refused), or a key that is a field's protobuf name (the decoder renames it).
          const validator = validators[kind];
          validator(doc);
          const recordable = (e: ErrorObject) =>
            e.keyword === 'format' ||
            (e.keyword === 'additionalProperties' &&
              !allowedKeys(schemaAt(kindSchemas[kind], e.instancePath))
                .map(protoName)
                .includes(String((e.params as { additionalProperty: string }).additionalProperty)));
          expect((validator.errors ?? []).every(recordable)).toBe(false);
        }
      }),
      { numRuns: fuzzRuns(3000, 0.05), seed: fuzzSeed(17_0501), interruptAfterTimeLimit: FUZZ_LIMIT },
    );
    // The mutations reach each recorded verdict often enough for the comparison to mean something
    // (both together rarely: the next test plants them).
    expect(
      [formatOnly, unknownOnly].every((n) => n > 5),
      `${formatOnly} ${unknownOnly} ${both}`,
    ).toBe(true);
  });

  it('record unknown keys and refused formats together, at every depth, as ajv reports them', () => {
    type Section = Record<string, unknown>;
    const doc = JSON.parse(typicalRequest()) as { shadowLink: Section & { configurations: Record<string, Section> } };
    const link = doc.shadowLink;
    link['extra'] = { nested: [1, { deep: true }] };
    link['passwrd'] = 'hunter2-hunter2';
    const options = link.configurations.clientOptions!;
    options['metadataMaxAgeMss'] = 5;
    options['some_other_key'] = null;
    const topics = link.configurations.topicMetadataSyncOptions!;
    topics['interval'] = '30 seconds';
    const filters = topics['autoCreateShadowTopicFilters'] as object[];
    filters[1] = { ...filters[1], colour: 'blue', 'a/b~c': 1 };
    const verdict = acceptors.CreateShadowLinkRequest(doc, []);
    expect(verdict).toBe(12);
    const byPointer = (list: { pointer: string; code: string }[]) =>
      [...list].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : a.code < b.code ? -1 : 1));
    const found = recordedFindings('CreateShadowLinkRequest', doc, FORMAT_REFUSALS, UNKNOWN_KEYS);
    expect(found.map((d) => d.pointer).sort()).toEqual([
      '/shadowLink/configurations/clientOptions/metadataMaxAgeMss',
      '/shadowLink/configurations/clientOptions/some_other_key',
      '/shadowLink/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/1/a~1b~0c',
      '/shadowLink/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/1/colour',
      '/shadowLink/configurations/topicMetadataSyncOptions/interval',
      '/shadowLink/extra',
      '/shadowLink/passwrd',
    ]);
    expect(byPointer(found)).toEqual(byPointer(validateStructure('CreateShadowLinkRequest', doc, undefined)));
    // A field's protobuf name is left to ajv and the decoder.
    options['bootstrap_servers'] = ['a:9092'];
    expect(acceptors.CreateShadowLinkRequest(doc, []) & 1).toBe(1);
  });

  it('say a value holds no secret only when the secret search finds none in it', () => {
    // Plant credentials, private keys and unknown keys at random places of the corpus.
    const planted: (() => unknown)[] = [
      () => 'hunter2-secret',
      () => '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----',
      () => ({ password: 'hunter2-secret' }),
      () => ({ passwd: 12345678 }),
      () => ({ key: 'k3y-material' }),
      () => 'x'.repeat(30),
    ];
    let skipped = 0;
    let searched = 0;
    let skippedWithUnknown = 0;
    fc.assert(
      fc.property(fc.nat(docs.length - 1), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(2), (i, seed, rounds) => {
        const pick = chooser(seed);
        const [kind, original] = docs[i]!;
        let doc = original;
        for (let r = 0; r < rounds; r++) doc = mutate(doc, pick, planted);
        const verdict = acceptors[kind](doc);
        if (verdict === 2 || (verdict & 1) !== 0) return;
        if (mayHoldSecrets()) searched++;
        else {
          skipped++;
          expect(collectSecrets(doc)).toEqual([]);
        }
        // Leaving out the recorded unknown keys: those hold scalars, a secret only under a credential-like name.
        if (!mayHoldSecretsBesidesUnknownKeys() && !UNKNOWN_KEYS.some(([, keys]) => keys.some(isSecretKeyName))) {
          if (UNKNOWN_KEYS.length > 0) skippedWithUnknown++;
          expect(collectSecrets(doc)).toEqual([]);
        }
      }),
      { numRuns: fuzzRuns(3000, 0.05), seed: fuzzSeed(17_0503), interruptAfterTimeLimit: FUZZ_LIMIT },
    );
    // Both answers are given often enough for the comparison to mean something.
    expect(skipped).toBeGreaterThan(100);
    expect(searched).toBeGreaterThan(100);
    expect(skippedWithUnknown).toBeGreaterThan(20);
  });

  it('hand every object at a definition to its hook, as the walker does, wherever they go through the whole value', () => {
    /** Each call of each hook, as slot and pointer, sorted (the acceptor goes in key order, the walker in the schema's). */
    const calls = (run: (hooks: Hook[]) => void): string[] => {
      const seen: string[] = [];
      const hooks = HOOK_NAMES.map((name) => (node: object, depth: number) => {
        expect(typeof node).toBe('object');
        seen.push(`${name} ${toPointer(PATH.slice(0, depth))}`);
      });
      run(hooks);
      return seen.sort();
    };
    let compared = 0;
    fc.assert(
      fc.property(fc.nat(docs.length - 1), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(2), (i, seed, rounds) => {
        const pick = chooser(seed);
        const [kind, original] = docs[i]!;
        let doc = original;
        for (let r = 0; r < rounds; r++) doc = mutate(doc, pick);
        let verdict = 0;
        const fromAcceptor = calls((hooks) => (verdict = acceptors[kind](doc, hooks)));
        if (verdict === 2) return;
        compared++;
        expect(fromAcceptor).toEqual(calls((hooks) => WALKERS[kind](doc, hooks)));
      }),
      { numRuns: fuzzRuns(2000, 0.05), seed: fuzzSeed(17_0502), interruptAfterTimeLimit: FUZZ_LIMIT },
    );
    expect(compared).toBeGreaterThan(500);
  });
});
