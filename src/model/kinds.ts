/**
 * The kind table: one descriptor per document kind the linter knows. Every other list of kinds
 * (requests, kinds that carry a link, editor constraints, the client's wire kinds, rule
 * applicability, the kinds named in help and docs) is derived from it.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { GetBrokerRequest, GetBrokerResponse } from './broker';
import { ConnectError } from './connect';
import { RpkShadowLinkConfig } from './rpk-config';
import { RPK_FILE_PATTERNS } from './rpk-format';
import { DEFAULT_DOCS_BASE_URL } from '../core/docs-url';
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
 * A file another tool reads and turns into an API request (rpk's shadow-link config file): read
 * from text by its own reader (`reader`, in src/<reader>), which also maps it to a document of
 * `mapsTo` that the API rules judge, their findings placed back in the file. Never linted as a value.
 */
export interface MappedKind {
  readonly mapsTo: 'CreateShadowLinkRequest';
  readonly reader: 'rpk';
}

/** One row of the kind table. */
export interface KindDescriptor {
  /** The TypeBox schema of the whole document (also its exported JSON Schema). */
  readonly schema: TSchema;
  readonly role: KindRole;
  /** The API method whose request or response this is; undefined for error bodies, which any method may return. */
  readonly method: ApiMethodName | undefined;
  /** How it is read: the server's protobuf JSON mapping (camelCase or snake_case keys, enum names or numbers), Connect's error body, or rpk's YAML 1.1 reader (gopkg.in/yaml.v2). */
  readonly codec: 'protobuf-json' | 'connect-error' | 'yaml.v2';
  /** Where the shadow link sits, for kinds that carry one. */
  readonly link: LinkPlacement | undefined;
  /** File-name patterns the kind is usually saved under (the schema catalog's `fileMatch`; they never decide a kind alone). */
  readonly filePatterns: readonly string[];
  /** A short label for messages and docs ("a shadow link"). */
  readonly label: string;
  /** Set for files read by their own reader and mapped to an API kind (rpk's config file). */
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
  RpkShadowLinkConfig: {
    schema: RpkShadowLinkConfig,
    role: 'config',
    method: 'CreateShadowLink',
    codec: 'yaml.v2',
    link: undefined,
    filePatterns: RPK_FILE_PATTERNS,
    label: 'an rpk shadow-link config file',
    mapped: { mapsTo: 'CreateShadowLinkRequest', reader: 'rpk' },
  },
} as const satisfies Record<string, KindDescriptor>;

/** Every kind of file the linter knows: the API documents, and files mapped to one (`RpkShadowLinkConfig`). */
export type KindName = keyof typeof KINDS;

/** An Admin API document kind (linted as a value): `CreateShadowLinkRequest`, `ShadowLink`, `CreateShadowLinkResponse`, `GetBrokerRequest`, `GetBrokerResponse` or `ConnectError`. */
export type DocumentKind = { [K in KindName]: (typeof KINDS)[K] extends { mapped: MappedKind } ? never : K }[KindName];

/** A kind read by its own reader and mapped to an API document: `RpkShadowLinkConfig`. */
export type MappedKindName = Exclude<KindName, DocumentKind>;

/** Root schema of each kind. */
export const kindSchemas: { readonly [K in KindName]: (typeof KINDS)[K]['schema'] } = Object.fromEntries(
  Object.entries(KINDS).map(([kind, d]) => [kind, d.schema]),
) as never;

/** The descriptor of a kind. */
export const kindOf = (kind: KindName): KindDescriptor => KINDS[kind];

/** Every kind, API documents first, in a stable order. */
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** Every API document kind, in a stable order. */
export const DOCUMENT_KINDS = KIND_NAMES.filter((k) => !(KINDS[k] as KindDescriptor).mapped) as DocumentKind[];

/** How many kinds there are, in words, for prose ("seven kinds of file"). */
export const KIND_COUNT_WORD =
  ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][KIND_NAMES.length] ??
  String(KIND_NAMES.length);

/** True when `name` is one of the kinds (API documents or mapped files). */
export function isKindName(name: unknown): name is KindName {
  return typeof name === 'string' && Object.hasOwn(KINDS, name);
}

/** True when `name` is an API document kind (linted as a value). */
export function isDocumentKind(name: unknown): name is DocumentKind {
  return isKindName(name) && !(KINDS[name] as KindDescriptor).mapped;
}

/** True for a kind read by its own reader and mapped to an API document (rpk's config file). */
export function isMappedKind(name: KindName | null | undefined): name is MappedKindName {
  return name !== null && name !== undefined && (KINDS[name] as KindDescriptor).mapped !== undefined;
}

/**
 * Traits of the table that rules choose where they apply by (never by listing kinds): each is a
 * question about a kind's descriptor, so a new kind falls under every trait it has. `text` is how
 * rule docs name it.
 *
 * @internal The engine's table: the API names traits by `KindTrait` and lists them in `KIND_TRAIT_NAMES`.
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

/**
 * A trait of the kind table: where a rule applies.
 *
 * @useDeclaredType
 */
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

/**
 * Where the exported JSON Schema of a kind is published; also its `$id`. The published files keep
 * the default base: a `$schema` naming a self-hosted copy is recognised by its file name alone.
 */
export const schemaUrl = (kind: KindName): string => `${DEFAULT_DOCS_BASE_URL}schemas/${kind}.schema.json`;

/** The static type of a document kind: `DocumentType<'ShadowLink'>` is `ShadowLink`. */
export type DocumentType<K extends DocumentKind> = Static<(typeof kindSchemas)[K]>;
