/** The error for a command line that cannot run (own module so argument helpers can throw it without a cycle). */

/** A usage problem: the command prints it with the help hint and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
