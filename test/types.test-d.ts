import { describe, expectTypeOf, it } from 'vitest';
import type {
  AclFilter,
  Broker,
  ClientOptions,
  ClientOptionsResponse,
  ConnectError,
  CreateShadowLinkRequest,
  GetBrokerRequest,
  NameFilter,
  PartitionInformation,
  ShadowLink,
  ShadowLinkStatus,
  TlsPemSettings,
  TlsPemSettingsResponse,
  TopicMetadataSyncOptions,
} from '../src/index';

describe('static types follow the spec', () => {
  it('CreateShadowLinkRequest wraps a ShadowLink with a required name', () => {
    expectTypeOf<CreateShadowLinkRequest['shadowLink']>().toEqualTypeOf<ShadowLink>();
    expectTypeOf<ShadowLink['name']>().toEqualTypeOf<string>();
    expectTypeOf<ShadowLink>().not.toHaveProperty('uid');
    expectTypeOf<ShadowLink>().not.toHaveProperty('status');
  });

  it('ClientOptions: required bootstrap servers, int32 options, oneof as optional members', () => {
    expectTypeOf<ClientOptions['bootstrapServers']>().toEqualTypeOf<string[]>();
    expectTypeOf<ClientOptions['fetchMaxBytes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<ClientOptions['authenticationConfiguration']>>().toHaveProperty('plainConfiguration');
    expectTypeOf<NonNullable<ClientOptions['authenticationConfiguration']>>().toHaveProperty('scramConfiguration');
    expectTypeOf<ClientOptions>().not.toHaveProperty('clientId');
    expectTypeOf<ClientOptionsResponse>().toHaveProperty('effectiveFetchMaxBytes');
    expectTypeOf<ClientOptionsResponse>().toHaveProperty('clientId');
  });

  it('the PEM key is write-only', () => {
    expectTypeOf<TlsPemSettings>().toHaveProperty('key');
    expectTypeOf<TlsPemSettings>().not.toHaveProperty('keyFingerprint');
    expectTypeOf<TlsPemSettingsResponse>().toHaveProperty('keyFingerprint');
  });

  it('enums are unions of the listed names', () => {
    expectTypeOf<NonNullable<NameFilter['patternType']>>().toEqualTypeOf<
      'PATTERN_TYPE_UNSPECIFIED' | 'PATTERN_TYPE_LITERAL' | 'PATTERN_TYPE_PREFIX' | 'PATTERN_TYPE_PREFIXED'
    >();
    expectTypeOf<ConnectError['code']>().toExtend<string>();
    expectTypeOf<'invalid_argument'>().toExtend<ConnectError['code']>();
  });

  it('start positions, durations and timestamps are typed', () => {
    expectTypeOf<TopicMetadataSyncOptions['startAtTimestamp']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<TopicMetadataSyncOptions['interval']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<TopicMetadataSyncOptions['startAtEarliest']>>().toExtend<object>();
  });

  it('response-only parts', () => {
    expectTypeOf<PartitionInformation['highWatermark']>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<NonNullable<ShadowLinkStatus['state']>>().toEqualTypeOf<
      'SHADOW_LINK_STATE_UNSPECIFIED' | 'SHADOW_LINK_STATE_ACTIVE' | 'SHADOW_LINK_STATE_PAUSED'
    >();
    expectTypeOf<Broker['nodeId']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<GetBrokerRequest['nodeId']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AclFilter>().toHaveProperty('resourceFilter');
  });
});
