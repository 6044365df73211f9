/** GetBroker request and response. */
import type { Static } from '@sinclair/typebox';
import { int32, opt, strictObject, Type } from './primitives';

/** One RPC route served by a broker's admin server. */
export const Route = strictObject(
  {
    httpRoute: opt(
      Type.String({
        description: 'HTTP path of the RPC method, `/<package>.<Service>/<Method>`.',
        examples: ['/svc.core.admin.v2.BrokerService/GetBroker'],
      }),
    ),
    name: opt(
      Type.String({
        description: 'Dotted method name, `<package>.<Service>.<Method>`.',
        examples: ['svc.core.admin.v2.BrokerService.GetBroker'],
      }),
    ),
  },
  { $id: 'Route', title: 'Route', description: 'An RPC route on the admin server.' },
);
/** One RPC route served by a broker's admin server. */
export type Route = Static<typeof Route>;

/** The broker's admin server. */
export const AdminServer = strictObject(
  { routes: opt(Type.Array(Route, { description: 'All RPC routes on this admin server.' })) },
  { $id: 'AdminServer', title: 'Admin server', description: 'The admin server of the broker (GetBroker only).' },
);
/** The broker's admin server. */
export type AdminServer = Static<typeof AdminServer>;

/** Build information of the broker. */
export const BuildInfo = strictObject(
  {
    buildSha: opt(Type.String({ description: 'Git commit SHA of the build (hex).' })),
    version: opt(
      Type.String({
        description: 'Version, `v<major>.<minor>.<patch>` with an optional `-suffix`.',
        examples: ['v26.1.3'],
      }),
    ),
  },
  { $id: 'BuildInfo', title: 'Build information', description: 'Build information of the broker (GetBroker only).' },
);
/** Build information of the broker. */
export type BuildInfo = Static<typeof BuildInfo>;

/** A broker as GetBroker returns it. */
export const Broker = strictObject(
  {
    nodeId: opt(int32({ description: 'Node ID of the broker.' })),
    adminServer: opt(AdminServer),
    buildInfo: opt(BuildInfo),
  },
  { $id: 'Broker', title: 'Broker', description: 'A broker: node ID, build information and admin routes.' },
);
/** A broker as GetBroker returns it. */
export type Broker = Static<typeof Broker>;

/** Body of a GetBroker request. */
export const GetBrokerRequest = strictObject(
  {
    nodeId: opt(
      int32({
        description:
          'Node ID of the broker to describe. Unset or -1: the broker answering the request. `null` is refused by the server.',
      }),
    ),
  },
  {
    $id: 'GetBrokerRequest',
    title: 'GetBroker request',
    description: 'POST body of `/svc.core.admin.v2.BrokerService/GetBroker`.',
  },
);
/** Body of a GetBroker request. */
export type GetBrokerRequest = Static<typeof GetBrokerRequest>;

/** Body of a successful GetBroker response. */
export const GetBrokerResponse = strictObject(
  { broker: Broker },
  { $id: 'GetBrokerResponse', title: 'GetBroker response', description: 'The 200 response of GetBroker.' },
);
/** Body of a successful GetBroker response. */
export type GetBrokerResponse = Static<typeof GetBrokerResponse>;
