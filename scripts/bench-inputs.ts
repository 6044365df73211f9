/**
 * The documents `npm run bench` measures: a typical CreateShadowLink request, a GetBroker response,
 * large CreateShadowLink responses, and the scaling generators (valid links of a given size, links
 * with N findings). Deterministic, so that every child process and every run measures the same text.
 */

const MB = 2 ** 20;

/** A typical CreateShadowLink request, pretty-printed: SCRAM over TLS, topic, group and ACL filters; no finding. */
export function typicalRequest(): string {
  return JSON.stringify(typicalRequestValue(), null, 2);
}

function typicalRequestValue(): Record<string, unknown> {
  return {
    shadowLink: {
      name: 'dr-link',
      configurations: {
        clientOptions: {
          bootstrapServers: [
            'kafka-1.source.example.com:9093',
            'kafka-2.source.example.com:9093',
            'kafka-3.source.example.com:9093',
          ],
          authenticationConfiguration: {
            scramConfiguration: {
              username: 'shadow-link',
              password: '${SHADOW_LINK_PASSWORD}',
              scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
            },
          },
          tlsSettings: {
            enabled: true,
            tlsFileSettings: {
              caPath: '/etc/svc/tls/ca.pem',
              certPath: '/etc/svc/tls/client.pem',
              keyPath: '/etc/svc/tls/client.key',
            },
          },
          fetchMaxBytes: 16777216,
          fetchWaitMaxMs: 250,
        },
        topicMetadataSyncOptions: {
          autoCreateShadowTopicFilters: [
            { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders.', patternType: 'PATTERN_TYPE_PREFIX' },
            { filterType: 'FILTER_TYPE_INCLUDE', name: 'payments.', patternType: 'PATTERN_TYPE_PREFIX' },
            { filterType: 'FILTER_TYPE_INCLUDE', name: 'inventory', patternType: 'PATTERN_TYPE_LITERAL' },
            { filterType: 'FILTER_TYPE_EXCLUDE', name: 'orders.tmp', patternType: 'PATTERN_TYPE_LITERAL' },
          ],
          syncedShadowTopicProperties: ['segment.ms', 'min.insync.replicas'],
          interval: '30s',
          startAtTimestamp: '2026-01-01T00:00:00Z',
        },
        consumerOffsetSyncOptions: {
          groupFilters: [
            { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
            { filterType: 'FILTER_TYPE_EXCLUDE', name: 'tmp-', patternType: 'PATTERN_TYPE_PREFIX' },
          ],
          interval: '30s',
        },
        securitySyncOptions: {
          aclFilters: [
            {
              resourceFilter: {
                resourceType: 'ACL_RESOURCE_TOPIC',
                patternType: 'ACL_PATTERN_PREFIXED',
                name: 'orders.',
              },
              accessFilter: {
                principal: 'User:orders-service',
                host: '10.0.0.7',
                operation: 'ACL_OPERATION_READ',
                permissionType: 'ACL_PERMISSION_TYPE_ALLOW',
              },
            },
            {
              resourceFilter: { resourceType: 'ACL_RESOURCE_GROUP', patternType: 'ACL_PATTERN_ANY' },
              accessFilter: { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' },
            },
          ],
          interval: '60s',
        },
        schemaRegistrySyncOptions: { shadowSchemaRegistryTopic: {} },
      },
    },
  };
}

/** The typical request with one mistake a person makes: a topic-sync interval without its unit (one finding). */
export function requestWithOneFinding(): string {
  const value = typicalRequestValue() as { shadowLink: { configurations: Record<string, Record<string, unknown>> } };
  value.shadowLink.configurations['topicMetadataSyncOptions']!['interval'] = '30';
  return JSON.stringify(value, null, 2);
}

const SERVICES: Record<string, string[]> = {
  BrokerService: ['GetBroker', 'ListBrokers', 'DecommissionBroker', 'RecommissionBroker', 'GetBrokerConfig'],
  ClusterService: ['GetCluster', 'GetClusterHealth', 'UpdateClusterConfig', 'GetLicense', 'SetLicense'],
  ShadowLinkService: [
    'CreateShadowLink',
    'GetShadowLink',
    'ListShadowLinks',
    'UpdateShadowLink',
    'DeleteShadowLink',
    'FailOver',
    'GetShadowTopic',
    'ListShadowTopics',
  ],
  TopicService: ['CreateTopic', 'DeleteTopic', 'ListTopics', 'GetTopicConfigurations', 'UpdateTopicConfigurations'],
  UserService: ['CreateUser', 'DeleteUser', 'ListUsers', 'UpdateUser'],
  AclService: ['CreateAcl', 'DeleteAcls', 'ListAcls', 'GetAcl'],
  TransformService: ['DeployTransform', 'DeleteTransform', 'ListTransforms', 'GetTransform'],
  PartitionService: ['GetPartitionBalancerStatus', 'MovePartitions', 'ListPartitions', 'GetPartition', 'CancelMove'],
};

/** A GetBroker response whose admin server lists `routes` routes (at most 40), as a 26.1 broker answers. */
export function brokerResponse(routes: number): string {
  const all = Object.entries(SERVICES).flatMap(([service, methods]) =>
    methods.map((method) => ({
      httpRoute: `/svc.core.admin.v2.${service}/${method}`,
      name: `svc.core.admin.v2.${service}.${method}`,
    })),
  );
  if (routes > all.length) throw new Error(`at most ${all.length} routes`);
  return JSON.stringify(
    {
      broker: {
        nodeId: 2,
        adminServer: { routes: all.slice(0, routes) },
        buildInfo: { buildSha: '3f2a9c1d', version: 'v26.1.3' },
      },
    },
    null,
    2,
  );
}

/** A CreateShadowLink response whose status lists `topics` shadow topics of `partitions` partitions each (compact JSON). */
export function largeResponse(topics: number, partitions: number): string {
  const parts = (t: number) =>
    Array.from({ length: partitions }, (_, p) => ({
      partitionId: String(p),
      highWatermark: String(1_000_000 + t + p),
      sourceHighWatermark: String(1_000_010 + t + p),
      sourceLastStableOffset: String(1_000_005 + t + p),
      sourceLastUpdatedTimestamp: '2026-11-22T10:00:00.123456789Z',
    }));
  return JSON.stringify({
    shadowLink: {
      name: 'dr-link',
      uid: '6f1c2a9e-4b7d-4e3f-9a1b-2c3d4e5f6a7b',
      status: {
        state: 'SHADOW_LINK_STATE_ACTIVE',
        shadowTopics: Array.from({ length: topics }, (_, t) => ({
          name: `topic-${t}`,
          topicId: `id-${t}`,
          sourceTopicId: `sid-${t}`,
          sourceTopicName: `topic-${t}`,
          status: { state: 'SHADOW_TOPIC_STATE_ACTIVE', partitionInformation: parts(t) },
        })),
      },
    },
  });
}

/** A valid, finding-free shadow link of the size people keep one per file. */
export function smallLink(i: number): Record<string, unknown> {
  return {
    name: `link-${i}`,
    configurations: {
      clientOptions: {
        bootstrapServers: [`kafka-${i}.source.example.com:9093`],
        tlsSettings: { enabled: true },
      },
      topicMetadataSyncOptions: {
        autoCreateShadowTopicFilters: [
          { filterType: 'FILTER_TYPE_INCLUDE', name: 'orders.', patternType: 'PATTERN_TYPE_PREFIX' },
        ],
        interval: '30s',
      },
    },
  };
}

const FILTER_TYPES = ['FILTER_TYPE_INCLUDE', 'FILTER_TYPE_EXCLUDE'] as const;

/**
 * A valid ShadowLink with `n` topic filters, `n` group filters and `n` ACL filters. Names are
 * unique (so filter-redundant finds no duplicate or contradiction), every tenth topic filter is
 * an EXCLUDE of a name no INCLUDE has, and there is no INCLUDE `*`: it lints with no finding.
 * `extraKeys` unknown top-level keys add one schema/unknown-property finding each.
 */
export function link(n: number, extraKeys = 0): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    name: 'dr-link',
    configurations: {
      clientOptions: {
        bootstrapServers: ['kafka-1.source.example.com:9093', 'kafka-2.source.example.com:9093'],
        authenticationConfiguration: {
          scramConfiguration: {
            username: 'shadow-link',
            password: '${SHADOW_LINK_PASSWORD}',
            scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512',
          },
        },
        tlsSettings: { enabled: true },
      },
      topicMetadataSyncOptions: {
        autoCreateShadowTopicFilters: Array.from({ length: n }, (_, i) => ({
          filterType: FILTER_TYPES[i % 10 === 9 ? 1 : 0],
          name: `team-${i}.orders`,
          patternType: i % 2 ? 'PATTERN_TYPE_PREFIX' : 'PATTERN_TYPE_LITERAL',
        })),
        interval: '30s',
      },
      consumerOffsetSyncOptions: {
        groupFilters: Array.from({ length: n }, (_, i) => ({
          filterType: 'FILTER_TYPE_INCLUDE',
          name: `app-${i}-`,
          patternType: 'PATTERN_TYPE_PREFIX',
        })),
      },
      securitySyncOptions: {
        aclFilters: Array.from({ length: n }, (_, i) => ({
          resourceFilter: {
            resourceType: 'ACL_RESOURCE_TOPIC',
            patternType: 'ACL_PATTERN_LITERAL',
            name: `team-${i}.orders`,
          },
          accessFilter: {
            principal: `User:svc-${i}`,
            operation: 'ACL_OPERATION_READ',
            permissionType: 'ACL_PERMISSION_TYPE_ALLOW',
          },
        })),
      },
    },
  };
  for (let i = 0; i < extraKeys; i++) doc[`extra${i}`] = 1;
  return doc;
}

/** Block YAML as people write it: plain scalars where YAML reads them back as the same string, quoted otherwise. */
export function toYaml(value: unknown): string {
  const out: string[] = [];
  const scalar = (v: unknown) =>
    typeof v === 'string' && !/^[A-Za-z][\w./-]*$/.test(v) ? JSON.stringify(v) : String(v);
  const isCollection = (v: unknown): v is object => v !== null && typeof v === 'object';
  // An empty collection has no block form: `{}` / `[]` keep it from reading back as null.
  const isEmpty = (v: object) => (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);
  const write = (v: unknown, indent: string) => {
    if (Array.isArray(v)) {
      for (const item of v) {
        if (isCollection(item) && !Array.isArray(item) && !isEmpty(item)) {
          // The first key goes on the dash line; the rest line up under it.
          const saved = out.length;
          write(item, `${indent}  `);
          const lines = out.splice(saved);
          out.push(`${indent}- ${lines[0]!.slice(indent.length + 2)}`, ...lines.slice(1));
        } else out.push(`${indent}- ${isCollection(item) ? JSON.stringify(item) : scalar(item)}`);
      }
      return;
    }
    for (const [k, item] of Object.entries(v as object)) {
      if (isCollection(item) && isEmpty(item)) out.push(`${indent}${k}: ${JSON.stringify(item)}`);
      else if (isCollection(item)) {
        out.push(`${indent}${k}:`);
        write(item, `${indent}  `);
      } else out.push(`${indent}${k}: ${scalar(item)}`);
    }
  };
  write(value, '');
  return `${out.join('\n')}\n`;
}

/** The document formats the scaling figures generate. */
type Format = 'json' | 'yaml';

/** `doc` as pretty-printed JSON or block YAML. */
const render = (doc: unknown, format: Format): string =>
  format === 'json' ? JSON.stringify(doc, null, 2) : toYaml(doc);

/** A valid link of about `mb` MB in `format`: the filter count is interpolated from two small documents. */
export function linkOfSize(mb: number, format: Format): { text: string; n: number } {
  const a = render(link(1000), format).length;
  const b = render(link(2000), format).length;
  const n = Math.max(1, Math.round(1000 + ((mb * MB - a) * 1000) / (b - a)));
  return { text: render(link(n), format), n };
}
