/** The structural diagnostic codes (`schema/…`), documented on one page. */

/** Every `schema/…` code the structural validator emits, with what it means and how to fix it. */
export const STRUCTURAL_CODES: Readonly<Record<string, { title: string; description: string }>> = {
  type: {
    title: 'Wrong type',
    description:
      'A value has the wrong JSON type (a string where a number is expected, an object where an array is). The message says what was expected and what was found. The server answers these with "invalid request input".',
  },
  required: {
    title: 'Missing required field',
    description:
      'A required field is missing: `shadowLink`, `shadowLink.name`, `clientOptions.bootstrapServers` in requests; `code` in a Connect error.',
  },
  'unknown-property': {
    title: 'Unknown property',
    description:
      'A key the message does not have. Requests are strict: the server silently ignores unknown keys, so a typo means a setting is silently lost. The message suggests the closest field ("did you mean").',
  },
  enum: {
    title: 'Unknown enum value',
    description:
      'An enum value that is not one of the listed names. The server turns unknown names into `*_UNSPECIFIED`, which later steps refuse. The message lists the allowed values and suggests the nearest.',
  },
  'int32-range': {
    title: 'Out of int32 range',
    description:
      'An int32 field outside −2,147,483,648 … 2,147,483,647. The server wraps such values around instead of refusing them.',
  },
  format: {
    title: 'Bad format',
    description:
      'A string that does not have its format: int64 (decimal integer), UUID, base64, RFC 3339 timestamp. The message says what the value should look like.',
  },
  'not-json': {
    title: 'Not a JSON value',
    description:
      'Only for values passed to the library: `undefined`, functions, `NaN`, `BigInt`, class instances, cycles or nesting deeper than 256 levels cannot be sent as JSON.',
  },
};
