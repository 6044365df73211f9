/**
 * Turns a TypeBox root schema into one self-contained JSON Schema document: every named sub-schema
 * (one with an `$id`) becomes an entry of `$defs` referenced by `$ref`, and TypeBox's symbol keys go.
 * The ahead-of-time validator and the exported editor schemas are both built from this form, so an
 * error's `schemaPath` can be resolved against it.
 */
import type { TSchema } from '@sinclair/typebox';
import { namedSchemas } from '../model/primitives';

/** A plain JSON Schema object. */
export type JsonSchema = { [key: string]: unknown };

/** Resolves a local `$ref` or a `#/…` schema path against a document; undefined when it does not resolve. */
export function resolveSchemaPath(doc: JsonSchema, path: string): JsonSchema | undefined {
  if (!path.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of path.slice(1).split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as JsonSchema) : undefined;
}

/** Follows `$ref` chains (local only) to the schema they name. */
export function deref(doc: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 16; hops++) {
    current = resolveSchemaPath(doc, current.$ref);
  }
  return current;
}

/** Builds the `$defs` document of a root schema with the given `$id`. */
export function toDocument(root: TSchema, id: string): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const rootId = root.$id as string | undefined;

  function plain(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(plain);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    // An enum or int64 states its JSON Schema form (`type` with `enum` or `format`) beside TypeBox's
    // `anyOf` (src/model/primitives.ts); the document keeps the compact form alone.
    const both = Array.isArray((node as JsonSchema).anyOf) && (node as JsonSchema).type !== undefined;
    for (const key of Object.keys(node)) {
      if (both && key === 'anyOf') continue;
      out[key] = convert((node as JsonSchema)[key], key);
    }
    return out;
  }

  // `key` is the keyword the value sits under: only schema positions can become references.
  function convert(value: unknown, key: string): unknown {
    if (key === 'properties' && value && typeof value === 'object') {
      const props: JsonSchema = {};
      for (const name of Object.keys(value)) props[name] = schemaNode((value as JsonSchema)[name]);
      return props;
    }
    if (key === 'items' || key === 'additionalProperties') {
      return value && typeof value === 'object' ? schemaNode(value) : value;
    }
    if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') return (value as unknown[]).map(schemaNode);
    return plain(value);
  }

  function schemaNode(node: unknown): unknown {
    const schema = node as JsonSchema;
    const ref = typeof schema.$id === 'string' ? schema.$id : undefined;
    if (ref === undefined || ref === rootId) {
      const out = plain(schema) as JsonSchema;
      delete out.$id;
      return out;
    }
    const canonical = namedSchemas.get(ref) ?? schema;
    if (!Object.hasOwn(defs, ref)) {
      defs[ref] = {}; // placeholder first: a schema may refer to itself
      const def = schemaNode({ ...canonical, $id: undefined }) as JsonSchema;
      delete def.$id;
      defs[ref] = def;
    }
    const refNode: JsonSchema = { $ref: `#/$defs/${ref}` };
    if (schema.description !== canonical.description) refNode.description = schema.description;
    if (schema.default !== undefined && schema.default !== canonical.default) refNode.default = schema.default;
    return refNode;
  }

  const body = schemaNode({ ...root, $id: undefined }) as JsonSchema;
  delete body.$id;
  const doc: JsonSchema = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: id, ...body };
  if (Object.keys(defs).length > 0) {
    doc.$defs = Object.fromEntries(
      Object.keys(defs)
        .sort()
        .map((k) => [k, defs[k]]),
    );
  }
  return doc;
}
