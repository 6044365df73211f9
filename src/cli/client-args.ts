/** Arguments of `svc-admin-spec apply` and `svc-admin-spec get-broker`, and their help. */
import { TARGET_VERSIONS, type TargetVersion } from '../facts/target-version';
import { KIND_NAMES, kindOf, kindsWith, type KindName } from '../model/kinds';
import { DEFAULT_FORMAT, FORMAT_NAMES, isFormatName, type FormatName } from '../format/index';
import type { RuleSettings } from '../engine/settings';
import { parseCommandArgs, parseRuleFlags, UsageError } from './args';
import { APPLY_FLAGS, GET_BROKER_FLAGS } from './client-flags';

/** How to reach the admin API: URL, credentials, TLS files, time limit. */
export interface ConnectionArgs {
  adminUrl?: string;
  adminUser?: string;
  adminPasswordEnv?: string;
  adminTokenEnv?: string;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

/** The kinds `apply` sends: every document that carries a request's shadow link, and files mapped to a request (rpk's), in the kind table's order. */
export const APPLY_KINDS: readonly KindName[] = KIND_NAMES.filter(
  (k) => (kindsWith('request-link') as readonly KindName[]).includes(k) || kindOf(k).mapped !== undefined,
);

const isApplyKind = (kind: string): kind is KindName => (APPLY_KINDS as readonly string[]).includes(kind);

/** Options of `svc-admin-spec apply`. */
export interface ApplyArgs extends ConnectionArgs {
  files: string[];
  kind?: KindName;
  format: FormatName;
  config?: string;
  noConfig: boolean;
  rules: RuleSettings;
  targetVersion: TargetVersion | 'auto';
  dryRun: boolean;
  color?: boolean;
}

/** Options of `svc-admin-spec get-broker`. */
export interface GetBrokerArgs extends ConnectionArgs {
  nodeId?: number;
  format: 'stylish' | 'json';
}

const CONNECTION_HELP = `  --admin-url <url>          The admin API, e.g. http://localhost:9644 (https:// for TLS)
  --admin-user <name>        HTTP basic user; the password comes from --admin-password-env
  --admin-password-env <VAR> Environment variable holding the basic password
  --admin-token-env <VAR>    Environment variable holding a bearer token
  --ca-file <file>           CA certificate(s) to trust, PEM
  --cert-file <file>         Client certificate for mutual TLS, PEM (with --key-file)
  --key-file <file>          Client private key for mutual TLS, PEM
  --timeout <ms>             Time limit of each call in milliseconds (default 30000)
  --max-response-bytes <n>   Largest answer read, also once decompressed (default 16777216, 16 MiB)`;

/** Help of `apply`. */
export const APPLY_HELP = `Usage: svc-admin-spec apply --admin-url <url> [options] <file>...

Creates a shadow link from each file (a CreateShadowLinkRequest, or a ShadowLink that is wrapped
into one). Every file is linted first, with the usual config; when any has an error, nothing is
sent. \${NAME} placeholders in secret fields are filled from the environment at send time.

Options:
${CONNECTION_HELP}
  --target-version <v>       Facts to lint with: auto (default: ask the server with GetBroker), ${TARGET_VERSIONS.join(', ')}
  --dry-run                  Lint and print the request that would be sent (secrets masked, placeholders
                             as written; unset variables are named on stderr); send nothing
  --kind <Kind>              Read every file as ${APPLY_KINDS.join(' or ')}
  -f, --format <name>        Report format for findings: ${FORMAT_NAMES.join(', ')} (json also carries the results)
  -c, --config <file>        Config file for every file (default: each file's nearest, from its directory up)
  --no-config                Do not look for a config file
  --rule <id>=<severity>     Set a rule's severity; repeatable
  --color, --no-color        Force colour on or off
  -h, --help                 Show this help

Exit codes: 0 every link created; 1 lint errors (nothing sent) or the server refused a request
(its code and message are printed); 2 usage, configuration, environment, network or TLS problems.`;

/** Help of `get-broker`. */
export const GET_BROKER_HELP = `Usage: svc-admin-spec get-broker --admin-url <url> [options]

Prints a broker: node id, version, build and admin routes.

Options:
${CONNECTION_HELP}
  --node-id <n>              The broker to describe (default: the one answering; --node-id -1 is the same)
  -f, --format <name>        stylish (default) or json (the GetBrokerResponse on standard output)
  -h, --help                 Show this help

Exit codes: 0 printed; 1 the server refused (its code and message are printed); 2 usage,
network or TLS problems.`;

const ENV_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

function connection(v: Record<string, unknown>): ConnectionArgs {
  const s = (k: string) => v[k] as string | undefined;
  const out: ConnectionArgs = {};
  const url = s('admin-url');
  if (url !== undefined) out.adminUrl = url;
  for (const [flag, key] of [
    ['admin-password-env', 'adminPasswordEnv'],
    ['admin-token-env', 'adminTokenEnv'],
  ] as const) {
    const name = s(flag);
    if (name === undefined) continue;
    if (!ENV_NAME_RE.test(name))
      throw new UsageError(`--${flag} takes the name of an environment variable (like ADMIN_PASSWORD), not a value.`);
    out[key] = name;
  }
  if (s('admin-user') !== undefined) out.adminUser = s('admin-user')!;
  if (out.adminUser !== undefined && out.adminPasswordEnv === undefined)
    throw new UsageError('--admin-user needs --admin-password-env <VAR> naming the variable that holds the password.');
  if (out.adminPasswordEnv !== undefined && out.adminUser === undefined)
    throw new UsageError('--admin-password-env needs --admin-user.');
  if (out.adminUser !== undefined && out.adminTokenEnv !== undefined)
    throw new UsageError('Use either --admin-user (basic) or --admin-token-env (bearer), not both.');
  for (const [flag, key] of [
    ['ca-file', 'caFile'],
    ['cert-file', 'certFile'],
    ['key-file', 'keyFile'],
  ] as const) {
    const f = s(flag);
    if (f !== undefined) {
      if (f.trim() === '') throw new UsageError(`--${flag} needs a file name.`);
      out[key] = f;
    }
  }
  if ((out.certFile === undefined) !== (out.keyFile === undefined))
    throw new UsageError('--cert-file and --key-file go together.');
  const timeout = s('timeout');
  if (timeout !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(timeout)) throw new UsageError('--timeout must be a whole number of milliseconds ≥ 1.');
    out.timeoutMs = Number(timeout);
  }
  const maxResponse = s('max-response-bytes');
  if (maxResponse !== undefined) {
    // At most 2^31 - 1, the client option's range (connect-es itself stops at 4 GiB).
    if (!/^[1-9]\d{0,9}$/.test(maxResponse) || Number(maxResponse) > 2_147_483_647)
      throw new UsageError('--max-response-bytes must be a whole number of bytes from 1 to 2147483647.');
    out.maxResponseBytes = Number(maxResponse);
  }
  return out;
}

