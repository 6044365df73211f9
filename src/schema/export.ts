/** The JSON Schema files editors use: the model's `$defs` document plus editor annotations. */
import { isDocumentKind, KIND_NAMES, kindOf, kindSchemas, schemaUrl, type KindName } from '../model/kinds';
import { CONFIG_NAMES } from '../config/config';
import { CONFIG_SCHEMA_NAME, CONFIG_SCHEMA_URL, configJsonSchema } from '../config/config-model';
import { toDocument, type JsonSchema } from './document';
import { addEditorConstraints, formatsToPatterns, refuseNullChoices } from './editor-constraints';
import { acceptServerSpellings } from './server-spellings';
import { addSnippets } from './snippets';

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

/** Gives every property that is a bare `$ref` the description of the schema it names, so hovers never come up empty. */
function describeReferences(doc: JsonSchema): void {
  const defs = (doc.$defs as Record<string, JsonSchema> | undefined) ?? {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const props = (node as JsonSchema).properties as Record<string, JsonSchema> | undefined;
    for (const p of Object.values(props ?? {})) {
      const ref = typeof p.$ref === 'string' ? defs[p.$ref.replace('#/$defs/', '')] : undefined;
      if (ref && p.description === undefined) {
        p.description = ref.description;
        p.markdownDescription = ref.markdownDescription ?? ref.description;
      }
    }
    for (const v of Object.values(node)) visit(v);
  };
  visit(doc);
}

/** The exported JSON Schema document of a kind (draft 2020-12). */
export function exportSchema(kind: KindName): JsonSchema {
  // A mapped file (rpk's) is read by another tool: its model is all there is to say, in its own terms.
  if (!isDocumentKind(kind)) return addMarkdown(toDocument(kindSchemas[kind], schemaUrl(kind))) as JsonSchema;
  const doc = formatsToPatterns(addMarkdown(toDocument(kindSchemas[kind], schemaUrl(kind)))) as JsonSchema;
  addEditorConstraints(kind, doc);
  addSnippets(doc, kind);
  describeReferences(doc);
  if (kind !== 'ConnectError') {
    acceptServerSpellings(doc);
    refuseNullChoices(doc);
  }
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
  for (const kind of KIND_NAMES) {
    files.set(`schemas/${kind}.schema.json`, `${JSON.stringify(exportSchema(kind), null, 2)}\n`);
  }
  files.set(`schemas/${CONFIG_SCHEMA_NAME}.schema.json`, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
  files.set('schemas/catalog.json', `${JSON.stringify(schemaCatalog(), null, 2)}\n`);
  return files;
}

/** A catalog of the schemas in SchemaStore's format. */
export function schemaCatalog(): JsonSchema {
  return {
    $schema: 'https://json.schemastore.org/schema-catalog.json',
    version: 1,
    schemas: [
      ...KIND_NAMES.map((kind) => {
        const schema = kindSchemas[kind];
        return {
          name: `svc-admin-spec ${schema.title as string}`,
          description: (schema.description as string).replace(/`/g, ''),
          fileMatch: [...kindOf(kind).filePatterns],
          url: schemaUrl(kind),
        };
      }),
      {
        name: 'svc-admin-spec config',
        description: 'The config file of svc-admin-spec: rule severities, target version, ignored files and overrides.',
        fileMatch: [...CONFIG_NAMES],
        url: CONFIG_SCHEMA_URL,
      },
    ],
  };
}
