/**
 * The flags of `apply`, `get-broker` and `convert`, as `parseArgs` tables. Apart from their parsers
 * (bundled with those commands), the main command line reads them to find a command after global
 * flags and to say where a flag belongs.
 */

/** How `parseArgs` reads one flag. */
export type FlagSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };

/** Connection flags, shared by both commands. */
const CONNECTION_FLAGS = {
  'admin-url': { type: 'string' },
  'admin-user': { type: 'string' },
  'admin-password-env': { type: 'string' },
  'admin-token-env': { type: 'string' },
  'ca-file': { type: 'string' },
  'cert-file': { type: 'string' },
  'key-file': { type: 'string' },
  timeout: { type: 'string' },
  'max-response-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `apply`'s flags. */
export const APPLY_FLAGS = {
  ...CONNECTION_FLAGS,
  'target-version': { type: 'string' },
  'dry-run': { type: 'boolean' },
  kind: { type: 'string' },
  format: { type: 'string', short: 'f' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const satisfies Record<string, FlagSpec>;

/** `get-broker`'s flags. */
export const GET_BROKER_FLAGS = {
  ...CONNECTION_FLAGS,
  'node-id': { type: 'string' },
  format: { type: 'string', short: 'f' },
} as const satisfies Record<string, FlagSpec>;

/** `convert`'s flags. */
export const CONVERT_FLAGS = {
  to: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'output-format': { type: 'string' },
  force: { type: 'boolean' },
  'target-version': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, FlagSpec>;
