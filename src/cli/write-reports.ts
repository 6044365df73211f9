/** Writing reports: each to standard output or to its file, and a console summary when all went to files. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FileResult } from '../core/diagnostics';
import { writeFileAtomic } from '../config/fs-safe';
import { printable } from '../format/ansi';
import { formatDescriptor, summaryLine, type FormatName } from '../format/index';
import type { FormatOptions } from '../format/types';
import { batches } from '../util/batches';
import { VERSION } from '../util/version';
import { ConfigError } from './config';
import type { CliIO } from './io';

/** One planned report: its format, its file as given, and the resolved path (undefined: standard output). */
export interface PlannedOutput {
  format: FormatName;
  file?: string;
  path: string | undefined;
}

/**
 * Writes each report (atomically, for a file) and, when every report went to a file, the summary
 * on the console so that a CI log is never empty. `wantColor` is asked only when colour could
 * show (asking about the terminal makes the stream); `extra` are the formatters' other options.
 */
export function writeReports(
  io: CliIO,
  results: readonly FileResult[],
  outputs: readonly PlannedOutput[],
  wantColor: () => boolean,
  extra: Partial<Pick<FormatOptions, 'fixable' | 'customRules' | 'docsBaseUrl'>> = {},
): void {
  const toFilesOnly = !outputs.some((o) => o.path === undefined);
  // Colour paints findings and the summary printed when every report goes to a file; a clean run on
  // the console paints nothing.
  const color = (toFilesOnly || results.some((r) => r.diagnostics.length > 0)) && wantColor();
  for (const o of outputs) {
    const { formatter, workspaceVariable } = formatDescriptor(o.format);
    const workspace = workspaceVariable ? io.env[workspaceVariable] : undefined;
    const report = formatter(results, {
      color: color && o.path === undefined,
      cwd: io.cwd,
      version: VERSION,
      ...extra,
      ...(workspace ? { workspace } : {}),
    });
    if (o.path === undefined) {
      for (const text of batches(report)) io.stdout.write(text);
      continue;
    }
    try {
      mkdirSync(dirname(o.path), { recursive: true });
      writeFileAtomic(o.path, report);
    } catch (error) {
      throw new ConfigError(`Cannot write the report to ${o.file}: ${(error as Error).message}`);
    }
  }
  if (toFilesOnly) {
    const written = outputs.map((o) => (outputs.length > 1 ? `${o.file} (${o.format})` : o.file!));
    io.stdout.write(
      `${summaryLine(results, color)}; report${written.length > 1 ? 's' : ''} written to ${printable(written.join(', '))}.\n`,
    );
  }
}
