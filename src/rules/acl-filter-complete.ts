import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import type { JsonObject } from '../util/pointer';

const ANY_ACCESS = { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' };
const ANY_RESOURCE = { resourceType: 'ACL_RESOURCE_ANY', patternType: 'ACL_PATTERN_ANY' };

/** Reports `field` of the visited filter; its index in `aclFilters` is read from its pointer, built only now. */
function missing(ctx: VisitContext, field: string, any: JsonObject): void {
  const here = ctx.here();
  const index = Number(here.slice(here.lastIndexOf('/') + 1));
  const pointer = `${here}/${field}`;
  ctx.report({
    messageId: 'missing',
    pointer,
    data: { index, field },
    suggestions: [
      {
        message: `Match every ${field === 'resourceFilter' ? 'resource' : 'principal and operation'}.`,
        fix: { kind: 'replace-value', pointer, value: any },
      },
    ],
  });
}

/** ACL filters need both halves. */
export default defineRule({
  id: 'acl-filter-complete',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description: 'Every ACL filter needs both `resourceFilter` and `accessFilter`.',
    rationale:
      'The server reads a missing half as all-UNSPECIFIED and refuses the request ("Invalid cluster link configuration"). To match everything on one side, give it the `*_ANY` values.',
  },
  messages: {
    missing:
      'aclFilters[{index}] has no `{field}`; the server reads it as UNSPECIFIED and refuses the request. Add `{field}` (use the *_ANY values to match everything).',
  },
  // Each ACL filter is judged alone.
  visit: {
    AclFilter(filter, ctx) {
      // Absent or null: what the server reads as all-UNSPECIFIED.
      const resource = filter.resourceFilter;
      const access = filter.accessFilter;
      if (resource === undefined || resource === null) missing(ctx, 'resourceFilter', ANY_RESOURCE);
      if (access === undefined || access === null) missing(ctx, 'accessFilter', ANY_ACCESS);
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_ANY', patternType: 'ACL_PATTERN_ANY' },
                accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
              },
            ],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          securitySyncOptions: {
            aclFilters: [
              { resourceFilter: { resourceType: 'ACL_RESOURCE_TOPIC', patternType: 'ACL_PATTERN_ANY' } },
              {},
            ],
          },
        }),
        // A fix replaces a value: with the key missing there is none to replace, so editors offer the suggestion disabled.
        errors: [
          {
            messageId: 'missing',
            pointer: '/configurations/securitySyncOptions/aclFilters/0/accessFilter',
            suggestions: [{ message: 'Match every principal and operation.' }],
          },
          {
            messageId: 'missing',
            pointer: '/configurations/securitySyncOptions/aclFilters/1/resourceFilter',
            suggestions: [{ message: 'Match every resource.' }],
          },
          {
            messageId: 'missing',
            pointer: '/configurations/securitySyncOptions/aclFilters/1/accessFilter',
            suggestions: [{ message: 'Match every principal and operation.' }],
          },
        ],
      },
      {
        title: 'a half written as null',
        doc: exampleLink({
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_TOPIC', patternType: 'ACL_PATTERN_ANY' },
                accessFilter: null,
              },
            ],
          },
        }),
        errors: [
          {
            messageId: 'missing',
            pointer: '/configurations/securitySyncOptions/aclFilters/0/accessFilter',
            suggestions: [
              {
                message: 'Match every principal and operation.',
                output: exampleLink({
                  securitySyncOptions: {
                    aclFilters: [
                      {
                        resourceFilter: { resourceType: 'ACL_RESOURCE_TOPIC', patternType: 'ACL_PATTERN_ANY' },
                        accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
                      },
                    ],
                  },
                }),
              },
            ],
          },
        ],
      },
    ],
  },
});
