/** Credentials for the admin API: HTTP basic or a bearer token, sent in the Authorization header. */
import { isObject } from '../util/pointer';

/** HTTP basic credentials, or a bearer token. */
export type Auth = { username: string; password: string } | { token: string };

// Header values may not hold control characters; a token is one printable ASCII word.
const TOKEN_RE = /^[\x21-\x7e]+$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_RE = /[\0-\x1f\x7f]/;

/** Checks the `auth` option; the messages never show a password or token. */
export function checkAuth(raw: unknown): Auth | undefined {
  if (raw === undefined) return undefined;
  const where = 'createAdminClient: "auth"';
  if (!isObject(raw)) throw new TypeError(`${where} must be { username, password } or { token }.`);
  const keys = Object.keys(raw).sort().join(',');
  if (keys === 'token') {
    if (typeof raw['token'] !== 'string' || !TOKEN_RE.test(raw['token']))
      throw new TypeError(`${where}.token must be a non-empty string of printable ASCII without spaces.`);
    return { token: raw['token'] };
  }
  if (keys === 'password,username') {
    const { username, password } = raw;
    if (typeof username !== 'string' || username === '' || username.includes(':') || CONTROL_RE.test(username))
      throw new TypeError(`${where}.username must be a non-empty string without ":" or control characters.`);
    if (typeof password !== 'string' || CONTROL_RE.test(password))
      throw new TypeError(`${where}.password must be a string without control characters.`);
    return { username, password };
  }
  throw new TypeError(
    `${where} must be { username, password } or { token }, not an object with keys ${keys || 'none'}.`,
  );
}

/** Standard base64 of the UTF-8 bytes of a string (in Node.js and browsers alike). */
function base64Utf8(s: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(s)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The request headers for the credentials. */
export function authHeaders(auth: Auth | undefined): Record<string, string> {
  if (!auth) return {};
  if ('token' in auth) return { Authorization: `Bearer ${auth.token}` };
  return { Authorization: `Basic ${base64Utf8(`${auth.username}:${auth.password}`)}` };
}

/** The password or token and the header that encodes them: to mask wherever a server could echo them. */
export function authSecrets(auth: Auth | undefined): string[] {
  return [...(auth ? Object.values(auth) : []), ...Object.values(authHeaders(auth))].filter((v) => v.length >= 4);
}
