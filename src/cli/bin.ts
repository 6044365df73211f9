/** The `svc-admin-spec` executable: wires the process to `run`. */
import { MAX_INPUT_BYTES } from '../config/fs-safe';
import { run } from './run';

/** Reads standard input up to the input size limit (a stream such as /dev/zero never ends). */
const readStdin = async (): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) {
      process.stdin.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
};

/** A reader that goes away (`svc-admin-spec lint | head -1`) ends the command quietly, as other tools do. */
function onStreamError(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
}

/**
 * A standard stream, made on first use with its error handler: making one costs milliseconds of
 * start-up, and a clean lint writes nothing.
 */
function lazyStream(make: () => NodeJS.WriteStream): () => NodeJS.WriteStream {
  let stream: NodeJS.WriteStream | undefined;
  return () => {
    if (!stream) {
      stream = make();
      stream.on('error', onStreamError);
    }
    return stream;
  };
}

const stdout = lazyStream(() => process.stdout);
const stderr = lazyStream(() => process.stderr);

void run(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: {
    write: (text) => void stdout().write(text),
    get isTTY() {
      return stdout().isTTY;
    },
  },
  stderr: { write: (text) => void stderr().write(text) },
  readStdin,
  // Read when asked: opening standard input costs milliseconds, and only `lsp --stdio` serves on it.
  get stdio() {
    return { input: process.stdin, output: stdout() };
  },
}).then((code) => {
  process.exitCode = code;
});
