/** Renders the rule documentation pages and the README rule table from the rule modules. */
import { lint } from '../src/lint/lint';
import { allRules, type BuiltinRule } from '../src/engine/registry';
import { CONFORMANCE_CHECKS } from '../src/conformance/check';
import { reportsItself, ruleKinds, type InvalidRuleExample, type Rule, type RuleExample } from '../src/rule-api/types';
import { KIND_TRAITS } from '../src/model/kinds';
import { exampleFixResults, exampleKind, exampleLintOptions } from '../src/lint/rule-examples';
import { jsonEqual } from '../src/util/fix-value';
import type { Diagnostic } from '../src/core/diagnostics';
import { STRUCTURAL_CODES } from '../src/codes/structural-codes';
import { FILE_CODES, STANDALONE_CODES } from '../src/codes/file-codes';

/** Shortens PEM bodies so pages stay readable. */
const abbreviatePem = (text: string): string =>
  text.replace(/(-----BEGIN [A-Z ]+-----)(?:\\n|\n)[\s\S]*?(?:\\n|\n)(-----END [A-Z ]+-----)/g, '$1\\n…\\n$2');

/**
 * Escapes `<` and `>` outside code spans: a message such as `v<major>.<minor>` is text, and Markdown
 * renderers (GitHub, the VitePress site) would take it for an HTML tag and drop it.
 */
const markdownText = (text: string): string =>
  text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');

const json = (value: unknown): string => abbreviatePem(JSON.stringify(value, null, 2));

function context(rule: Rule, ex: RuleExample): string {
  const parts = [`kind \`${exampleKind(rule, ex)}\``];
  if (ex.targetVersion) parts.push(`target version ${ex.targetVersion}`);
  if (ex.isFile) parts.push('linted as a file');
  if (ex.now) parts.push(`at ${ex.now}`);
  if (ex.options) parts.push(`options \`${JSON.stringify(ex.options)}\``);
  return parts.join(', ');
}

const jsonBlock = (value: unknown): string[] => ['```json', json(value), '```', ''];

/**
 * What the rule's findings in an invalid example change: the document after `--fix`, then each
 * suggestion left to the user with the document after it. The example's own statement of each
 * document is shown (it keeps the order the author wrote); `checkRuleExamples` holds it equal to
 * the real result.
 */
function fixLines(rule: Rule, ex: InvalidRuleExample, own: readonly Diagnostic[]): string[] {
  const results = exampleFixResults(rule, ex, own);
  const lines: string[] = [];
  if (results.autofixes.length > 0 && results.output !== undefined && !jsonEqual(results.output, ex.doc))
    lines.push('Fixed by `--fix`:', '', ...jsonBlock(ex.output ?? results.output));
  for (const d of own) {
    const stated = ex.errors.find((e) => e.pointer === d.pointer)?.suggestions;
    (results.suggestions.get(d.pointer) ?? []).forEach((s, i) => {
      const head = `Suggestion for \`${d.pointer || '/'}\`: ${markdownText(abbreviatePem(s.message))}`;
      if (s.output !== undefined) lines.push(`${head}`, '', ...jsonBlock(stated?.[i]?.output ?? s.output));
      else if (s.fix) lines.push(`${head} (its fix does not apply to this document)`, '');
      else lines.push(head, '');
    });
  }
  return lines;
}

