import { defineRule, type VisitContext } from '../rule-api/types';
import { exampleLink } from '../rule-api/helpers';
import { isObject } from '../util/pointer';

const OPERATION_PREFIX = 'ACL_OPERATION_';

/** Operations that exist for each Kafka resource type (Schema Registry types are not checked). */
const OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  ACL_RESOURCE_TOPIC: ['READ', 'WRITE', 'CREATE', 'REMOVE', 'ALTER', 'DESCRIBE', 'DESCRIBE_CONFIGS', 'ALTER_CONFIGS'],
  ACL_RESOURCE_GROUP: ['READ', 'DESCRIBE', 'REMOVE'],
  ACL_RESOURCE_CLUSTER: [
    'CREATE',
    'ALTER',
    'DESCRIBE',
    'CLUSTER_ACTION',
    'DESCRIBE_CONFIGS',
    'ALTER_CONFIGS',
    'IDEMPOTENT_WRITE',
  ],
  ACL_RESOURCE_TXN_ID: ['WRITE', 'DESCRIBE'],
};

/** A resource type's operations as full enum names (compared with the value as written, no suffix is cut out of it) and as the message lists them. */
interface Operations {
  readonly type: string;
  readonly names: readonly string[];
  readonly allowed: string;
}

/**
 * By resource type, compared one by one: a handful, and a string fresh from JSON.parse has no hash
 * yet (a Map or Set lookup would compute one); a document's type never finds Object.prototype's members.
 */
const OPERATIONS_BY_RESOURCE: readonly Operations[] = Object.entries(OPERATIONS).map(([type, ops]) => {
  const names = ops.map((op) => OPERATION_PREFIX + op);
  return { type, names, allowed: ['ACL_OPERATION_ANY', ...names].join(', ') };
});

/** The operations of a resource type, or undefined for any other type. */
function operationsOf(type: string): Operations | undefined {
  for (let i = 0; i < OPERATIONS_BY_RESOURCE.length; i++)
    if (OPERATIONS_BY_RESOURCE[i]!.type === type) return OPERATIONS_BY_RESOURCE[i];
  return undefined;
}

/** Whether `operation` is one of `names` (a few; compared one by one). */
function isOneOf(operation: string, names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (names[i] === operation) return true;
  return false;
}

/** `^[A-Za-z][A-Za-z0-9]*:.+$` (`.` matching no line terminator), without a regular expression: this runs for every ACL filter. */
function isPrincipal(s: string): boolean {
  const n = s.length;
  let k = 0;
  for (; k < n; k++) {
    const c = s.charCodeAt(k);
    // Setting bit 5 folds A-Z onto a-z and maps no other character there.
    const lower = c | 32;
    if (!((lower >= 97 && lower <= 122) || (k > 0 && c >= 48 && c <= 57))) break;
  }
  if (k === 0 || k >= n - 1 || s.charCodeAt(k) !== 58) return false;
  for (k++; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c <= 13 ? c === 10 || c === 13 : c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

/** Whether a host holds any of `/ * ? [ ]` (a CIDR range or a glob). */
function isCidrOrGlob(s: string): boolean {
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 47 || c === 42 || c === 63 || c === 91 || c === 93) return true;
  }
  return false;
}

/** The pointer of `<half>.<field>` of the visited ACL filter: built only to report. */
const at = (ctx: VisitContext, half: string, field: string): string => `${ctx.here()}/${half}/${field}`;

