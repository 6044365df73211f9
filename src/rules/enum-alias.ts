import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { ENUM_ALIASES } from '../facts/enum-spelling';
import type { JsonObject } from '../util/pointer';

/**
 * The aliases and their names, compared one by one: a handful, and a string fresh from JSON.parse
 * has no hash yet (a Map lookup would compute one); a document's string never finds Object.prototype's members.
 */
const ALIASES: readonly (readonly [string, string])[] = Object.entries(ENUM_ALIASES);

/** The name the server knows for an alias it does not, or undefined (also for a value that is not a string). */
function aliasOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  for (let i = 0; i < ALIASES.length; i++) if (ALIASES[i]![0] === value) return ALIASES[i]![1];
  return undefined;
}

/** The `patternType` of the visited filter (a topic or group filter, or an ACL filter's resource half). */
function patternType(filter: JsonObject, ctx: VisitContext): void {
  const value = filter.patternType;
  const replacement = aliasOf(value);
  if (replacement === undefined) return;
  const pointer = `${ctx.here()}/patternType`;
  ctx.report({
    messageId: 'alias',
    pointer,
    data: { value: value as string, replacement },
    fix: { kind: 'replace-value', pointer, value: replacement },
  });
}

/** Enum aliases the spec lists but the server does not know. */
export default defineRule({
  id: 'enum-alias',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      'Use `PATTERN_TYPE_PREFIX` rather than `PATTERN_TYPE_PREFIXED`, and `ACL_PATTERN_PREFIXED` rather than `ACL_PATTERN_PREFIX`.',
    rationale:
      'The spec (and the .proto, with `allow_alias`) lists both spellings, but the server\'s JSON decoder leaves alias names out of its lookup table (bazel/pbgen/main.go, `enum_from_json`: "Skip aliases"), so it reads them as UNSPECIFIED and the request is refused: "Invalid cluster link configuration: pattern_type is unspecified" (or "acl_pattern is unspecified"; src/v/redpanda/admin/services/shadow_link/converter.cc). A 25.3 server does not know the alias names at all, with the same result. The fix writes the name the server knows.',
  },
  messages: {
    alias:
      '"{value}" is listed by the spec but the server does not know it: it reads it as UNSPECIFIED and refuses the request. Use "{replacement}".',
  },
  // Every place a pattern type is written: topic and group filters (both NameFilter), ACL resource filters.
  // The visitors have nothing to say unless the acceptor's pass noted this (src/model/pass-notes).
  onlyWhen: ['enum-alias'],
  visit: {
    NameFilter: patternType,
    AclResourceFilter: patternType,
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'a.', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'a.', patternType: 'PATTERN_TYPE_PREFIXED' },
            ],
          },
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_TOPIC', name: 'a', patternType: 'ACL_PATTERN_PREFIX' },
                accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
              },
            ],
          },
        }),
        errors: [
          {
            messageId: 'alias',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/patternType',
          },
          {
            messageId: 'alias',
            pointer: '/configurations/securitySyncOptions/aclFilters/0/resourceFilter/patternType',
          },
        ],
        output: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'a.', patternType: 'PATTERN_TYPE_PREFIX' },
            ],
          },
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_TOPIC', name: 'a', patternType: 'ACL_PATTERN_PREFIXED' },
                accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
              },
            ],
          },
        }),
      },
    ],
  },
});
