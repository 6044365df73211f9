/** ClientOptions: the internal Kafka client the shadow cluster runs against the source cluster. */
import type { Static } from '@sinclair/typebox';
import { ScramMechanism } from './enums';
import { enumField, int32, opt, strictObject, timestamp, Type } from './primitives';

const PEM_HINT = 'PEM text, e.g. `-----BEGIN CERTIFICATE-----…`.';

/** SASL/PLAIN credentials as sent in a request. */
export const PlainConfiguration = strictObject(
  {
    username: opt(Type.String({ description: 'SASL/PLAIN user name on the source cluster. Must not be empty.' })),
    password: opt(
      Type.String({
        description:
          'SASL/PLAIN password. Write-only: responses carry `passwordSet` instead. Prefer an `${ENV_VAR}` placeholder in committed files.',
      }),
    ),
  },
  {
    $id: 'PlainConfiguration',
    title: 'SASL/PLAIN authentication',
    description:
      'Authenticate to the source cluster with SASL/PLAIN. The password crosses the network in clear text unless TLS is enabled.',
  },
);
/** SASL/PLAIN credentials as sent in a request. */
export type PlainConfiguration = Static<typeof PlainConfiguration>;

/** SASL/SCRAM credentials as sent in a request. */
export const ScramConfiguration = strictObject(
  {
    username: opt(Type.String({ description: 'SASL/SCRAM user name on the source cluster. Must not be empty.' })),
    password: opt(
      Type.String({
        description:
          'SASL/SCRAM password. Write-only: responses carry `passwordSet` instead. Prefer an `${ENV_VAR}` placeholder in committed files.',
      }),
    ),
    scramMechanism: opt(
      enumField(ScramMechanism, 'SCRAM mechanism: `SCRAM_MECHANISM_SCRAM_SHA_256` or `SCRAM_MECHANISM_SCRAM_SHA_512`.'),
    ),
  },
  {
    $id: 'ScramConfiguration',
    title: 'SASL/SCRAM authentication',
    description: 'Authenticate to the source cluster with SASL/SCRAM-SHA-256 or SCRAM-SHA-512.',
  },
);
/** SASL/SCRAM credentials as sent in a request. */
export type ScramConfiguration = Static<typeof ScramConfiguration>;

const responseSecretFields = {
  password: opt(Type.String({ description: 'Never returned with a value: a server emits `""` here, or omits it.' })),
  passwordSet: opt(Type.Boolean({ description: 'True once a password has been set.' })),
  passwordSetAt: opt(
    timestamp({ description: 'When the password was set (RFC 3339). Meaningful only when `passwordSet` is true.' }),
  ),
};

/** SASL/PLAIN settings as a response shows them (no password). */
export const PlainConfigurationResponse = strictObject(
  {
    username: opt(Type.String({ description: 'SASL/PLAIN user name.' })),
    ...responseSecretFields,
  },
  {
    $id: 'PlainConfigurationResponse',
    title: 'SASL/PLAIN authentication (response)',
    description: 'SASL/PLAIN settings as returned by the server: the password is replaced by `passwordSet`.',
  },
);
/** SASL/PLAIN settings as a response shows them (no password). */
export type PlainConfigurationResponse = Static<typeof PlainConfigurationResponse>;

/** SASL/SCRAM settings as a response shows them (no password). */
export const ScramConfigurationResponse = strictObject(
  {
    username: opt(Type.String({ description: 'SASL/SCRAM user name.' })),
    scramMechanism: opt(enumField(ScramMechanism, 'SCRAM mechanism in use.')),
    ...responseSecretFields,
  },
  {
    $id: 'ScramConfigurationResponse',
    title: 'SASL/SCRAM authentication (response)',
    description: 'SASL/SCRAM settings as returned by the server: the password is replaced by `passwordSet`.',
  },
);
/** SASL/SCRAM settings as a response shows them (no password). */
export type ScramConfigurationResponse = Static<typeof ScramConfigurationResponse>;

const AUTH_DESCRIPTION =
  'How the shadow cluster authenticates to the source cluster: exactly one of `plainConfiguration` or `scramConfiguration`. Omit the whole object for no SASL authentication.';

/** The authentication oneof of a request: at most one member (checked by the `auth-exactly-one` rule). */
export const AuthenticationConfiguration = strictObject(
  {
    plainConfiguration: opt(PlainConfiguration),
    scramConfiguration: opt(ScramConfiguration),
  },
  { $id: 'AuthenticationConfiguration', title: 'Authentication', description: AUTH_DESCRIPTION },
);
/** The authentication oneof of a request. */
export type AuthenticationConfiguration = Static<typeof AuthenticationConfiguration>;

/** The authentication oneof as a response shows it. */
export const AuthenticationConfigurationResponse = strictObject(
  {
    plainConfiguration: opt(PlainConfigurationResponse),
    scramConfiguration: opt(ScramConfigurationResponse),
  },
  {
    $id: 'AuthenticationConfigurationResponse',
    title: 'Authentication (response)',
    description: 'Authentication settings as returned by the server, without passwords.',
  },
);
/** The authentication oneof as a response shows it. */
export type AuthenticationConfigurationResponse = Static<typeof AuthenticationConfigurationResponse>;

