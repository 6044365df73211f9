import { defineRule } from '../rule-api/types';
import { child, exampleLink, itemsAt, nameFilters, objectAt, section } from '../rule-api/helpers';
import { ENUM_ALIASES } from '../facts/enum-spelling';

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
  check(ctx) {
    const fields = [
      ...nameFilters(ctx, 'topic').map((f) => child(f, 'patternType')),
      ...nameFilters(ctx, 'group').map((f) => child(f, 'patternType')),
      ...itemsAt(section(ctx, 'securitySyncOptions'), 'aclFilters').map((a) =>
        child(objectAt(a, 'resourceFilter'), 'patternType'),
      ),
    ];
    for (const f of fields) {
      if (!f || typeof f.value !== 'string' || !Object.hasOwn(ENUM_ALIASES, f.value)) continue;
      const replacement = ENUM_ALIASES[f.value]!;
      ctx.report({
        messageId: 'alias',
        pointer: f.pointer,
        data: { value: f.value, replacement },
        fix: { kind: 'replace-value', pointer: f.pointer, value: replacement },
      });
    }
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
