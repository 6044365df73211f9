/**
 * The package next to other copies of itself and of the libraries users bring: the CommonJS and ES
 * module builds (dual-package hazard), another TypeBox copy, and ajv with the exported JSON Schemas.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  addSchemaSupport,
  DOCUMENT_KINDS,
  EDITOR_KEYWORDS,
  isValidationError,
  kindSchemas,
  lint,
  registerFormats,
  ValidationError,
  UnknownKindError,
} from '../src/index';
import type * as Library from '../src/index';
import type * as TypeBoxValue from '@sinclair/typebox/value';
import type * as TypeBox from '@sinclair/typebox';
import { validFixtures } from './helpers';

type Package = typeof Library;

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

describe('errors across copies of the package', () => {
  const cjs = () => require(join(ROOT, 'dist', 'index.cjs')) as Package;
  const esm = async () => (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as Package;

  it('recognises a ValidationError thrown by the CommonJS build in ES module code (isValidationError, instanceof)', async () => {
    const thrown = (() => {
      try {
        const pkg: Package = cjs();
        pkg.assertValid('GetBrokerRequest', { nodeId: 'one' });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    const { ValidationError: EsmValidationError, isValidationError: esmIsValidationError } = await esm();
    expect(EsmValidationError).not.toBe(cjs().ValidationError);
    expect(esmIsValidationError(thrown)).toBe(true);
    expect(thrown instanceof EsmValidationError).toBe(true);
    expect(isValidationError(thrown) && thrown instanceof ValidationError).toBe(true);
    expect(isValidationError(thrown) && thrown.diagnostics.map((d) => d.pointer)).toEqual(['/nodeId']);
  });

  it('recognises UnknownKindError the same way, and nothing else', async () => {
    let thrown: unknown;
    try {
      cjs().lint('Nope' as never, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown instanceof (await esm()).UnknownKindError).toBe(true);
    expect(thrown instanceof UnknownKindError).toBe(true);
    expect(thrown instanceof ValidationError).toBe(false);
    for (const other of [new Error('x'), { name: 'ValidationError', diagnostics: [] }, null, 'ValidationError'])
      expect(isValidationError(other) || other instanceof ValidationError).toBe(false);
  });
});

describe('TypeBox', () => {
  it("checks the schemas with another copy of TypeBox (no custom kinds), once the formats are on that copy's registry", () => {
    // A fresh load of TypeBox's CommonJS build: its own registries, as a user's copy would have.
    for (const key of Object.keys(require.cache)) if (key.includes('@sinclair/typebox')) delete require.cache[key];
    const { Value } = require('@sinclair/typebox/value') as typeof TypeBoxValue;
    const { FormatRegistry } = require('@sinclair/typebox') as typeof TypeBox;
    expect(FormatRegistry.Has('duration')).toBe(false);
    const withInterval = {
      name: 'x',
      configurations: { clientOptions: { bootstrapServers: ['a:1'] }, topicMetadataSyncOptions: { interval: '30s' } },
    };
    // A string format nobody registered fails the check; it never throws ValueCheckUnknownTypeError.
    expect(Value.Check(kindSchemas.ShadowLink, withInterval)).toBe(false);
    registerFormats(FormatRegistry);
    expect(Value.Check(kindSchemas.ShadowLink, withInterval)).toBe(true);
    for (const f of validFixtures()) expect(Value.Check(kindSchemas[f.kind], f.value), f.name).toBe(true);
    const bad = [
      ['ShadowLink', { ...withInterval, configurations: { topicMetadataSyncOptions: { interval: 'PT30S' } } }],
      ['GetBrokerResponse', { broker: { nodeId: 1.5 } }],
      ['CreateShadowLinkResponse', { shadowLink: { name: 'x', status: { state: 'ACTIVE' } } }],
    ] as const;
    for (const [kind, doc] of bad) {
      expect(Value.Check(kindSchemas[kind], doc)).toBe(false);
      expect(lint(kind, doc).valid).toBe(false);
    }
  });
});

describe('the exported JSON Schemas in ajv', () => {
  const schemas = DOCUMENT_KINDS.map(
    (kind) => [kind, JSON.parse(readFileSync(join(ROOT, 'schemas', `${kind}.schema.json`), 'utf8')) as object] as const,
  );
  const quiet = () => {
    const warnings: string[] = [];
    const note = (...a: unknown[]) => warnings.push(a.join(' '));
    return { warnings, logger: { log: note, warn: note, error: note } };
  };

  it("fail in ajv's default strict mode without the editor keywords", () => {
    expect(() => new Ajv2020().compile(schemas[0]![1])).toThrow(/strict mode: unknown keyword: "markdownDescription"/);
  });

  it('compile in strict mode with addSchemaSupport and allowUnionTypes, silently, and judge like the linter', () => {
    const { warnings, logger } = quiet();
    const ajv = addSchemaSupport(new Ajv2020({ allowUnionTypes: true, logger }));
    const validators = new Map(schemas.map(([kind, schema]) => [kind, ajv.compile(schema)]));
    expect(warnings).toEqual([]);
    for (const f of validFixtures()) expect(validators.get(f.kind)!(f.value), f.name).toBe(true);
    const typo = { name: 'x', configurations: { clientOptions: { bootstrapServerz: ['a:1'] } } };
    expect(validators.get('ShadowLink')!(typo)).toBe(false);
    expect(lint('ShadowLink', typo).valid).toBe(false);
    const uid = { shadowLink: { name: 'x', uid: 'not-a-uuid' } };
    expect(validators.get('CreateShadowLinkResponse')!(uid)).toBe(false);
  });

  it('declares every non-standard keyword the schemas use (doNotSuggest, markdownDescription, …); deprecated is standard', () => {
    const used = new Set<string>();
    const MAPS = new Set(['properties', '$defs', 'patternProperties', 'dependentSchemas']);
    const LISTS = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
    const ONE = new Set(['items', 'not', 'if', 'then', 'else', 'additionalProperties', 'contains', 'propertyNames']);
    // Keywords of every schema object; annotation values (defaultSnippets, examples) are data, not schemas.
    const walk = (schema: unknown): void => {
      if (schema === null || typeof schema !== 'object') return;
      for (const [k, v] of Object.entries(schema)) {
        used.add(k);
        if (MAPS.has(k)) Object.values(v as object).forEach(walk);
        else if (LISTS.has(k)) (v as unknown[]).forEach(walk);
        else if (ONE.has(k)) walk(v);
      }
    };
    for (const [, schema] of schemas) walk(schema);
    const known = new Ajv2020().RULES.keywords;
    const unknown = [...used].filter((k) => !Object.hasOwn(known, k)).sort();
    expect(unknown).toEqual([...EDITOR_KEYWORDS].sort());
    expect(used).toContain('doNotSuggest');
    expect(used).toContain('deprecated');
  });

  it('keeps formats and keywords the instance already defines (ajv-formats)', () => {
    const ajv = new Ajv2020({ allowUnionTypes: true });
    addFormats(ajv);
    const uuid = ajv.formats['uuid'];
    addSchemaSupport(ajv);
    expect(ajv.formats['uuid']).toBe(uuid);
    expect(() => ajv.compile(schemas[2]![1])).not.toThrow();
  });
});
