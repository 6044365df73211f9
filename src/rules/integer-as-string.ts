import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

/** int32 fields written as decimal strings (reported by the decoder). */
export default defineRule({
  id: 'integer-as-string',
  severity: 'info',
  appliesTo: 'protobuf-json',
  docs: {
    description: 'A 32-bit integer field should be a JSON number (`1048576`), not a string (`"1048576"`).',
    rationale:
      'ProtoJSON allows both, and the server reads a decimal string as the number it spells (src/v/serde/protobuf/json.cc, `iobuf_to_number` with absl::SimpleAtoi: surrounding whitespace and a `+` are accepted, the value is range-checked). So this is not an error, but the canonical form is the number, which the JSON Schemas and most tools expect. A string the server cannot read as an int32 (`"1e3"`, `"0x10"`, out of range) is a `schema/type` error instead. The fix writes the number.',
  },
  messages: {
    quoted: '`{field}` is the string {value}; the server reads it as the number {number}. Write the number itself.',
  },
  structuralMessages: ['quoted'],
  examples: {
    valid: [{ doc: exampleLink(exampleClient({ fetchMaxBytes: 1048576 })) }],
    invalid: [
      {
        doc: exampleLink(exampleClient({ fetchMaxBytes: '1048576', fetchMinBytes: ' +1024 ' })),
        errors: [
          { messageId: 'quoted', pointer: '/configurations/clientOptions/fetchMaxBytes' },
          { messageId: 'quoted', pointer: '/configurations/clientOptions/fetchMinBytes' },
        ],
        output: exampleLink(exampleClient({ fetchMaxBytes: 1048576, fetchMinBytes: 1024 })),
      },
    ],
  },
});
