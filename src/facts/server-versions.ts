/** What differs between the server versions the linter knows, each fact with the source it comes from. */
import type { TargetVersion } from './target-version';
import { CLIENT_OPTION_DEFAULTS, UNAPPLIED_CLIENT_OPTIONS, type NumericClientOption } from '../model/client-options';

/** The version-dependent behaviour of a server. */
export interface ServerFacts {
  /** The value used for each numeric client option left at 0 (src/v/cluster_link/model/types.h). */
  readonly clientOptionDefaults: Readonly<Record<NumericClientOption, number>>;
  /**
   * Client options the server stores and echoes but never applies: `metadata_to_kafka_config`
   * (src/v/cluster_link/utils.cc) passes only brokers, TLS, SASL and the client id to the client.
   */
  readonly unappliedClientOptions: readonly NumericClientOption[];
  /** Prefix of the `clientId` the server derives: `<prefix><name>-<uid>` (converter.cc `set_client_id`). */
  readonly clientIdPrefix: string;
  /** Whether `status.syncedShadowTopicProperties` comes back sorted (26.1 sorts it; 25.3 does not). */
  readonly sortsSyncedProperties: boolean;
  /** Whether `plainConfiguration` exists (added in 26.1; 25.3 ignores the key as unknown). */
  readonly plainAuthentication: boolean;
  /**
   * How many shadow links one cluster holds: `frontend::validate_mutation` (src/v/cluster/cluster_link/frontend.cc)
   * sets `max_links = 1` ("Initially for DR, we will only support a single cluster link at a time"),
   * and a new link beyond it is refused with `limit_exceeded` (resource_exhausted, "Failed to create
   * cluster link: cluster::cluster_link::errc::limit_exceeded").
   */
  readonly maxShadowLinks: number;
}

const defaults = (overrides: Partial<Record<NumericClientOption, number>> = {}) =>
  Object.fromEntries(
    Object.entries(CLIENT_OPTION_DEFAULTS).map(([k, d]) => [k, overrides[k as NumericClientOption] ?? d.value]),
  ) as Record<NumericClientOption, number>;

const UNAPPLIED = UNAPPLIED_CLIENT_OPTIONS;

/** The facts of each version (25.3: 76406ff2b95a, 26.1: bd9e34c38a8a of the server's repository). */
export const SERVER_FACTS: Readonly<Record<TargetVersion, ServerFacts>> = {
  '25.3': {
    // fetch_partition_max_bytes defaulted to 1 MiB before 26.1.
    clientOptionDefaults: defaults({ fetchPartitionMaxBytes: 1024 * 1024 }),
    unappliedClientOptions: UNAPPLIED,
    clientIdPrefix: 'cluster-link-',
    sortsSyncedProperties: false,
    plainAuthentication: false,
    maxShadowLinks: 1,
  },
  '26.1': {
    clientOptionDefaults: defaults(),
    unappliedClientOptions: UNAPPLIED,
    clientIdPrefix: 'shadow-link-',
    sortsSyncedProperties: true,
    plainAuthentication: true,
    maxShadowLinks: 1,
  },
};

/** Human text of a byte or millisecond amount, as the spec's Limits table writes it. */
export function describeAmount(option: NumericClientOption, value: number): string {
  const unit = CLIENT_OPTION_DEFAULTS[option].unit;
  if (unit === 'bytes' && value % (1024 * 1024) === 0) return `${value / 1024 / 1024} MiB`;
  if (unit === 'ms' && value % 1000 === 0 && value >= 1000) return `${value / 1000} second${value === 1000 ? '' : 's'}`;
  return `${value} ${unit === 'ms' ? 'ms' : 'bytes'}`;
}
