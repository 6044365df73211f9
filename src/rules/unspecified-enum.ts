import { defineRule, type RuleContext } from '../rule-api/types';
import { exampleLink, filterListAt, ownObject, section, type Located } from '../rule-api/helpers';
import { childPointer, isObject, own, type JsonObject } from '../util/pointer';

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
function stateOf(obj: JsonObject, key: string): number {
  const v = own(obj, key);
  if (v === undefined) return OMITTED;
  return typeof v === 'string' && isUnspecified(v) ? EXPLICIT : OK;
}

/** Reports an omitted or UNSPECIFIED field; `objPointer` is the pointer of the object that holds it. */
function reportState(
  ctx: RuleContext,
  state: number,
  obj: JsonObject,
  objPointer: string,
  key: string,
  field: string,
  choices: string,
): void {
  const pointer = `${objPointer}/${key}`;
  if (state === OMITTED) ctx.report({ messageId: 'omitted', pointer, data: { field, choices } });
  else ctx.report({ messageId: 'explicit', pointer, data: { field, value: obj[key] as string, choices } });
}

/** The enum fields of an ACL filter, by the half that holds them, each with the values to suggest. */
const ACL_FIELDS: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
  [
    'resourceFilter',
    [
      ['resourceType', 'ACL_RESOURCE_ANY or a specific type'],
      ['patternType', 'ACL_PATTERN_ANY or a specific pattern type'],
    ],
  ],
  [
    'accessFilter',
    [
      ['operation', 'ACL_OPERATION_ANY or a specific operation'],
      ['permissionType', 'ACL_PERMISSION_TYPE_ANY, _ALLOW or _DENY'],
    ],
  ],
];

const FILTER_TYPE_CHOICES = 'FILTER_TYPE_INCLUDE or FILTER_TYPE_EXCLUDE';
const PATTERN_TYPE_CHOICES = 'PATTERN_TYPE_LITERAL or PATTERN_TYPE_PREFIX';

/**
 * One enum field of item `i` of a filter list named `listName` (`half`: the ACL filter half that
 * holds it); the pointer and the label are built only to report.
 */
function itemField(
  ctx: RuleContext,
  list: Located,
  listName: string,
  i: number,
  half: string | undefined,
  obj: JsonObject,
  key: string,
  choices: string,
): void {
  const state = stateOf(obj, key);
  if (state === OK) return;
  const objPointer = half === undefined ? childPointer(list.pointer, i) : childPointer(list.pointer, i, half);
  const label = half === undefined ? `${listName}[${i}].${key}` : `${listName}[${i}].${half}.${key}`;
  reportState(ctx, state, obj, objPointer, key, label, choices);
}

/** `filterType` and `patternType` of each filter of a topic or group filter list (`name`: the list's key). */
function nameFilterList(ctx: RuleContext, list: Located | undefined, name: string): void {
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (!isObject(f)) continue;
    itemField(ctx, list!, name, i, undefined, f, 'filterType', FILTER_TYPE_CHOICES);
    itemField(ctx, list!, name, i, undefined, f, 'patternType', PATTERN_TYPE_CHOICES);
  }
}

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
    nameFilterList(ctx, filterListAt(ctx, 'topic'), 'autoCreateShadowTopicFilters');
    nameFilterList(ctx, filterListAt(ctx, 'group'), 'groupFilters');
    const list = filterListAt(ctx, 'acl');
    const acls = list?.value;
    if (Array.isArray(acls))
      for (let i = 0; i < acls.length; i++)
        for (const [half, fields] of ACL_FIELDS) {
          const obj = ownObject(acls[i], half);
          if (obj) for (const [key, choices] of fields) itemField(ctx, list!, 'aclFilters', i, half, obj, key, choices);
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
  const client = section(ctx, 'clientOptions');
  const m = own(own(own(client?.value, 'authenticationConfiguration'), 'scramConfiguration'), 'scramMechanism');
  if (m === 'SCRAM_MECHANISM_UNSPECIFIED') {
    ctx.report({
      messageId: 'explicit',
      pointer: `${client!.pointer}/authenticationConfiguration/scramConfiguration/scramMechanism`,
      data: {
        field: 'scramMechanism',
        value: m,
        choices: 'SCRAM_MECHANISM_SCRAM_SHA_256 or SCRAM_MECHANISM_SCRAM_SHA_512',
      },
    });
  }
}
