/**
 * What goes on the wire for a linted request. Every request passes through `toWire` exactly
 * once, between linting and sending, so that the form sent is decided in one place.
 */
import { canonicalize, withoutSchemaKey } from '../decode/decode';
import type { RequestKind } from '../model/methods';
import { fillPlaceholders, type Env, type FillOptions, type Filled } from './placeholders';

/** The request kinds the client sends: those of the method table. */
export type WireKind = RequestKind;

/**
 * The body to send for a document the linter accepted: the document as the server reads it
 * (`canonicalize`: camelCase keys, enum names, numbers as numbers, …) without its editor-only
 * `$schema` key, then with `${NAME}` placeholders in secret fields filled from `env` (after
 * canonicalizing, so that no secret goes through it); a dry run keeps them (`FillOptions`).
 */
export function toWire(kind: WireKind, value: unknown, env: Env, options?: FillOptions): Filled {
  return fillPlaceholders(canonicalize(kind, withoutSchemaKey(value)), env, options);
}
