/**
 * The two RPCs as the admin server implements them (server-facts.md §2, §6, §8–§10): conversion
 * checks in the server's order with its messages, the name and link-limit checks, a simulated
 * preflight to the source cluster, and the response as the server builds it.
 */
import { create } from '@bufbuild/protobuf';
import { DurationSchema, timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { createHash, randomUUID } from 'node:crypto';
import { ALWAYS_REPLICATED_PROPERTIES, TOPIC_PROPERTIES } from '../../../src/facts/topic-properties';
import { decideVersion } from '../../../src/client/version';
import { METHOD_NAMES, METHODS } from '../../../src/model/methods';
import type { TargetVersion } from '../../../src/facts/target-version';
import {
  BrokerSchema,
  GetBrokerResponseSchema,
  type GetBrokerRequest,
} from '../../../src/client/gen/svc/core/admin/v2/broker_pb';
import {
  ACLPattern,
  ACLOperation,
  ACLPermissionType,
  ACLResource,
} from '../../../src/client/gen/svc/core/common/v1/acl_pb';
import {
  CreateShadowLinkResponseSchema,
  FilterType,
  PatternType,
  ScramMechanism,
  ShadowLinkState,
  type CreateShadowLinkRequest,
  type CreateShadowLinkResponse,
  type NameFilter,
  type ShadowLinkClientOptions,
  type ShadowLink,
} from '../../../src/client/gen/svc/core/admin/v2/shadow_link_pb';
import type { Duration } from '@bufbuild/protobuf/wkt';

/** What the simulated cluster is like. */
export interface ClusterOptions {
  /** `buildInfo.version`. Default `v26.1.3`. */
  version?: string;
  /** This broker's node id. Default 0. */
  nodeId?: number;
  /** True when the source cluster cannot be reached from these bootstrap servers. Default: a host ending in `.invalid`. */
  unreachable?: (bootstrapServers: string[]) => boolean;
  /** The clock (for `passwordSetAt`). */
  now?: () => Date;
}

const configError = (what: string) =>
  new ConnectError(`Invalid cluster link configuration: ${what}`, Code.InvalidArgument);
const clusterError = (errc: string, code = Code.InvalidArgument) =>
  new ConnectError(`Failed to create cluster link: cluster::cluster_link::errc::${errc}`, code);

/** `net::unresolved_address::from_string`, with the messages' `file:line - ` prefix. */
function parseAddress(s: string): string {
  const parts = s.split(':');
  if (parts.length !== 2)
    throw configError(`unresolved_address.cc:27 - expected address format: 'host:port', found: ${s}`);
  const [host, port] = parts as [string, string];
  if (host === '') throw configError(`unresolved_address.cc:35 - host is empty in address: ${s}`);
  const m = /^[ \t\n\v\f\r]*([+-]?[0-9]+)[ \t\n\v\f\r]*$/.exec(port);
  const n = m ? Number(m[1]) : NaN;
  if (!m || n < 0 || n > 65535)
    throw configError(`unresolved_address.cc:46 - failed to convert ${port} to port (uint16_t)`);
  return `${host}:${n}`;
}

function checkNameFilters(filters: NameFilter[]): void {
  for (const f of filters) {
    if (f.patternType === PatternType.UNSPECIFIED) throw configError('pattern_type is unspecified');
    if (f.filterType === FilterType.UNSPECIFIED) throw configError('filter_type is unspecified');
  }
}

/** The converter (converter.cc `convert_create_to_metadata`): returns the normalised bootstrap servers. */
function convert(link: ShadowLink | undefined): string[] {
  const client = link?.configurations?.clientOptions;
  const servers = client?.bootstrapServers ?? [];
  if (servers.length === 0) throw configError('bootstrap_servers must not be empty in the client options');
  const normalised = servers.map(parseAddress);
  const authn = client?.authenticationConfiguration;
  if (authn) {
    const a = authn.authentication;
    if (a.case === undefined) throw configError('authentication_configuration is set but not provided');
    if (a.case === 'scramConfiguration') {
      const s = a.value;
      if (!s.username || !s.password || s.scramMechanism === ScramMechanism.UNSPECIFIED)
        throw configError('When setting SCRAM configuration, must provide username, password, and mechanism');
    } else if (!a.value.username || !a.value.password) {
      throw configError('When setting PLAIN configuration, must provide username and password');
    }
  }
  const tls = client?.tlsSettings;
  if (tls) {
    const t = tls.tlsSettings;
    const [key, cert] =
      t.case === 'tlsFileSettings'
        ? [t.value.keyPath, t.value.certPath]
        : t.case === 'tlsPemSettings'
          ? [t.value.key, t.value.cert]
          : ['', ''];
    if (Boolean(key) !== Boolean(cert)) throw configError('Must provide both key and cert or neither');
  }
  const cfg = link?.configurations;
  checkNameFilters(cfg?.topicMetadataSyncOptions?.autoCreateShadowTopicFilters ?? []);
  for (const f of cfg?.securitySyncOptions?.aclFilters ?? []) {
    const r = f.resourceFilter;
    const a = f.accessFilter;
    if ((r?.resourceType ?? ACLResource.ACL_RESOURCE_UNSPECIFIED) === ACLResource.ACL_RESOURCE_UNSPECIFIED)
      throw configError('acl_resource is unspecified');
    if ((r?.patternType ?? ACLPattern.ACL_PATTERN_UNSPECIFIED) === ACLPattern.ACL_PATTERN_UNSPECIFIED)
      throw configError('acl_pattern is unspecified');
    if ((a?.operation ?? ACLOperation.ACL_OPERATION_UNSPECIFIED) === ACLOperation.ACL_OPERATION_UNSPECIFIED)
      throw configError('acl_operation is unspecified');
    if (
      (a?.permissionType ?? ACLPermissionType.ACL_PERMISSION_TYPE_UNSPECIFIED) ===
      ACLPermissionType.ACL_PERMISSION_TYPE_UNSPECIFIED
    )
      throw configError('acl_permission_type unspecified');
  }
  checkNameFilters(cfg?.consumerOffsetSyncOptions?.groupFilters ?? []);
  return normalised;
}

const NAME_RE = /^[A-Za-z0-9._-]+$/;
const RESERVED_TOPICS = ['__consumer_offsets', '_svc.audit_log', '_schemas'];

/** The frontend validator (frontend.cc `validate_mutation`) for a new link. */
function validateNew(link: ShadowLink, links: Map<string, unknown>, facts: TargetVersion): void {
  const nameBytes = new TextEncoder().encode(link.name).length;
  if (link.name === '' || nameBytes > 128 || !NAME_RE.test(link.name)) throw clusterError('link_name_invalid');
  if (links.size >= 1) throw clusterError('limit_exceeded', Code.ResourceExhausted);
  const topics = link.configurations?.topicMetadataSyncOptions;
  for (const f of topics?.autoCreateShadowTopicFilters ?? []) {
    const p = f.name;
    const bad =
      p === '' ||
      (p.includes('*') && p !== '*') ||
      (p === '*' && f.patternType === PatternType.PREFIX) ||
      (p !== '*' && !NAME_RE.test(p)) ||
      RESERVED_TOPICS.includes(p) ||
      (f.patternType === PatternType.PREFIX && (p === '_svc' || p === '__svc'));
    if (bad) throw clusterError('topic_filter_invalid');
  }
  const forbidden = TOPIC_PROPERTIES[facts].forbidden;
  if ((topics?.syncedShadowTopicProperties ?? []).some((p) => forbidden.includes(p)))
    throw clusterError('topic_property_excluded_from_mirroring');
}

const DEFAULT_INTERVAL = create(DurationSchema, { seconds: 30n });
const positive = (d: Duration | undefined): boolean => !!d && (d.seconds > 0n || (d.seconds === 0n && d.nanos > 0));

/** The created link's state, as `metadata_to_shadow_link` writes it back. */
function buildResponse(
  request: CreateShadowLinkRequest,
  servers: string[],
  uid: string,
  now: Date,
  facts: TargetVersion,
): CreateShadowLinkResponse {
  const link = request.shadowLink!;
  const cfg = link.configurations;
  const client = cfg?.clientOptions;
  const at = timestampFromMs(now.getTime());
  const effective = (v: number | undefined, d: number) => (v ? v : d);
  const authn = client?.authenticationConfiguration?.authentication;
  const tls = client?.tlsSettings;
  const pem = tls?.tlsSettings.case === 'tlsPemSettings' ? tls.tlsSettings.value : undefined;
  const file = tls?.tlsSettings.case === 'tlsFileSettings' ? tls.tlsSettings.value : undefined;
  const hasMaterial =
    !!(pem && (pem.ca || pem.key || pem.cert)) || !!(file && (file.caPath || file.keyPath || file.certPath));
  const topics = cfg?.topicMetadataSyncOptions;
  const userProps = [...new Set(topics?.syncedShadowTopicProperties ?? [])];
  const synced = [
    ...new Set([
      ...ALWAYS_REPLICATED_PROPERTIES,
      ...(topics?.excludeDefault ? [] : TOPIC_PROPERTIES[facts].defaults),
      ...userProps,
    ]),
  ].sort();
  const task = <T extends { interval?: Duration | undefined; paused: boolean }>(t: T | undefined) => ({
    ...t,
    interval: positive(t?.interval) ? t!.interval : create(DurationSchema),
    effectiveInterval: positive(t?.interval) ? t!.interval : DEFAULT_INTERVAL,
  });
  return create(CreateShadowLinkResponseSchema, {
    shadowLink: {
      name: link.name,
      uid,
      configurations: {
        clientOptions: {
          bootstrapServers: servers,
          clientId: `shadow-link-${link.name}-${uid}`,
          sourceClusterId: '',
          ...(tls && (tls.enabled || hasMaterial)
            ? {
                tlsSettings: {
                  enabled: tls.enabled,
                  doNotSetSniHostname: tls.doNotSetSniHostname,
                  tlsSettings: pem
                    ? {
                        case: 'tlsPemSettings',
                        value: {
                          ca: pem.ca,
                          cert: pem.cert,
                          key: '',
                          keyFingerprint: pem.key ? createHash('sha256').update(pem.key, 'utf8').digest('base64') : '',
                        },
                      }
                    : file
                      ? { case: 'tlsFileSettings', value: file }
                      : { case: undefined },
                },
              }
            : {}),
          ...(authn?.case
            ? {
                authenticationConfiguration: {
                  authentication: {
                    case: authn.case,
                    value: { ...authn.value, password: '', passwordSet: true, passwordSetAt: at },
                  } as NonNullable<ShadowLinkClientOptions['authenticationConfiguration']>['authentication'],
                },
              }
            : {}),
          metadataMaxAgeMs: client?.metadataMaxAgeMs ?? 0,
          effectiveMetadataMaxAgeMs: effective(client?.metadataMaxAgeMs, 10_000),
          connectionTimeoutMs: client?.connectionTimeoutMs ?? 0,
          effectiveConnectionTimeoutMs: effective(client?.connectionTimeoutMs, 1000),
          retryBackoffMs: client?.retryBackoffMs ?? 0,
          effectiveRetryBackoffMs: effective(client?.retryBackoffMs, 100),
          fetchWaitMaxMs: client?.fetchWaitMaxMs ?? 0,
          effectiveFetchWaitMaxMs: effective(client?.fetchWaitMaxMs, 500),
          fetchMinBytes: client?.fetchMinBytes ?? 0,
          effectiveFetchMinBytes: effective(client?.fetchMinBytes, 5 * 1024 * 1024),
          fetchMaxBytes: client?.fetchMaxBytes ?? 0,
          effectiveFetchMaxBytes: effective(client?.fetchMaxBytes, 20 * 1024 * 1024),
          fetchPartitionMaxBytes: client?.fetchPartitionMaxBytes ?? 0,
          effectiveFetchPartitionMaxBytes: effective(client?.fetchPartitionMaxBytes, 5 * 1024 * 1024),
        },
        topicMetadataSyncOptions: { ...task(topics), syncedShadowTopicProperties: userProps },
        consumerOffsetSyncOptions: task(cfg?.consumerOffsetSyncOptions),
        securitySyncOptions: task(cfg?.securitySyncOptions),
        ...(cfg?.schemaRegistrySyncOptions ? { schemaRegistrySyncOptions: cfg.schemaRegistrySyncOptions } : {}),
      },
      status: {
        state: ShadowLinkState.ACTIVE,
        taskStatuses: [],
        shadowTopics: [],
        syncedShadowTopicProperties: synced,
      },
    },
  });
}

/** A simulated cluster: its links, and the two RPCs. */
export class Cluster {
  readonly links = new Map<string, CreateShadowLinkResponse>();
  constructor(readonly options: ClusterOptions = {}) {}

  /** CreateShadowLink on an already decoded request. */
  createShadowLink(request: CreateShadowLinkRequest): CreateShadowLinkResponse {
    const servers = convert(request.shadowLink);
    const link = request.shadowLink ?? create(CreateShadowLinkResponseSchema).shadowLink!;
    if (this.links.has(link.name))
      throw new ConnectError(`Shadow link with name ${link.name} already exists`, Code.AlreadyExists);
    const unreachable =
      this.options.unreachable ?? ((s: string[]) => s.some((a) => a.split(':')[0]!.endsWith('.invalid')));
    if (unreachable(servers))
      throw new ConnectError(
        `Cluster link '${link.name}' preflight check failed - unable to connect to cluster`,
        Code.FailedPrecondition,
      );
    // The property facts of the version this server reports (25.3 and 26.1 differ).
    const facts = decideVersion(this.options.version ?? 'v26.1.3').target;
    validateNew(link, this.links, facts);
    const response = buildResponse(request, servers, randomUUID(), this.options.now?.() ?? new Date(), facts);
    this.links.set(link.name, response);
    return response;
  }

  /** GetBroker: this broker for no id, -1 or its own id; any other id is proxied and, here, unreachable. */
  getBroker(request: GetBrokerRequest) {
    const self = this.options.nodeId ?? 0;
    if (request.nodeId !== undefined && request.nodeId !== -1 && request.nodeId !== self)
      throw new ConnectError('Service unavailable', Code.Unavailable);
    // The routes this server serves: every method of the method table.
    const routes = METHOD_NAMES.map((name) => {
      const { service, path } = METHODS[name];
      return { name: `${service.slice(service.lastIndexOf('.') + 1)}.${name}`, httpRoute: path };
    });
    return create(GetBrokerResponseSchema, {
      broker: create(BrokerSchema, {
        nodeId: self,
        buildInfo: { version: this.options.version ?? 'v26.1.3', buildSha: '3f2a9c1e'.repeat(5) },
        adminServer: { routes },
      }),
    });
  }
}
