/** The docs base URL of a command run: SVC_ADMIN_SPEC_DOCS_URL, for a self-hosted copy of the docs. */
import { docsBaseInEnv } from '../core/docs-url';
import { UsageError } from './usage-error';

/** The checked base URL from the environment, undefined when unset or empty; a malformed one is a usage error (exit 2). */
export function docsBaseFromEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  try {
    return docsBaseInEnv(env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `{ docsBaseUrl }` for a formatter's or a lint's options when the environment sets one, else nothing. */
export function docsOption(env: Readonly<Record<string, string | undefined>>): { docsBaseUrl?: string } {
  const docsBaseUrl = docsBaseFromEnv(env);
  return docsBaseUrl === undefined ? {} : { docsBaseUrl };
}
