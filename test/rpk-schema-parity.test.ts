/**
 * The rpk JSON Schema in the editor against the linter: VS Code's YAML extension reads YAML 1.2
 * unless `yaml.yamlVersion` is "1.1" (the README says to set it for rpk files); it reads with the
 * `yaml` package, as this test does. Under YAML 1.1, for every value of every kind of field rpk's
 * file has, the schema refuses exactly where the linter says rpk refuses, drops or changes the value
 * (rpk/refused, rpk/unmapped-enum, rpk/null-marker), except the few places listed in DIVERGENT,
 * where the editor's YAML reader and yaml.v2 read the text differently, each with its reason.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument, visit } from 'yaml';
import { lintText } from '../src/lint/lint-text';

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'schemas', 'RpkShadowLinkConfig.schema.json'), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions']);
const validate = ajv.compile(schema);

/** One field of each Go type rpk's file has: where it sits, and the YAML that leads to it. */
const FIELDS = {
  bool: {
    pointer: '/client_options/tls_settings/enabled',
    yaml: (v: string) => `  tls_settings:\n    enabled: ${v}\n`,
  },
  int32: { pointer: '/client_options/fetch_max_bytes', yaml: (v: string) => `  fetch_max_bytes: ${v}\n` },
  string: { pointer: '/client_options/source_cluster_id', yaml: (v: string) => `  source_cluster_id: ${v}\n` },
  enum: {
    pointer: '/client_options/authentication_configuration/scram_configuration/scram_mechanism',
    yaml: (v: string) =>
      `  authentication_configuration:\n    scram_configuration:\n      username: u\n      password: p\n      scram_mechanism: ${v}\n`,
  },
  duration: {
    pointer: '/topic_metadata_sync_options/interval',
    top: (v: string) => `topic_metadata_sync_options:\n  interval: ${v}\n`,
  },
  time: {
    pointer: '/topic_metadata_sync_options/start_at_timestamp',
    top: (v: string) => `topic_metadata_sync_options:\n  start_at_timestamp: ${v}\n`,
  },
  marker: {
    pointer: '/topic_metadata_sync_options/start_at_latest',
    top: (v: string) => `topic_metadata_sync_options:\n  start_at_latest: ${v}\n`,
  },
  strings: { pointer: '/client_options/bootstrap_servers', list: true },
} as const;

/** Values in every YAML 1.1 form yaml.v2 resolves: booleans, integers, floats, nulls, times, durations, quoting. */
const VALUES = [
  'yes',
  'no',
  'on',
  'off',
  'y',
  'n',
  'Y',
  'True',
  'TRUE',
  'true',
  'false',
  '"true"',
  "'yes'",
  '0',
  '1',
  '-1',
  '0x10',
  '0o17',
  '017',
  '0b101',
  '1_000',
  '+5',
  '1.5',
  '1e3',
  '.inf',
  '.nan',
  '3000000000',
  '~',
  'null',
  '',
  '""',
  '"30"',
  '30s',
  '1m30s',
  '-5s',
  '1d',
  'PT30S',
  '500ms',
  '2024-01-01',
  '2024-01-01T00:00:00Z',
  '"2024-01-01T00:00:00Z"',
  '"2024-01-01"',
  '2024-1-1',
  'SCRAM-SHA-256',
  'scram-sha-256',
  'SCRAM_SHA_256',
  'abc',
  '{}',
  '[]',
  '[a, b]',
  '{a: 1}',
];

/**
 * Where the editor and rpk cannot agree, because the editor's YAML 1.1 reader (the `yaml` package)
 * and yaml.v2 resolve the text differently, or JSON Schema cannot see how a value was written.
 * Keyed `type value`; the value is why.
 */
