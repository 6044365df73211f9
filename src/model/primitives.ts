/** Building blocks of the model: scalar schemas with the API's formats, string enums, strict objects. */
import {
  FormatRegistry,
  Kind,
  Type,
  TypeRegistry,
  type ObjectOptions,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';
import { formatChecks, isInt64String, type FormatName } from './formats';

/** Smallest int32. */
export const INT32_MIN = -2_147_483_648;
/** Largest int32. */
export const INT32_MAX = 2_147_483_647;

// TypeBox's Value.Check must agree with the ajv validator, so it gets the very same predicates.
for (const [name, check] of Object.entries(formatChecks)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}
if (!TypeRegistry.Has('StringEnum')) {
  TypeRegistry.Set<{ enum: string[] }>(
    'StringEnum',
    (schema, value) => typeof value === 'string' && schema.enum.includes(value),
  );
}
if (!TypeRegistry.Has('Int64')) {
  TypeRegistry.Set(
    'Int64',
    (_schema, value) =>
      (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && isInt64String(value)),
  );
}

/** Every schema with an `$id`, by id: the canonical form that the JSON Schema export puts under `$defs`. */
export const namedSchemas = new Map<string, TSchema>();

function named<T extends TSchema>(schema: T): T {
  namedSchemas.set(schema.$id as string, schema);
  return schema;
}

/** Documentation every schema node carries. */
export interface Doc {
  readonly description: string;
  readonly title?: string;
  readonly examples?: readonly unknown[];
  readonly default?: unknown;
}

/** A 32-bit signed integer. */
export const int32 = (doc: Doc) => Type.Integer({ minimum: INT32_MIN, maximum: INT32_MAX, ...doc });

/** A 64-bit integer: a JSON number, or a decimal string as protobuf JSON emits it. */
export const int64 = (doc: Doc): TUnsafe<number | string> =>
  Type.Unsafe<number | string>({ [Kind]: 'Int64', type: ['integer', 'string'], format: 'int64', ...doc });

/** A string with one of the model's formats. */
export const formatted = (format: FormatName, doc: Doc) => Type.String({ format, ...doc });

/** A protobuf Duration string (`"30s"`). */
export const duration = (doc: Doc) => formatted('duration', doc);

/** An RFC 3339 timestamp string. */
export const timestamp = (doc: Doc) => formatted('timestamp', doc);

/** A string enum whose values each carry a description (shown by editors next to the value). */
export function stringEnum<const V extends string>(
  id: string,
  title: string,
  description: string,
  values: Readonly<Record<V, string>>,
): TUnsafe<V> {
  const names = Object.keys(values) as V[];
  return named(
    Type.Unsafe<V>({
      [Kind]: 'StringEnum',
      $id: id,
      title,
      description,
      type: 'string',
      enum: names,
      enumDescriptions: names.map((n) => values[n]),
    }),
  );
}

/** Uses a named enum for one field, with a field-specific description. */
export const enumField = <T extends TSchema>(enumSchema: T, description: string): T =>
  ({ ...enumSchema, description }) as T;

/** An object that rejects unknown properties, as every request object of the API does. */
export function strictObject<P extends TProperties>(
  properties: P,
  options: ObjectOptions & { $id: string; title: string; description: string },
): TObject<P> {
  return named(Type.Object(properties, { additionalProperties: false, ...options }));
}

/** An object with no fields whose mere presence selects an option (protobuf `google.protobuf.Empty`). */
export const emptyObject = (doc: Doc) => Type.Object({}, { additionalProperties: false, ...doc });

/** Makes a field optional with its own description. */
export const opt = <T extends TSchema>(schema: T, description?: string) =>
  Type.Optional(description === undefined ? schema : ({ ...schema, description } as T));
