/** Registers every rule module of this folder; a meta test checks that none is missing. */
import type { Rule } from '../rule-api/types';
import aclFilterComplete from './acl-filter-complete';
import aclFilterValues from './acl-filter-values';
import allTasksPaused from './all-tasks-paused';
import authCredentials from './auth-credentials';
import authExactlyOne from './auth-exactly-one';
import bootstrapServers from './bootstrap-servers';
import buildInfo from './build-info';
import clientOptionRange from './client-option-range';
import connectError from './connect-error';
import duration from './duration';
import enumAlias from './enum-alias';
import enumSpelling from './enum-spelling';
import excludeDefaultEmpty from './exclude-default-empty';
import fetchSizeOrder from './fetch-size-order';
import fieldIgnored from './field-ignored';
import filterRedundant from './filter-redundant';
import filterSelectsNothing from './filter-selects-nothing';
import groupFilterName from './group-filter-name';
import int64Precision from './int64-precision';
import integerAsString from './integer-as-string';
import keyFingerprint from './key-fingerprint';
import neverShadowedTopic from './never-shadowed-topic';
import noPlaintextSecret from './no-plaintext-secret';
import nodeId from './node-id';
import nullValue from './null-value';
import outputOnlyField from './output-only-field';
import partitionOffsets from './partition-offsets';
import passwordSetAt from './password-set-at';
import plainWithoutTls from './plain-without-tls';
import reservedTopicFilter from './reserved-topic-filter';
import responseSecretLeak from './response-secret-leak';
import routeConsistency from './route-consistency';
import shadowLinkName from './shadow-link-name';
import snakeCaseKey from './snake-case-key';
import startAtTimestamp from './start-at-timestamp';
import startPositionAtMostOne from './start-position-at-most-one';
import syncedPropertyForbidden from './synced-property-forbidden';
import syncedPropertyRedundant from './synced-property-redundant';
import syncedPropertyUnknown from './synced-property-unknown';
import tlsAtMostOne from './tls-at-most-one';
import tlsIgnored from './tls-ignored';
import tlsKeyCertPair from './tls-key-cert-pair';
import tlsPemShape from './tls-pem-shape';
import topicFilterName from './topic-filter-name';
import unspecifiedEnum from './unspecified-enum';

/** Every rule of the catalogue, sorted by id. */
export const rules: readonly Rule<string>[] = [
  aclFilterComplete,
  aclFilterValues,
  allTasksPaused,
  authCredentials,
  authExactlyOne,
  bootstrapServers,
  buildInfo,
  clientOptionRange,
  connectError,
  duration,
  enumAlias,
  enumSpelling,
  excludeDefaultEmpty,
  fetchSizeOrder,
  fieldIgnored,
  filterRedundant,
  filterSelectsNothing,
  groupFilterName,
  int64Precision,
  integerAsString,
  keyFingerprint,
  neverShadowedTopic,
  noPlaintextSecret,
  nodeId,
  nullValue,
  outputOnlyField,
  partitionOffsets,
  passwordSetAt,
  plainWithoutTls,
  reservedTopicFilter,
  responseSecretLeak,
  routeConsistency,
  shadowLinkName,
  snakeCaseKey,
  startAtTimestamp,
  startPositionAtMostOne,
  syncedPropertyForbidden,
  syncedPropertyRedundant,
  syncedPropertyUnknown,
  tlsAtMostOne,
  tlsIgnored,
  tlsKeyCertPair,
  tlsPemShape,
  topicFilterName,
  unspecifiedEnum,
];
