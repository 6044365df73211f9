/**
 * Secrets are never printed, as a property: a unique secret is planted in a secret position — by
 * the schema, or under any key whose name looks like a credential (misspelled, unknown, written
 * with a JSON escape) — as a string in every YAML style or as a number written any way, in valid
 * and broken JSON and YAML. Neither the secret nor any 6-character piece of it appears on any
 * surface: the six formats, standard output and error, `--fix-dry-run` diffs, the ignore file,
 * the errors about a config or ignore file that is the document, library diagnostics and thrown
 * errors. A copy of the secret where findings quote values (a name, a server) is masked there too,
 * also JSON-escaped or cut short. `npm run fuzz` runs it long (test/support/fuzz.ts).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertValid, format, FORMAT_NAMES, lint, lintText, validate } from '../src/index';
import { parseSource } from '../src/source/index';
import { scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';
import { FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';

/** Where a secret goes: the path of its parent object under `configurations.clientOptions`, and its key. */
const POSITIONS: { parent: string[]; key: string; jsonKey?: string }[] = [
  { parent: ['authenticationConfiguration', 'scramConfiguration'], key: 'password' },
  { parent: ['authenticationConfiguration', 'plainConfiguration'], key: 'password' },
  { parent: ['tlsSettings', 'tlsPemSettings'], key: 'key' },
  ...['pasword', 'passwd', 'pwd', 'pass_word', 'password_', 'secret', 'token', 'Passwort'].map((key) => ({
    parent: ['authenticationConfiguration', 'scramConfiguration'],
    key,
  })),
  { parent: [], key: 'client_secret' },
  { parent: [], key: 'apiToken' },
  { parent: ['authenticationConfiguration', 'scramConfiguration'], key: 'password', jsonKey: 'pass\\u0077ord' },
];

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '0123456789';

/** A secret as written in the file, and the texts it must never be seen as. */
interface Planted {
  /** YAML or JSON text of the value. */
  yaml: string;
  json: string;
  /** The value as decoded, and (for numbers) the literal as written. */
  shown: string[];
}

const chars = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));

/** String secrets in every YAML style; `@` stands for the block scalar's indentation. */
const stringSecrets: fc.Arbitrary<Planted> = fc
  .tuple(
    chars(LETTERS, 1, 1),
    chars(LETTERS + DIGITS, 14, 22),
    fc.constantFrom('', ',', '}', ' #', "'", ' ', '"'),
    chars(LETTERS + DIGITS, 4, 8),
    fc.constantFrom('plain', 'single', 'double', 'literal', 'literal-strip', 'folded-strip', 'multiline-plain'),
  )
  .map(([first, body, special, tail, style]) => {
    const value = `${first}${body}${special}${tail}`;
    const plainOk = /^[A-Za-z0-9]+$/.test(value);
    let yaml: string;
    if (style === 'plain' && plainOk) yaml = value;
    else if (style === 'single') yaml = `'${value.replace(/'/g, "''")}'`;
    else if (style === 'literal' || style === 'literal-strip' || style === 'folded-strip')
      yaml = `${{ literal: '|', 'literal-strip': '|-', 'folded-strip': '>-' }[style]}\n@${value}`;
    else if (style === 'multiline-plain' && plainOk) yaml = `${value.slice(0, 8)}\n@${value.slice(8)}`;
    else yaml = JSON.stringify(value);
    const decoded = style === 'multiline-plain' && plainOk ? `${value.slice(0, 8)} ${value.slice(8)}` : value;
    return { yaml, json: JSON.stringify(value), shown: [value, decoded] };
  });

/** Numbers as passwords: leading zeros, hex, octal, exponent, a sign. */
const numberSecrets: fc.Arbitrary<Planted> = fc
  .tuple(
    chars('123456789', 1, 1),
    chars(DIGITS, 10, 14),
    fc.constantFrom('zeros', 'plain', 'hex', 'octal', 'exp', 'sign'),
  )
  .map(([first, rest, how]) => {
    const digits = `${first}${rest}`;
    const n = Number(digits);
    const yaml = {
      zeros: `00${digits}`,
      plain: digits,
      hex: `0x${n.toString(16)}`,
      octal: `0o${n.toString(8)}`,
      exp: `${digits.slice(0, 1)}.${digits.slice(1)}e${digits.length - 1}`,
      sign: `+${digits}`,
    }[how];
    // JSON has no hex, octal or leading zeros: those files do not parse, and still must not print it.
    return { yaml, json: yaml, shown: [yaml, String(n), digits] };
  });

const cases = fc.record({
  position: fc.constantFrom(...POSITIONS),
  secret: fc.oneof({ weight: 3, arbitrary: stringSecrets }, { weight: 1, arbitrary: numberSecrets }),
  format: fc.constantFrom('yaml', 'json'),
  broken: fc.boolean(),
  alias: fc.boolean(),
  // The same secret also written where findings quote values (shortened, JSON-escaped).
  echo: fc.constantFrom('none', 'name', 'bootstrap'),
});
type Case = typeof cases extends fc.Arbitrary<infer T> ? T : never;