/** ACL filter values the server accepts but that do not match what their author meant. */
export default defineRule({
  id: 'acl-filter-values',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description:
      'ACL filter values that match nothing useful: a principal not of the form `Type:name`, a host written as a CIDR range or glob, `*` as a name, host or principal, and an operation that cannot exist on the resource type (for example `IDEMPOTENT_WRITE` on a TOPIC).',
    rationale:
      'The server does not check ACL filter names, hosts or principals. Filters match ACLs literally: `10.0.0.0/8` or `10.*` match only ACLs whose host is exactly that text, `*` only ACLs created for the wildcard, and `alice` (without `User:`) no ACL at all. To match every value, leave the field unset. An operation that the resource type does not have selects nothing.',
  },
  messages: {
    principal: 'Principal "{value}" is not of the form Type:name (e.g. "User:{value}"), so it matches no ACL.',
    host: 'Host "{value}" looks like a CIDR range or glob, but hosts match literally. Give one exact host, or leave host unset to match all.',
    wildcard:
      '`{field}` is "*", which matches only ACLs created for the wildcard, not every {what}. Leave `{field}` unset to match all.',
    operation: '{operation} does not exist for {resource}, so this filter selects nothing. Use one of: {allowed}.',
  },
  // Each ACL filter is judged alone; its operation against its own resource type.
  visit: {
    AclFilter(filter, ctx) {
      const a = filter.accessFilter;
      const r = filter.resourceFilter;
      const access = isObject(a) ? a : undefined;
      const resource = isObject(r) ? r : undefined;
      if (access !== undefined) {
        const principal = access.principal;
        if (principal === '*')
          ctx.report({
            messageId: 'wildcard',
            pointer: at(ctx, 'accessFilter', 'principal'),
            data: { field: 'principal', what: 'principal' },
          });
        else if (typeof principal === 'string' && !isPrincipal(principal))
          ctx.report({
            messageId: 'principal',
            pointer: at(ctx, 'accessFilter', 'principal'),
            data: { value: principal },
          });
        const host = access.host;
        if (host === '*')
          ctx.report({
            messageId: 'wildcard',
            pointer: at(ctx, 'accessFilter', 'host'),
            data: { field: 'host', what: 'host' },
          });
        else if (typeof host === 'string' && isCidrOrGlob(host))
          ctx.report({ messageId: 'host', pointer: at(ctx, 'accessFilter', 'host'), data: { value: host } });
      }
      if (resource === undefined) return;
      if (resource.name === '*')
        ctx.report({
          messageId: 'wildcard',
          pointer: at(ctx, 'resourceFilter', 'name'),
          data: { field: 'name', what: 'resource' },
        });
      if (access === undefined) return;
      const type = resource.resourceType;
      const operation = access.operation;
      // ANY (common) exists for every type: asked first, it spares the search.
      if (typeof type !== 'string' || typeof operation !== 'string' || operation === 'ACL_OPERATION_ANY') return;
      const ops = operationsOf(type);
      if (
        ops !== undefined &&
        !isOneOf(operation, ops.names) &&
        operation.startsWith(OPERATION_PREFIX) &&
        operation !== 'ACL_OPERATION_UNSPECIFIED'
      ) {
        ctx.report({
          messageId: 'operation',
          pointer: at(ctx, 'accessFilter', 'operation'),
          data: { operation, resource: type, allowed: ops.allowed },
        });
      }
    },
  },
  examples: {
    valid: [
      {
        doc: exampleLink({
          securitySyncOptions: {
            aclFilters: [
              {
                resourceFilter: {
                  resourceType: 'ACL_RESOURCE_TOPIC',
                  patternType: 'ACL_PATTERN_PREFIXED',
                  name: 'orders.',
                },
                accessFilter: {
                  principal: 'User:alice',
                  host: '10.0.0.7',
                  operation: 'ACL_OPERATION_READ',
                  permissionType: 'ACL_PERMISSION_TYPE_ALLOW',
                },
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
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_TOPIC', patternType: 'ACL_PATTERN_ANY', name: '*' },
                accessFilter: {
                  principal: 'alice',
                  host: '10.0.0.0/8',
                  operation: 'ACL_OPERATION_IDEMPOTENT_WRITE',
                  permissionType: 'ACL_PERMISSION_TYPE_ANY',
                },
              },
              {
                resourceFilter: { resourceType: 'ACL_RESOURCE_ANY', patternType: 'ACL_PATTERN_ANY' },
                accessFilter: {
                  principal: '*',
                  host: '*',
                  operation: 'ACL_OPERATION_ANY',
                  permissionType: 'ACL_PERMISSION_TYPE_ANY',
                },
              },
            ],
          },
        }),
        errors: [
          {
            messageId: 'principal',
            pointer: '/configurations/securitySyncOptions/aclFilters/0/accessFilter/principal',
          },
          { messageId: 'host', pointer: '/configurations/securitySyncOptions/aclFilters/0/accessFilter/host' },
          { messageId: 'wildcard', pointer: '/configurations/securitySyncOptions/aclFilters/0/resourceFilter/name' },
          {
            messageId: 'operation',
            pointer: '/configurations/securitySyncOptions/aclFilters/0/accessFilter/operation',
          },
          { messageId: 'wildcard', pointer: '/configurations/securitySyncOptions/aclFilters/1/accessFilter/principal' },
          { messageId: 'wildcard', pointer: '/configurations/securitySyncOptions/aclFilters/1/accessFilter/host' },
        ],
      },
    ],
  },
});
