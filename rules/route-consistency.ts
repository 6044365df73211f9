import { defineRule } from '../src/engine/types';
import { itemsAt, objectAt, stringAt } from '../src/engine/helpers';

const HTTP_ROUTE = /^\/([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)\.([A-Za-z_]\w*)\/([A-Za-z_]\w*)$/;

/** Admin routes are well-formed and agree with their names. */
export default defineRule({
  id: 'route-consistency',
  severity: 'error',
  kinds: ['GetBrokerResponse'],
  docs: {
    description:
      "Each route's `httpRoute` is `/<package>.<Service>/<Method>` and matches its `name` `<package>.<Service>.<Method>`; a route is listed once.",
    rationale:
      'Clients build request URLs from `httpRoute`; a route that disagrees with its name, or is malformed, sends calls to a path that does not exist. A duplicate route is harmless but shows a broken registry (warning).',
  },
  messages: {
    shape: 'httpRoute "{route}" is not of the form /<package>.<Service>/<Method>.',
    mismatch: 'httpRoute "{route}" does not agree with name "{name}" (expected name "{expected}").',
    duplicate: { text: 'Route "{route}" is listed more than once (first at index {first}).', severity: 'warning' },
  },
  check(ctx) {
    const routes = itemsAt(objectAt({ value: ctx.doc, pointer: '' }, 'broker', 'adminServer'), 'routes');
    const seen = new Map<string, number>();
    for (const [i, r] of routes.entries()) {
      const route = stringAt(r, 'httpRoute');
      if (!route) continue;
      const first = seen.get(route.value);
      if (first !== undefined)
        ctx.report({ messageId: 'duplicate', pointer: route.pointer, data: { route: route.value, first } });
      else seen.set(route.value, i);
      const m = HTTP_ROUTE.exec(route.value);
      if (!m) {
        ctx.report({ messageId: 'shape', pointer: route.pointer, data: { route: route.value } });
        continue;
      }
      const expected = `${m[1]}.${m[2]}.${m[3]}`;
      const name = stringAt(r, 'name');
      if (name && name.value !== expected)
        ctx.report({
          messageId: 'mismatch',
          pointer: name.pointer,
          data: { route: route.value, name: name.value, expected },
        });
    }
  },
  examples: {
    valid: [
      {
        doc: {
          broker: {
            adminServer: {
              routes: [
                {
                  httpRoute: '/svc.core.admin.v2.BrokerService/GetBroker',
                  name: 'svc.core.admin.v2.BrokerService.GetBroker',
                },
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
                {
                  httpRoute: '/svc.core.admin.v2.BrokerService/GetBroker',
                  name: 'svc.core.admin.v2.BrokerService.ListBrokers',
                },
                {
                  httpRoute: 'svc.core.admin.v2.BrokerService.GetBroker',
                  name: 'svc.core.admin.v2.BrokerService.GetBroker',
                },
                {
                  httpRoute: '/svc.core.admin.v2.BrokerService/GetBroker',
                  name: 'svc.core.admin.v2.BrokerService.GetBroker',
                },
              ],
            },
          },
        },
        errors: [
          { messageId: 'mismatch', pointer: '/broker/adminServer/routes/0/name' },
          { messageId: 'shape', pointer: '/broker/adminServer/routes/1/httpRoute' },
          { messageId: 'duplicate', pointer: '/broker/adminServer/routes/2/httpRoute' },
        ],
      },
    ],
  },
});
