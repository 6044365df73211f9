/** `svc-admin-spec get-broker`: prints a broker (node, version, build, routes) through the validating client. */
import { createAdminClient, type DiagnosticsEvent, type GetBrokerRequest } from '../client/index';
import { printable } from '../format/ansi';
import type { GetBrokerArgs } from './client-args';
import { answerField, answerJson, clientOptions, connectionSecrets, reportFailure } from './client-connection';
import { isObject } from '../util/pointer';
import type { CliIO } from './io';

/** Runs `get-broker`; returns the exit code. */
export async function runGetBroker(args: GetBrokerArgs, io: CliIO): Promise<number> {
  const options = clientOptions(args, io);
  const events: DiagnosticsEvent[] = [];
  // GetBroker's request does not depend on the server version: no look-up first.
  const client = createAdminClient({ ...options, targetVersion: '26.1', onDiagnostics: (e) => events.push(e) });
  const request: GetBrokerRequest = args.nodeId === undefined ? {} : { nodeId: args.nodeId };
  const secrets = connectionSecrets(options);
  let response;
  try {
    response = await client.getBroker(request);
  } catch (error) {
    return reportFailure(error, io, secrets, `GetBroker at ${args.adminUrl}`);
  }
  // The answer is the server's: any field may be missing, of another type, or echo a credential.
  if (args.format === 'json') io.stdout.write(`${answerJson(response, secrets)}\n`);
  else {
    const b = response.broker as Record<string, unknown>;
    const field = (v: unknown) => printable(answerField(v, secrets) ?? '?');
    const build = isObject(b['buildInfo']) ? b['buildInfo'] : {};
    const server = isObject(b['adminServer']) ? b['adminServer'] : {};
    const routes = (Array.isArray(server['routes']) ? server['routes'] : []).map((r: unknown) =>
      isObject(r) ? [field(r['name']), field(r['httpRoute'])] : ['?', '?'],
    );
    const width = Math.max(0, ...routes.map(([name]) => name!.length));
    const lines = [
      `node      ${typeof b['nodeId'] === 'number' ? b['nodeId'] : '?'}`,
      `version   ${field(build['version'])}`,
      `build     ${field(build['buildSha'])}`,
      'routes',
      ...routes.map(([name, route]) => `  ${name!.padEnd(width)}  ${route}`),
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
  }
  // What the linter says about the answer goes to standard error, so that -f json stays clean.
  for (const e of events)
    for (const d of e.diagnostics)
      io.stderr.write(
        `svc-admin-spec: ${e.phase}: ${d.severity} ${printable(answerField(d.pointer || '/', secrets)!)}: ${printable(d.message)} (${d.code})\n`,
      );
  return 0;
}
