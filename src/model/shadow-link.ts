/** ShadowLink and CreateShadowLink request/response. */
import type { Static } from '@sinclair/typebox';
import { ClientOptions, ClientOptionsResponse } from './client-options';
import { opt, strictObject, formatted, Type } from './primitives';
import { ShadowLinkStatus } from './status';
import {
  ConsumerOffsetSyncOptions,
  ConsumerOffsetSyncOptionsResponse,
  SchemaRegistrySyncOptions,
  SecuritySyncOptions,
  SecuritySyncOptionsResponse,
  TopicMetadataSyncOptions,
  TopicMetadataSyncOptionsResponse,
} from './sync-options';

const CONFIG_DESCRIPTION =
  'Configuration of the link: the client toward the source cluster and the four sync tasks (topics, consumer offsets, ACLs, Schema Registry).';

/** Link configuration (request form). */
export const ShadowLinkConfigurations = strictObject(
  {
    clientOptions: opt(ClientOptions),
    consumerOffsetSyncOptions: opt(ConsumerOffsetSyncOptions),
    schemaRegistrySyncOptions: opt(SchemaRegistrySyncOptions),
    securitySyncOptions: opt(SecuritySyncOptions),
    topicMetadataSyncOptions: opt(TopicMetadataSyncOptions),
  },
  { $id: 'ShadowLinkConfigurations', title: 'Shadow link configurations', description: CONFIG_DESCRIPTION },
);
/** Link configuration (request form). */
export type ShadowLinkConfigurations = Static<typeof ShadowLinkConfigurations>;

/** Link configuration (response form). */
export const ShadowLinkConfigurationsResponse = strictObject(
  {
    clientOptions: opt(ClientOptionsResponse),
    consumerOffsetSyncOptions: opt(ConsumerOffsetSyncOptionsResponse),
    schemaRegistrySyncOptions: opt(SchemaRegistrySyncOptions),
    securitySyncOptions: opt(SecuritySyncOptionsResponse),
    topicMetadataSyncOptions: opt(TopicMetadataSyncOptionsResponse),
  },
  {
    $id: 'ShadowLinkConfigurationsResponse',
    title: 'Shadow link configurations (response)',
    description: `${CONFIG_DESCRIPTION} As returned by the server, with effective values and without secrets.`,
  },
);
/** Link configuration (response form). */
export type ShadowLinkConfigurationsResponse = Static<typeof ShadowLinkConfigurationsResponse>;

const linkName = Type.String({
  description: 'Name of the shadow link: 1–128 bytes of `A-Z a-z 0-9 . _ -`.',
  examples: ['dr-link'],
});

/** A shadow link as sent in a request: the usual config file. */
export const ShadowLink = strictObject(
  { name: linkName, configurations: opt(ShadowLinkConfigurations) },
  {
    $id: 'ShadowLink',
    title: 'Shadow link',
    description:
      'A shadow link (request form): ties this shadow cluster to a source cluster and replicates its topics.',
  },
);
/** A shadow link as sent in a request. */
export type ShadowLink = Static<typeof ShadowLink>;

/** A shadow link as returned by the server. */
export const ShadowLinkResponse = strictObject(
  {
    name: linkName,
    uid: opt(formatted('uuid', { description: 'UUID of the shadow link, assigned by the server.' })),
    configurations: opt(ShadowLinkConfigurationsResponse),
    status: opt(ShadowLinkStatus),
  },
  {
    $id: 'ShadowLinkResponse',
    title: 'Shadow link (response)',
    description: 'A shadow link as returned by the server: with `uid`, effective values and `status`, without secrets.',
  },
);
/** A shadow link as returned by the server. */
export type ShadowLinkResponse = Static<typeof ShadowLinkResponse>;

/** Body of a CreateShadowLink request. */
export const CreateShadowLinkRequest = strictObject(
  { shadowLink: ShadowLink },
  {
    $id: 'CreateShadowLinkRequest',
    title: 'CreateShadowLink request',
    description:
      'POST body of `/svc.core.admin.v2.ShadowLinkService/CreateShadowLink` (service version 25.3 and later).',
  },
);
/** Body of a CreateShadowLink request. */
export type CreateShadowLinkRequest = Static<typeof CreateShadowLinkRequest>;

/** Body of a successful CreateShadowLink response. */
export const CreateShadowLinkResponse = strictObject(
  { shadowLink: ShadowLinkResponse },
  {
    $id: 'CreateShadowLinkResponse',
    title: 'CreateShadowLink response',
    description: 'The 200 response of CreateShadowLink: the created link.',
  },
);
/** Body of a successful CreateShadowLink response. */
export type CreateShadowLinkResponse = Static<typeof CreateShadowLinkResponse>;
