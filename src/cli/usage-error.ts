/** The error for a command line that cannot run (own module so argument helpers can throw it without a cycle). */

/** A usage problem: the command prints it with the help hint and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The subcommand whose usage it breaks (set by `asCommand`): the hint names that command's --help. */
  command?: string;
}

/** Runs a subcommand's body (sync or async); a usage error it throws is marked as that command's, for the hint. */
export function asCommand<T>(command: string, body: () => T): T {
  const mark = (error: unknown): unknown => {
    if (error instanceof UsageError) error.command ??= command;
    return error;
  };
  try {
    const result = body();
    return (
      result instanceof Promise
        ? result.catch((error: unknown) => {
            throw mark(error);
          })
        : result
    ) as T;
  } catch (error) {
    throw mark(error);
  }
}

/** The line after a usage error: the help of the command that was misused (`svc-admin-spec init --help`), else the main help. */
export const usageHint = (error: UsageError): string =>
  `Run "svc-admin-spec ${error.command === undefined ? '' : `${error.command} `}--help" for usage.`;
