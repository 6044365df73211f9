/** `svc-admin-spec get-broker`: prints a broker (node, version, build, routes) through the validating client. */
import { createAdminClient, type DiagnosticsEvent, type GetBrokerRequest } from '../client/index';
import { printable } from '../format/ansi';
import type { GetBrokerArgs } from './client-args';
import { clientOptions, connectionSecrets, reportFailure } from './client-connection';
import type { CliIO } from './io';

/** Runs `get-broker`; returns the exit code. */
export async function runGetBroker(args: GetBrokerArgs, io: CliIO): Promise<number> {
  const options = clientOptions(args, io);
  const events: DiagnosticsEvent[] = [];
  // GetBroker's request does not depend on the server version: no look-up first.
  const client = createAdminClient({ ...options, targetVersion: '26.1', onDiagnostics: (e) => events.push(e) });
  const request: GetBrokerRequest = args.nodeId === undefined ? {} : { nodeId: args.nodeId };
  let response;
  try {
    response = await client.getBroker(request);
  } catch (error) {
    return reportFailure(error, io, connectionSecrets(options), `GetBroker at ${args.adminUrl}`);
  }
  if (args.format === 'json') io.stdout.write(`${JSON.stringify(response, null, 2)}\n`);
  else {
    const b = response.broker;
    const routes = b.adminServer?.routes ?? [];
    const width = Math.max(0, ...routes.map((r) => printable(r.name ?? '').length));
    const lines = [
      `node      ${b.nodeId ?? '?'}`,
      `version   ${printable(b.buildInfo?.version ?? '?')}`,
      `build     ${printable(b.buildInfo?.buildSha ?? '?')}`,
      'routes',
      ...routes.map((r) => `  ${printable(r.name ?? '').padEnd(width)}  ${printable(r.httpRoute ?? '')}`),
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
  }
  // What the linter says about the answer goes to standard error, so that -f json stays clean.
  for (const e of events)
    for (const d of e.diagnostics)
      io.stderr.write(
        `svc-admin-spec: ${e.phase}: ${d.severity} ${d.pointer || '/'}: ${printable(d.message)} (${d.code})\n`,
      );
  return 0;
}
