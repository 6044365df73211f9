/**
 * The two RPCs as Connect methods whose messages are plain JSON objects.
 *
 * The service and method names, the URL path and the idempotency come from the descriptors
 * that protoc-gen-es generated from proto/. Input and output are `google.protobuf.Struct`, whose
 * ProtoJSON form is any JSON object: the body sent is exactly the document that was linted (after
 * `toWire`), and the body received is exactly what the server wrote, for the linter to check.
 */
import { fromJson, toJson, type DescMethodUnary, type JsonObject } from '@bufbuild/protobuf';
import { StructSchema } from '@bufbuild/protobuf/wkt';
import { BrokerService } from './gen/svc/core/admin/v2/broker_pb';
import { ShadowLinkService } from './gen/svc/core/admin/v2/shadow_link_pb';

/** A unary method of the Admin API carrying JSON objects. */
export type JsonMethod = DescMethodUnary<typeof StructSchema, typeof StructSchema>;

const asJson = (method: DescMethodUnary): JsonMethod =>
  Object.freeze({ ...method, input: StructSchema, output: StructSchema }) as JsonMethod;

/** `POST /svc.core.admin.v2.BrokerService/GetBroker`. */
export const getBrokerMethod = asJson(BrokerService.method.getBroker);

/** `POST /svc.core.admin.v2.ShadowLinkService/CreateShadowLink`. */
export const createShadowLinkMethod = asJson(ShadowLinkService.method.createShadowLink);

/** The URL path of a method: `/<package>.<Service>/<Method>`. */
export const methodPath = (m: JsonMethod): string => `/${m.parent.typeName}/${m.name}`;

/** A JSON object as the Struct message the transport serialises. */
export const toStruct = (value: JsonObject) => fromJson(StructSchema, value);

/** The Struct message a transport parsed, back as the JSON object the server wrote. */
export const fromStruct = (message: Parameters<typeof toJson<typeof StructSchema>>[1]): JsonObject =>
  toJson(StructSchema, message) as JsonObject;
