import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { kindSchemas, DOCUMENT_KINDS, type DocumentKind } from '../src/model/kinds';
import { fieldName, isObject, lastToken } from '../src/util/pointer';
import { validateStructure } from '../src/validate/structural';
import { STRUCTURAL_CODES } from '../src/codes/structural-codes';
import { ruleById } from '../src/engine/registry';
import { schemaAt } from '../src/util/schema-walk';
import { clone, generalize, schemaPaths, setAt, validFixtures, walkValue } from './helpers';

const fixtures = validFixtures();

/** The structural verdict of ajv and of TypeBox's Value.Check must always match. */
function expectAgreement(kind: DocumentKind, doc: unknown): void {
  const ajvValid = validateStructure(kind, doc).length === 0;
  expect(Value.Check(kindSchemas[kind], doc), `Value.Check vs ajv for ${JSON.stringify(doc).slice(0, 200)}`).toBe(
    ajvValid,
  );
}

describe('valid fixtures', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s is structurally valid', (_name, f) => {
    expect(validateStructure(f.kind, f.value)).toEqual([]);
    expectAgreement(f.kind, f.value);
  });

  it.each(DOCUMENT_KINDS)('fixtures of %s cover every field of its schema', (kind) => {
    const covered = new Set<string>();
    for (const f of fixtures.filter((x) => x.kind === kind)) {
      for (const [p] of walkValue(f.value)) covered.add(generalize(p));
    }
    const missing = [...schemaPaths(kindSchemas[kind])].filter((p) => !covered.has(p));
    expect(missing).toEqual([]);
  });
});

type Mutation = { label: string; pointer: string; value: unknown; code: string | RegExp; mentions: string };

/** Every way each field of a fixture can go wrong, derived from the schema governing it. */
function mutationsOf(kind: DocumentKind, doc: unknown): Mutation[] {
  const out: Mutation[] = [];
  for (const [pointer, value] of walkValue(doc)) {
    const schema = schemaAt(kindSchemas[kind], pointer) as Record<string, unknown> | undefined;
    if (!schema) continue;
    if (isObject(value) && schema.additionalProperties === false) {
      out.push({
        label: 'unknown key',
        pointer: `${pointer}/zzUnknownField`,
        value: 1,
        code: 'schema/unknown-property',
        mentions: 'zzUnknownField',
      });
    }
    if (pointer === '' || lastToken(pointer) === 'debug') continue;
    const field = fieldName(pointer);
    const connectCode = kind === 'ConnectError' && pointer === '/code';
    if (Array.isArray(schema.enum)) {
      out.push({
        label: 'unknown enum value',
        pointer,
        value: 'NOT_A_VALUE',
        code: connectCode ? 'connect-error' : 'schema/enum',
        mentions: connectCode ? 'code' : field,
      });
      out.push({
        label: 'wrong type',
        pointer,
        value: true,
        code: connectCode ? 'connect-error' : 'schema/enum',
        mentions: connectCode ? 'code' : field,
      });
      continue;
    }
    const types = ([] as unknown[]).concat(schema.type ?? (schema.anyOf as { type: string }[]).map((b) => b.type));
    const wrong = types.includes('string') || types.includes('integer') ? true : 'wrong';
    out.push({ label: 'wrong type', pointer, value: wrong, code: 'schema/type', mentions: field });
    if (schema.maximum === 2147483647 || (Array.isArray(schema.anyOf) && pointer.endsWith('nodeId'))) {
      out.push({ label: 'out of int32 range', pointer, value: 2 ** 31, code: 'schema/int32-range', mentions: field });
      out.push({ label: 'fraction', pointer, value: 1.5, code: 'schema/type', mentions: field });
    }
    if (typeof schema.format === 'string' && schema.format !== 'int64') {
      const code =
        schema.format === 'duration'
          ? 'duration'
          : lastToken(pointer) === 'startAtTimestamp'
            ? 'start-at-timestamp'
            : kind === 'ConnectError'
              ? 'connect-error'
              : 'schema/format';
      out.push({ label: `bad ${schema.format}`, pointer, value: 'not-valid!', code, mentions: field });
    }
    if (schema.format === 'int64') {
      out.push({ label: 'bad int64 string', pointer, value: '12a', code: 'schema/format', mentions: field });
    }
  }
  return out;
}

describe.each(fixtures.map((f) => [f.name, f] as const))('every field of %s', (_name, f) => {
  const cases = mutationsOf(f.kind, f.value);
  it('has mutations to test', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c) => [`${c.label} at ${c.pointer}`, c] as const))('%s', (_label, c) => {
    const doc = clone(f.value);
    setAt(doc, c.pointer, c.value);
    const found = validateStructure(f.kind, doc);
    const hit = found.find((d) => d.pointer === c.pointer);
    expect(hit, JSON.stringify(found)).toBeDefined();
    expect(hit!.code).toMatch(c.code);
    expect(hit!.message).toContain(c.mentions);
    // Every code is documented: a schema/ code on the structural page, anything else is a rule.
    if (hit!.code.startsWith('schema/')) expect(Object.keys(STRUCTURAL_CODES)).toContain(hit!.code.slice(7));
    else expect(ruleById.has(hit!.code)).toBe(true);
    // One diagnostic per root cause: nothing else is reported for a single mutation.
    expect(found).toHaveLength(1);
    expectAgreement(f.kind, doc);
  });
});

describe('required fields', () => {
  it('names a missing required field at its own pointer', () => {
    const found = validateStructure('CreateShadowLinkRequest', { shadowLink: { configurations: {} } });
    expect(found).toEqual([
      expect.objectContaining({
        code: 'schema/required',
        pointer: '/shadowLink/name',
        message: expect.stringContaining('`name`'),
      }),
    ]);
  });
  it('requires bootstrapServers in clientOptions', () => {
    const found = validateStructure('ShadowLink', { name: 'a', configurations: { clientOptions: {} } });
    expect(found.map((d) => [d.code, d.pointer])).toEqual([
      ['schema/required', '/configurations/clientOptions/bootstrapServers'],
    ]);
  });
  it('requires code in a Connect error', () => {
    expect(validateStructure('ConnectError', {}).map((d) => [d.code, d.pointer])).toEqual([['connect-error', '/code']]);
  });
});
