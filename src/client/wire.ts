/**
 * What goes on the wire for a linted request. Every request passes through `toWire` exactly
 * once, between linting and sending, so that the form sent is decided in one place.
 */
import type { DocumentKind } from '../model/kinds';
import { isObject } from '../util/pointer';
import { fillPlaceholders, type Env, type Filled } from './placeholders';

/** The request kinds the client sends. */
export type WireKind = Extract<DocumentKind, 'CreateShadowLinkRequest' | 'GetBrokerRequest'>;

/** A top-level `"$schema"` names the schema for editors; it is not part of the request. */
function withoutSchemaKey(value: unknown): unknown {
  if (!isObject(value) || typeof value['$schema'] !== 'string') return value;
  const { $schema: _ignored, ...rest } = value;
  return rest;
}

/**
 * The body to send for a document the linter accepted: the document without its editor-only
 * `$schema` key, with `${NAME}` placeholders in secret fields filled from `env`.
 * (Turning other accepted spellings into the canonical one belongs here too; see the README.)
 */
export function toWire(_kind: WireKind, value: unknown, env: Env): Filled {
  return fillPlaceholders(withoutSchemaKey(value), env);
}
