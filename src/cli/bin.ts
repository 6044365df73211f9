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

// A reader that goes away (`svc-admin-spec lint | head -1`) ends the command quietly, as other tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

void run(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin,
  stdio: { input: process.stdin, output: process.stdout },
}).then((code) => {
  process.exitCode = code;
});
