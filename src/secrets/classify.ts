/** Which values are secrets, and how values are shown in messages without ever showing one. */
import { isDigits, parsePointer } from '../util/pointer';
import { boundedMemo } from '../util/memo';
import { isPlaceholder } from '../util/placeholder';
import { mayHoldPrivateKey } from '../util/secret-text';
import { editDistance } from '../util/suggest';

const PRIVATE_KEY_RE = /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----/;

/** Credential-looking fragments of a key name once lowercased and stripped of `_`, `-`, `.` and spaces. */
const CREDENTIAL_PARTS = ['pass', 'pwd', 'pswd', 'pasw', 'secret', 'token', 'credential', 'privatekey', 'apikey'];
/** Keys that contain a credential word but hold no secret (the response's password metadata). */
const NOT_SECRET = new Set(['passwordset', 'passwordsetat', 'keyfingerprint', 'keypath']);

/** Any character but a-z and 0-9: only then can lowercasing or dropping separators change a key. */
const NOT_PLAIN = /[^a-z0-9]/;

const normalizeKey = (key: string): string => (NOT_PLAIN.test(key) ? key.toLowerCase().replace(/[\s_.-]+/g, '') : key);

/**
 * True when a key name (as decoded, in any spelling) looks like it holds a credential: `password`,
 * misspellings such as `pasword` or `passwd`, `pwd`, `secret`, `token`, `private_key`, and `key`
 * (the PEM private key field of `tlsPemSettings`). Remembered per name: a large document asks
 * about the same few names once per value.
 */
export function isSecretKeyName(key: string): boolean {
  return key.length <= 64 && rememberedVerdict(key);
}

// Up to 1,024 names: documents repeat a few dozen names, hostile ones invent millions.
const rememberedVerdict = boundedMemo((key) => classifyKeyName(key), 1024);

function classifyKeyName(key: string): boolean {
  const k = normalizeKey(key);
  if (NOT_SECRET.has(k)) return false;
  if (k === 'key') return true;
  for (const part of CREDENTIAL_PARTS) if (k.includes(part)) return true;
  // Within two edits of `password`: `pasword`, `passowrd`. Such a key keeps at least six of its
  // letters, so it has six characters from p, a, s, w, o, r, d: most keys are ruled out by counting.
  return k.length >= 6 && k.length <= 10 && passwordLetters(k) >= 6 && editDistance(k, 'password', 2) <= 2;
}

/** How many characters of `k` are letters of `password`. */
function passwordLetters(k: string): number {
  let n = 0;
  for (let i = 0; i < k.length; i++) {
    switch (k.charCodeAt(i)) {
      case 97: // a
      case 100: // d
      case 111: // o
      case 112: // p
      case 114: // r
      case 115: // s
      case 119: // w
        n++;
    }
  }
  return n;
}

/** True when the pointer addresses a credential or anything beneath one (see `isSecretKeyName`). */
export function isSecretPointer(pointer: string): boolean {
  if (pointer === '') return false;
  return parsePointer(pointer).some((token) => !isDigits(token) && isSecretKeyName(token));
}

/** True when a string holds a PEM private key. */
export const containsPrivateKey = (s: string): boolean =>
  // Every match contains the literal tail: a plain search rules most long strings out first.
  mayHoldPrivateKey(s) && PRIVATE_KEY_RE.test(s);

/** True when a value at `pointer` must never be printed: a credential position, or a private key anywhere. */
export function isSecretValue(value: unknown, pointer: string): boolean {
  if (typeof value === 'string') {
    if (isPlaceholder(value)) return false;
    if (containsPrivateKey(value)) return true;
  }
  return isSecretPointer(pointer);
}

/** Describes a secret without revealing it: its type and, for strings, its length. */
export function describeSecret(value: unknown): string {
  if (typeof value === 'string') return `a ${value.length}-character string (hidden)`;
  if (typeof value === 'number') return 'a number (hidden)';
  if (typeof value === 'boolean') return 'a boolean';
  return describeType(value, '');
}

/** Longest shown excerpt of a string value in a message. */
const SHOWN_MAX = 60;

/** Renders a value for a message: JSON, shortened; secrets and private keys are only described. */
export function showValue(value: unknown, pointer: string): string {
  if (isSecretValue(value, pointer)) return describeSecret(value);
  if (typeof value !== 'string') return describeType(value, pointer);
  const text = JSON.stringify(value.length > SHOWN_MAX ? value.slice(0, SHOWN_MAX) : value);
  return value.length > SHOWN_MAX ? `${text.slice(0, -1)}…" (${value.length} characters)` : text;
}

/** The JSON type of a value in words, as messages use it; secrets get only their type. */
export function describeType(value: unknown, pointer: string): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (pointer !== '' && isSecretValue(value, pointer)) return describeSecret(value);
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
