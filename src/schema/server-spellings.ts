/**
 * Widens an exported editor schema to every spelling the server's decoder accepts, so that an editor
 * raises an error only where the server rejects or silently changes the document (the linter reports
 * the non-canonical spellings as warnings and infos): protobuf snake_case keys, `null` for objects
 * and lists, int32 values as decimal strings and enum values as their numbers.
 */
import { protoName } from '../decode/decode';
import { deref, type JsonSchema } from './document';

/** A whitespace-trimmed, optionally signed decimal, as absl::SimpleAtoi reads an int32 given as a string. */
const INT32_STRING = '^[ \\t\\n\\v\\f\\r]*[+-]?\\d{1,10}[ \\t\\n\\v\\f\\r]*$';
const NON_NEGATIVE_INT32_STRING = '^[ \\t\\n\\v\\f\\r]*\\+?\\d{1,10}[ \\t\\n\\v\\f\\r]*$';

const isInt32 = (s: JsonSchema): boolean => s.type === 'integer' && s.maximum === 2_147_483_647;

/** Every schema object of the document that declares `properties`, outside constraint branches. */
function propertyHolders(doc: JsonSchema): JsonSchema[] {
  const out: JsonSchema[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const n = node as JsonSchema;
    if (n.properties && typeof n.properties === 'object') out.push(n);
    for (const [k, v] of Object.entries(n)) if (!['allOf', 'not', 'if', 'then', 'else', 'enum'].includes(k)) visit(v);
  };
  visit(doc);
  return out;
}

/** `anyOf` of a schema and another alternative, keeping the documentation on the outside. */
function orElse(schema: JsonSchema, alternative: JsonSchema): JsonSchema {
  const { description, markdownDescription, title, default: dflt, ...rest } = schema;
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(markdownDescription !== undefined ? { markdownDescription } : {}),
    ...(dflt !== undefined ? { default: dflt } : {}),
    anyOf: [rest, alternative],
  };
}

/** Widens the value schema of one property to the server's other spellings. */
function widenValue(doc: JsonSchema, schema: JsonSchema): JsonSchema {
  const target = deref(doc, schema) ?? schema;
  if ((target.properties && typeof target.properties === 'object') || target.type === 'array' || target.allOf) {
    // `null` for an object or a list means "not set" to the server.
    const widened = target.type === 'array' && target.items ? widenItems(doc, schema, target) : schema;
    return orElse(widened, { type: 'null' });
  }
  if (isInt32(target)) {
    const pattern = target.minimum === 0 ? NON_NEGATIVE_INT32_STRING : INT32_STRING;
    return orElse(schema, {
      type: 'string',
      pattern,
      patternErrorMessage: 'A whole number (a decimal string is read as the number).',
    });
  }
  return schema;
}

/** Lets a list of objects hold `null` entries (the server skips them; the linter warns). */
function widenItems(doc: JsonSchema, schema: JsonSchema, array: JsonSchema): JsonSchema {
  const items = array.items as JsonSchema;
  const item = deref(doc, items) ?? items;
  if (!(item.properties || item.allOf)) return schema;
  const copy = schema === array ? { ...schema } : { ...array, ...schema };
  delete copy.$ref;
  copy.items = { anyOf: [items, { type: 'null' }] };
  return copy;
}

/** Enum definitions: their known numbers are accepted too (an integer in range), UNSPECIFIED's number included. */
function widenEnums(doc: JsonSchema): void {
  const defs = (doc.$defs as Record<string, JsonSchema> | undefined) ?? {};
  for (const [name, def] of Object.entries(defs)) {
    if (!Array.isArray(def.enum) || def.type !== 'string') continue;
    const numbered = (def.enum as string[]).filter((v) => v !== 'PATTERN_TYPE_PREFIXED' && v !== 'ACL_PATTERN_PREFIX');
    const { description, markdownDescription, title, ...names } = def;
    defs[name] = {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(markdownDescription !== undefined ? { markdownDescription } : {}),
      anyOf: [names, { type: 'integer', minimum: 0, maximum: numbered.length - 1 }],
    };
  }
}

/**
 * Adds the protobuf spelling of every field beside its JSON name (deprecated and never suggested),
 * forbids giving both, turns `required` into "either spelling", and widens values (see module doc).
 */
export function acceptServerSpellings(doc: JsonSchema): void {
  const holders = propertyHolders(doc);
  widenEnums(doc);
  for (const holder of holders) {
    const props = holder.properties as Record<string, JsonSchema>;
    const allOf = (holder.allOf as JsonSchema[] | undefined) ?? [];
    const required = (holder.required as string[] | undefined) ?? [];
    const keep: string[] = [];
    for (const json of Object.keys(props)) {
      if (json === '$schema') continue;
      const widened = widenValue(doc, props[json]!);
      props[json] = widened;
      const proto = protoName(json);
      if (proto === json) {
        if (required.includes(json)) keep.push(json);
        continue;
      }
      props[proto] = {
        ...widened,
        deprecated: true,
        doNotSuggest: true,
        description: `The protobuf spelling of ${json}: the server reads it as that field. Prefer "${json}" (snake-case-key).`,
        markdownDescription: `The protobuf spelling of \`${json}\`: the server reads it as that field. Prefer \`"${json}"\` (snake-case-key).`,
      };
      const has = (...names: string[]): JsonSchema => ({
        type: 'object',
        properties: Object.fromEntries(names.map((n) => [n, true])),
        required: names,
      });
      allOf.push({
        not: has(json, proto),
        errorMessage: `Give ${json} or ${proto}, not both: the server keeps only the later one (snake-case-key).`,
      });
      if (required.includes(json)) allOf.push({ anyOf: [has(json), has(proto)] });
    }
    if (holder.required) {
      if (keep.length > 0) holder.required = keep;
      else delete holder.required;
    }
    if (allOf.length > 0) holder.allOf = allOf;
  }
}
