/** The format table is the one list of output formats: the CLI, its help, `-o`, the docs (command line and library pages) and the library follow it. */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTable } from '../scripts/format-docs';
import { DEFAULT_FORMAT, FORMAT_NAMES, formatDescriptor } from '../src/format/index';
import { format, FORMAT_NAMES as PUBLIC_FORMAT_NAMES, lintText } from '../src/index';
import { cli, ROOT, scratch } from './cli-helpers';

/** The docs pages that document the formats: the command line (table, option, details) and the library (`format`). */
const DOCS = ['cli.md', 'library.md'].map((page) => readFileSync(join(ROOT, 'docs', page), 'utf8')).join('\n');
const BAD = 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n';
/** The extensions that announce a kind of report, whichever format they belong to today. */
const TELLING = ['.json', '.sarif', '.xml'];

/** The text between a docs section's markers. */
function section(name: string): string {
  const start = DOCS.indexOf(`<!-- ${name}:start -->`);
  const end = DOCS.indexOf(`<!-- ${name}:end -->`);
  expect(start, `the docs have the ${name} markers`).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return DOCS.slice(start + `<!-- ${name}:start -->`.length, end).trim();
}

/** The names a text lists as `a (default), b, c` (help) or `` `a` (default), `b` `` (the docs). */
const listed = (text: string): string[] =>
  text
    .replace(/ \(default\)/, '')
    .split(', ')
    .map((n) => n.replace(/`/g, '').trim());

describe('the format table', () => {
  it('is what the library lists, the default first', () => {
    expect(PUBLIC_FORMAT_NAMES).toEqual(FORMAT_NAMES);
    expect(FORMAT_NAMES[0]).toBe(DEFAULT_FORMAT);
    expect(FORMAT_NAMES.length).toBeGreaterThan(1);
  });

  for (const name of FORMAT_NAMES) {
    const d = formatDescriptor(name);
    describe(name, () => {
      it('is accepted by --format and by --output.<format>, and reports a sample file', () => {
        const dir = scratch({ 'links/a.yaml': BAD });
        const r = cli(['lint', '--format', name, 'links/a.yaml'], { cwd: dir });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(1);
        expect(r.stdout).toContain('shadow-link-name');
        // The CLI's report is the library's `format` of the same results.
        const linted = lintText(BAD, { filename: 'links/a.yaml' });
        const results = [{ file: linted.file, kind: linted.kind, diagnostics: linted.diagnostics }];
        expect(r.stdout).toBe(format(results, name, { cwd: dir }));

        const to = join(dir, 'out', 'report');
        const keyed = cli(['lint', `--output.${name}`, to, 'links/a.yaml'], { cwd: dir });
        expect(keyed.code, keyed.stderr).toBe(1);
        expect(readFileSync(to, 'utf8')).toBe(r.stdout);
      });

      it('has a golden output on the bad examples', () => {
        expect(existsSync(join(ROOT, 'test', 'golden', `examples-bad.${name}.txt`))).toBe(true);
      });

      it('takes -o files with its own extensions and refuses those of other kinds of report', () => {
        const dir = scratch({ 'a.yaml': BAD });
        for (const ext of new Set([...TELLING, ...d.extensions])) {
          const r = cli(['lint', '-f', name, '-o', join(dir, `report${ext}`), 'a.yaml'], { cwd: dir });
          if (d.extensions.includes(ext)) expect(r.code, `${ext}: ${r.stderr}`).toBe(1);
          else {
            expect(r.code, ext).toBe(2);
            expect(r.stderr, ext).toContain(`would receive the ${name} report`);
          }
        }
      });

      it(
        d.workspaceVariable
          ? `makes paths relative to ${d.workspaceVariable}`
          : 'makes paths relative to no CI variable',
        () => {
          const dir = scratch({ 'links/a.yaml': BAD });
          const env = Object.fromEntries(
            FORMAT_NAMES.flatMap((f) => formatDescriptor(f).workspaceVariable ?? []).map((v) => [v, dirname(dir)]),
          );
          const plain = cli(['lint', '-f', name, 'links/a.yaml'], { cwd: dir });
          const inCi = cli(['lint', '-f', name, 'links/a.yaml'], { cwd: dir, env });
          if (d.workspaceVariable) {
            expect(inCi.stdout).not.toBe(plain.stdout);
            expect(inCi.stdout).toContain(`${basename(dir)}/links/a.yaml`);
            const only = cli(['lint', '-f', name, 'links/a.yaml'], {
              cwd: dir,
              env: { [d.workspaceVariable]: dirname(dir) },
            });
            expect(only.stdout).toBe(inCi.stdout);
          } else expect(inCi.stdout).toBe(plain.stdout);
        },
      );
    });
  }

  it('is what --help lists for lint and apply', () => {
    const help = cli(['--help']).stdout;
    const line = /^ {2}-f, --format <name> +(.*); repeatable$/m.exec(help)?.[1];
    expect(line).toBe(FORMAT_NAMES.map((n) => (n === DEFAULT_FORMAT ? `${n} (default)` : n)).join(', '));
    expect(listed(line!)).toEqual(FORMAT_NAMES);
    const apply = cli(['apply', '--help']).stdout;
    expect(/Report format for findings: (.*) \(json also/.exec(apply)?.[1]).toBe(FORMAT_NAMES.join(', '));
  });

  it('is what the docs list: the generated table, the option row and the library function', () => {
    const table = section('formats');
    expect(table).toBe(formatTable());
    for (const name of FORMAT_NAMES) {
      const d = formatDescriptor(name);
      const row = table.split('\n').find((l) => l.startsWith(`| \`${name}\``));
      expect(row, name).toBeDefined();
      expect(row).toContain(`| ${d.description} |`);
      for (const ext of d.extensions) expect(row).toContain(`\`${ext}\``);
      expect(row!.endsWith(d.workspaceVariable ? `| \`${d.workspaceVariable}\` |` : '| — |')).toBe(true);
      // The hand-written details below the table have a paragraph per format.
      expect(DOCS).toContain(`- **${name}** — `);
    }
    const option = /^\| `-f, --format <name>` \| (.*); repeatable/m.exec(DOCS)?.[1];
    expect(listed(option ?? '')).toEqual(FORMAT_NAMES);
    const library =
      /`format\(results, name, options\?\)` → the text the CLI prints for `--format <name>` \(([^;]*);/.exec(
        DOCS.replace(/\n\s*/g, ' '),
      )?.[1];
    expect(listed(library ?? '')).toEqual(FORMAT_NAMES);
  });
});
