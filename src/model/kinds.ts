/** The six document kinds the linter knows, and their root schemas. */
import type { Static, TSchema } from '@sinclair/typebox';
import { GetBrokerRequest, GetBrokerResponse } from './broker';
import { ConnectError } from './connect';
import { CreateShadowLinkRequest, CreateShadowLinkResponse, ShadowLink } from './shadow-link';

/** Root schema of each document kind. */
export const kindSchemas = {
  CreateShadowLinkRequest,
  ShadowLink,
  CreateShadowLinkResponse,
  GetBrokerRequest,
  GetBrokerResponse,
  ConnectError,
} as const satisfies Record<string, TSchema>;

/** A document kind: `CreateShadowLinkRequest`, `ShadowLink`, `CreateShadowLinkResponse`, `GetBrokerRequest`, `GetBrokerResponse` or `ConnectError`. */
export type DocumentKind = keyof typeof kindSchemas;

/** Every document kind, in a stable order. */
export const DOCUMENT_KINDS = Object.keys(kindSchemas) as DocumentKind[];

/** True when `name` is one of the six document kinds. */
export function isDocumentKind(name: unknown): name is DocumentKind {
  return typeof name === 'string' && Object.hasOwn(kindSchemas, name);
}

/** Kinds that are requests (strict, secrets allowed) rather than server output. */
export const REQUEST_KINDS: ReadonlySet<DocumentKind> = new Set([
  'CreateShadowLinkRequest',
  'ShadowLink',
  'GetBrokerRequest',
]);

/** Where the exported JSON Schema of a kind is published; also its `$id`. */
export const schemaUrl = (kind: DocumentKind): string => `https://unpkg.com/svc-admin-spec/schemas/${kind}.schema.json`;

/** The static type of a document kind: `DocumentType<'ShadowLink'>` is `ShadowLink`. */
export type DocumentType<K extends DocumentKind> = Static<(typeof kindSchemas)[K]>;
