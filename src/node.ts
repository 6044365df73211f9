/**
 * `svc-admin-spec/node`: helpers that read the file system, kept out of the main entry so that it
 * stays free of Node built-ins (it runs in browsers).
 *
 * @module svc-admin-spec/node
 */
export { resolveConfig, type ResolvedConfig } from './config/resolve';
export { ConfigError } from './config/config';