const DIVERGENT: Record<string, string> = {
  'int32 0o17': 'YAML 1.1 has no `0o` octal: the yaml package reads the text, yaml.v2 reads 15',
  'string .inf': 'rpk reads the text ".inf"; the yaml package reads Infinity, which no JSON number holds',
  'string .nan': 'rpk reads the text ".nan"; the yaml package reads NaN, which no JSON number holds',
  'enum ""':
    'the empty string is "not set" to rpk (nothing sent; the API rules judge what is then missing); the schema lists rpk\'s spellings only',
  'time "2024-01-01"':
    'JSON Schema cannot tell a quoted date (time.Time wants RFC 3339: rpk refuses it) from an unquoted one (a YAML timestamp)',
  'time 2024-1-1':
    'yaml.v2 resolves a timestamp with a one-digit month or day; the yaml package and the date format do not',
  'time {}':
    'yaml.v2 decodes a mapping into time.Time as the zero time without an error; the start-at-timestamp rule reports the year-1 time rpk then sends',
  'marker ~':
    'JSON Schema cannot tell an explicit null (not set, on purpose) from `key:` with nothing after it (rpk/null-marker): both are null',
  'marker null': 'as `~`',
};

/** The file for a value in a field, the value written as given. */
function fileFor(type: keyof typeof FIELDS, value: string): string {
  const f = FIELDS[type] as { yaml?: (v: string) => string; top?: (v: string) => string; list?: boolean };
  const client = f.list
    ? `  bootstrap_servers: ${value}\n`
    : `  bootstrap_servers: [x:1]\n${f.yaml ? f.yaml(value) : ''}`;
  return `name: a\nclient_options:\n${client}${f.top ? f.top(value) : ''}`;
}

/** The file as the editor's YAML reader gives it to the schema: a timestamp stays the text written (the extension validates its own tree, not JS Dates). */
function editorValue(text: string, version: '1.1' | '1.2'): unknown {
  const doc = parseDocument(text, { version });
  visit(doc, {
    Scalar(_, node) {
      if (isScalar(node) && node.value instanceof Date) node.value = node.source;
    },
  });
  return doc.toJS();
}

/** Whether the linter says rpk refuses, drops or changes the value at `pointer` (an rpk/ error there; rpk's own checks of the whole file aside). */
function linterRefuses(text: string, pointer: string): boolean {
  const result = lintText(text, { filename: 'link.rpk.yaml' });
  expect(result.kind).toBe('RpkShadowLinkConfig');
  return result.diagnostics.some(
    (d) =>
      d.code.startsWith('rpk/') &&
      d.code !== 'rpk/invalid' &&
      d.severity === 'error' &&
      (d.pointer === pointer || d.pointer.startsWith(`${pointer}/`)),
  );
}

/** Whether the schema refuses the value at `pointer` (or below it). */
function schemaRefuses(value: unknown, pointer: string): boolean {
  validate(value);
  return (validate.errors ?? []).some((e) => e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`));
}

describe('rpk schema parity in the editor (yaml.yamlVersion 1.1)', () => {
  const differ: string[] = [];
  for (const type of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    for (const value of VALUES) {
      const text = fileFor(type, value);
      const pointer = FIELDS[type].pointer;
      const rpk = linterRefuses(text, pointer);
      const editor = schemaRefuses(editorValue(text, '1.1'), pointer);
      if (rpk !== editor)
        differ.push(
          `${type} ${value}: linter ${rpk ? 'refuses' : 'accepts'}, schema ${editor ? 'refuses' : 'accepts'}`,
        );
    }
  }

  it(`judges ${VALUES.length} values in each of ${Object.keys(FIELDS).length} kinds of field as the linter does, but where the readers differ`, () => {
    // Exactly the listed places differ: a new difference fails, and so does an entry that no longer differs.
    expect(differ.map((d) => d.slice(0, d.indexOf(':'))).sort(), differ.join('\n')).toEqual(
      Object.keys(DIVERGENT).sort(),
    );
  });

  it('needs YAML 1.1: read as YAML 1.2 (the default), yes/on are strings and the schema refuses what rpk reads as true', () => {
    const text = fileFor('bool', 'yes');
    expect(linterRefuses(text, FIELDS.bool.pointer)).toBe(false);
    expect(schemaRefuses(editorValue(text, '1.1'), FIELDS.bool.pointer)).toBe(false);
    expect(schemaRefuses(editorValue(text, '1.2'), FIELDS.bool.pointer)).toBe(true);
  });
});
