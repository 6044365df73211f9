/**
 * Building blocks of the model: scalar schemas with the API's formats, string enums, strict objects.
 *
 * Every schema is made of TypeBox's standard kinds only, so that any copy of TypeBox (the user's,
 * a CommonJS and an ES module build side by side) checks them: a custom kind would live in one
 * copy's TypeRegistry and fail in every other with ValueCheckUnknownTypeError. Enums and int64
 * carry two forms: TypeBox's `anyOf` (what Value.Check and TypeCompiler read) and the compact JSON
 * Schema keywords (`enum`, `type: [...]`) that the export keeps (src/schema/document.ts).
 */
import {
  Array as TypeArray,
  Boolean as TypeBoolean,
  FormatRegistry,
  Integer,
  Literal,
  Null,
  Number as TypeNumber,
  Object as TypeObject,
  Optional,
  String as TypeString,
  Union,
  type ObjectOptions,
  type TInteger,
  type TLiteral,
  type TObject,
  type TProperties,
  type TSchema,
  type TString,
  type TUnion,
} from '@sinclair/typebox';
import { formatChecks, type FormatName } from './formats';

/**
 * The TypeBox builders the model uses, imported one by one: TypeBox's `Type` namespace holds every
 * builder, and a browser bundle of `lint` would carry all of them (about 11 KB gzip).
 */
export const Type = {
  Array: TypeArray,
  Boolean: TypeBoolean,
  Integer,
  Literal,
  Null,
  Number: TypeNumber,
  Object: TypeObject,
  Optional,
  String: TypeString,
  Union,
};

/** Smallest int32. */
export const INT32_MIN = -2_147_483_648;
/** Largest int32. */
export const INT32_MAX = 2_147_483_647;

/** What `registerFormats` needs of a format registry: TypeBox's `FormatRegistry` fits. */
export interface FormatRegistryLike {
  /** Whether the format is registered already: a format of the caller's own is kept. */
  Has(format: string): boolean;
  /** Registers a format's check. */
  Set(format: string, check: (value: string) => boolean): void;
}

/**
 * Registers the model's string formats (`duration`, `timestamp`, `int64`, `uuid`, `base64`) on a
 * TypeBox `FormatRegistry`, so that `Value.Check` and `TypeCompiler` judge them as the linter does.
 * Done on import for the TypeBox this package imports; call it with yours when your code uses
 * another copy (TypeBox's CommonJS and ES module builds each have their own registry).
 */
export function registerFormats(registry: FormatRegistryLike = FormatRegistry): void {
  for (const [name, check] of Object.entries(formatChecks)) if (!registry.Has(name)) registry.Set(name, check);
}

// TypeBox's Value.Check must agree with the ajv validator, so it gets the very same predicates.
registerFormats();

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
export const int64 = (doc: Doc): TUnion<[TInteger, TString]> =>
  Type.Union([Type.Integer(), Type.String({ format: 'int64' })], {
    type: ['integer', 'string'],
    format: 'int64',
    ...doc,
  });

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
): TUnion<TLiteral<V>[]> {
  const names = Object.keys(values) as V[];
  return named(
    Type.Union(
      names.map((n) => Type.Literal(n)),
      { $id: id, title, description, type: 'string', enum: names, enumDescriptions: names.map((n) => values[n]) },
    ),
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
