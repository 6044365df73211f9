/**
 * The flags of `apply`, `get-broker`, `convert`, `init`, `preview` and `check-exchange`, as `parseArgs` tables. Apart from their parsers
 * (bundled with those commands), the main command line reads them to find a command after global
 * flags and to say where a flag belongs.
 */

import { FORMAT_NAMES } from '../format/index';

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

/** `init`'s flags. */
export const INIT_FLAGS = {
  format: { type: 'string', short: 'f' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, FlagSpec>;

/** `preview`'s flags. */
export const PREVIEW_FLAGS = {
  topics: { type: 'string' },
  groups: { type: 'string' },
  format: { type: 'string', short: 'f' },
  'target-version': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, FlagSpec>;

/** `check-exchange`'s flags: the report flags of `lint` (`-f`, `-o`, `--output.<format>`, colour). */
export const CHECK_EXCHANGE_FLAGS = {
  format: { type: 'string', short: 'f', multiple: true },
  output: { type: 'string', short: 'o', multiple: true },
  ...Object.fromEntries(FORMAT_NAMES.map((f) => [`output.${f}`, { type: 'string' as const }])),
  'target-version': { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, FlagSpec>;
