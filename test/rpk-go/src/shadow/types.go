// Package shadow holds rpk's shadow-link config structs as the test's Go oracle decodes them:
// the field names, YAML tags and Go types of rpk's newest src/go/rpk/pkg/cli/shadow/types.go,
// written from its facts for the differential test (test/rpk-reader.test.ts). The package is
// named as rpk's so that yaml.v2's messages name the types as rpk's do.
package shadow

import "time"

type ShadowLinkConfig struct {
	Name                      string                       `yaml:"name"`
	CloudOptions              *CloudShadowLinkOptions      `yaml:"cloud_options,omitempty"`
	ClientOptions             *ShadowLinkClientOptions     `yaml:"client_options,omitempty"`
	TopicMetadataSyncOptions  *TopicMetadataSyncOptions    `yaml:"topic_metadata_sync_options,omitempty"`
	ConsumerOffsetSyncOptions *ConsumerOffsetSyncOptions   `yaml:"consumer_offset_sync_options,omitempty"`
	SecuritySyncOptions       *SecuritySettingsSyncOptions `yaml:"security_sync_options,omitempty"`
	SchemaRegistrySyncOptions *SchemaRegistrySyncOptions   `yaml:"schema_registry_sync_options,omitempty"`
	RoleSyncOptions           *RoleSyncOptions             `yaml:"role_sync_options,omitempty"`
}

type CloudShadowLinkOptions struct {
	SourceRedpandaID string `yaml:"source_redpanda_id,omitempty"`
	ShadowRedpandaID string `yaml:"shadow_redpanda_id,omitempty"`
}

type ShadowLinkClientOptions struct {
	BootstrapServers            []string                     `yaml:"bootstrap_servers,omitempty"`
	SourceClusterID             string                       `yaml:"source_cluster_id,omitempty"`
	TLSSettings                 *TLSSettings                 `yaml:"tls_settings,omitempty"`
	AuthenticationConfiguration *AuthenticationConfiguration `yaml:"authentication_configuration,omitempty"`
	MetadataMaxAgeMs            int32                        `yaml:"metadata_max_age_ms,omitempty"`
	ConnectionTimeoutMs         int32                        `yaml:"connection_timeout_ms,omitempty"`
	RetryBackoffMs              int32                        `yaml:"retry_backoff_ms,omitempty"`
	FetchWaitMaxMs              int32                        `yaml:"fetch_wait_max_ms,omitempty"`
	FetchMinBytes               int32                        `yaml:"fetch_min_bytes,omitempty"`
	FetchMaxBytes               int32                        `yaml:"fetch_max_bytes,omitempty"`
	FetchPartitionMaxBytes      int32                        `yaml:"fetch_partition_max_bytes,omitempty"`
}

type TLSSettings struct {
	Enabled             bool             `yaml:"enabled"`
	DoNotSetSniHostname bool             `yaml:"do_not_set_sni_hostname,omitempty"`
	TLSFileSettings     *TLSFileSettings `yaml:"tls_file_settings,omitempty"`
	TLSPEMSettings      *TLSPEMSettings  `yaml:"tls_pem_settings,omitempty"`
}

type TLSFileSettings struct {
	CAPath   string `yaml:"ca_path,omitempty"`
	KeyPath  string `yaml:"key_path,omitempty"`
	CertPath string `yaml:"cert_path,omitempty"`
}

type TLSPEMSettings struct {
	CA   string `yaml:"ca,omitempty"`
	Key  string `yaml:"key,omitempty"`
	Cert string `yaml:"cert,omitempty"`
}

type AuthenticationConfiguration struct {
	ScramConfiguration *ScramConfiguration `yaml:"scram_configuration,omitempty"`
	PlainConfiguration *PlainConfiguration `yaml:"plain_configuration,omitempty"`
}

type PlainConfiguration struct {
	Username string `yaml:"username,omitempty"`
	Password string `yaml:"password,omitempty"`
}

type ScramConfiguration struct {
	Username       string         `yaml:"username,omitempty"`
	Password       string         `yaml:"password,omitempty"`
	ScramMechanism ScramMechanism `yaml:"scram_mechanism,omitempty"`
}

type ScramMechanism string

type TopicMetadataSyncOptions struct {
	Interval                     time.Duration    `yaml:"interval,omitempty"`
	Paused                       bool             `yaml:"paused,omitempty"`
	AutoCreateShadowTopicFilters []*NameFilter    `yaml:"auto_create_shadow_topic_filters,omitempty"`
	SyncedShadowTopicProperties  []string         `yaml:"synced_shadow_topic_properties,omitempty"`
	ExcludeDefault               bool             `yaml:"exclude_default,omitempty"`
	StartAtEarliest              *StartAtEarliest `yaml:"start_at_earliest,omitempty"`
	StartAtLatest                *StartAtLatest   `yaml:"start_at_latest,omitempty"`
	StartAtTimestamp             *time.Time       `yaml:"start_at_timestamp,omitempty"`
}

