/** Shared test helpers: fixtures by kind, and walks over schemas and documents. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { isDocumentKind, type DocumentKind } from '../src/model/kinds';
import { childPointer, isObject } from '../src/util/pointer';

/** Folder of the test fixtures. */
export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** A valid fixture: its kind (from the file name prefix), name and parsed value. */
export interface Fixture {
  kind: DocumentKind;
  name: string;
  value: unknown;
}

/** Every fixture under fixtures/valid, whose file names start with their kind. */
export function validFixtures(): Fixture[] {
  const dir = join(FIXTURES, 'valid');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => {
      const kind = name.split('.')[0];
      if (!isDocumentKind(kind)) throw new Error(`fixture ${name} does not start with a kind`);
      return { kind, name, value: JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown };
    });
}

/** Every JSON Pointer in a value, with the value there. */
export function* walkValue(value: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, value];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walkValue(value[i], childPointer(pointer, i));
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) yield* walkValue(v, childPointer(pointer, k));
  }
}

/** Generalises a pointer's array indices to `*`, so schema paths and document paths compare. */
export const generalize = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

/** Every property path a schema allows (array items as `*`), skipping open objects. */
export function schemaPaths(schema: TSchema, pointer = '', out = new Set<string>()): Set<string> {
  const s = schema as Record<string, unknown>;
  if (isObject(s.properties)) {
    for (const [k, sub] of Object.entries(s.properties)) {
      const p = `${pointer}/${k}`;
      out.add(p);
      schemaPaths(sub as TSchema, p, out);
    }
  }
  if (isObject(s.items)) schemaPaths(s.items as TSchema, `${pointer}/*`, out);
  if (Array.isArray(s.anyOf)) for (const b of s.anyOf) schemaPaths(b as TSchema, pointer, out);
  return out;
}

/** Deep copy of a JSON value. */
export const clone = <T>(v: T): T => structuredClone(v);

/** Sets the value at a pointer in place (the pointer's parent must exist). */
export function setAt(root: unknown, pointer: string, value: unknown): void {
  const tokens = pointer.split('/').slice(1);
  let node = root as Record<string, unknown>;
  for (const t of tokens.slice(0, -1)) node = node[t] as Record<string, unknown>;
  node[tokens[tokens.length - 1]!] = value;
}
