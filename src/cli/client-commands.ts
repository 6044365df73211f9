/**
 * The commands that talk to an admin server, `apply` and `get-broker`. The CLI loads this module
 * (bundled on its own as cli-client.cjs) only for them, so `lint` never pays for the client.
 * It never throws: usage, configuration and internal errors become messages and exit codes here,
 * because this bundle's error classes are not the ones the main bundle knows.
 */
import { PlaceholderError } from '../client/placeholders';
import { ValidationError } from '../lint/lint';
import { UsageError } from './args';
import { APPLY_HELP, GET_BROKER_HELP, parseApplyArgs, parseGetBrokerArgs } from './client-args';
import { runApply } from './apply';
import { ConfigError } from './config';
import { runGetBroker } from './get-broker';
import type { CliIO } from './io';

/** Runs `apply` or `get-broker` with the arguments after the command name. */
export async function runClientCommand(
  command: 'apply' | 'get-broker',
  argv: readonly string[],
  io: CliIO,
): Promise<number> {
  try {
    if (command === 'apply') {
      const args = parseApplyArgs(argv);
      if (!args) {
        io.stdout.write(`${APPLY_HELP}\n`);
        return 0;
      }
      return await runApply(args, io);
    }
    const args = parseGetBrokerArgs(argv);
    if (!args) {
      io.stdout.write(`${GET_BROKER_HELP}\n`);
      return 0;
    }
    return await runGetBroker(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(
        `svc-admin-spec ${command}: ${error.message}\nRun "svc-admin-spec ${command} --help" for usage.\n`,
      );
      return 2;
    }
    // An incomplete environment, an unreadable file, a bad URL: nothing was sent.
    if (error instanceof ConfigError || error instanceof PlaceholderError || error instanceof TypeError) {
      io.stderr.write(`svc-admin-spec ${command}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ValidationError) {
      io.stderr.write(`svc-admin-spec ${command}: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(
      `svc-admin-spec: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nPlease report it.\n`,
    );
    return 2;
  }
}
