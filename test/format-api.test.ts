/** `format` for library users, the formatters' path helpers, and what keeps the formatters browser-safe. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { format, FORMAT_NAMES, lintText, type FileResult } from '../src/index';
import { findingFingerprint } from '../src/format/fingerprint';
import { directoryUrl, pathUnder } from '../src/format/paths';
import { ROOT } from './cli-helpers';
import { gitlabProblems, junitProblems } from './report-schemas';

const bad = lintText('name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n', {
  filename: 'links/a.yaml',
});
const results: FileResult[] = [{ file: bad.file, kind: bad.kind, diagnostics: bad.diagnostics }];

describe('format', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('writes every CLI format, without colour by default', () => {
    expect(FORMAT_NAMES).toEqual(['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab']);
    for (const name of FORMAT_NAMES) expect(format(results, name), name).toContain('shadow-link-name');
    expect(format(results, 'stylish')).not.toContain('\u001b[');
    expect(format(results, 'stylish', { color: true })).toContain('\u001b[31m');
    expect(JSON.parse(format(results, 'json')).summary).toEqual({ errors: 1, warnings: 0, infos: 0, files: 1 });
  });

  it('defaults to the working directory and this version in SARIF', () => {
    const log = JSON.parse(format(results, 'sarif'));
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(pathToFileURL(`${process.cwd()}/`).href);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(log.runs[0].tool.driver.version).toBe(version);
    const elsewhere = JSON.parse(format(results, 'sarif', { cwd: '/srv/repo', version: '9.9.9' }));
    expect(elsewhere.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe('file:///srv/repo/');
    expect(elsewhere.runs[0].tool.driver.version).toBe('9.9.9');
  });

  it('takes the CI workspace from the environment for github and gitlab, unless given', () => {
    process.env['GITHUB_WORKSPACE'] = dirname(process.cwd());
    process.env['CI_PROJECT_DIR'] = dirname(process.cwd());
    const here = process.cwd().split(/[\\/]/).pop()!;
    expect(format(results, 'github')).toContain(`file=${here}/links/a.yaml,`);
    expect(JSON.parse(format(results, 'gitlab'))[0].location.path).toBe(`${here}/links/a.yaml`);
    expect(format(results, 'github', { workspace: process.cwd() })).toContain('file=links/a.yaml,');
  });

  it('names the formats for an unknown one, with a did-you-mean', () => {
    expect(() => format(results, 'sarf' as never)).toThrow(
      new TypeError(
        'Unknown format "sarf"; did you mean "sarif"? The formats are stylish, json, sarif, github, junit, gitlab.',
      ),
    );
    expect(() => format(results, 'toString' as never)).toThrow(TypeError);
    expect(() => format({} as never, 'json')).toThrow(/results must be an array/);
  });
});

describe('junit', () => {
  it('stays valid XML for any file name and message (markup, control characters, lone surrogates)', async () => {
    const odd: FileResult[] = [
      {
        file: 'a&b <c> "d" \'e\'.yaml',
        kind: null,
        diagnostics: [
          {
            code: 'duration',
            severity: 'error',
            pointer: '/a',
            message: 'bell \u0007, esc \u001b[31m, ]]>, \ud800 lone, tab\tand\nnewline',
          },
          { code: 'null-value', severity: 'info', pointer: '', message: 'info <b>&amp;</b>' },
        ],
      },
      { file: 'clean.yaml', kind: 'ShadowLink', diagnostics: [] },
    ];
    const xml = format(odd, 'junit');
    expect(await junitProblems(xml)).toEqual([]);
    expect(xml).toContain('bell \\x07, esc \\x1b[31m, ]]&gt;, \\ud800 lone');
    expect(xml).toContain('tab&#9;and&#10;newline');
    expect(xml).toContain('<testsuites name="svc-admin-spec" tests="3" failures="1" errors="0" time="0">');
  });
});

describe('gitlab', () => {
  it('keeps repeated findings apart, the first with the SARIF fingerprint', () => {
    const d = { code: 'duration' as const, severity: 'warning' as const, pointer: '/a', message: 'm' };
    const twice: FileResult[] = [{ file: 'a.yaml', kind: null, diagnostics: [d, { ...d, message: 'n' }] }];
    const text = format(twice, 'gitlab', { cwd: '/r' });
    expect(gitlabProblems(text)).toEqual([]);
    const [first, second] = JSON.parse(text) as { fingerprint: string; location: { lines: { begin: number } } }[];
    expect(first!.fingerprint).toBe(findingFingerprint('a.yaml', d));
    expect(second!.fingerprint).not.toBe(first!.fingerprint);
    expect(first!.location.lines.begin).toBe(1);
  });
});

describe('path helpers', () => {
  it('directoryUrl gives the file URL of a directory, as pathToFileURL does', () => {
    const segment = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((s) => !/[/\\\0]/.test(s) && s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const dir = `/${segments.join('/')}`;
        const url = directoryUrl(dir);
        expect(url.endsWith('/')).toBe(true);
        expect(fileURLToPath(url)).toBe(segments.length ? `${dir}/` : '/');
      }),
    );
    expect(directoryUrl('/a b/c#d')).toBe(pathToFileURL('/a b/c#d/').href);
    expect(directoryUrl('C:\\Work\\repo')).toBe('file:///C:/Work/repo/');
    expect(directoryUrl('\\\\server\\share\\x')).toBe('file://server/share/x/');
  });

  it('pathUnder resolves a report path and makes it relative to a root, or gives up', () => {
    expect(pathUnder('links/a.yaml', '/repo/sub', '/repo')).toBe('sub/links/a.yaml');
    expect(pathUnder('../other/a.yaml', '/repo/sub', '/repo/')).toBe('other/a.yaml');
    expect(pathUnder('/repo/a.yaml', '/elsewhere', '/repo')).toBe('a.yaml');
    expect(pathUnder('a.yaml', '/repository', '/repo')).toBeUndefined();
    expect(pathUnder('../a.yaml', '/repo', '/repo')).toBeUndefined();
    expect(pathUnder('<stdin>', '/repo', '/repo')).toBeUndefined();
    expect(pathUnder('a.yaml', '', '/repo')).toBeUndefined();
    expect(pathUnder('links\\a.yaml', 'c:\\Repo', 'C:\\Repo')).toBe('links/a.yaml');
  });
});

describe('browser safety', () => {
  /** Modules the formatters reach through relative imports, with the `node:` modules each imports. */
  function nodeImports(entry: string): Map<string, string[]> {
    const found = new Map<string, string[]>();
    const stack = [entry];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      // Type-only imports vanish from the bundle, so they do not count.
      for (const m of text.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
        const spec = m[1]!;
        if (spec.startsWith('node:')) found.set(file, [...(found.get(file) ?? []), spec]);
        else if (spec.startsWith('.')) {
          const base = resolve(dirname(file), spec);
          stack.push(/\.(ts|js)$/.test(base) ? base : existsSync(`${base}.ts`) ? `${base}.ts` : join(base, 'index.ts'));
        }
      }
    }
    return found;
  }

  it('format reaches no Node module at all (it runs in browsers)', () => {
    const rel = (found: Map<string, string[]>) =>
      Object.fromEntries([...found].map(([f, specs]) => [f.slice(ROOT.length + 1), specs]));
    expect(rel(nodeImports(join(ROOT, 'src', 'format', 'index.ts')))).toEqual({});
  });
});
