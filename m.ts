import { lintText } from './src/index';
const t = `name: dr-link
configurations:
  clientOptions:
    bootstrapServers: [b1:9092]
    metadataMaxAgeMs: 10000
    tlsSettings: {enabled: true}
  topicMetadataSyncOptions:
    interval: 30s
    excludeDefault: true
    autoCreateShadowTopicFilters: [{name: orders, patternType: PATTERN_TYPE_LITERAL, filterType: FILTER_TYPE_INCLUDE}]
    syncedShadowTopicProperties: [min.insync.replicas, retention.bytes]
  consumerOffsetSyncOptions:
    interval: 45s
    groupFilters: [{name: '*', patternType: PATTERN_TYPE_LITERAL, filterType: FILTER_TYPE_INCLUDE}]
  securitySyncOptions:
    paused: false
`;
console.log(lintText(t, { filename: 'a.yaml' }).diagnostics.map(d=>[d.code,d.pointer,d.message.slice(0,90)]));