/** A ShadowLink document with the secret planted (and a fixable mistake next to it, for the diff). */
function documentOf(c: Case): string {
  const { parent, key } = c.position;
  if (c.format === 'json') {
    const jsonKey = c.position.jsonKey ?? key;
    let inner = `"${jsonKey}": ${c.secret.json}`;
    for (const p of [...parent].reverse()) inner = `"${p}": {${inner}}`;
    const name = c.echo === 'name' ? c.secret.json : '"dr-link"';
    const servers = c.echo === 'bootstrap' ? `["b:1", ${c.secret.json}]` : '["b:1"]';
    const text = `{"name": ${name}, "configurations": {"clientOptions": {"bootstrap_servers": ${servers}, ${inner}}, "topicMetadataSyncOptions": {"interval": 30}}}\n`;
    return c.broken ? text.replace(/}\n$/, '\n') : text;
  }
  const indent = (n: number) => '  '.repeat(n);
  const at = (d: number, v: string) => v.replace(/\n@/g, `\n${indent(d + 1)}`);
  const lines = [
    `name: ${c.echo === 'name' ? at(0, c.secret.yaml) : 'dr-link'}`,
    'configurations:',
    `${indent(1)}clientOptions:`,
    ...(c.echo === 'bootstrap'
      ? [`${indent(2)}bootstrap_servers:`, `${indent(3)}- b:1`, `${indent(3)}- ${at(3, c.secret.yaml)}`]
      : [`${indent(2)}bootstrap_servers: [b:1]`]),
  ];
  let depth = 2;
  for (const p of parent) lines.push(`${indent(depth++)}${p}:`);
  if (c.alias && parent.length > 0) {
    // The secret written once with an anchor, and used again through an alias in another secret position.
    lines.push(`${indent(depth)}${key}: &s ${at(depth, c.secret.yaml)}`);
    lines.push(`${indent(depth)}token: *s`);
  } else lines.push(`${indent(depth)}${key}: ${at(depth, c.secret.yaml)}`);
  lines.push(`${indent(1)}topicMetadataSyncOptions:`, `${indent(2)}interval: 30`);
  if (c.broken) lines.push(`${indent(2)}paused: [unclosed`);
  return `${lines.join('\n')}\n`;
}

/** Every 6-character piece of every form of the secret. */
function pieces(p: Planted): string[] {
  const out = new Set<string>();
  for (const s of p.shown) for (let i = 0; i + 6 <= s.length; i++) out.add(s.slice(i, i + 6));
  return [...out];
}

function expectHidden(surface: string, what: string, p: Planted, doc: string): void {
  // SARIF fingerprints are SHA-256 hex: a run of six digits turns up in one by chance, and reveals nothing.
  const text = surface.replace(/\b[0-9a-f]{64}\b/g, '<sha-256>');
  for (const piece of pieces(p))
    if (text.includes(piece)) expect.fail(`${what} shows "${piece}" of the secret in:\n${doc}\n---\n${text}`);
}

describe('a planted secret never appears on any surface', () => {
  it(
    'library: lintText, lint, format() in every format, assertValid and validate',
    () => {
      fc.assert(
        fc.property(cases, (c) => {
          const doc = documentOf(c);
          const filename = c.format === 'json' ? 'link.json' : 'link.yaml';
          const result = lintText(doc, { filename });
          expectHidden(JSON.stringify(result.diagnostics), 'lintText', c.secret, doc);
          for (const name of FORMAT_NAMES) expectHidden(format([result], name), `format ${name}`, c.secret, doc);
          const parsed = parseSource(doc, c.format);
          if (parsed.ok) {
            expectHidden(JSON.stringify(lint('ShadowLink', parsed.value).diagnostics), 'lint', c.secret, doc);
            try {
              assertValid('ShadowLink', parsed.value);
            } catch (error) {
              const e = error as Error & Record<string, unknown>;
              expectHidden(
                `${e.message}\n${String(e)}\n${JSON.stringify(e)}\n${e.stack ?? ''}`,
                'assertValid',
                c.secret,
                doc,
              );
            }
            expectHidden(JSON.stringify(validate('ShadowLink', parsed.value)), 'validate', c.secret, doc);
          }
        }),
        { numRuns: fuzzRuns(300, 0.02), seed: fuzzSeed(8_0101) },
      );
    },
    LIMIT,
  );

  it(
    'command line: stylish and json output, standard error, --fix-dry-run diffs, the ignore file',
    async () => {
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          const doc = documentOf(c);
          const filename = c.format === 'json' ? 'link.json' : 'link.yaml';
          const dir = scratch({ [filename]: doc, 'other.yaml': 'name: other\n' });
          for (const args of [
            ['lint', filename],
            ['lint', '-f', 'json', '--fix-dry-run', filename],
            ['lint', '--write-ignore-file', filename],
            // The document passed where a config or an ignore file belongs: their errors never quote it.
            ['lint', '--config', filename, 'other.yaml'],
            ['lint', '--ignore-file', filename, 'other.yaml'],
          ]) {
            const r = await runInProcess(args, { cwd: dir });
            expectHidden(r.stdout + r.stderr, args.join(' '), c.secret, doc);
          }
          let ignoreFile = '';
          try {
            ignoreFile = readFileSync(join(dir, '.svc-admin-spec-ignore.json'), 'utf8');
          } catch {
            // A file that does not parse has no findings to record.
          }
          expectHidden(ignoreFile, 'the ignore file', c.secret, doc);
        }),
        { numRuns: fuzzRuns(40, 0.002), seed: fuzzSeed(8_0102) },
      );
    },
    LIMIT,
  );
});
