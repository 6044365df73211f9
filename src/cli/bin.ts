/** The `svc-admin-spec` executable: wires the process to `run`. */
import { run } from './run';

const readStdin = async (): Promise<Uint8Array> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

void run(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin,
}).then((code) => {
  process.exitCode = code;
});
