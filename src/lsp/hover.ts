/** Hover text: a field's documentation from the model, and a finding's rule description and rationale. */
import { describeCode } from '../codes/describe';
import { codeDocsUrl } from '../engine/catalog';
import type { Diagnostic } from '../core/diagnostics';
import { kindSchemas, type KindName } from '../model/kinds';
import { INT32_MIN } from '../model/primitives';
import { parsePointer, toPointer } from '../util/pointer';
import { schemaAt } from '../util/schema-walk';

type Node = { [key: string]: unknown };

const camel = (token: string) => token.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The model schema at a pointer; snake_case keys (which the server accepts) are looked up by their camelCase name. */
function fieldSchema(kind: KindName, pointer: string): Node | undefined {
  const root = kindSchemas[kind];
  return schemaAt(root, pointer) ?? schemaAt(root, toPointer(parsePointer(pointer).map(camel)));
}

/** A short name for a schema's type: `string (duration)`, `int32`, `array of Topic filter`, an object's title. */
function typeLabel(s: Node): string | undefined {
  if (Array.isArray(s.enum)) return 'enum';
  if (Array.isArray(s.anyOf)) {
    // A null branch is how a file says "not set" (rpk's file): no type of its own to show.
    const labels = (s.anyOf as Node[])
      .filter((b) => b.type !== 'null')
      .map(typeLabel)
      .filter((l): l is string => l !== undefined);
    return labels.length > 0 ? labels.join(' or ') : undefined;
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).join(' or ') : (s.type as string | undefined);
  if (s.format === 'int64') return 'int64 (a number, or a decimal string)';
  if (type === 'string' && typeof s.format === 'string') return `string (${s.format})`;
  if (type === 'integer' && s.minimum === INT32_MIN) return 'int32';
  if (type === 'array' && s.items && typeof s.items === 'object') {
    const item = s.items as Node;
    return `array of ${typeof item.title === 'string' ? item.title : (typeLabel(item) ?? 'values')}`;
  }
  if (type === 'object' && typeof s.title === 'string') return s.title;
  return type;
}

/** The name a pointer's last step is shown as: the key, or `list[2]` for an array item. */
function fieldName(pointer: string): string {
  const tokens = parsePointer(pointer);
  const last = tokens[tokens.length - 1] ?? '';
  if (/^\d+$/.test(last) && tokens.length > 1) return `${tokens[tokens.length - 2]}[${last}]`;
  return last;
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** Markdown documentation of the field at a pointer; for an enum value, that value's meaning first. */
export function fieldHover(kind: KindName, pointer: string, value?: unknown): string | undefined {
  if (pointer === '/$schema')
    return '**$schema**\n\nThe JSON Schema of this file. Editors use it for completion; the linter uses it to tell which document this is, and otherwise ignores it.';
  const s = fieldSchema(kind, pointer);
  if (!s) return undefined;
  // An enum that may also be null (rpk's file): its values are on the enum branch.
  const values = Array.isArray(s.anyOf) ? ((s.anyOf as Node[]).find((b) => Array.isArray(b.enum)) ?? s) : s;
  const parts: string[] = [];
  if (typeof value === 'string' && Array.isArray(values.enum) && Array.isArray(values.enumDescriptions)) {
    const i = (values.enum as unknown[]).indexOf(value);
    const meaning = (values.enumDescriptions as unknown[])[i];
    if (i >= 0 && typeof meaning === 'string') parts.push(`${code(value)}: ${meaning}`, '---');
  }
  const type = typeLabel(s);
  parts.push(`**${fieldName(pointer)}**${type ? ` — ${type}` : ''}`);
  if (typeof s.description === 'string') parts.push(s.description);
  const facts: string[] = [];
  if (s.default !== undefined) facts.push(`Default: ${code(JSON.stringify(s.default))}`);
  if (Array.isArray(values.enum) && values.enum.length <= 12)
    facts.push(`One of: ${(values.enum as string[]).map(code).join(', ')}`);
  if (facts.length > 0) parts.push(facts.join('  \n'));
  return parts.join('\n\n');
}

/** Markdown explaining the findings under the cursor: each rule's description, rationale and page. */
export function findingHover(diagnostics: readonly Diagnostic[]): string | undefined {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const d of diagnostics) {
    if (seen.has(d.code)) continue;
    seen.add(d.code);
    // A custom rule (`@namespace/name`) is described by its plugin, which this thread has not loaded:
    // its finding's message and its own docs URL, if it declares one.
    const custom = d.code.startsWith('@');
    const { short, full } = custom ? { short: d.message, full: d.message } : describeCode(d.code);
    const lines = [`**${d.code}** (${d.severity}): ${short}`];
    if (full !== short) lines.push(full);
    // The same link the reports give (a custom rule's only when the finding carries it).
    const url = d.docsUrl ?? codeDocsUrl(d.code);
    if (url) lines.push(`[Documentation](${url})`);
    parts.push(lines.join('\n\n'));
  }
  return parts.length > 0 ? parts.join('\n\n---\n\n') : undefined;
}
