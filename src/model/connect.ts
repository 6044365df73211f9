/** The Connect protocol's error body and request headers. */
import type { Static } from '@sinclair/typebox';
import { ConnectErrorCode } from './enums';
import { enumField, formatted, opt, strictObject, Type } from './primitives';

/** One entry of `details` in a Connect error. */
export const ConnectErrorDetail = strictObject(
  {
    type: opt(
      Type.String({ description: 'Fully qualified type of the serialized message, e.g. `google.rpc.ErrorInfo`.' }),
    ),
    value: opt(
      formatted('base64', {
        description: 'The serialized Protobuf message, standard base64, padded or not (Connect emits it unpadded).',
      }),
    ),
    debug: opt(
      Type.Object(
        {},
        { additionalProperties: true, description: 'The message as JSON, for debugging. Any properties.' },
      ),
    ),
  },
  {
    $id: 'ConnectErrorDetail',
    title: 'Connect error detail',
    description: 'A typed detail attached to a Connect error. Other keys are allowed.',
    additionalProperties: true,
  },
);
/** One entry of `details` in a Connect error. */
export type ConnectErrorDetail = Static<typeof ConnectErrorDetail>;

/** The JSON body of every non-200 response. */
export const ConnectError = strictObject(
  {
    code: enumField(ConnectErrorCode, 'Error code: the lowercase name of a standard RPC status code.'),
    message: opt(Type.String({ description: 'Developer-facing message in English.' })),
    details: opt(Type.Array(ConnectErrorDetail, { description: 'Typed details; any number.' })),
  },
  {
    $id: 'ConnectError',
    title: 'Connect error',
    description: 'The body of a non-200 Admin API response. Other keys are allowed.',
    additionalProperties: true,
  },
);
/** The JSON body of every non-200 response. */
export type ConnectError = Static<typeof ConnectError>;

/** Request headers every Admin API call carries (names are case-insensitive on the wire). */
export const ConnectRequestHeaders = Type.Object(
  {
    'Connect-Protocol-Version': Type.String({ pattern: '^1$', description: 'Connect protocol version: always `1`.' }),
    'Connect-Timeout-Ms': opt(
      Type.String({
        pattern: '^[1-9][0-9]{0,9}$',
        description: 'Per-call timeout in milliseconds: a positive integer of at most 10 digits.',
      }),
    ),
    'Content-Type': opt(
      Type.Literal('application/json', { description: 'Exactly `application/json` (a charset suffix is refused).' }),
    ),
  },
  {
    $id: 'ConnectRequestHeaders',
    title: 'Connect request headers',
    description: 'Headers of an Admin API request. Other headers are allowed.',
    additionalProperties: Type.String(),
  },
);
/** Request headers every Admin API call carries. */
export type ConnectRequestHeaders = Static<typeof ConnectRequestHeaders>;