/** The Markdown page of one rule. */
export function rulePage(rule: BuiltinRule): string {
  const lines = [
    `# ${rule.id}`,
    '',
    rule.docs.description,
    '',
    `- Default severity: **${rule.severity}**${Object.values(rule.messages).some((m) => typeof m !== 'string') ? ' (some findings have their own severity, listed below)' : ''}`,
    `- Applies to: ${rule.appliesTo ? `${KIND_TRAITS[rule.appliesTo].text}: ` : ''}${ruleKinds(rule)
      .map((k) => `\`${k}\``)
      .join(', ')}`,
    `- Reported by: ${reportsItself(rule) ? (rule.structuralMessages?.length ? 'the structural validator and this rule' : 'this rule') : 'the structural validator, under this rule id'}`,
    '',
    '## Why',
    '',
    rule.docs.rationale,
    '',
    '## Messages',
    '',
    '| id | severity | text |',
    '|---|---|---|',
    ...Object.entries(rule.messages).map(([id, spec]) => {
      const text = typeof spec === 'string' ? spec : spec.text;
      const severity = typeof spec === 'string' ? rule.severity : spec.severity;
      return `| \`${id}\` | ${severity} | ${markdownText(text).replace(/\|/g, '\\|')} |`;
    }),
    '',
  ];
  if (rule.options && Object.keys(rule.options).length > 0) {
    lines.push('## Options', '', '| option | default | description |', '|---|---|---|');
    for (const [name, o] of Object.entries(rule.options))
      lines.push(`| \`${name}\` | \`${JSON.stringify(o.default)}\` | ${o.description} |`);
    lines.push(
      '',
      `Set them with \`rules: { "${rule.id}": ["warning", { … }] }\` in the library or the config file.`,
      '',
    );
  }
  lines.push('## Examples', '');
  const block = (heading: string, ex: RuleExample) =>
    lines.push(
      `### ${heading}${ex.title ? `: ${ex.title}` : ''}`,
      '',
      `(${context(rule, ex)})`,
      '',
      '```json',
      json(ex.doc),
      '```',
      '',
    );
  for (const ex of rule.examples.invalid) {
    block('✗ Incorrect', ex);
    const found = lint(exampleKind(rule, ex), ex.doc, exampleLintOptions(rule, ex)).diagnostics;
    const own = found.filter((x) => x.code === rule.id);
    for (const d of own) lines.push(`- \`${d.pointer}\` ${d.severity}: ${markdownText(abbreviatePem(d.message))}`);
    lines.push('', ...fixLines(rule, ex, own));
  }
  for (const ex of rule.examples.valid) block('✓ Correct', ex);
  lines.push('## Turning it off', '', `\`\`\`json\n{ "rules": { "${rule.id}": "off" } }\n\`\`\``, '');
  return lines.join('\n');
}

/** A page of `<prefix>/…` codes: a title, an introduction and one section per code. */
function codePage(prefix: string, title: string, intro: string, entries: [string, string][]): string {
  const lines = [`# ${title} (\`${prefix}/…\`)`, '', intro, ''];
  for (const [code, text] of entries) lines.push(`## ${code}`, '', `**${prefix}/${code}**: ${text}`, '');
  return lines.join('\n');
}

/** The page documenting the `schema/…` codes. */
export const structuralPage = (): string =>
  codePage(
    'schema',
    'Structural codes',
    'The structural validator checks every document against the JSON Schema of its kind (generated from the same model as `schemas/`). It reports one diagnostic per root cause. Some structural findings carry a rule id instead (`snake-case-key`, `enum-spelling`, `output-only-field`, `duration`, `start-at-timestamp`, `connect-error`) so that they can be configured like rules.',
    Object.entries(STRUCTURAL_CODES).map(([code, c]) => [code, `${c.title}. ${c.description}`]),
  );

/** The page documenting the `conformance/…` codes of `checkExchange`. */
export const conformancePage = (): string =>
  codePage(
    'conformance',
    'Conformance codes',
    '`checkExchange({ kind, request, response })` reports where a response does not honour the request it answers. Each finding points into the response; `related` points at the request field.',
    Object.entries(CONFORMANCE_CHECKS),
  );

/** The rule table; `rulesDir` is where the rule pages are, seen from the page holding it. */
export function ruleTable(rulesDir = 'docs/rules/'): string {
  const rows = allRules.map(
    (r) =>
      `| [\`${r.id}\`](${rulesDir}${r.id}.md) | ${r.severity} | ${ruleKinds(r)
        .map((k) => k.replace('CreateShadowLink', 'Create…').replace('GetBroker', 'GetBroker…'))
        .join(', ')} | ${r.docs.description.replace(/\|/g, '\\|')} |`,
  );
  return ['| rule | default | kinds | checks |', '|---|---|---|---|', ...rows].join('\n');
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceBetweenMarkers(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`missing the ${start} … ${end} markers`);
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`;
}

/** Doc pages by path. */
export function docFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const rule of allRules) files.set(`docs/rules/${rule.id}.md`, rulePage(rule));
  files.set('docs/rules/schema.md', structuralPage());
  files.set('docs/rules/conformance.md', conformancePage());
  for (const [family, f] of Object.entries(FILE_CODES))
    files.set(`docs/rules/${family}.md`, codePage(family, f.title, f.intro, Object.entries(f.codes)));
  for (const [code, c] of Object.entries(STANDALONE_CODES))
    files.set(`docs/rules/${code}.md`, `# ${c.title} (\`${code}\`)\n\n${c.text}\n`);
  return files;
}