/** Parses `apply`'s arguments (after the command name); `null` for --help. */
export function parseApplyArgs(argv: readonly string[]): ApplyArgs | null {
  const { values: v, positionals } = parseCommandArgs('apply', argv, APPLY_FLAGS);
  if (v.help) return null;
  const conn = connection(v);
  const dryRun = v['dry-run'] === true;
  if (!dryRun && conn.adminUrl === undefined) throw new UsageError('apply needs --admin-url <url> (or --dry-run).');
  if (positionals.length === 0) throw new UsageError('apply needs at least one file.');
  const format = (v.format as string | undefined) ?? DEFAULT_FORMAT;
  if (!isFormatName(format)) throw new UsageError(`Unknown format "${format}"; use one of ${FORMAT_NAMES.join(', ')}.`);
  const kind = v.kind as string | undefined;
  if (kind !== undefined && !isApplyKind(kind))
    throw new UsageError(`apply --kind must be ${APPLY_KINDS.join(' or ')}.`);
  const tv = (v['target-version'] as string | undefined) ?? 'auto';
  if (tv !== 'auto' && !(TARGET_VERSIONS as readonly string[]).includes(tv))
    throw new UsageError(`--target-version must be auto or one of ${TARGET_VERSIONS.join(', ')}.`);
  const rules = parseRuleFlags(v.rule as string[] | undefined);
  if (v.config !== undefined && v['no-config']) throw new UsageError('Use either --config or --no-config, not both.');
  if (v.color && v['no-color']) throw new UsageError('Use either --color or --no-color, not both.');
  const out: ApplyArgs = {
    ...conn,
    files: positionals,
    format,
    noConfig: v['no-config'] === true,
    rules,
    targetVersion: tv as TargetVersion | 'auto',
    dryRun,
  };
  if (kind !== undefined) out.kind = kind;
  if (v.config !== undefined) out.config = v.config as string;
  if (v.color) out.color = true;
  if (v['no-color']) out.color = false;
  return out;
}

/** Parses `get-broker`'s arguments (after the command name); `null` for --help. */
export function parseGetBrokerArgs(argv: readonly string[]): GetBrokerArgs | null {
  // parseArgs takes `-1` after `--node-id` for an option; a negative id is that flag's value.
  const joined = argv.flatMap((a, i) =>
    a === '--node-id' && /^-\d+$/.test(argv[i + 1] ?? '')
      ? []
      : argv[i - 1] === '--node-id' && /^-\d+$/.test(a)
        ? [`--node-id=${a}`]
        : [a],
  );
  const { values: v, positionals } = parseCommandArgs('get-broker', joined, GET_BROKER_FLAGS);
  if (v.help) return null;
  if (positionals.length > 0) throw new UsageError(`get-broker takes no file (got "${positionals[0]}").`);
  const conn = connection(v);
  if (conn.adminUrl === undefined) throw new UsageError('get-broker needs --admin-url <url>.');
  const format = (v.format as string | undefined) ?? 'stylish';
  if (format !== 'stylish' && format !== 'json') throw new UsageError('get-broker supports --format stylish or json.');
  const out: GetBrokerArgs = { ...conn, format };
  const node = v['node-id'] as string | undefined;
  if (node !== undefined) {
    if (!/^-?\d{1,10}$/.test(node)) throw new UsageError('--node-id must be a whole number.');
    out.nodeId = Number(node);
  }
  return out;
}
