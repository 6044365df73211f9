/**
 * The .proto files (compiled by protoc-gen-es) and the TypeBox model describe the same JSON,
 * field for field: names, JSON names, types, repeated, oneof members, enums and their values.
 * Request forms leave out OUTPUT_ONLY fields; response forms carry every field.
 */
import { getOption, ScalarType, type DescEnum, type DescField, type DescMessage } from '@bufbuild/protobuf';
import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ruleById } from '../src/engine/registry';
import { INT32_MAX, INT32_MIN } from '../src/model/primitives';
import { kindSchemas } from '../src/model/kinds';
import { field_behavior, FieldBehavior } from '../src/client/gen/google/api/field_behavior_pb';
import { GetBrokerRequestSchema, GetBrokerResponseSchema } from '../src/client/gen/svc/core/admin/v2/broker_pb';
import {
  CreateShadowLinkRequestSchema,
  CreateShadowLinkResponseSchema,
  ShadowLinkSchema,
} from '../src/client/gen/svc/core/admin/v2/shadow_link_pb';

type Mode = 'request' | 'response';

/** The rule that enforces "at most one member" for each real oneof (the model writes oneofs as flat optional fields). */
const ONEOF_RULES: Record<string, string | null> = {
  'svc.core.admin.v2.TopicMetadataSyncOptions.start_offset': 'start-position-at-most-one',
  'svc.core.admin.v2.AuthenticationConfiguration.authentication': 'auth-exactly-one',
  'svc.core.common.v1.TLSSettings.tls_settings': 'tls-at-most-one',
  // A single member in 26.1: nothing to choose between.
  'svc.core.admin.v2.SchemaRegistrySyncOptions.schema_registry_shadowing_mode': null,
};

const behaviours = (f: DescField): FieldBehavior[] => getOption(f, field_behavior);

/** Unwraps `T | null` (the model allows an explicit null where the field is optional in JSON). */
function unwrapNullable(s: TSchema): TSchema {
  const anyOf = s['anyOf'] as TSchema[] | undefined;
  // An enum's `anyOf` of literals (TypeBox's form beside `enum`) is not a nullable wrapper.
  if (!anyOf || !anyOf.some((x) => x['type'] === 'null')) return s;
  const rest = anyOf.filter((x) => x['type'] !== 'null');
  expect(rest).toHaveLength(1);
  return rest[0]!;
}

interface Walk {
  problems: string[];
  visited: Set<string>;
  oneofs: Set<string>;
}

function checkEnum(e: DescEnum, s: TSchema, where: string, w: Walk): void {
  const names = (s['enum'] as string[] | undefined) ?? [];
  const proto = e.values.map((v) => v.name);
  const missing = proto.filter((n) => !names.includes(n));
  const extra = names.filter((n) => !proto.includes(n));
  if (missing.length || extra.length)
    w.problems.push(`${where}: enum ${e.typeName} missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}`);
}

function checkValue(
  kind: 'scalar' | 'enum' | 'message',
  f: DescField,
  s: TSchema,
  where: string,
  mode: Mode,
  w: Walk,
): void {
  if (kind === 'scalar') {
    const scalar = (f as { scalar: ScalarType }).scalar;
    switch (scalar) {
      case ScalarType.STRING:
        if (s['type'] !== 'string') w.problems.push(`${where}: string in proto, ${String(s['type'])} in model`);
        return;
      case ScalarType.BOOL:
        if (s['type'] !== 'boolean') w.problems.push(`${where}: bool in proto, ${String(s['type'])} in model`);
        return;
      case ScalarType.INT32:
        if (s['type'] !== 'integer' || s['minimum'] !== INT32_MIN || s['maximum'] !== INT32_MAX)
          w.problems.push(`${where}: int32 in proto, not an int32 integer in model`);
        return;
      case ScalarType.INT64:
        if (s['format'] !== 'int64') w.problems.push(`${where}: int64 in proto, not an int64 in model`);
        return;
      default:
        w.problems.push(`${where}: scalar type ${ScalarType[scalar]} not expected in this API`);
        return;
    }
  }
  if (kind === 'enum') {
    checkEnum((f as { enum: DescEnum }).enum, s, where, w);
    return;
  }
  const m = (f as { message: DescMessage }).message;
  if (m.typeName === 'google.protobuf.Duration') {
    if (s['type'] !== 'string' || s['format'] !== 'duration') w.problems.push(`${where}: Duration, not in model`);
    return;
  }
  if (m.typeName === 'google.protobuf.Timestamp') {
    if (s['type'] !== 'string' || s['format'] !== 'timestamp') w.problems.push(`${where}: Timestamp, not in model`);
    return;
  }
  checkMessage(m, s, where, mode, w);
}

