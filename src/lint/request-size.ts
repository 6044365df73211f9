/**
 * The server's limit on a request body: the Admin API refuses a body over 10 MiB with "request
 * too large" (src/v/redpanda/admin/server.cc, `extract_payload`), before reading it.
 */
import type { Diagnostic } from '../core/diagnostics';
import { canonicalize } from '../decode/decode';
import type { DocumentKind } from '../model/kinds';
import { utf8Length } from '../rule-api/helpers';
import type { ParsedSource } from '../source/types';
import { isObject } from '../util/pointer';

/** The largest body the Admin API reads: 10 MiB. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/**
 * No character written becomes more than this many bytes of the JSON sent: an enum written as a
 * one-digit number becomes its name (at most 31 characters with quotes), everything else grows
 * less. Below `MAX_REQUEST_BYTES / MAX_GROWTH` characters, a document without aliases cannot be
 * too large, and its body is never built.
 */
const MAX_GROWTH = 32;

/** Whether a document's body may be over the limit: a large text, or YAML aliases (which repeat what they name). */
export function mayExceedRequestLimit(text: string, source: ParsedSource): boolean {
  return text.length * MAX_GROWTH > MAX_REQUEST_BYTES || source.aliases === true;
}

/** The request a document is sent as: a ShadowLink is wrapped into a CreateShadowLink request. */
const REQUEST_OF: Partial<Record<DocumentKind, { kind: DocumentKind; wrap?: string }>> = {
  CreateShadowLinkRequest: { kind: 'CreateShadowLinkRequest' },
  ShadowLink: { kind: 'ShadowLink', wrap: 'shadowLink' },
  GetBrokerRequest: { kind: 'GetBrokerRequest' },
};

/**
 * The size in bytes of the JSON body the client sends for a document of a request kind (the
 * document as the server reads it, without `$schema`; placeholders as written), or undefined for
 * other kinds.
 */
export function requestBodyBytes(kind: DocumentKind, value: unknown): number | undefined {
  const request = REQUEST_OF[kind];
  if (!request) return undefined;
  let body = value;
  if (isObject(body) && typeof body['$schema'] === 'string') {
    const { $schema: _editorOnly, ...rest } = body;
    body = rest;
  }
  body = canonicalize(request.kind, body);
  if (request.wrap) body = { [request.wrap]: body };
  return utf8Length(JSON.stringify(body) ?? '');
}

/** The finding for a body over the limit; `how` says what was measured (for an rpk file, the request rpk builds). */
export function requestTooLarge(bytes: number, how: string): Diagnostic {
  const mib = (bytes / 1024 / 1024).toFixed(1);
  return {
    code: 'parse/request-too-large',
    severity: 'error',
    pointer: '',
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    message: `${how} is ${mib} MiB (${bytes.toLocaleString('en-US')} bytes) as JSON; the server refuses a request body over 10 MiB ("request too large"). Shorten it: name filters by prefix instead of listing each topic or group.`,
  };
}
