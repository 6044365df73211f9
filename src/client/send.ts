/** The transport stage: one JSON body to one method, every failure an `AdminApiError` with secrets masked. */
import type { Transport } from '@connectrpc/connect';
import type { JsonObject } from '@bufbuild/protobuf';
import { authHeaders, type Auth } from './auth';
import { toAdminApiError, type AdminMethod } from './errors';
import { fromStruct, JSON_METHODS, toStruct } from './methods';
import { checkPositiveInt, type CallOptions } from './options';

/** Sends a linted request body to a method and returns the JSON object the server answered; `secrets` (the credentials' too) are masked in any error. */
export type Send = (
  method: AdminMethod,
  body: JsonObject,
  secrets: readonly string[],
  call: CallOptions | undefined,
) => Promise<JsonObject>;

/** A `Send` over `transport` with the credentials' headers and the client's time limit. */
export function sender(transport: Transport, auth: Auth | undefined, timeoutMs: number): Send {
  const headers = authHeaders(auth);
  return async (method, body, secrets, call) => {
    let message;
    try {
      message = toStruct(body);
    } catch (error) {
      throw new TypeError(`${method}: the request cannot be sent as JSON (${(error as Error).message}).`);
    }
    try {
      const response = await transport.unary(
        JSON_METHODS[method],
        call?.signal,
        checkPositiveInt(call?.timeoutMs, `${method}: "timeoutMs"`) ?? timeoutMs,
        headers,
        message,
      );
      return fromStruct(response.message);
    } catch (error) {
      throw toAdminApiError(error, method, secrets);
    }
  };
}
