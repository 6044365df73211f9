/** The JSON Schema files editors use: the model's `$defs` document plus editor annotations. */
import { DOCUMENT_KINDS, kindSchemas, schemaUrl, type DocumentKind } from '../model/kinds';
import { toDocument, type JsonSchema } from './document';

/** Adds `markdownDescription` / `markdownEnumDescriptions` beside plain ones, everywhere in a schema. */
function addMarkdown(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(addMarkdown);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'enum' || key === 'examples' || key === 'default' ? value : addMarkdown(value);
  }
  if (typeof out.description === 'string' && out.markdownDescription === undefined) {
    out.markdownDescription = out.description;
    out.description = out.description.replace(/`/g, '');
  }
  if (Array.isArray(out.enumDescriptions)) {
    out.markdownEnumDescriptions = out.enumDescriptions;
    out.enumDescriptions = (out.enumDescriptions as string[]).map((d) => d.replace(/`/g, ''));
  }
  return out;
}

/** The exported JSON Schema document of a kind (draft 2020-12). */
export function exportSchema(kind: DocumentKind): JsonSchema {
  const doc = addMarkdown(toDocument(kindSchemas[kind], schemaUrl(kind))) as JsonSchema;
  const properties = { ...(doc.properties as JsonSchema) };
  // Files may name their schema; the linter strips this key before checking the document.
  doc.properties = {
    $schema: {
      type: 'string',
      description: 'The JSON Schema of this file.',
      markdownDescription: 'The JSON Schema of this file.',
    },
    ...properties,
  };
  return doc;
}

/** Every exported file: path relative to the repository root → content. */
export function exportedSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const kind of DOCUMENT_KINDS) {
    files.set(`schemas/${kind}.schema.json`, `${JSON.stringify(exportSchema(kind), null, 2)}\n`);
  }
  return files;
}
