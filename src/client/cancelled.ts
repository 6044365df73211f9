/**
 * The admin server spells one Connect code `cancelled` (and answers it with HTTP 422), where the
 * protocol says `canceled`. Error bodies are respelled before connect-es reads them, so that the
 * error's code is `Code.Canceled` rather than `Code.Unknown`.
 */

/** HTTP status the server uses for `cancelled`. */
export const CANCELLED_STATUS = 422;

/** The error body with `"code":"cancelled"` respelled `"canceled"`; any other body unchanged. */
export function respellCancelled(body: Uint8Array): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { code?: unknown }).code !== 'cancelled') return body;
  return new TextEncoder().encode(JSON.stringify({ ...parsed, code: 'canceled' }));
}
