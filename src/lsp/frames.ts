/**
 * The guard between the client's byte stream and the protocol library: it passes on only
 * well-framed JSON-RPC messages and answers everything else as JSON-RPC says — a frame that cannot
 * be read or JSON that does not parse with ParseError (-32700), JSON that is not a message with
 * InvalidRequest (-32600), a request naming a text document by something that is not a usable URI
 * with InvalidParams (-32602) — then reads on from the next frame. The library itself stops reading
 * at a bad header and quotes bad messages, document text included, in its log; this never does.
 */
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** JSON-RPC's error codes for what the guard refuses. */
const FRAME_ERRORS = { parseError: -32700, invalidRequest: -32600, invalidParams: -32602 } as const;

/** What the guard refused: a line for the client's log, and the error response to send, if any. */
export interface FrameProblem {
  log: string;
  reply?: { id: string | number | null; code: number; message: string };
}

// A frame beyond this is refused rather than awaited (the CLI reads no file larger either).
const MAX_FRAME = 256 * 1024 * 1024;
// A header block longer than this is not one.
const MAX_HEADER = 8 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n', 'latin1');
const CONTENT_LENGTH = /content-length:/i;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a message is refused (and how), or undefined when it is a JSON-RPC message the server may handle. */
export function checkMessage(message: unknown): FrameProblem | undefined {
  const invalid = (id: unknown, why: string): FrameProblem => ({
    log: `Refused a message that is not a JSON-RPC 2.0 message: ${why}.`,
    reply: { id: isId(id) ? id : null, code: FRAME_ERRORS.invalidRequest, message: `Invalid request: ${why}.` },
  });
  if (!isRecord(message)) return invalid(null, Array.isArray(message) ? 'a batch (LSP has none)' : 'not an object');
  const { id, method, params } = message;
  if (message['jsonrpc'] !== '2.0') return invalid(id, '"jsonrpc" is not "2.0"');
  if (method === undefined) {
    // A response to a request of the server's: a bad one is logged, never answered.
    const oneOf = 'result' in message !== 'error' in message;
    if ((isId(id) || id === null) && oneOf) return undefined;
    return { log: 'Dropped a response with no usable "id", or without exactly one of "result" and "error".' };
  }
  if (typeof method !== 'string') return invalid(id, '"method" is not a string');
  if (id !== undefined && !isId(id)) return invalid(null, '"id" is not a string or a number');
  if (params !== undefined && typeof params !== 'object') return invalid(id, '"params" is not an object or array');
  const name = method.slice(0, 100);
  const bad = (why: string): FrameProblem =>
    id === undefined
      ? { log: `Ignored the notification ${name}: ${why}.` }
      : {
          log: `Refused the request ${name}: ${why}.`,
          reply: { id, code: FRAME_ERRORS.invalidParams, message: `Invalid params: ${why}.` },
        };
  if (method === '$/cancelRequest' && !(isRecord(params) && isId(params['id'])))
    return bad('"params.id" is not a request id');
  if (method.startsWith('textDocument/')) {
    const document = isRecord(params) ? params['textDocument'] : undefined;
    const why = isRecord(document) ? uriProblem(document['uri']) : 'there is no "params.textDocument"';
    if (why) return bad(why);
  }
  return undefined;
}

/** Why a document URI cannot be used, or undefined. */
function uriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return '"textDocument.uri" is not a string';
  try {
    if (new URL(uri).protocol === 'file:') fileURLToPath(uri);
  } catch {
    return '"textDocument.uri" is not a URI this server can use (malformed, or a file: URI that names no local path)';
  }
  return undefined;
}

/**
 * Reads LSP frames from `input` and writes each acceptable message, framed again, to `output`
 * (the stream the protocol library reads); every refused frame or message goes to `report`.
 */
export function guardFrames(input: NodeJS.ReadableStream, report: (problem: FrameProblem) => void): PassThrough {
  const output = new PassThrough();
  // The bytes not yet read, as received: joined only when a header is looked for or a body is
  // complete, so that a large body arriving in many chunks is copied once.
  let chunks: Buffer[] = [];
  let size = 0;
  const joined = (): Buffer => {
    if (chunks.length !== 1) chunks = [Buffer.concat(chunks, size)];
    return chunks[0]!;
  };
  const keep = (rest: Buffer): void => {
    chunks = rest.length > 0 ? [rest] : [];
    size = rest.length;
  };
  let bodyLength = -1;
  // After a frame that could not be read: skipping to the next `Content-Length:`.
  let resyncing = false;

  const parseError = (log: string): void =>
    report({ log, reply: { id: null, code: FRAME_ERRORS.parseError, message: 'Parse error.' } });

  /** Drops bytes up to the next `Content-Length:`, keeping a tail that may be the start of one. */
  const resync = (): void => {
    const buffer = joined();
    const at = buffer.toString('latin1').search(CONTENT_LENGTH);
    if (at >= 0) {
      keep(buffer.subarray(at));
      resyncing = false;
    } else keep(buffer.subarray(Math.max(0, buffer.length - 15)));
  };

  const deliver = (body: Buffer): void => {
    let message: unknown;
    try {
      message = JSON.parse(utf8.decode(body));
    } catch {
      parseError('Refused a frame whose body is not UTF-8 JSON.');
      return;
    }
    const problem = checkMessage(message);
    if (problem) report(problem);
    else {
      output.write(`Content-Length: ${body.length}\r\n\r\n`, 'latin1');
      output.write(body);
    }
  };

  const drain = (): void => {
    for (;;) {
      if (resyncing) {
        resync();
        if (resyncing) return;
      }
      if (bodyLength < 0) {
        const buffer = joined();
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (buffer.length > MAX_HEADER) {
            parseError('Refused a frame whose header does not end (no blank line after it).');
            keep(buffer.subarray(MAX_HEADER - 15));
            resyncing = true;
            continue;
          }
          return;
        }
        const header = buffer.subarray(0, end).toString('latin1');
        keep(buffer.subarray(end + HEADER_END.length));
        const length = /^content-length:[ \t]*(\d+)[ \t]*$/im.exec(header)?.[1];
        if (length === undefined || Number(length) > MAX_FRAME) {
          parseError(
            length === undefined
              ? 'Refused a frame without a valid Content-Length header.'
              : `Refused a frame of ${length} bytes (the limit is ${MAX_FRAME}).`,
          );
          resyncing = true;
          continue;
        }
        bodyLength = Number(length);
      }
      if (size < bodyLength) return;
      const buffer = joined();
      const body = buffer.subarray(0, bodyLength);
      keep(buffer.subarray(bodyLength));
      bodyLength = -1;
      deliver(body);
    }
  };

  input.on('data', (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    size += bytes.length;
    drain();
  });
  input.on('end', () => output.end());
  input.on('close', () => output.end());
  input.on('error', (error) => output.destroy(error));
  return output;
}
