/** Adversarial strings for the patterns that see user text, and the fields each pattern checks (test/regex-linear.test.ts). */

/** One mebibyte. */
export const MB = 1 << 20;

/** `unit` repeated to 1 MB, then `end`. */
export const run = (unit: string, end: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB) + end;

/** The characters that end a run: one the pattern rejects, a line break, and a space. */
export const ENDS = ['!', '\n', ' '];

/** The fixtures the table names most. */
export const LINK = 'ShadowLink.full.json';
export const RESPONSE = 'CreateShadowLinkResponse.full.json';

/** The fields whose values a pattern checks, with the prefixes that pattern accepts. */
export const FIELDS: [fixture: string, pointer: string, units: string[]][] = [
  [LINK, '/name', ['a', '.', '-', '${', '{{']],
  [LINK, '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/name', ['a', '_svc', '*', '.']],
  [LINK, '/configurations/consumerOffsetSyncOptions/groupFilters/0/name', ['a', '*', '_']],
  [LINK, '/configurations/clientOptions/bootstrapServers/0', ['a', '1', ' ', ':', 'a:', '+']],
  [LINK, '/configurations/securitySyncOptions/aclFilters/0/accessFilter/principal', ['a', 'User:', ':', 'a1']],
  [LINK, '/configurations/securitySyncOptions/aclFilters/0/accessFilter/host', ['1', '1.', ' ', ':']],
  [LINK, '/configurations/topicMetadataSyncOptions/interval', ['1', '1.', 'PT1H', ' ', '-', '1m', 's']],
  [LINK, '/configurations/topicMetadataSyncOptions/startAtTimestamp', [' ', '0', '2026-01-01T', ':00', '.1', '+']],
  [LINK, '/configurations/topicMetadataSyncOptions/syncedShadowTopicProperties/0', ['a.', 'svc.', '_']],
  [
    LINK,
    '/configurations/clientOptions/tlsSettings/tlsPemSettings/ca',
    ['-----BEGIN ', '-----BEGIN CERTIFICATE-----\n', 'A', '\n'],
  ],
  [LINK, '/configurations/clientOptions/tlsSettings/tlsPemSettings/key', ['-----BEGIN ', 'Proc-Type: ', 'A', '\r\n']],
  [
    LINK,
    '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/password',
    ['${', '${A:-', '{{', '$'],
  ],
  [
    LINK,
    '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/scramMechanism',
    ['a', '_', 'A_'],
  ],
  [LINK, '/configurations/securitySyncOptions/aclFilters/0/resourceFilter/resourceType', ['a', '_', ' ']],
  [RESPONSE, '/shadowLink/uid', ['a', '0', '-', 'aaaaaaaa-']],
  [RESPONSE, '/shadowLink/status/shadowTopics/0/status/partitionInformation/0/highWatermark', ['1', ' ', '-', '+']],
  [
    RESPONSE,
    '/shadowLink/configurations/clientOptions/authenticationConfiguration/scramConfiguration/passwordSetAt',
    [' ', '0', ':00'],
  ],
  [RESPONSE, '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/keyFingerprint', ['A', '=']],
  ['GetBrokerResponse.full.json', '/broker/adminServer/routes/0/httpRoute', ['/a', 'a.', '/', 'a']],
  ['GetBrokerResponse.full.json', '/broker/adminServer/routes/0/name', ['a.', 'a']],
  ['GetBrokerResponse.full.json', '/broker/buildInfo/version', ['v1.', '1.', '-', 'a']],
  ['GetBrokerResponse.full.json', '/broker/buildInfo/buildSha', ['a', '0']],
  ['ConnectError.full.json', '/details/0/value', ['A', '=', '+/']],
  ['ConnectError.full.json', '/code', ['a', '_']],
];
