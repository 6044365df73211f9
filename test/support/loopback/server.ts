/**
 * A loopback admin server that behaves like the real one, for tests and `npm run demo:client`:
 * connect-node's router serves both RPCs on 127.0.0.1 and a random port, behind the real server's
 * HTTP layer (server.cc `rpc_handler`): authentication first, an exact `Content-Type`, a 10 MiB
 * body limit, then decoding with the server's rules ("invalid request input" on any failure).
 * It records every request it receives, so tests can prove that nothing was sent.
 */
import { fromJson, type DescMessage, type JsonObject } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createConnectRouter, createContextKey, createContextValues } from '@connectrpc/connect';
import { universalRequestFromNodeRequest, universalResponseToNodeResponse } from '@connectrpc/connect-node';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { JSON_METHODS, PROTO_METHODS } from '../../../src/client/methods';
import type { GetBrokerRequest } from '../../../src/client/gen/svc/core/admin/v2/broker_pb';
import type { CreateShadowLinkRequest } from '../../../src/client/gen/svc/core/admin/v2/shadow_link_pb';
import { METHOD_NAMES, METHODS, type MethodName } from '../../../src/model/methods';
import { decodeBody, DecodeError } from './decode';
import { encodeMessage } from './encode';
import { Cluster, type ClusterOptions } from './service';

/** One request as the server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The body exactly as received. */
  body: string;
}

/** Options of the loopback server. */
export interface LoopbackOptions extends ClusterOptions {
  /** Credentials every call must carry; none: no authentication. */
  auth?: { username: string; password: string } | { token: string };
  /** Serve HTTPS with this key and certificate; `ca` and `requireClientCert` ask for a client certificate. */
  tls?: { key: string; cert: string; ca?: string; requireClientCert?: boolean };
  /** Origins allowed by CORS (for browser tests). */
  allowOrigins?: readonly string[];
  /** GetBroker answers `unavailable` this many times before it answers. */
  unavailableTimes?: number;
  /** Waits this long before handling each request (for timeouts). */
  delayMs?: number;
  /** Answers every call with this error instead (e.g. `cancelled`, as a proxied error is relayed). */
  failWith?: { code: string; message: string; status: number; details?: unknown[] };
  /** Refuses every call with a message that quotes the whole body (a server that echoes what it was sent). */
  echoBodyInError?: boolean;
  /** Changes a successful answer before it is written (to test the client's checks of answers). */
  transformResponse?: (method: MethodName, json: JsonObject) => JsonObject;
}

/** A running loopback server. */
export interface Loopback {
  /** `http(s)://127.0.0.1:<port>` */
  url: string;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  cluster: Cluster;
  close(): Promise<void>;
}

const MAX_BODY = 10 * 1024 * 1024;
const decodedKey = createContextKey<unknown>(undefined, { description: 'decoded request' });

function writeError(res: ServerResponse, status: number, code: string, message: string, details?: unknown[]): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code, message, ...(details ? { details } : {}) }));
}

function authorized(req: IncomingMessage, auth: LoopbackOptions['auth']): boolean {
  if (!auth) return true;
  const header = req.headers.authorization ?? '';
  if ('token' in auth) return header === `Bearer ${auth.token}`;
  const expected = Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64');
  return header === `Basic ${expected}`;
}

/** Starts a loopback server on 127.0.0.1 and a random port. */
export async function startLoopback(options: LoopbackOptions = {}): Promise<Loopback> {
  const cluster = new Cluster(options);
  const requests: ReceivedRequest[] = [];
  let unavailable = options.unavailableTimes ?? 0;
  /** The JSON the server writes for a response message, as the Struct the Connect handler returns. */
  const answer = (method: MethodName, desc: DescMessage, msg: Parameters<typeof encodeMessage>[1]) => {
    const json = encodeMessage(desc, msg) as JsonObject;
    return fromJson(StructSchema, options.transformResponse ? options.transformResponse(method, json) : json);
  };
  /** What the cluster does for each method of the method table, on the decoded request. */
  const serve: Record<MethodName, (decoded: unknown) => Parameters<typeof encodeMessage>[1]> = {
    CreateShadowLink: (decoded) => cluster.createShadowLink(decoded as CreateShadowLinkRequest),
    GetBroker: (decoded) => {
      if (unavailable > 0) {
        unavailable--;
        throw new ConnectError('Service unavailable', Code.Unavailable);
      }
      return cluster.getBroker(decoded as GetBrokerRequest);
    },
  };
  const router = createConnectRouter({ grpc: false, grpcWeb: false });
  for (const name of METHOD_NAMES)
    router.rpc(JSON_METHODS[name], (_req, ctx) =>
      answer(name, PROTO_METHODS[name].output, serve[name](ctx.values.get(decodedKey))),
    );
  const handlers = new Map(router.handlers.map((h) => [h.requestPath, h]));
  const requestSchemas = new Map<string, DescMessage>(
    METHOD_NAMES.map((name) => [METHODS[name].path, PROTO_METHODS[name].input]),
  );

  const cors = (req: IncomingMessage, res: ServerResponse): boolean => {
    const origin = req.headers.origin;
    if (!origin || !options.allowOrigins?.includes(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Type');
    return true;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'OPTIONS') {
      if (cors(req, res)) {
        res.setHeader('Access-Control-Allow-Methods', 'POST');
        res.setHeader(
          'Access-Control-Allow-Headers',
          'Content-Type, Connect-Protocol-Version, Connect-Timeout-Ms, Authorization',
        );
        res.setHeader('Access-Control-Max-Age', '600');
        res.writeHead(204).end();
      } else res.writeHead(403).end();
      return;
    }
    cors(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const handler = handlers.get(path);
    const schema = requestSchemas.get(path);
    if (req.method !== 'POST' || !handler || !schema) return writeError(res, 404, 'not_found', 'Not found');
    if (!authorized(req, options.auth)) return writeError(res, 401, 'unauthenticated', 'Unauthenticated');
    if (options.failWith)
      return writeError(
        res,
        options.failWith.status,
        options.failWith.code,
        options.failWith.message,
        options.failWith.details,
      );
    const ct = req.headers['content-type'] ?? '';
    if (ct !== 'application/proto' && ct !== 'application/json')
      return writeError(
        res,
        501,
        'unimplemented',
        `Only application/proto and application/json Content-Type is supported, got: ${ct}`,
      );
    if (tooLarge) return writeError(res, 400, 'invalid_argument', 'request too large');
    if (options.echoBodyInError)
      return writeError(res, 400, 'invalid_argument', `Invalid cluster link configuration: ${body}`);
    let decoded: unknown;
    try {
      decoded = decodeBody(schema, body);
    } catch (error) {
      if (error instanceof DecodeError) return writeError(res, 400, 'invalid_argument', 'invalid request input');
      throw error;
    }
    // The body decoded: connect-node's handler runs the RPC on the parsed JSON and writes the answer.
    const values = createContextValues().set(decodedKey, decoded);
    const uReq = universalRequestFromNodeRequest(req, res, JSON.parse(body) as JsonObject, values);
    await universalResponseToNodeResponse(await handler(uReq), res);
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) writeError(res, 500, 'internal', 'Internal error');
      else res.destroy();
    });
  };
  const server: Server = options.tls
    ? createHttpsServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          requestCert: options.tls.requireClientCert ?? false,
          rejectUnauthorized: options.tls.requireClientCert ?? false,
        },
        listener,
      )
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    cluster,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