type (
	StartAtEarliest struct{}
	StartAtLatest   struct{}
)

type ConsumerOffsetSyncOptions struct {
	Interval     time.Duration `yaml:"interval,omitempty"`
	Paused       bool          `yaml:"paused,omitempty"`
	GroupFilters []*NameFilter `yaml:"group_filters,omitempty"`
}

type SecuritySettingsSyncOptions struct {
	Interval   time.Duration `yaml:"interval,omitempty"`
	Paused     bool          `yaml:"paused,omitempty"`
	ACLFilters []*ACLFilter  `yaml:"acl_filters,omitempty"`
}

type RoleSyncOptions struct {
	Interval        time.Duration `yaml:"interval,omitempty"`
	Paused          bool          `yaml:"paused,omitempty"`
	RoleNameFilters []*NameFilter `yaml:"role_name_filters,omitempty"`
}

type SchemaRegistrySyncOptions struct {
	ShadowSchemaRegistryTopic *ShadowSchemaRegistryTopic `yaml:"shadow_schema_registry_topic,omitempty"`
	ShadowSchemaRegistryAPI   *ShadowSchemaRegistryAPI   `yaml:"shadow_schema_registry_api,omitempty"`
}

type ShadowSchemaRegistryTopic struct{}

type ShadowSchemaRegistryAPI struct {
	SourceURL                      string                            `yaml:"source_url,omitempty"`
	AuthOptions                    *SchemaRegistryAuthOptions        `yaml:"auth_options,omitempty"`
	TLSSettings                    *TLSSettings                      `yaml:"tls_settings,omitempty"`
	TailInterval                   time.Duration                     `yaml:"tail_interval,omitempty"`
	FullSyncInterval               time.Duration                     `yaml:"full_sync_interval,omitempty"`
	MaxSourceRequestsPerSecond     int32                             `yaml:"max_source_requests_per_second,omitempty"`
	SourceFilter                   *SchemaRegistrySourceFilter       `yaml:"source_filter,omitempty"`
	Destination                    *SchemaRegistryContextDestination `yaml:"destination,omitempty"`
	UnsupportedSchemaFeaturePolicy UnsupportedSchemaFeaturePolicy    `yaml:"unsupported_schema_feature_policy,omitempty"`
}

type SchemaRegistryAuthOptions struct {
	Basic *HTTPBasicAuthOptions `yaml:"basic,omitempty"`
}

type HTTPBasicAuthOptions struct {
	Username string `yaml:"username,omitempty"`
	Password string `yaml:"password,omitempty"`
}

type SchemaRegistrySourceFilter struct {
	Contexts []string `yaml:"contexts,omitempty"`
	Subjects []string `yaml:"subjects,omitempty"`
}

type SchemaRegistryContextDestination struct {
	Identity *SchemaRegistryIdentityContextMapping `yaml:"identity,omitempty"`
	Exact    *SchemaRegistryExactContextMappings   `yaml:"exact,omitempty"`
}

type SchemaRegistryIdentityContextMapping struct{}

type SchemaRegistryExactContextMappings struct {
	Mappings []*SchemaRegistryContextMap `yaml:"mappings,omitempty"`
}

type SchemaRegistryContextMap struct {
	Source      string `yaml:"source,omitempty"`
	Destination string `yaml:"destination,omitempty"`
}

type UnsupportedSchemaFeaturePolicy string

type NameFilter struct {
	PatternType PatternType `yaml:"pattern_type,omitempty"`
	FilterType  FilterType  `yaml:"filter_type,omitempty"`
	Name        string      `yaml:"name,omitempty"`
}

type FilterType string

type PatternType string

type ACLFilter struct {
	ResourceFilter *ACLResourceFilter `yaml:"resource_filter,omitempty"`
	AccessFilter   *ACLAccessFilter   `yaml:"access_filter,omitempty"`
}

type ACLResourceFilter struct {
	ResourceType ACLResource `yaml:"resource_type,omitempty"`
	PatternType  ACLPattern  `yaml:"pattern_type,omitempty"`
	Name         string      `yaml:"name,omitempty"`
}

type ACLAccessFilter struct {
	Principal      string            `yaml:"principal,omitempty"`
	Operation      ACLOperation      `yaml:"operation,omitempty"`
	PermissionType ACLPermissionType `yaml:"permission_type,omitempty"`
	Host           string            `yaml:"host,omitempty"`
}

type ACLResource string

type ACLPattern string

type ACLOperation string

type ACLPermissionType string
