/**
 * Which linter checks cover a server error: the server's messages for refused requests, matched
 * to the rules that catch the same mistake before sending. Documented in the README.
 */

/** One known server message. */
export interface ServerErrorPattern {
  /** The Connect code the server answers with. */
  code: string;
  /** Matches the server's message (the whole message; `…` parts vary). */
  pattern: RegExp;
  /** The message as the server writes it, for the docs. */
  example: string;
  /** Rule ids (and `schema/…` codes) that report this before sending. */
  rules: readonly string[];
}

/** Known server messages, most specific first. */
export const SERVER_ERROR_PATTERNS: readonly ServerErrorPattern[] = [
  {
    code: 'invalid_argument',
    pattern: /^invalid request input$/,
    example: 'invalid request input',
    rules: ['schema/type', 'schema/int32-range', 'duration', 'start-at-timestamp', 'enum-spelling'],
  },
  {
    code: 'invalid_argument',
    pattern: /bootstrap_servers must not be empty/,
    example: 'Invalid cluster link configuration: bootstrap_servers must not be empty in the client options',
    rules: ['bootstrap-servers', 'schema/required'],
  },
  {
    code: 'invalid_argument',
    pattern: /expected address format: 'host:port'|host is empty in address|to port \(uint16_t\)/,
    example: "Invalid cluster link configuration: … expected address format: 'host:port', found: …",
    rules: ['bootstrap-servers'],
  },
  {
    code: 'invalid_argument',
    pattern: /authentication_configuration is set but not provided/,
    example: 'Invalid cluster link configuration: authentication_configuration is set but not provided',
    rules: ['auth-exactly-one'],
  },
  {
    code: 'invalid_argument',
    pattern: /When setting (SCRAM|PLAIN) configuration, must provide/,
    example:
      'Invalid cluster link configuration: When setting SCRAM configuration, must provide username, password, and mechanism',
    rules: ['auth-credentials', 'unspecified-enum'],
  },
  {
    code: 'invalid_argument',
    pattern: /Must provide both key and cert or neither/,
    example: 'Invalid cluster link configuration: Must provide both key and cert or neither',
    rules: ['tls-key-cert-pair'],
  },
  {
    code: 'invalid_argument',
    pattern: /(pattern_type|filter_type) is unspecified/,
    example: 'Invalid cluster link configuration: pattern_type is unspecified',
    rules: ['unspecified-enum', 'enum-alias', 'schema/enum'],
  },
  {
    code: 'invalid_argument',
    pattern: /acl_(resource|pattern|operation) is unspecified|acl_permission_type unspecified/,
    example: 'Invalid cluster link configuration: acl_operation is unspecified',
    rules: ['acl-filter-complete', 'unspecified-enum', 'enum-alias', 'schema/enum'],
  },
  {
    code: 'invalid_argument',
    pattern: /errc::topic_filter_invalid/,
    example: 'Failed to create cluster link: cluster::cluster_link::errc::topic_filter_invalid',
    rules: ['topic-filter-name', 'reserved-topic-filter'],
  },
  {
    code: 'invalid_argument',
    pattern: /errc::topic_property_excluded_from_mirroring/,
    example: 'Failed to create cluster link: cluster::cluster_link::errc::topic_property_excluded_from_mirroring',
    rules: ['synced-property-forbidden'],
  },
  {
    code: 'invalid_argument',
    pattern: /errc::link_name_invalid/,
    example: 'Failed to create cluster link: cluster::cluster_link::errc::link_name_invalid',
    rules: ['shadow-link-name'],
  },
];
// Not listed: the errc messages for TLS, SCRAM and empty bootstrap servers. The cluster frontend
// has them (cluster/cluster_link/frontend.cc), but on the CreateShadowLink path the converter
// refuses the same cases first, with "Invalid cluster link configuration: …" (converter.cc).

/** The rules that cover a server error, or none when its message is not one the linter knows. */
export function rulesForServerError(code: string, message: string): readonly string[] {
  const hit = SERVER_ERROR_PATTERNS.find((p) => p.code === code && p.pattern.test(message));
  return hit ? hit.rules : [];
}
