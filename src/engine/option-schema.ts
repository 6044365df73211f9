/** The JSON Schema subset that rule options are declared in, and how values show in messages about them. */
import { isObject } from '../util/pointer';

/** A value as a message shows it: a short quoted string, a number, or its type. */
export const show = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v;
};

/** Why a value does not match an option schema (`type`, `enum`, `items`), or undefined when it does. */
export function schemaProblem(value: unknown, schema: Record<string, unknown>, at: string): string | undefined {
  const type = schema['type'];
  const ok =
    type === undefined ||
    (type === 'array' && Array.isArray(value)) ||
    (type === 'object' && isObject(value)) ||
    (type === 'string' && typeof value === 'string') ||
    (type === 'boolean' && typeof value === 'boolean') ||
    (type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
    (type === 'integer' && typeof value === 'number' && Number.isInteger(value));
  if (!ok) return `${at} must be ${type === 'array' || type === 'integer' ? 'an' : 'a'} ${type}, not ${show(value)}`;
  if (Array.isArray(schema['enum']) && !schema['enum'].includes(value))
    return `${at} must be one of ${(schema['enum'] as unknown[]).map(show).join(', ')}`;
  if (Array.isArray(value) && isObject(schema['items'])) {
    for (let i = 0; i < value.length; i++) {
      const p = schemaProblem(value[i], schema['items'], `${at}[${i}]`);
      if (p) return p;
    }
  }
  return undefined;
}
