import { defineRule } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';

/** Protobuf (snake_case) field names where the spec writes camelCase (reported by the decoder). */
export default defineRule({
  id: 'snake-case-key',
  severity: 'warning',
  appliesTo: 'protobuf-json',
  docs: {
    description:
      'Field names should be the camelCase names the spec lists (`bootstrapServers`, not `bootstrap_servers`); both spellings of one field in one object are an error.',
    rationale:
      "The server's JSON decoder accepts the protobuf field name (`bootstrap_servers`) as the same field as its JSON name (`bootstrapServers`), exactly and case-sensitively (bazel/pbgen/main.go builds one lookup table with both names), so such a file works, and everything beneath the key is checked exactly as under the camelCase name. But the spec, the JSON Schemas, editors and most tools know only the camelCase name; the fix renames the key. When both spellings appear in one object the server does not refuse it: a list gets the entries of both (appended in document order), any other field keeps only the later value, silently dropping the earlier one — so that is an error.",
  },
  messages: {
    rename: {
      text: '{key} is the protobuf spelling of `{camel}`: the server reads it as that field, but the spec, editors and other tools know only "{camel}". Rename it.',
      severity: 'warning',
    },
    both: {
      text: '{key} and {other} are two spellings of `{camel}` in one object: the server keeps only the later value (a list gets both, appended). Keep one of them.',
      severity: 'error',
    },
  },
  structuralMessages: ['rename', 'both'],
  findingsOnKey: true,
  examples: {
    valid: [{ doc: exampleLink({ clientOptions: { bootstrapServers: ['a:9092'] } }) }],
    invalid: [
      {
        title: 'everything beneath the key is still checked',
        doc: exampleLink({ client_options: { bootstrap_servers: ['a:9092'], connection_timeout_ms: -1 } }),
        errors: [
          { messageId: 'rename', pointer: '/configurations/client_options' },
          { messageId: 'rename', pointer: '/configurations/client_options/bootstrap_servers' },
          { messageId: 'rename', pointer: '/configurations/client_options/connection_timeout_ms' },
        ],
        output: exampleLink({ clientOptions: { bootstrapServers: ['a:9092'], connectionTimeoutMs: -1 } }),
      },
      {
        doc: exampleLink({ clientOptions: { bootstrapServers: ['a:9092'], bootstrap_servers: ['b:9092'] } }),
        errors: [
          {
            messageId: 'both',
            pointer: '/configurations/clientOptions/bootstrap_servers',
            suggestions: [
              {
                message: 'Remove "bootstrapServers".',
                output: exampleLink({ clientOptions: { bootstrap_servers: ['b:9092'] } }),
              },
            ],
          },
        ],
      },
    ],
  },
});