/** TLS material given as file paths on the shadow cluster's brokers. */
export const TlsFileSettings = strictObject(
  {
    caPath: opt(Type.String({ description: 'Path of the CA certificate file (PEM) on every shadow broker.' })),
    certPath: opt(
      Type.String({
        description: 'Path of the client certificate file (PEM). Give it together with `keyPath`, or neither.',
      }),
    ),
    keyPath: opt(
      Type.String({
        description: 'Path of the client private key file (PEM). Give it together with `certPath`, or neither.',
      }),
    ),
  },
  {
    $id: 'TlsFileSettings',
    title: 'TLS files',
    description: 'TLS material read from files on the shadow brokers. Use this or `tlsPemSettings`, not both.',
  },
);
/** TLS material given as file paths. */
export type TlsFileSettings = Static<typeof TlsFileSettings>;

/** TLS material given inline as PEM text (request form, with the private key). */
export const TlsPemSettings = strictObject(
  {
    ca: opt(Type.String({ description: `CA certificate(s). ${PEM_HINT}` })),
    cert: opt(
      Type.String({ description: `Client certificate; give it together with \`key\`, or neither. ${PEM_HINT}` }),
    ),
    key: opt(
      Type.String({
        description:
          'Client private key (`-----BEGIN PRIVATE KEY-----…`); give it together with `cert`, or neither. Write-only: responses carry `keyFingerprint`.',
      }),
    ),
  },
  {
    $id: 'TlsPemSettings',
    title: 'TLS PEM',
    description: 'TLS material given inline as PEM text. Use this or `tlsFileSettings`, not both.',
  },
);
/** TLS material given inline as PEM text. */
export type TlsPemSettings = Static<typeof TlsPemSettings>;

/** Inline PEM TLS material as a response shows it (fingerprint instead of key). */
export const TlsPemSettingsResponse = strictObject(
  {
    ca: opt(Type.String({ description: 'CA certificate(s), PEM.' })),
    cert: opt(Type.String({ description: 'Client certificate, PEM.' })),
    key: opt(Type.String({ description: 'Never returned with a value: a server emits `""` here, or omits it.' })),
    keyFingerprint: opt(
      Type.String({
        description: 'SHA-256 of the PEM private key text as sent, standard padded base64 (44 characters).',
      }),
    ),
  },
  {
    $id: 'TlsPemSettingsResponse',
    title: 'TLS PEM (response)',
    description: 'Inline PEM settings as returned by the server: the key is replaced by `keyFingerprint`.',
  },
);
/** Inline PEM TLS material as a response shows it. */
export type TlsPemSettingsResponse = Static<typeof TlsPemSettingsResponse>;

const tlsCommon = {
  enabled: opt(
    Type.Boolean({
      description: 'Whether the client uses TLS. TLS material is ignored unless this is `true`.',
      default: false,
    }),
  ),
  doNotSetSniHostname: opt(
    Type.Boolean({ description: 'When true, no SNI host name is sent in the TLS handshake.', default: false }),
  ),
  tlsFileSettings: opt(TlsFileSettings),
};

/** TLS settings of the client (request form). */
export const TlsSettings = strictObject(
  { ...tlsCommon, tlsPemSettings: opt(TlsPemSettings) },
  {
    $id: 'TlsSettings',
    title: 'TLS settings',
    description:
      'TLS toward the source cluster. Set `enabled: true`; give the material as files (`tlsFileSettings`) or inline PEM (`tlsPemSettings`), at most one of them.',
  },
);
/** TLS settings of the client (request form). */
export type TlsSettings = Static<typeof TlsSettings>;

/** TLS settings of the client (response form). */
export const TlsSettingsResponse = strictObject(
  { ...tlsCommon, tlsPemSettings: opt(TlsPemSettingsResponse) },
  {
    $id: 'TlsSettingsResponse',
    title: 'TLS settings (response)',
    description: 'TLS settings as returned by the server.',
  },
);
/** TLS settings of the client (response form). */
export type TlsSettingsResponse = Static<typeof TlsSettingsResponse>;

/** Numeric client options whose 0 means "use the default", with the defaults of the spec's Limits table. */
export const CLIENT_OPTION_DEFAULTS = {
  connectionTimeoutMs: { value: 1000, unit: 'ms', text: '1 second', what: 'Connection timeout in milliseconds' },
  fetchMaxBytes: {
    value: 20 * 1024 * 1024,
    unit: 'bytes',
    text: '20 MiB',
    what: 'Maximum bytes of one fetch response',
  },
  fetchMinBytes: { value: 5 * 1024 * 1024, unit: 'bytes', text: '5 MiB', what: 'Minimum bytes a fetch waits for' },
  fetchPartitionMaxBytes: {
    value: 5 * 1024 * 1024,
    unit: 'bytes',
    text: '5 MiB',
    what: 'Maximum bytes fetched per partition',
  },
  fetchWaitMaxMs: { value: 500, unit: 'ms', text: '500 ms', what: 'Fetch request timeout in milliseconds' },
  metadataMaxAgeMs: {
    value: 10_000,
    unit: 'ms',
    text: '10 seconds',
    what: 'Maximum age of cached metadata in milliseconds',
  },
  retryBackoffMs: { value: 100, unit: 'ms', text: '100 ms', what: 'Retry base backoff in milliseconds' },
} as const;

