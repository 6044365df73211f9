/**
 * The kind table: one descriptor per document kind the linter knows. Every other list of kinds
 * (requests, kinds that carry a link, editor constraints, the client's wire kinds, rule
 * applicability, the kinds named in help and docs) is derived from it.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { GetBrokerRequest, GetBrokerResponse } from './broker';
import { ConnectError } from './connect';
import { CreateShadowLinkRequest, CreateShadowLinkResponse, ShadowLink } from './shadow-link';

/** What a document is for: sent to the server, sent back by it, an error body, or a file a tool reads and turns into a request. */
export type KindRole = 'request' | 'response' | 'error' | 'config';

/** The API methods whose messages the kinds are. */
export type ApiMethodName = 'GetBroker' | 'CreateShadowLink';

/** Where a document carries its shadow link, and in which form (a request's link, or a response's with status and server-set fields). */
export interface LinkPlacement {
  /** JSON Pointer of the link object in the document (`''`: the document is the link). */
  readonly pointer: '' | '/shadowLink';
  readonly form: 'request' | 'response';
}

/**
 * A kind read by its own reader and mapped to an API kind before it is linted (rpk's shadow-link
 * config file is the first): the reader turns text into a value, `toApi` maps it to a document of
 * `mapsTo` and says where each part of the mapped document was written, and `fromApi` converts back.
 */
export interface MappedKind {
  readonly mapsTo: DocumentKind;
  readonly toApi: (value: unknown) => { value: unknown; written: (pointer: string) => string };
  readonly fromApi: (value: unknown) => unknown;
}

/** One row of the kind table. */
export interface KindDescriptor {
  /** The TypeBox schema of the whole document (also its exported JSON Schema). */
  readonly schema: TSchema;
  readonly role: KindRole;
  /** The API method whose request or response this is; undefined for error bodies, which any method may return. */
  readonly method: ApiMethodName | undefined;
  /** How the server reads or writes it: protobuf's JSON mapping (camelCase or snake_case keys, enum names or numbers), or Connect's error body. */
  readonly codec: 'protobuf-json' | 'connect-error';
  /** Where the shadow link sits, for kinds that carry one. */
  readonly link: LinkPlacement | undefined;
  /** File-name patterns the kind is usually saved under (the schema catalog's `fileMatch`; they never decide a kind alone). */
  readonly filePatterns: readonly string[];
  /** A short label for messages and docs ("a shadow link"). */
  readonly label: string;
  /** Set for kinds read by their own reader and mapped to an API kind (rpk's config file, next). */
  readonly mapped?: MappedKind;
}

const yamlAndJson = (stem: string) => [`*.${stem}.json`, `*.${stem}.yaml`, `*.${stem}.yml`];

/** The kind table. Adding a kind is a row here (the exhaustive type below makes a missing one a compile error), its model and its rules. */
export const KINDS = {
  CreateShadowLinkRequest: {
    schema: CreateShadowLinkRequest,
    role: 'request',
    method: 'CreateShadowLink',
    codec: 'protobuf-json',
    link: { pointer: '/shadowLink', form: 'request' },
    filePatterns: yamlAndJson('create-shadow-link'),
    label: 'a CreateShadowLink request',
  },
  ShadowLink: {
    schema: ShadowLink,
    role: 'request',
    method: 'CreateShadowLink',
    codec: 'protobuf-json',
    link: { pointer: '', form: 'request' },
    filePatterns: [
      ...yamlAndJson('shadow-link'),
      '**/shadow-links/*.json',
      '**/shadow-links/*.yaml',
      '**/shadow-links/*.yml',
    ],
    label: 'a shadow link (the request’s link alone)',
  },
  CreateShadowLinkResponse: {
    schema: CreateShadowLinkResponse,
    role: 'response',
    method: 'CreateShadowLink',
    codec: 'protobuf-json',
    link: { pointer: '/shadowLink', form: 'response' },
    filePatterns: ['*.create-shadow-link-response.json'],
    label: 'a CreateShadowLink response',
  },
  GetBrokerRequest: {
    schema: GetBrokerRequest,
    role: 'request',
    method: 'GetBroker',
    codec: 'protobuf-json',
    link: undefined,
    filePatterns: ['*.get-broker.json'],
    label: 'a GetBroker request',
  },
  GetBrokerResponse: {
    schema: GetBrokerResponse,
    role: 'response',
    method: 'GetBroker',
    codec: 'protobuf-json',
    link: undefined,
    filePatterns: ['*.get-broker-response.json'],
    label: 'a GetBroker response',
  },
  ConnectError: {
    schema: ConnectError,
    role: 'error',
    method: undefined,
    codec: 'connect-error',
    link: undefined,
    filePatterns: ['*.connect-error.json'],
    label: 'a Connect error body',
  },
} as const satisfies Record<string, KindDescriptor>;