function checkMessage(m: DescMessage, schema: TSchema, where: string, mode: Mode, w: Walk): void {
  w.visited.add(`${mode}:${m.typeName}`);
  if (schema['type'] !== 'object') {
    w.problems.push(`${where}: message ${m.typeName}, model is ${String(schema['type'])}`);
    return;
  }
  const props = (schema['properties'] ?? {}) as Record<string, TSchema>;
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const fields = m.fields.filter((f) => mode === 'response' || !behaviours(f).includes(FieldBehavior.OUTPUT_ONLY));
  const jsonNames = new Set(fields.map((f) => f.jsonName));
  for (const key of Object.keys(props))
    if (!jsonNames.has(key)) w.problems.push(`${where}: model has "${key}", ${m.typeName} (${mode}) has no such field`);
  for (const f of fields) {
    const at = `${where}/${f.jsonName}`;
    // No field sets json_name: every JSON name is protoc's lowerCamelCase of the field name.
    expect(f.jsonName).toBe(f.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
    const s = props[f.jsonName];
    if (!s) {
      w.problems.push(`${at}: ${m.typeName}.${f.name} (${mode}) is missing from the model`);
      continue;
    }
    if (f.oneof) {
      w.oneofs.add(`${m.typeName}.${f.oneof.name}`);
      if (required.has(f.jsonName)) w.problems.push(`${at}: oneof member is required in the model`);
    }
    if (mode === 'request' && behaviours(f).includes(FieldBehavior.REQUIRED) && !required.has(f.jsonName))
      w.problems.push(`${at}: REQUIRED in proto, optional in the model`);
    const value = unwrapNullable(s);
    if (f.fieldKind === 'list') {
      if (value['type'] !== 'array') {
        w.problems.push(`${at}: repeated in proto, not an array in the model`);
        continue;
      }
      checkValue(f.listKind, f, value['items'] as TSchema, `${at}/0`, mode, w);
    } else if (f.fieldKind === 'map') {
      w.problems.push(`${at}: maps are not expected in this API`);
    } else {
      if (value['type'] === 'array') w.problems.push(`${at}: singular in proto, an array in the model`);
      checkValue(f.fieldKind, f, value, at, mode, w);
    }
  }
}

const ROOTS: [keyof typeof kindSchemas, DescMessage, Mode][] = [
  ['CreateShadowLinkRequest', CreateShadowLinkRequestSchema, 'request'],
  ['ShadowLink', ShadowLinkSchema, 'request'],
  ['CreateShadowLinkResponse', CreateShadowLinkResponseSchema, 'response'],
  ['GetBrokerRequest', GetBrokerRequestSchema, 'request'],
  ['GetBrokerResponse', GetBrokerResponseSchema, 'response'],
];

describe('the .proto files and the TypeBox model agree', () => {
  const walk: Walk = { problems: [], visited: new Set(), oneofs: new Set() };
  for (const [kind, desc, mode] of ROOTS) checkMessage(desc, kindSchemas[kind], kind, mode, walk);

  it('field for field, with the same JSON names, types, repetition and enum values', () => {
    expect(walk.problems).toEqual([]);
  });

  it('reaches every message of both RPCs', () => {
    // 6 messages of broker.proto, 24 of shadow_link.proto and 3 of tls.proto, less the 3 empty markers' duplicates.
    const messages = new Set([...walk.visited].map((v) => v.split(':')[1]));
    expect(messages.size).toBeGreaterThanOrEqual(30);
    expect(messages).toContain('svc.core.common.v1.TLSPEMSettings');
    expect(messages).toContain('svc.core.admin.v2.TopicPartitionInformation');
  });

  it('has a rule for every real oneof with more than one member', () => {
    expect([...walk.oneofs].sort()).toEqual(Object.keys(ONEOF_RULES).sort());
    for (const rule of Object.values(ONEOF_RULES)) if (rule) expect(ruleById.has(rule)).toBe(true);
  });

  it('notices a drift (the check is not vacuous)', () => {
    const drifted = structuredClone(kindSchemas.ShadowLink) as TSchema;
    const props = drifted['properties'] as Record<string, TSchema>;
    props['nmae'] = props['name']!;
    delete props['name'];
    const w: Walk = { problems: [], visited: new Set(), oneofs: new Set() };
    checkMessage(ShadowLinkSchema, drifted, 'ShadowLink', 'request', w);
    expect(w.problems.join('\n')).toMatch(/"nmae".*no such field[\s\S]*name.*missing/);
  });
});
