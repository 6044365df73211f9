/** The command's view of the world: what the CLI and its subcommands read and write through. */

/** What the command may touch: arguments, directories, streams, the clock. */
export interface CliIO {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: { write(text: string): void; isTTY?: boolean };
  stderr: { write(text: string): void };
  readStdin(): Promise<Uint8Array>;
  now?: () => Date;
  /** The raw standard streams, for `lsp --stdio` (absent where there is no process to serve on). */
  stdio?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream };
}
