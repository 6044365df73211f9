/**
 * The one limit on an answer's size. Both transports hold every body to it with connect-es's
 * `readMaxBytes`: connect-node checks the bytes received (and a Content-Length above it before
 * reading) and the size after gzip or brotli decompression (zlib's `maxOutputLength`, so a bomb
 * stops there); in browsers fetch decompresses, and `readFetchBody` holds the decompressed bytes to
 * it. Past the limit the call fails with `resource_exhausted`, which `toAdminApiError` names.
 */
import { readAllBytes } from '@connectrpc/connect/protocol';

/**
 * 16 MiB: an answer is the request as the server stored it plus its status (the server takes
 * requests of at most 10 MiB, server.cc `max_request_size`) or a short error, so a correct answer
 * fits well within it, while a runaway or hostile one is stopped long before it costs memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** The chunks of a fetch body; stopping early cancels the stream, so that the rest is never read. */
async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A fetch answer's body, decompressed as fetch delivers it, read up to `maxBytes` (null: no body). */
export async function readFetchBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  // No length hint: fetch's Content-Length counts the compressed bytes.
  return body ? readAllBytes(chunks(body), maxBytes) : null;
}
