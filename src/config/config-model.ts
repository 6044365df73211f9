/**
 * The config file's model (TypeBox): its keys, what each takes and its editor descriptions. The
 * JSON Schema shipped in `schemas/` is generated from it, and `parseConfig` takes its lists of
 * keys from it, so the schema and the checks cannot drift apart. The checks themselves stay by
 * hand: they give each problem a position and a fix, which a schema validator's messages do not.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { BUILTIN_CATALOG, type RuleCatalog } from '../engine/catalog';
import { SEVERITY_INPUTS, type RuleSettingInput } from '../engine/settings';
import { TARGET_VERSIONS } from '../facts/target-version';
import { KIND_NAMES } from '../model/kinds';
import { RPK_VERSIONS } from '../model/rpk-format';

/** The config file's schema name: `schemas/svc-admin-spec.config.schema.json`. */
export const CONFIG_SCHEMA_NAME = 'svc-admin-spec.config';

/** Where the config file's schema is published (a config's `$schema` may name it). */
export const CONFIG_SCHEMA_URL = `https://unpkg.com/svc-admin-spec/schemas/${CONFIG_SCHEMA_NAME}.schema.json`;

/** The severities a rule may be set to, every accepted spelling (see `checkRuleSettings`). */
const SEVERITY_SCHEMA = {
  enum: SEVERITY_INPUTS,
  description:
    'The rule\'s severity: "off", "info", "warning" (or ESLint\'s "warn"), "error", or ESLint\'s 0 (off), 1 (warning), 2 (error).',
} as const;

/** A reference to the one severity definition (`$defs`), so the schema states it once. */
const Severity = Type.Unsafe<RuleSettingInput>({ $ref: '#/$defs/severity' });

/** `[severity, { options }]`, as JSON Schema 2020-12 writes a pair (`prefixItems`). */
const withOptions = (options: TSchema, description: string) =>
  Type.Unsafe({ type: 'array', prefixItems: [Severity, options], minItems: 2, maxItems: 2, description });

/** A rule's setting: a severity, or `[severity, { options }]` with the options the rule declares. */
function ruleSetting(
  description: string,
  options: Readonly<Record<string, { description: string; schema: Record<string, unknown> }>>,
) {
  const names = Object.keys(options);
  const declared = Type.Object(
    Object.fromEntries(
      names.map((n) => [
        n,
        Type.Optional(Type.Unsafe({ ...options[n]!.schema, description: options[n]!.description })),
      ]),
    ),
    { additionalProperties: false },
  );
  const pair = withOptions(
    declared,
    names.length ? `Severity and options (${names.join(', ')}).` : 'Severity and options (this rule takes none).',
  );
  return Type.Optional(Type.Union([Severity, pair], { description }));
}

/** `rules`: every rule of the catalogue by id; custom rules (`@namespace/name`) with any options. */
function rulesModel(catalog: RuleCatalog): TSchema {
  return Type.Object(
    Object.fromEntries(catalog.all.map((r) => [r.id, ruleSetting(r.docs.description, r.options ?? {})])),
    {
      description: 'Rule id → severity, or [severity, { options }]. `svc-admin-spec rules` lists them.',
      patternProperties: {
        '^@': Type.Union([Severity, withOptions(Type.Object({}), 'Severity and options.')], {
          description: 'A custom rule of a plugin (see "plugins").',
        }),
      },
      additionalProperties: false,
    },
  );
}

/** A reference to the one `rules` definition (`$defs`): the config and each override share it. */
const Rules = Type.Unsafe<Record<string, unknown>>({ $ref: '#/$defs/rules' });

/** `targetVersion`: a string, never a YAML number (`25.10` would read as 25.1). */
const TargetVersionModel = Type.Union(
  TARGET_VERSIONS.map((v) => Type.Literal(v)),
  {
    description: 'Server version whose facts apply. A string: quote it in YAML ("26.1"), or 25.10 would read as 25.1.',
  },
);

/** `rpkVersion`: the rpk release that reads rpk config files. */
const RpkVersionModel = Type.Union(
  RPK_VERSIONS.map((v) => Type.Literal(v)),
  { description: 'The rpk release that reads rpk config files ("next" is the release after 26.1). A string.' },
);

const Globs = (description: string, minItems = 0) =>
  Type.Array(Type.String({ minLength: 1, pattern: '\\S' }), { description, ...(minItems > 0 ? { minItems } : {}) });

/** The config file's model; its rules are `$defs/rules` of the schema file (see configJsonSchema). */
export function configModel() {
  const rules = Rules;
  const Override = Type.Object(
    {
      files: Type.Array(Type.String({ minLength: 1, pattern: '\\S' }), {
        minItems: 1,
        description: 'Globs, relative to the config file, of the files these settings apply to.',
      }),
      rules: Type.Optional(rules),
      targetVersion: Type.Optional(TargetVersionModel),
      rpkVersion: Type.Optional(RpkVersionModel),
      kind: Type.Optional(
        Type.Union(
          KIND_NAMES.map((k) => Type.Literal(k)),
          { description: 'Lint these files as this document kind.' },
        ),
      ),
    },
    { additionalProperties: false, description: 'Settings for the files its globs match, after the ones above.' },
  );
  return Type.Object(
    {
      $schema: Type.Optional(Type.String({ description: 'The JSON Schema of this file.' })),
      plugins: Type.Optional(
        Type.Array(Type.String({ minLength: 1 }), {
          description: 'Modules (relative to this file) or packages whose custom rules are loaded.',
        }),
      ),
      rules: Type.Optional(rules),
      targetVersion: Type.Optional(TargetVersionModel),
      rpkVersion: Type.Optional(RpkVersionModel),
      ignore: Type.Optional(Globs('Globs, relative to this file, of files never linted.')),
      files: Type.Optional(
        Globs(
          "Globs, relative to this file: only the files they match are linted (ESLint's `files`); a directory walk skips the others, a file named on the command line or open in an editor gets a note.",
          1,
        ),
      ),
      overrides: Type.Optional(Type.Array(Override, { description: 'Settings per group of files, in order.' })),
    },
    {
      $id: CONFIG_SCHEMA_URL,
      title: 'svc-admin-spec config',
      description: 'The config file of svc-admin-spec: rule severities, target version, ignored files and overrides.',
      additionalProperties: false,
    },
  );
}

let keys: { config: readonly string[]; override: readonly string[] } | undefined;

/** The keys of the config file and of an override, in the model's order (built on first use, not at start-up). */
export function configKeys(): { config: readonly string[]; override: readonly string[] } {
  if (keys) return keys;
  const model = configModel();
  const override = (model.properties.overrides as unknown as { items: { properties: object } }).items.properties;
  return (keys = { config: Object.keys(model.properties), override: Object.keys(override) });
}

/** The JSON Schema file of the config (draft 2020-12, as the kinds' schemas); `catalog` names the rules. */
export function configJsonSchema(catalog: RuleCatalog = BUILTIN_CATALOG): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(JSON.parse(JSON.stringify(configModel())) as Record<string, unknown>),
    $defs: { severity: SEVERITY_SCHEMA, rules: JSON.parse(JSON.stringify(rulesModel(catalog))) as unknown },
  };
}
