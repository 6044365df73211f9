/**
 * The TypeBox model of rpk's shadow-link config file, made from rpk's struct table (rpk-format):
 * rpk's snake_case keys at rpk's nesting, rpk's enum spellings, Go durations and RFC 3339 times.
 * Each key's docs are the Admin API field it becomes (the API model's own text), where rpk sends it,
 * and what rpk does differently — what someone hovering over the key in an editor needs.
 */
import type { TSchema } from '@sinclair/typebox';
import { schemaAt } from '../util/schema-walk';
import { camelToSnake, snakeToCamel } from '../util/suggest';
import { INT32_MAX, INT32_MIN, Type } from './primitives';
import {
  RPK_CONFIG,
  RPK_RELEASE_TEXT,
  RPK_SCHEMA_NAME,
  apiEnumName,
  apiEnumsInRpkSpelling,
  rpkTopLevelPlace,
  type GoStruct,
  type GoType,
} from './rpk-format';
import { ShadowLink } from './shadow-link';

/**
 * A Go duration above zero as `time.ParseDuration` reads it (`30s`, `1m30s`, `500ms`): rpk sends
 * an interval only when it is above zero (`rpk/not-sent`), so zero and negatives are refused too.
 */
const GO_POSITIVE_DURATION_PATTERN =
  '^\\+?(?=[^1-9]*[1-9])(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h))+$';

type Node = { [key: string]: unknown };

/** The API model's node at an API pointer of the link. */
const apiNode = (apiPath: string): Node | undefined => schemaAt(ShadowLink, apiPath);

