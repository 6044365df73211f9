import { describe, expectTypeOf, it } from 'vitest';
import {
  assertValid,
  defineRule,
  lint,
  validate,
  type Code,
  type Diagnostic,
  type DocumentType,
  type LintOptions,
  type RuleId,
} from '../src/index';
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

describe('the library API narrows and checks', () => {
  it('assertValid narrows unknown to the type of its kind', () => {
    const input: unknown = JSON.parse('{}');
    assertValid('CreateShadowLinkRequest', input);
    expectTypeOf(input).toEqualTypeOf<CreateShadowLinkRequest>();
    expectTypeOf(input.shadowLink.name).toEqualTypeOf<string>();
  });

  it('validate returns the typed value only on success', () => {
    const r = validate('GetBrokerRequest', JSON.parse('{}'));
    if (r.valid) expectTypeOf(r.value).toEqualTypeOf<GetBrokerRequest>();
    else expectTypeOf(r).not.toHaveProperty('value');
    expectTypeOf<DocumentType<'ShadowLink'>>().toEqualTypeOf<ShadowLink>();
  });

  it('Diagnostic.code is the union of known codes, plus @namespace/name for custom rules', () => {
    expectTypeOf<Diagnostic['code']>().toEqualTypeOf<Code>();
    expectTypeOf<'duration'>().toExtend<Code>();
    expectTypeOf<'schema/unknown-property'>().toExtend<Code>();
    expectTypeOf<'parse/yaml-syntax'>().toExtend<Code>();
    expectTypeOf<'conformance/client-id'>().toExtend<Code>();
    expectTypeOf<'internal-error'>().toExtend<Code>();
    expectTypeOf<'@acme/tls-required'>().toExtend<Code>();
    expectTypeOf<'duraton'>().not.toExtend<Code>();
    expectTypeOf<'schema/unknown'>().not.toExtend<Code>();
    expectTypeOf<'tls-key-cert-pair'>().toExtend<RuleId>();
    for (const d of lint('ShadowLink', {}).diagnostics) {
      switch (d.code) {
        case 'duration':
        case 'schema/type':
        case '@acme/tls-required':
          break;
        // @ts-expect-error a misspelt code is not comparable to Code
        case 'duraton':
          break;
      }
    }
  });

  it('defineRule checks message ids in reports and structuralMessages', () => {
    defineRule({
      id: '@acme/x',
      severity: 'error',
      kinds: ['ShadowLink'],
      docs: { description: 'd' },
      messages: { known: 'text' },
      check(ctx) {
        ctx.report({ messageId: 'known', pointer: '' });
        // @ts-expect-error not one of the rule's messages
        ctx.report({ messageId: 'unknown', pointer: '' });
      },
    });
    defineRule({
      id: 'x',
      severity: 'error',
      kinds: ['ShadowLink'],
      docs: { description: 'd' },
      messages: { known: 'text' },
      // @ts-expect-error structuralMessages must name messages; they do not add to them
      structuralMessages: ['other'],
    });
  });

  it('rule settings may be written as constants', () => {
    const options = { rules: { duration: ['error', { x: 1 }] } } as const;
    expectTypeOf(options).toExtend<LintOptions>();
  });
});
