/** The TypeBox model of the Admin API v2: schemas and their static types under one name each. */
export * from './enums';
export * from './client-options';
export * from './sync-options';
export * from './status';
export * from './shadow-link';
export * from './broker';
export * from './connect';
export * from './kinds';
export { INT32_MAX, INT32_MIN, registerFormats, type FormatRegistryLike } from './primitives';
export {
  MAX_DURATION_SECONDS,
  parseDuration,
  parseTimestamp,
  formatDescriptions,
  type ParsedDuration,
  type ParsedTimestamp,
} from './formats';