/** A document kind: `CreateShadowLinkRequest`, `ShadowLink`, `CreateShadowLinkResponse`, `GetBrokerRequest`, `GetBrokerResponse` or `ConnectError`. */
export type DocumentKind = keyof typeof KINDS;

/** Root schema of each document kind. */
export const kindSchemas: { readonly [K in DocumentKind]: (typeof KINDS)[K]['schema'] } = Object.fromEntries(
  Object.entries(KINDS).map(([kind, d]) => [kind, d.schema]),
) as never;

/** The descriptor of a kind. */
export const kindOf = (kind: DocumentKind): KindDescriptor => KINDS[kind];

/** Every document kind, in a stable order. */
export const DOCUMENT_KINDS = Object.keys(KINDS) as DocumentKind[];

/** How many kinds there are, in words, for prose ("six document kinds"). */
export const KIND_COUNT_WORD =
  ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][DOCUMENT_KINDS.length] ??
  String(DOCUMENT_KINDS.length);

/** True when `name` is one of the document kinds. */
export function isDocumentKind(name: unknown): name is DocumentKind {
  return typeof name === 'string' && Object.hasOwn(KINDS, name);
}

/**
 * Traits of the table that rules choose where they apply by (never by listing kinds): each is a
 * question about a kind's descriptor, so a new kind falls under every trait it has. `text` is how
 * rule docs name it.
 */
export const KIND_TRAITS = {
  'request-link': {
    text: 'every document that carries a shadow link in its request form',
    test: (d) => d.link?.form === 'request',
  },
  'response-link': {
    text: 'every document that carries a shadow link as the server returns it',
    test: (d) => d.link?.form === 'response',
  },
  link: { text: 'every document that carries a shadow link, in either form', test: (d) => d.link !== undefined },
  request: { text: 'every document sent to the server', test: (d) => d.role === 'request' },
  'protobuf-json': {
    text: "every API message (what the server's protobuf JSON decoder reads or its encoder writes)",
    test: (d) => d.codec === 'protobuf-json',
  },
  'get-broker-request': {
    text: 'the GetBroker request',
    test: (d) => d.method === 'GetBroker' && d.role === 'request',
  },
  'get-broker-response': {
    text: 'the GetBroker response',
    test: (d) => d.method === 'GetBroker' && d.role === 'response',
  },
  'connect-error': { text: 'Connect error bodies', test: (d) => d.codec === 'connect-error' },
} as const satisfies Record<string, { text: string; test: (d: KindDescriptor) => boolean }>;

/** A trait of the kind table: where a rule applies. */
export type KindTrait = keyof typeof KIND_TRAITS;

/** Every trait name. */
export const KIND_TRAIT_NAMES = Object.keys(KIND_TRAITS) as KindTrait[];

/** True when `name` is a trait of the kind table. */
export const isKindTrait = (name: unknown): name is KindTrait =>
  typeof name === 'string' && Object.hasOwn(KIND_TRAITS, name);

const traitKinds = new Map<KindTrait, readonly DocumentKind[]>();

/**
 * The kinds with a trait. Kinds whose document is the link itself come first: a rule's examples
 * are written against the simplest document it applies to.
 */
export function kindsWith(trait: KindTrait): readonly DocumentKind[] {
  let list = traitKinds.get(trait);
  if (!list) {
    const matching = DOCUMENT_KINDS.filter((k) => KIND_TRAITS[trait].test(KINDS[k]));
    list = [
      ...matching.filter((k) => kindOf(k).link?.pointer === ''),
      ...matching.filter((k) => kindOf(k).link?.pointer !== ''),
    ];
    traitKinds.set(trait, list);
  }
  return list;
}

/** Where the exported JSON Schema of a kind is published; also its `$id`. */
export const schemaUrl = (kind: DocumentKind): string => `https://unpkg.com/svc-admin-spec/schemas/${kind}.schema.json`;

/** The static type of a document kind: `DocumentType<'ShadowLink'>` is `ShadowLink`. */
export type DocumentType<K extends DocumentKind> = Static<(typeof kindSchemas)[K]>;
