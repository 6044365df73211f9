/** The configuration reference of the docs: every key of the config file, from the config's model. */
import { configModel } from '../src/config/config-model';

/** A property of the model, as the reference reads it. */
interface Prop {
  description?: string;
  type?: string;
  items?: { type?: string };
  anyOf?: { const?: unknown }[];
  $ref?: string;
  minItems?: number;
  properties?: Record<string, Prop>;
}

/** What a value of the key is, in words. */
function typeOf(p: Prop): string {
  if (p.$ref === '#/$defs/rules')
    return 'object: rule id → a severity (`off` or `0`, `info`, `warning`, `warn` or `1`, `error` or `2`), or `[severity, options]`';
  if (p.anyOf && p.anyOf.every((a) => a.const !== undefined))
    return `one of ${p.anyOf.map((a) => `\`${JSON.stringify(a.const)}\``).join(', ')}`;
  if (p.type === 'array' && p.items?.type === 'string')
    return `list of strings${p.minItems ? ` (at least ${p.minItems})` : ''}`;
  if (p.type === 'array') return 'list of objects (below)';
  return p.type ?? 'any';
}

/** Rows of a table of an object's keys. */
function rows(properties: Record<string, Prop>, required: readonly string[] = []): string[] {
  return Object.entries(properties).map(([key, p]) => {
    const described =
      p.description ??
      (p.$ref === '#/$defs/rules' ? "Each rule's severity and options, built-in or custom (`@namespace/name`)." : '');
    const text = described.replace(/\|/g, '\\|').replace(/\n/g, ' ');
    return `| \`${key}\`${required.includes(key) ? ' (required)' : ''} | ${typeOf(p).replace(/\|/g, '\\|')} | ${text} |`;
  });
}

/** The reference: the config's keys, then an override's. */
export function configTable(): string {
  const model = configModel() as unknown as { properties: Record<string, Prop> };
  const override = (
    model.properties['overrides'] as unknown as {
      items: { properties: Record<string, Prop>; required?: string[] };
    }
  ).items;
  return [
    '| key | value | meaning |',
    '|---|---|---|',
    ...rows(model.properties),
    '',
    'Each entry of `overrides`:',
    '',
    '| key | value | meaning |',
    '|---|---|---|',
    ...rows(override.properties, override.required ?? []),
  ].join('\n');
}
