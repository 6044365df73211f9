/**
 * The JSON Schema of rpk's shadow-link config file, for editors: rpk's keys (any other is dropped
 * by rpk, so it is refused here), rpk's enum spellings, Go durations, and on each key what it
 * becomes in the link rpk sends (the Admin API field's own description, from the model).
 */
import type { TSchema } from '@sinclair/typebox';
import { ShadowLink } from '../model/shadow-link';
import { RPK_CONFIG, RPK_SCHEMA_NAME, apiEnumName, type GoStruct, type GoType } from '../model/rpk-format';
import { snakeToCamel } from '../util/suggest';
import { schemaAt } from '../validate/schema-walk';
import type { JsonSchema } from './document';

/** Where the rpk schema is published; also its `$id`. */
export const RPK_SCHEMA_URL = `https://unpkg.com/svc-admin-spec/schemas/${RPK_SCHEMA_NAME}.schema.json`;

/** A Go duration as `time.ParseDuration` reads it (`30s`, `1m30s`, `500ms`, `0`). */
const GO_DURATION = '^[-+]?(0|(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h))+)$';
const INT32 = { minimum: -2147483648, maximum: 2147483647 };

const RELEASE: Record<string, string> = { '26.1': 'rpk 26.1', next: 'the rpk release after 26.1' };

/** The description of the API field an rpk key becomes, and what it is in rpk's terms. */
function describe(apiPath: string, since: string, extra: string): string {
  const node = schemaAt(ShadowLink as TSchema, apiPath) as { description?: string } | undefined;
  const own = node?.description ? `${node.description}\n\n` : '';
  const sent = apiPath === '' ? '' : `rpk sends it as \`${apiPath.slice(1).replace(/\//g, '.')}\`. `;
  const read = RELEASE[since] ? `Read from ${RELEASE[since]} on. ` : '';
  return `${own}${sent}${read}${extra}`.trim();
}

function typeSchema(t: GoType, apiPath: string): JsonSchema {
  switch (t.kind) {
    case 'string':
      if (t.values)
        return {
          type: 'string',
          enum: [...t.values],
          enumDescriptions: t.values.map((v) => `Sent as ${apiEnumName(t.name!, v)}.`),
        };
      return { type: 'string' };
    case 'bool':
      return { type: 'boolean' };
    case 'int32':
      return { type: 'integer', ...INT32 };
    case 'duration':
      return {
        anyOf: [
          { type: 'string', pattern: GO_DURATION },
          { type: 'integer', description: 'A bare number is nanoseconds to rpk (`30` is 30 ns): write a unit.' },
        ],
      };
    case 'time':
      return { type: 'string', format: 'date-time' };
    case 'slice':
      return { type: 'array', items: typeSchema(t.of, `${apiPath}/0`) };
    case 'ptr':
      return structSchema(t.to, apiPath);
    case 'struct':
      return structSchema(t, apiPath);
  }
}

function structSchema(t: GoStruct, apiPath: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of t.fields) {
    if (field.key === 'cloud_options') {
      properties[field.key] = {
        ...typeSchema(field.type, ''),
        description:
          'Redpanda Cloud: with this block rpk sends the link to the cloud control plane, not the Admin API, and applies the cloud rules (passwords and TLS keys as `${secrets.NAME}` references, no file-based TLS). Read from rpk 26.1 on.',
      };
      continue;
    }
    const inConfigurations = apiPath === '' && field.key !== 'name';
    const api = `${apiPath}${inConfigurations ? '/configurations' : ''}/${snakeToCamel(field.key)}`;
    const schema = typeSchema(field.type, api);
    const extra =
      field.type.kind === 'duration'
        ? 'A Go duration (`30s`, `1m30s`); sent only when above zero.'
        : field.type.kind === 'ptr' && field.type.to.fields.length === 0
          ? 'Set it with `{}`: written with nothing after the colon it is null, and not set.'
          : '';
    properties[field.key] = { ...schema, description: describe(api, field.since, extra) };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/** The exported JSON Schema of rpk's config file (draft 2020-12). */
export function rpkConfigSchema(): JsonSchema {
  const root = structSchema(RPK_CONFIG, '');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: RPK_SCHEMA_URL,
    title: 'rpk shadow-link config file',
    description:
      "The file `rpk shadow create --config-file` reads (the server repository's src/go/rpk/pkg/cli/shadow/types.go). rpk reads it as YAML 1.1 (set the editor's YAML version to 1.1: `yes`/`on` are booleans) and drops unknown keys without a word.",
    type: 'object',
    properties: {
      $schema: { type: 'string', description: 'The JSON Schema of this file (rpk drops this key).' },
      ...(root.properties as Record<string, JsonSchema>),
    },
    additionalProperties: false,
  };
}
