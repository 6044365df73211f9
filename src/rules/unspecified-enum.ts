import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink, itemFieldName } from '../rule-api/helpers';

const OK = 0;
const OMITTED = 1;
const EXPLICIT = 2;

const SUFFIX = '_UNSPECIFIED';

/** `v.endsWith('_UNSPECIFIED')`, with the last character and the `_` compared first: most values end otherwise. */
function isUnspecified(v: string): boolean {
  const n = v.length;
  return (
    n >= SUFFIX.length && v.charCodeAt(n - 1) === 68 && v.charCodeAt(n - SUFFIX.length) === 95 && v.endsWith(SUFFIX)
  );
}

/** Whether an enum field of an object is set, omitted or explicitly `*_UNSPECIFIED`. */
function stateOf(v: unknown): number {
  if (v === undefined) return OMITTED;
  return typeof v === 'string' && isUnspecified(v) ? EXPLICIT : OK;
}

/** Reports `key` of the object at `here` when it is omitted or UNSPECIFIED; the pointer and label are built only then. */
function field(ctx: VisitContext, value: unknown, key: string, choices: string): void {
  const state = stateOf(value);
  if (state === OK) return;
  const here = ctx.here();
  const pointer = `${here}/${key}`;
  const label = itemFieldName(here, key);
  if (state === OMITTED) ctx.report({ messageId: 'omitted', pointer, data: { field: label, choices } });
  else ctx.report({ messageId: 'explicit', pointer, data: { field: label, value: value as string, choices } });
}

const FILTER_TYPE_CHOICES = 'FILTER_TYPE_INCLUDE or FILTER_TYPE_EXCLUDE';
const PATTERN_TYPE_CHOICES = 'PATTERN_TYPE_LITERAL or PATTERN_TYPE_PREFIX';

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
  // The visitors have nothing to say unless the acceptor's pass noted this (src/model/pass-notes).
  onlyWhen: ['enum-unspecified'],
  visit: {
    // A topic or a group filter: the same definition in both lists.
    NameFilter(filter, ctx) {
      field(ctx, filter.filterType, 'filterType', FILTER_TYPE_CHOICES);
      field(ctx, filter.patternType, 'patternType', PATTERN_TYPE_CHOICES);
    },
    AclResourceFilter(half, ctx) {
      field(ctx, half.resourceType, 'resourceType', 'ACL_RESOURCE_ANY or a specific type');
      field(ctx, half.patternType, 'patternType', 'ACL_PATTERN_ANY or a specific pattern type');
    },
    AclAccessFilter(half, ctx) {
      field(ctx, half.operation, 'operation', 'ACL_OPERATION_ANY or a specific operation');
      field(ctx, half.permissionType, 'permissionType', 'ACL_PERMISSION_TYPE_ANY, _ALLOW or _DENY');
    },
    ScramConfiguration(scram, ctx) {
      // An omitted mechanism is auth-credentials' finding.
      const m = scram.scramMechanism;
      if (m === 'SCRAM_MECHANISM_UNSPECIFIED')
        ctx.report({
          messageId: 'explicit',
          pointer: `${ctx.here()}/scramMechanism`,
          data: {
            field: 'scramMechanism',
            value: m,
            choices: 'SCRAM_MECHANISM_SCRAM_SHA_256 or SCRAM_MECHANISM_SCRAM_SHA_512',
          },
        });
    },
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
