/** Runs the built CLI in a subprocess, in scratch directories. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..');
/** The built command (npm test builds it first). */
export const CLI = join(ROOT, 'dist', 'cli.cjs');

/** What a CLI run printed and returned. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `svc-admin-spec ...args`. */
export function cli(
  args: string[],
  options: { cwd?: string; input?: string | Buffer; env?: Record<string, string> } = {},
): CliRun {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', ...options.env };
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A scratch directory with the given files (path → content). */
export function scratch(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-admin-spec-'));
  for (const [path, content] of Object.entries(files)) {
    const p = join(dir, path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
  return dir;
}

/** A valid ShadowLink config in YAML. */
export const GOOD_YAML = `name: dr-link
configurations:
  clientOptions:
    bootstrapServers: ["source-1:9092"]
`;

/** The JSON report of a run. */
export interface JsonReport {
  version: number;
  results: {
    file: string;
    kind: string | null;
    diagnostics: {
      code: string;
      severity: string;
      message: string;
      pointer: string;
      range?: { start: { line: number; column: number }; end: { line: number; column: number } };
      suggestions?: unknown[];
    }[];
  }[];
  summary: { errors: number; warnings: number; infos: number; files: number };
}

/** Parses a `--format json` report. */
export const report = (run: CliRun): JsonReport => JSON.parse(run.stdout) as JsonReport;

/** Runs the built command without blocking the event loop (for tests whose loopback server runs in this process). */
export function cliAsync(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env['PATH'] ?? '', SVC_ADMIN_SPEC_NO_CACHE: '1', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
