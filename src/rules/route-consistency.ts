import { defineRule } from '../rule-api/types';
import { itemsAt, objectAt, stringAt, type Located } from '../rule-api/helpers';
import { boundedMemo } from '../util/memo';

/** `/<package>.<Service>/<Method>`: the Connect route every method has. */
const HTTP_ROUTE = /^\/([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.([A-Za-z_]\w*)\/([A-Za-z_]\w*)$/;

/** The names a well-formed route allows: `<Service>.<Method>` and `<package>.<Service>.<Method>`. */
interface RouteNames {
  readonly short: string;
  readonly full: string;
}

/**
 * The names a route allows, or null when it is not `/<package>.<Service>/<Method>`; remembered per
 * process for up to 512 routes of up to 256 characters (a server lists the same few dozen in every response).
 */
const routeNames = boundedMemo(
  (route): RouteNames | null => {
    const m = HTTP_ROUTE.exec(route);
    return m ? { short: `${m[2]}.${m[3]}`, full: `${m[1]}.${m[2]}.${m[3]}` } : null;
  },
  512,
  256,
);

const routes = (services: string[]) => ({
  broker: {
    adminServer: {
      routes: services.flatMap((s) => {
        const [service, method] = s.split('.') as [string, string];
        return [{ name: `${service}.${method}`, httpRoute: `/svc.core.admin.v2.${service}/${method}` }];
      }),
    },
  },
});

/** Admin routes are well-formed and agree with their names. */
export default defineRule({
  id: 'route-consistency',
  severity: 'error',
  appliesTo: 'get-broker-response',
  docs: {
    description:
      "Each route's `httpRoute` is `/<package>.<Service>/<Method>` and its `name` is `<Service>.<Method>` (as the server writes it) or `<package>.<Service>.<Method>`; a method may also have an alternative route, listed as a second entry with the same name. A route listed twice is a warning.",
    rationale:
      'Clients build request URLs from `httpRoute`; a route that disagrees with its name, or is malformed, sends calls to a path that does not exist. The server writes `name` with the short service name — `BrokerService.GetBroker` for `/svc.core.admin.v2.BrokerService/GetBroker` (bazel/pbgen/main.go `all_routes` sets `service_name` to the short name, and src/v/redpanda/admin/services/broker.cc joins it with the method) — although the .proto comment and the spec describe the fully qualified form; both are accepted. A method with an `http_route` option gets a second, alternative route with the same name and any path. A duplicate route is harmless but shows a broken registry (warning).',
  },
  messages: {
    shape:
      'httpRoute "{route}" is neither `/<package>.<Service>/<Method>` nor an alternative route of a method listed with that route.',
    mismatch: 'httpRoute "{route}" does not agree with name "{name}" (expected "{short}" or "{full}").',
    duplicate: { text: 'Route "{route}" is listed more than once (first at index {first}).', severity: 'warning' },
  },
  check(ctx) {
    const list = itemsAt(objectAt({ value: ctx.doc, pointer: '' }, 'broker', 'adminServer'), 'routes');
    // Names whose primary route is well-formed: an entry with such a name may carry an alternative route.
    const primaryNames = new Set<string>();
    const parsed: {
      index: number;
      route: Located<string>;
      name: Located<string> | undefined;
      allowed: RouteNames | null;
    }[] = [];
    for (const [index, r] of list.entries()) {
      const route = stringAt(r, 'httpRoute');
      if (!route) continue;
      const name = stringAt(r, 'name');
      const allowed = routeNames(route.value);
      if (allowed && name && (name.value === allowed.short || name.value === allowed.full))
        primaryNames.add(name.value);
      parsed.push({ index, route, name, allowed });
    }
    const seen = new Map<string, number>();
    for (const { index, route, name, allowed } of parsed) {
      const first = seen.get(route.value);
      if (first !== undefined)
        ctx.report({ messageId: 'duplicate', pointer: route.pointer, data: { route: route.value, first } });
      else seen.set(route.value, index);
      if (!allowed) {
        const alternative = route.value.startsWith('/') && name !== undefined && primaryNames.has(name.value);
        if (!alternative) ctx.report({ messageId: 'shape', pointer: route.pointer, data: { route: route.value } });
        continue;
      }
      const { short, full } = allowed;
      if (name && name.value !== short && name.value !== full)
        ctx.report({
          messageId: 'mismatch',
          pointer: name.pointer,
          data: { route: route.value, name: name.value, short, full },
        });
    }
  },
  examples: {
    valid: [
      {
        title: 'as the server writes it',
        doc: routes(['BrokerService.GetBroker', 'ShadowLinkService.CreateShadowLink']),
      },
      {
        title: 'the fully qualified name, and an alternative route',
        doc: {
          broker: {
            adminServer: {
              routes: [
                {
                  httpRoute: '/svc.core.admin.v2.BrokerService/GetBroker',
                  name: 'svc.core.admin.v2.BrokerService.GetBroker',
                },
                { httpRoute: '/api/v2/broker', name: 'svc.core.admin.v2.BrokerService.GetBroker' },
              ],
            },
          },
        },
      },
    ],
    invalid: [
      {
        doc: {
          broker: {
            adminServer: {
              routes: [
                { httpRoute: '/svc.core.admin.v2.BrokerService/GetBroker', name: 'BrokerService.ListBrokers' },
                { httpRoute: 'svc.core.admin.v2.BrokerService.GetBroker', name: 'BrokerService.GetBroker' },
                { httpRoute: '/svc.core.admin.v2.BrokerService/GetBroker', name: 'BrokerService.GetBroker' },
                { httpRoute: '/api/v2/shadow-links', name: 'ShadowLinkService.CreateShadowLink' },
              ],
            },
          },
        },
        errors: [
          { messageId: 'mismatch', pointer: '/broker/adminServer/routes/0/name' },
          { messageId: 'shape', pointer: '/broker/adminServer/routes/1/httpRoute' },
          { messageId: 'duplicate', pointer: '/broker/adminServer/routes/2/httpRoute' },
          { messageId: 'shape', pointer: '/broker/adminServer/routes/3/httpRoute' },
        ],
      },
    ],
  },
});
