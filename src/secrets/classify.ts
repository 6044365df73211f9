/** Which values are secrets, and how values are shown in messages without ever showing one. */
import { parsePointer } from '../util/pointer';

const SECRET_KEYS = new Set(['password', 'key']);
const PRIVATE_KEY_RE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** True when the pointer addresses a password or a PEM private key field. */
export function isSecretPointer(pointer: string): boolean {
  const tokens = parsePointer(pointer);
  const last = tokens[tokens.length - 1];
  if (last === 'password') return true;
  return last === 'key' && tokens[tokens.length - 2] === 'tlsPemSettings';
}

/** True when a string holds a PEM private key. */
export const containsPrivateKey = (s: string): boolean => PRIVATE_KEY_RE.test(s);

/** Field names that hold secrets wherever they appear. */
export const secretKeyNames: ReadonlySet<string> = SECRET_KEYS;

/** Renders a value for a message: JSON, shortened; secrets and private keys are never shown. */
export function showValue(value: unknown, pointer: string): string {
  if (isSecretPointer(pointer)) return '(secret value hidden)';
  if (typeof value === 'string' && containsPrivateKey(value)) return '(private key hidden)';
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : describeType(value);
  } catch {
    text = describeType(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

/** The JSON type name of a value, as messages use it: string, number, integer, boolean, null, array, object. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value)
        ? `the integer ${value}`
        : Number.isFinite(value)
          ? `the number ${value}`
          : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return 'an object';
    case 'undefined':
      return 'undefined';
    default:
      return `a ${typeof value}`;
  }
}
