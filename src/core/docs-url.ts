/**
 * Where the documentation links of findings (`docsUrl`, SARIF `helpUri`, the language server's
 * links) point: the package's files as published (`docs/rules/<page>.md` below the base). A user
 * with a self-hosted copy of the package's files (an intranet mirror, an offline machine's
 * `file://` copy of node_modules/svc-admin-spec/) sets another base.
 */

/** The published package on unpkg: `<base>docs/rules/…`, `<base>schemas/…`. */
export const DEFAULT_DOCS_BASE_URL = 'https://unpkg.com/svc-admin-spec/';

/** The environment variable the command and the language server read a docs base URL from. */
export const DOCS_BASE_URL_ENV = 'SVC_ADMIN_SPEC_DOCS_URL';

/**
 * A docs base URL given by a user, ending in "/" (so pages resolve below it rather than beside it);
 * throws `TypeError` naming `what` (the option or variable) unless it is an absolute http:, https:
 * or file: URL.
 */
export function checkDocsBaseUrl(value: unknown, what: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:', 'file:'].includes(url.protocol) || url.search !== '' || url.hash !== '')
    throw new TypeError(
      `${what} must be an absolute http:, https: or file: URL without a query or fragment, where the package's docs/ and schemas/ are served (e.g. "${DEFAULT_DOCS_BASE_URL}").`,
    );
  const text = url.href;
  return text.endsWith('/') ? text : `${text}/`;
}

/** The base an environment sets (DOCS_BASE_URL_ENV), checked; undefined when unset or empty, a `TypeError` when malformed. */
export function docsBaseInEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const value = env[DOCS_BASE_URL_ENV];
  return value === undefined || value === '' ? undefined : checkDocsBaseUrl(value, DOCS_BASE_URL_ENV);
}
