/**
 * A real editor: Neovim's built-in LSP client (Debian's neovim 0.7) runs headless against
 * `svc-admin-spec lsp --stdio`, reads the findings of a bad YAML file, applies the fix-all action
 * and saves. The findings must be the CLI's, and the saved file what `--fix` writes.
 * CI installs neovim and sets SVC_REQUIRE_NEOVIM=1, so there it must run; elsewhere the test is
 * skipped when `nvim` is not installed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, CLI, report, ROOT, scratch, type JsonReport } from './cli-helpers';

const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const hasNeovim = version.status === 0 && /NVIM v0\.([7-9]|\d\d)|NVIM v[1-9]/.test(version.stdout);
const required = process.env['SVC_REQUIRE_NEOVIM'] === '1';

/** A finding of `vim.diagnostic.get()`: 0-based lines, byte columns (the file is ASCII, so also UTF-16). */
interface VimDiagnostic {
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
  severity: number;
  message: string;
  code: string;
  source: string;
}

const SEVERITY = ['', 'error', 'warning', 'info'];

const fromVim = (d: VimDiagnostic) => [
  d.code,
  SEVERITY[d.severity],
  d.message,
  d.lnum + 1,
  d.col + 1,
  d.end_lnum + 1,
  d.end_col + 1,
];
const fromCli = (d: JsonReport['results'][number]['diagnostics'][number]) => [
  d.code,
  d.severity,
  d.message,
  d.range!.start.line,
  d.range!.start.column,
  d.range!.end.line,
  d.range!.end.column,
];
const byPosition = (a: unknown[], b: unknown[]) =>
  (a[3] as number) - (b[3] as number) ||
  (a[4] as number) - (b[4] as number) ||
  String(a[0]).localeCompare(String(b[0]));

describe('Neovim (built-in LSP client)', () => {
  it.runIf(required)('is installed where it is required (CI)', () => {
    expect(hasNeovim, 'nvim ≥ 0.7 is not on PATH: apt-get install neovim').toBe(true);
  });

  it.runIf(hasNeovim)(
    'shows the findings `lint` prints and saves what `--fix` writes',
    () => {
      const bad = readFileSync(join(ROOT, 'examples/bad/typos.yaml'), 'utf8');
      expect(/^[\x20-\x7e\n]*$/.test(bad)).toBe(true);
      const dir = scratch({ 'link.yaml': bad });
      const expectedFix = scratch({ 'link.yaml': bad });
      const before = report(cli(['lint', '-f', 'json', 'link.yaml'], { cwd: dir })).results[0]!.diagnostics;
      cli(['lint', '--fix', 'link.yaml'], { cwd: expectedFix });
      const fixed = readFileSync(join(expectedFix, 'link.yaml'), 'utf8');
      const after = report(cli(['lint', '-f', 'json', 'link.yaml'], { cwd: expectedFix })).results[0]!.diagnostics;
      expect(fixed).not.toBe(bad);

      const out = join(dir, 'nvim-out.json');
      const run = spawnSync(
        'nvim',
        ['--headless', '--clean', '-n', '-i', 'NONE', '-c', `luafile ${join(ROOT, 'test/neovim/lsp-client.lua')}`],
        {
          cwd: dir,
          encoding: 'utf8',
          timeout: 90_000,
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: dir,
            XDG_CONFIG_HOME: join(dir, '.config'),
            XDG_CACHE_HOME: join(dir, '.cache'),
            XDG_STATE_HOME: join(dir, '.state'),
            XDG_DATA_HOME: join(dir, '.data'),
            SVC_NODE: process.execPath,
            SVC_CLI: CLI,
            SVC_FILE: join(dir, 'link.yaml'),
            SVC_OUT: out,
          },
        },
      );
      expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
      const seen = JSON.parse(readFileSync(out, 'utf8')) as {
        before: VimDiagnostic[];
        after: VimDiagnostic[];
        action: string;
      };
      expect(seen.before.every((d) => d.source === 'svc-admin-spec')).toBe(true);
      expect(seen.before.map(fromVim).sort(byPosition)).toEqual(before.map(fromCli).sort(byPosition));
      expect(readFileSync(join(dir, 'link.yaml'), 'utf8')).toBe(fixed);
      expect(seen.after.map(fromVim).sort(byPosition)).toEqual(after.map(fromCli).sort(byPosition));
    },
    120_000,
  );
});