/** `configurations.clientOptions.tlsSettings`: an API pointer as the API's JSON writes the field. */
const apiName = (apiPath: string) =>
  apiPath
    .slice(1)
    .replace(/\/0(?=\/|$)/g, '[]')
    .replace(/\//g, '.');

/** " Read from rpk 26.1 on." for a key every release does not read; nothing for the others. */
const readFrom = (since: keyof typeof RPK_RELEASE_TEXT): string =>
  since === '25.3' ? '' : ` Read from ${RPK_RELEASE_TEXT[since]} on.`;

/** What an rpk key is, in words: the API field's own text, where rpk sends it, from which release, and rpk's own rules. */
function describe(apiPath: string, since: keyof typeof RPK_RELEASE_TEXT, extra: string): string {
  const api = apiNode(apiPath)?.description;
  // The API's text in rpk's words: field names as rpk's keys (`key_path`), enum names as rpk spells
  // them (`INCLUDE`), intervals as Go durations.
  const own =
    typeof api === 'string'
      ? apiEnumsInRpkSpelling(api)
          .replace(/`([a-z]+[A-Z][A-Za-z]*)`/g, (_, n: string) => `\`${camelToSnake(n)}\``)
          .replace(/, a protobuf Duration such as `"[^"`]*"`/, '')
          .replace(/`"0s"` or unset means/, 'Unset means')
      : undefined;
  // A field newer than the API this linter models: the server it knows ignores it.
  const sent =
    api === undefined && since === 'next'
      ? `rpk sends it as \`${apiName(apiPath)}\`, a field the 26.1 API does not have: a 26.1 server ignores it.`
      : `rpk sends it as \`${apiName(apiPath)}\`.`;
  const read = readFrom(since);
  return `${own !== undefined ? `${own}\n\n` : ''}${sent}${read}${extra ? ` ${extra}` : ''}`;
}

/** rpk's spelling of each enum value, described by the API value it is sent as. */
function enumSchema(t: Extract<GoType, { kind: 'string' }>, apiPath: string): TSchema {
  const values = t.values ?? [];
  const api = apiNode(apiPath);
  const apiValues = Array.isArray(api?.enum) ? (api.enum as string[]) : [];
  const apiTexts = Array.isArray(api?.enumDescriptions) ? (api.enumDescriptions as string[]) : [];
  return Type.String({
    enum: [...values],
    enumDescriptions: values.map((v) => {
      const name = apiEnumName(t.name!, v)!;
      const apiMeaning = apiTexts[apiValues.indexOf(name)];
      const meaning = apiMeaning === undefined ? undefined : apiEnumsInRpkSpelling(apiMeaning);
      return `Sent as \`${name}\`${meaning ? `: ${meaning}` : '.'}`;
    }),
  });
}

/**
 * What yaml.v2 takes for a field of type `t`: a value of its type, or null (the zero value: not
 * set), except for a marker, whose null is the mistake `rpk/null-marker` names.
 */
function fieldSchema(t: GoType, apiPath: string): TSchema {
  const schema = typeSchema(t, apiPath);
  const title = apiNode(apiPath)?.title;
  if (typeof title === 'string' && schema.type === 'object') schema.title = title;
  return t.kind === 'ptr' && t.to.fields.length === 0 ? schema : Type.Union([schema, Type.Null()]);
}

function typeSchema(t: GoType, apiPath: string): TSchema {
  switch (t.kind) {
    case 'string':
      // Any scalar decodes into a Go string as the text written (`name: 1.50` is "1.50").
      return t.values ? enumSchema(t, apiPath) : Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
    case 'bool':
      return Type.Boolean();
    case 'int32':
      return Type.Integer({ minimum: INT32_MIN, maximum: INT32_MAX });
    case 'duration':
      return Type.Union([
        Type.String({ pattern: GO_POSITIVE_DURATION_PATTERN }),
        // Below a millisecond a bare number is a mistake (seconds meant: `rpk/nanoseconds`).
        Type.Integer({
          minimum: 1_000_000,
          description: 'A bare number is nanoseconds to rpk (`30` is 30 ns): write a unit.',
        }),
      ]);
    case 'time':
      // yaml.v2 resolves a plain date (`2024-01-01`) as a timestamp too: midnight UTC.
      return Type.Union([Type.String({ format: 'date-time' }), Type.String({ format: 'date' })]);
    case 'slice':
      return Type.Array(fieldSchema(t.of, `${apiPath}/0`));
    case 'ptr':
      return structSchema(t.to, apiPath);
    case 'struct':
      return structSchema(t, apiPath);
  }
}

/** The note on a key that rpk reads its own way. */
function rpkNote(t: GoType): string {
  if (t.kind === 'duration') return 'A Go duration (`30s`, `1m30s`); sent only when above zero.';
  if (t.kind === 'ptr' && t.to.fields.length === 0)
    return 'Set it with `{}`: written with nothing after the colon it is null, and not set.';
  if (t.kind === 'string' && t.values)
    return `rpk's spellings only (exact case); any other is sent as the API's \`*_UNSPECIFIED\`.`;
  return '';
}

const CLOUD_OPTIONS =
  'Redpanda Cloud: with this block rpk sends the link to the cloud control plane, not the Admin API, and applies the cloud rules (passwords and TLS keys as `${secrets.NAME}` references, no file-based TLS).';

/** `cloud_options`' keys go to the cloud's control plane, not to the Admin API: described in their own words. */
const CLOUD_KEYS: Record<string, string> = {
  source_redpanda_id:
    "The source cluster's Redpanda Cloud ID. When given, the cloud fills in the source's bootstrap servers.",
  shadow_redpanda_id: "Required with `cloud_options`: the shadow cluster's Redpanda Cloud ID (not the source's).",
};

function structSchema(t: GoStruct, apiPath: string): TSchema {
  const properties: Record<string, TSchema> = {};
  for (const field of t.fields) {
    const place = apiPath === '' ? rpkTopLevelPlace(field.key) : 'link';
    if (place === 'cloud' && field.type.kind === 'ptr') {
      const read = readFrom(field.since);
      const keys = Object.fromEntries(
        field.type.to.fields.map((k) => [
          k.key,
          Type.Optional({ ...fieldSchema(k.type, ''), description: CLOUD_KEYS[k.key] ?? '' }),
        ]),
      );
      properties[field.key] = Type.Optional({
        ...Type.Union([Type.Object(keys, { additionalProperties: false }), Type.Null()]),
        description: `${CLOUD_OPTIONS}${read}`,
      });
      continue;
    }
    const api = `${apiPath}${place === 'configurations' ? '/configurations' : ''}/${snakeToCamel(field.key)}`;
    const schema = fieldSchema(field.type, api);
    properties[field.key] = Type.Optional({ ...schema, description: describe(api, field.since, rpkNote(field.type)) });
  }
  return Type.Object(properties, { additionalProperties: false });
}

/** The model of rpk's config file: `rpk shadow create --config-file` reads it. */
export const RpkShadowLinkConfig = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'The JSON Schema of this file (rpk drops this key).' })),
    ...(structSchema(RPK_CONFIG, '') as unknown as { properties: Record<string, TSchema> }).properties,
  },
  {
    $id: RPK_SCHEMA_NAME,
    title: 'rpk shadow-link config file',
    description:
      "The file `rpk shadow create --config-file` reads (the server repository's src/go/rpk/pkg/cli/shadow/types.go). rpk reads it as YAML 1.1 (set the editor's YAML version to 1.1: `yes`/`on` are booleans) and drops unknown keys without a word.",
    additionalProperties: false,
  },
);
