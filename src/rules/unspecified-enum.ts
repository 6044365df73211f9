import { defineRule, type RuleContext } from '../rule-api/types';
import { child, exampleLink, itemsAt, nameFilters, objectAt, section, type Located } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

/** Enum fields that must be set to something other than `*_UNSPECIFIED`. */
export default defineRule({
  id: 'unspecified-enum',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description:
      "A topic or group filter's `filterType` and `patternType`, an ACL filter's `resourceType`, `patternType`, `operation` and `permissionType`, and `scramMechanism` must not be `*_UNSPECIFIED`, explicitly or by omission (a missing `scramMechanism` is reported by `auth-credentials`).",
    rationale:
      'The server refuses UNSPECIFIED in all of these while converting the request (src/v/redpanda/admin/services/shadow_link/converter.cc): "Invalid cluster link configuration: pattern_type is unspecified" (also `filter_type`, `acl_resource`, `acl_pattern`, `acl_operation`, and "acl_permission_type unspecified"). An omitted enum field is UNSPECIFIED, and so is any name the decoder does not know. Use the `*_ANY` value where you mean "all".',
  },
  messages: {
    explicit: '`{field}` is "{value}"; the server refuses UNSPECIFIED here. Use one of {choices}.',
    omitted: '`{field}` is missing, which means UNSPECIFIED and is refused; set it to one of {choices}.',
  },
  check(ctx) {
    const check = (obj: Located | undefined, key: string, label: string, choices: string) => {
      if (!obj || !isObject(obj.value)) return;
      const v = child(obj, key);
      if (v === undefined)
        ctx.report({ messageId: 'omitted', pointer: `${obj.pointer}/${key}`, data: { field: label, choices } });
      else if (typeof v.value === 'string' && v.value.endsWith('_UNSPECIFIED')) {
        ctx.report({ messageId: 'explicit', pointer: v.pointer, data: { field: label, value: v.value, choices } });
      }
    };
    for (const list of ['topic', 'group'] as const) {
      const name = list === 'topic' ? 'autoCreateShadowTopicFilters' : 'groupFilters';
      for (const [i, f] of nameFilters(ctx, list).entries()) {
        check(f, 'filterType', `${name}[${i}].filterType`, 'FILTER_TYPE_INCLUDE or FILTER_TYPE_EXCLUDE');
        check(f, 'patternType', `${name}[${i}].patternType`, 'PATTERN_TYPE_LITERAL or PATTERN_TYPE_PREFIX');
      }
    }
    for (const [i, acl] of itemsAt(section(ctx, 'securitySyncOptions'), 'aclFilters').entries()) {
      const res = objectAt(acl, 'resourceFilter');
      const acc = objectAt(acl, 'accessFilter');
      check(res, 'resourceType', `aclFilters[${i}].resourceFilter.resourceType`, 'ACL_RESOURCE_ANY or a specific type');
      check(
        res,
        'patternType',
        `aclFilters[${i}].resourceFilter.patternType`,
        'ACL_PATTERN_ANY or a specific pattern type',
      );
      check(acc, 'operation', `aclFilters[${i}].accessFilter.operation`, 'ACL_OPERATION_ANY or a specific operation');
      check(
        acc,
        'permissionType',
        `aclFilters[${i}].accessFilter.permissionType`,
        'ACL_PERMISSION_TYPE_ANY, _ALLOW or _DENY',
      );
    }
    scram(ctx);
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [
              { filterType: 'FILTER_TYPE_INCLUDE', name: 'a', patternType: 'PATTERN_TYPE_LITERAL' },
            ],
          },
        }),
      },
    ],
    invalid: [
      {
        doc: exampleLink({
          topicMetadataSyncOptions: {
            autoCreateShadowTopicFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', name: 'a' }],
          },
          consumerOffsetSyncOptions: {
            groupFilters: [{ filterType: 'FILTER_TYPE_UNSPECIFIED', name: 'g', patternType: 'PATTERN_TYPE_LITERAL' }],
          },
        }),
        errors: [
          {
            messageId: 'omitted',
            pointer: '/configurations/topicMetadataSyncOptions/autoCreateShadowTopicFilters/0/patternType',
          },
          { messageId: 'explicit', pointer: '/configurations/consumerOffsetSyncOptions/groupFilters/0/filterType' },
        ],
      },
    ],
  },
});

function scram(ctx: RuleContext): void {
  const m = child(
    objectAt(section(ctx, 'clientOptions'), 'authenticationConfiguration', 'scramConfiguration'),
    'scramMechanism',
  );
  if (m && m.value === 'SCRAM_MECHANISM_UNSPECIFIED') {
    ctx.report({
      messageId: 'explicit',
      pointer: m.pointer,
      data: {
        field: 'scramMechanism',
        value: m.value,
        choices: 'SCRAM_MECHANISM_SCRAM_SHA_256 or SCRAM_MECHANISM_SCRAM_SHA_512',
      },
    });
  }
}
