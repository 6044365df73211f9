import { defineRule } from '../rule-api/types';
import { exampleLink, itemsAt, objectAt, section, stringAt } from '../rule-api/helpers';

/** Operations that exist for each Kafka resource type (Schema Registry types are not checked). */
const OPERATIONS_BY_RESOURCE: Readonly<Record<string, readonly string[]>> = {
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

const PRINCIPAL = /^[A-Za-z][A-Za-z0-9]*:.+$/;
const CIDR_OR_GLOB = /[/*?[\]]/;

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
  check(ctx) {
    for (const f of itemsAt(section(ctx, 'securitySyncOptions'), 'aclFilters')) {
      const access = objectAt(f, 'accessFilter');
      const resource = objectAt(f, 'resourceFilter');
      const principal = stringAt(access, 'principal');
      if (principal && principal.value === '*')
        ctx.report({
          messageId: 'wildcard',
          pointer: principal.pointer,
          data: { field: 'principal', what: 'principal' },
        });
      else if (principal && !PRINCIPAL.test(principal.value))
        ctx.report({ messageId: 'principal', pointer: principal.pointer, data: { value: principal.value } });
      const host = stringAt(access, 'host');
      if (host && host.value === '*')
        ctx.report({ messageId: 'wildcard', pointer: host.pointer, data: { field: 'host', what: 'host' } });
      else if (host && CIDR_OR_GLOB.test(host.value))
        ctx.report({ messageId: 'host', pointer: host.pointer, data: { value: host.value } });
      const name = stringAt(resource, 'name');
      if (name && name.value === '*')
        ctx.report({ messageId: 'wildcard', pointer: name.pointer, data: { field: 'name', what: 'resource' } });
      const type = stringAt(resource, 'resourceType')?.value;
      const operation = stringAt(access, 'operation');
      const allowed = type === undefined ? undefined : OPERATIONS_BY_RESOURCE[type];
      if (allowed && operation && operation.value.startsWith('ACL_OPERATION_')) {
        const op = operation.value.slice('ACL_OPERATION_'.length);
        if (op !== 'ANY' && op !== 'UNSPECIFIED' && !allowed.includes(op)) {
          ctx.report({
            messageId: 'operation',
            pointer: operation.pointer,
            data: {
              operation: operation.value,
              resource: type!,
              allowed: ['ANY', ...allowed].map((o) => `ACL_OPERATION_${o}`).join(', '),
            },
          });
        }
      }
    }
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