/** Name of a numeric client option. */
export type NumericClientOption = keyof typeof CLIENT_OPTION_DEFAULTS;

/** The numeric client options in spec order. */
export const NUMERIC_CLIENT_OPTIONS = Object.keys(CLIENT_OPTION_DEFAULTS) as NumericClientOption[];

/** Options the server (25.3, 26.1) stores and echoes but never applies to its connection (src/v/cluster_link/utils.cc). */
export const UNAPPLIED_CLIENT_OPTIONS: readonly NumericClientOption[] = [
  'connectionTimeoutMs',
  'metadataMaxAgeMs',
  'retryBackoffMs',
];

const numericOption = (name: NumericClientOption) => {
  const d = CLIENT_OPTION_DEFAULTS[name];
  const unapplied = UNAPPLIED_CLIENT_OPTIONS.includes(name)
    ? ' Note: the server stores and echoes it but does not apply it.'
    : '';
  return opt(
    int32({ description: `${d.what}. 0 means the default, ${d.text}. Must not be negative.${unapplied}`, default: 0 }),
  );
};

const effectiveName = (name: NumericClientOption) => `effective${name[0]!.toUpperCase()}${name.slice(1)}`;

const clientCommon = {
  bootstrapServers: Type.Array(Type.String({ description: 'A bootstrap server of the source cluster, `host:port`.' }), {
    description:
      'Bootstrap servers of the source cluster, each `host:port` (e.g. `kafka-1.example.com:9092`). Required, not empty.',
    examples: [['kafka-1.example.com:9092', 'kafka-2.example.com:9092']],
  }),
  connectionTimeoutMs: numericOption('connectionTimeoutMs'),
  fetchMaxBytes: numericOption('fetchMaxBytes'),
  fetchMinBytes: numericOption('fetchMinBytes'),
  fetchPartitionMaxBytes: numericOption('fetchPartitionMaxBytes'),
  fetchWaitMaxMs: numericOption('fetchWaitMaxMs'),
  metadataMaxAgeMs: numericOption('metadataMaxAgeMs'),
  retryBackoffMs: numericOption('retryBackoffMs'),
  sourceClusterId: opt(
    Type.String({
      description:
        "Expected cluster ID of the source. The spec says a different ID in the source's Metadata response rejects the connection, but the server (25.3, 26.1) never reads this field: it is not enforced.",
    }),
  ),
};

/** The client options of a request. */
export const ClientOptions = strictObject(
  {
    ...clientCommon,
    authenticationConfiguration: opt(AuthenticationConfiguration),
    tlsSettings: opt(TlsSettings),
  },
  {
    $id: 'ClientOptions',
    title: 'Client options',
    description: 'Configuration of the Kafka client the shadow cluster runs against the source cluster.',
  },
);
/** The client options of a request. */
export type ClientOptions = Static<typeof ClientOptions>;

const effective = (name: NumericClientOption) =>
  opt(int32({ description: `${CLIENT_OPTION_DEFAULTS[name].what} actually in use, after the default is applied.` }));

/** The client options as a response shows them. */
export const ClientOptionsResponse = strictObject(
  {
    ...clientCommon,
    authenticationConfiguration: opt(AuthenticationConfigurationResponse),
    tlsSettings: opt(TlsSettingsResponse),
    clientId: opt(
      Type.String({ description: 'Client ID the shadow cluster puts on its Kafka requests to the source.' }),
    ),
    effectiveConnectionTimeoutMs: effective('connectionTimeoutMs'),
    effectiveFetchMaxBytes: effective('fetchMaxBytes'),
    effectiveFetchMinBytes: effective('fetchMinBytes'),
    effectiveFetchPartitionMaxBytes: effective('fetchPartitionMaxBytes'),
    effectiveFetchWaitMaxMs: effective('fetchWaitMaxMs'),
    effectiveMetadataMaxAgeMs: effective('metadataMaxAgeMs'),
    effectiveRetryBackoffMs: effective('retryBackoffMs'),
  },
  {
    $id: 'ClientOptionsResponse',
    title: 'Client options (response)',
    description: 'Client options as returned by the server, with effective values and without secrets.',
  },
);
/** The client options as a response shows them. */
export type ClientOptionsResponse = Static<typeof ClientOptionsResponse>;

/** Name of the response field carrying an option's effective value (`fetchMaxBytes` → `effectiveFetchMaxBytes`). */
export const effectiveFieldName = effectiveName;
