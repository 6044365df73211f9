/**
 * The server's limit on a request body: the Admin API refuses a body over 10 MiB with "request
 * too large" (src/v/redpanda/admin/server.cc, `extract_payload`), before reading it.
 */
import type { Diagnostic } from '../core/diagnostics';
import { canonicalize, withoutSchemaKey } from '../decode/decode';
import { kindOf, type DocumentKind } from '../model/kinds';
import { METHODS } from '../model/methods';
import { utf8Length } from '../rule-api/helpers';
import type { ParsedSource } from '../source/types';

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

/**
 * The size in bytes of the JSON body the client sends for a document of a request kind (the
 * document as the server reads it, without `$schema`; placeholders as written; a link alone wrapped
 * into its method's request), or undefined for other kinds.
 */
export function requestBodyBytes(kind: DocumentKind, value: unknown): number | undefined {
  const descriptor = kindOf(kind);
  if (descriptor.role !== 'request' || descriptor.method === undefined) return undefined;
  let body = canonicalize(kind, withoutSchemaKey(value));
  const requestKind = METHODS[descriptor.method].request;
  const wrap = requestKind === kind ? undefined : kindOf(requestKind).link?.pointer.slice(1);
  if (wrap) body = { [wrap]: body };
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
