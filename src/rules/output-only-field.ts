import { defineRule } from '../rule-api/types';
import { exampleClient, exampleLink } from '../rule-api/helpers';

/** Fields only a server sets; in a request they are mistakes, not typos. */
const OUTPUT_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'uid',
  'status',
  'clientId',
  'effectiveConnectionTimeoutMs',
  'effectiveFetchMaxBytes',
  'effectiveFetchMinBytes',
  'effectiveFetchPartitionMaxBytes',
  'effectiveFetchWaitMaxMs',
  'effectiveMetadataMaxAgeMs',
  'effectiveRetryBackoffMs',
  'effectiveInterval',
  'passwordSet',
  'passwordSetAt',
  'keyFingerprint',
]);

/** Server-set fields in a request: claimed from the structure check's unknown keys. */
export default defineRule({
  id: 'output-only-field',
  severity: 'error',
  appliesTo: 'request',
  docs: {
    description:
      'Fields the server sets (`uid`, `status`, `clientId`, `effective*`, `effectiveInterval`, `passwordSet`, `passwordSetAt`, `keyFingerprint`) must not appear in a request.',
    rationale:
      'They usually arrive by copying a response into a config file. The server ignores them, so the values a user edits there change nothing. The fix removes them.',
  },
  messages: {
    outputOnly: '{key} in {where} is set by the server and only appears in responses; remove it from the request.',
  },
  findingsOnKey: true,
  unknownKey(key, pointer, where) {
    if (!OUTPUT_ONLY_FIELDS.has(key)) return undefined;
    const shown = JSON.stringify(key);
    return {
      messageId: 'outputOnly',
      data: { key: shown, where },
      suggestions: [{ message: `Remove ${shown}.`, fix: { kind: 'remove', pointer }, autofix: true }],
    };
  },
  examples: {
    valid: [{ doc: exampleLink(exampleClient()) }],
    invalid: [
      {
        doc: { ...exampleLink(exampleClient({ effectiveFetchMaxBytes: 20971520 })), uid: 'abc' },
        errors: [
          { messageId: 'outputOnly', pointer: '/uid' },
          { messageId: 'outputOnly', pointer: '/configurations/clientOptions/effectiveFetchMaxBytes' },
        ],
        output: exampleLink(exampleClient()),
      },
    ],
  },
});
