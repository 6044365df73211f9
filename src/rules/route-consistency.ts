import { defineRule } from '../rule-api/types';
import { boundedMemo } from '../util/memo';
import { own } from '../util/pointer';

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

/** Names whose primary route is well-formed: an entry with such a name may carry an alternative route. */
function primaryNames(list: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const route = own(list[i], 'httpRoute');
    const name = own(list[i], 'name');
    if (typeof route !== 'string' || typeof name !== 'string') continue;
    const allowed = routeNames(route);
    if (allowed && (name === allowed.short || name === allowed.full)) names.add(name);
  }
  return names;
}

/** The pointer of a field of route `index`, for reports. */
const routeField = (index: number, field: string): string => `/broker/adminServer/routes/${index}/${field}`;

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
    const list = own(own(own(ctx.doc, 'broker'), 'adminServer'), 'routes');
    if (!Array.isArray(list)) return;
    // Built only when a route is malformed: whether its name makes it an alternative route.
    let names: Set<string> | undefined;
    const seen = new Map<string, number>();
    for (let index = 0; index < list.length; index++) {
      const entry: unknown = list[index];
      const route = own(entry, 'httpRoute');
      if (typeof route !== 'string') continue;
      const nameValue = own(entry, 'name');
      const name = typeof nameValue === 'string' ? nameValue : undefined;
      const first = seen.get(route);
      if (first !== undefined)
        ctx.report({ messageId: 'duplicate', pointer: routeField(index, 'httpRoute'), data: { route, first } });
      else seen.set(route, index);
      const allowed = routeNames(route);
      if (!allowed) {
        const alternative = route.startsWith('/') && name !== undefined && (names ??= primaryNames(list)).has(name);
        if (!alternative) ctx.report({ messageId: 'shape', pointer: routeField(index, 'httpRoute'), data: { route } });
        continue;
      }
      const { short, full } = allowed;
      if (name !== undefined && name !== short && name !== full)
        ctx.report({ messageId: 'mismatch', pointer: routeField(index, 'name'), data: { route, name, short, full } });
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
