/**
 * The API methods of the method table (src/model/methods.ts) as Connect methods whose messages
 * are plain JSON objects.
 *
 * Each row is matched with the descriptor protoc-gen-es generated from proto/ by service and
 * method name, so that the table and the protos cannot disagree on a path. Input and output are
 * `google.protobuf.Struct`, whose ProtoJSON form is any JSON object: the body sent is exactly the
 * document that was linted (after `toWire`), and the body received is exactly what the server
 * wrote, for the linter to check.
 */
import { fromJson, toJson, type DescMethodUnary, type DescService, type JsonObject } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import { METHOD_NAMES, METHODS, type MethodName } from '../model/methods';
import { BrokerService } from './gen/svc/core/admin/v2/broker_pb';
import { ShadowLinkService } from './gen/svc/core/admin/v2/shadow_link_pb';

/** A unary method of the Admin API carrying JSON objects. */
export type JsonMethod = DescMethodUnary<typeof StructSchema, typeof StructSchema>;

/** The generated services; a method of the table that none of them has fails here, at load. */
const SERVICES: readonly DescService[] = [BrokerService, ShadowLinkService];

function generated(name: MethodName): DescMethodUnary {
  const row = METHODS[name];
  const found = SERVICES.find((s) => s.typeName === row.service)?.methods.find((m) => m.name === row.name);
  if (!found || found.methodKind !== 'unary') throw new Error(`${row.path}: no unary method generated from proto/`);
  return found as DescMethodUnary;
}

const byName = <T>(f: (name: MethodName) => T): Readonly<Record<MethodName, T>> =>
  Object.freeze(Object.fromEntries(METHOD_NAMES.map((n) => [n, f(n)])) as Record<MethodName, T>);

/** Each method as generated, with its typed request and response messages (the loopback server decodes with them). */
export const PROTO_METHODS = byName(generated);

/** Each method as the client sends it: the generated method with Struct messages. */
export const JSON_METHODS = byName(
  (n): JsonMethod => Object.freeze({ ...PROTO_METHODS[n], input: StructSchema, output: StructSchema }) as JsonMethod,
);

/** A JSON object as the Struct message the transport serialises. */
export const toStruct = (value: JsonObject) => fromJson(StructSchema, value);

/** The Struct message a transport parsed, back as the JSON object the server wrote. */
export const fromStruct = (message: Parameters<typeof toJson<typeof StructSchema>>[1]): JsonObject =>
  toJson(StructSchema, message) as JsonObject;
