/** The package version, injected at build time (tsup and vitest `define`). */
declare const __SVC_ADMIN_SPEC_VERSION__: string | undefined;

/** The version of this build. */
export const VERSION: string =
  typeof __SVC_ADMIN_SPEC_VERSION__ === 'string' ? __SVC_ADMIN_SPEC_VERSION__ : '0.0.0-dev';
