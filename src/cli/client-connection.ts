/** Turns the connection flags into client options, and a failed call into a printed line and an exit code. */
import { resolve } from 'node:path';
import { AdminApiError, PlaceholderError, VersionError, type NodeAdminClientOptions } from '../client/index';
import { authSecrets } from '../client/auth';
import { codeName } from '../client/errors';
import { printable } from '../format/ansi';
import { maskAnswer, maskOutside } from '../secrets/redact';
import type { ConnectionArgs } from './client-args';
import { ConfigError } from './config';
import { readRegularFile } from '../config/fs-safe';
import type { CliIO } from './io';

/** Client options for the flags; throws `ConfigError` for an unset variable or an unreadable file. */
export function clientOptions(args: ConnectionArgs, io: CliIO): NodeAdminClientOptions {
  const options: NodeAdminClientOptions = { baseUrl: args.adminUrl ?? 'http://localhost:9644', env: io.env };
  const fromEnv = (name: string, flag: string): string => {
    const value = io.env[name];
    if (value === undefined || value === '')
      throw new ConfigError(
        `${flag} names ${name}, but that environment variable is ${value === undefined ? 'not set' : 'empty'}.`,
      );
    return value;
  };
  if (args.adminUser !== undefined)
    options.auth = { username: args.adminUser, password: fromEnv(args.adminPasswordEnv!, '--admin-password-env') };
  if (args.adminTokenEnv !== undefined) options.auth = { token: fromEnv(args.adminTokenEnv, '--admin-token-env') };
  const read = (file: string, flag: string): string => {
    try {
      return readRegularFile(resolve(io.cwd, file), `${flag} ${file}`).toString('utf8');
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  };
  const tls: NonNullable<NodeAdminClientOptions['tls']> = {};
  if (args.caFile !== undefined) tls.ca = read(args.caFile, '--ca-file');
  if (args.certFile !== undefined) tls.cert = read(args.certFile, '--cert-file');
  if (args.keyFile !== undefined) tls.key = read(args.keyFile, '--key-file');
  if (Object.keys(tls).length > 0) options.tls = tls;
  if (args.timeoutMs !== undefined) options.timeoutMs = args.timeoutMs;
  if (args.maxResponseBytes !== undefined) options.maxResponseBytes = args.maxResponseBytes;
  return options;
}

/** Every secret the flags brought in (passwords, tokens, their Authorization header, the client key), to mask in any text. */
export function connectionSecrets(options: NodeAdminClientOptions): string[] {
  const out = authSecrets(options.auth);
  if (typeof options.tls?.key === 'string') out.push(options.tls.key.trim());
  return out;
}

/**
 * Prints why a call failed and returns the exit code: 1 when the server answered with an error or
 * is too old, 2 when no usable answer came (network, TLS, timeout, an answer too large or without
 * its result) or the environment is incomplete.
 */
export function reportFailure(error: unknown, io: CliIO, secrets: readonly string[], what: string): number {
  // Only what came from outside (the server's words, a transport's message) is masked: the code
  // names and this command's own sentences cannot hold a secret, and masking a secret that happens
  // to be an ordinary word there ("already") would garble them and give the secret away.
  const say = (text: string) => io.stderr.write(`svc-admin-spec: ${printable(text)}\n`);
  const outside = (text: string) => maskOutside(text, secrets);
  if (error instanceof AdminApiError) {
    // The client's own sentence, about an answer it could not use: no word of the server's in it.
    if (error.kind === 'bad-answer') {
      say(`${what}: ${error.rawMessage}`);
      return 2;
    }
    if (error.kind === 'server') {
      const covered = error.rules.length ? ` (the linter reports this as ${error.rules.join(', ')})` : '';
      say(`${what}: the server refused it: ${codeName(error.code)}: ${outside(error.rawMessage)}${covered}`);
      return 1;
    }
    say(`${what}: ${outside(error.rawMessage)}`);
    return 2;
  }
  if (error instanceof VersionError) {
    say(`${what}: ${outside(error.message)}`);
    return 1;
  }
  if (error instanceof PlaceholderError || error instanceof ConfigError || error instanceof TypeError) {
    say(`${what}: ${outside(error.message)}`);
    return 2;
  }
  throw error;
}

/** Longest field of a server's answer printed on a summary line. */
const FIELD_MAX = 200;

/**
 * A field of a server's answer to show: a string shortened and with every secret masked (a server
 * may echo the request in it); undefined for anything else.
 */
export function answerField(value: unknown, secrets: readonly string[]): string | undefined {
  return typeof value === 'string' ? maskOutside(value, secrets, FIELD_MAX) : undefined;
}

/** A server's whole answer to print as JSON: secrets masked in every string and key (`maskAnswer`). */
export const answerJson = (value: unknown, secrets: readonly string[]): string =>
  JSON.stringify(maskAnswer(value, secrets), null, 2);
