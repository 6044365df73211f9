/**
 * Which report goes where: `-f/--format` and `-o/--output` repeat, `--output.<format>` names a
 * format's file outright.
 *
 * The rule: the formats are the `-f` values in order (stylish when none), plus any format named
 * by `--output.<format>`. Formats without an `--output.<format>` take the `-o` files in order,
 * aligned to the end: `-f github -f sarif -o results.sarif` prints github and writes sarif. At
 * most one format is left for standard output. A file whose extension says another kind of
 * report (`.sarif`, `.xml`, `.json`) than its format writes is refused, so text never lands in a
 * `.sarif` file.
 */
import { printable } from '../format/ansi';
import {
  DEFAULT_FORMAT,
  FORMAT_NAMES,
  formatDescriptor,
  isFormatName,
  REPORT_EXTENSIONS,
  unknownFormatMessage,
  type FormatName,
} from '../format/index';
import { UsageError } from './usage-error';

/** One report: its format and its file (undefined: standard output). */
export interface ReportOutput {
  format: FormatName;
  file?: string;
}

/** Every extension that announces a kind of report (some format's files have it). */
const TELLING: ReadonlySet<string> = new Set(REPORT_EXTENSIONS);

/** The report kind an extension announces, for the message. */
const KIND_OF: Record<string, string> = { '.sarif': 'SARIF', '.xml': 'XML', '.json': 'JSON' };
const kindOf = (ext: string): string => KIND_OF[ext] ?? ext.slice(1).toUpperCase();

/** Refuses a file whose extension announces another kind of report than `format` writes. */
function checkExtension(format: FormatName, file: string, fromDashO: boolean): void {
  const ext = /\.[^./\\]+$/.exec(file)?.[0].toLowerCase() ?? '';
  if (!TELLING.has(ext) || formatDescriptor(format).extensions.includes(ext)) return;
  const fits = FORMAT_NAMES.filter((f) => formatDescriptor(f).extensions.includes(ext));
  const others = fits.length > 1 ? ` (${kindOf(ext)} formats: ${fits.join(', ')})` : '';
  const shown = printable(file);
  throw new UsageError(
    `${shown} would receive the ${format} report, which is not ${kindOf(ext)}${fromDashO ? ' (-o files go to the last formats given, in order)' : ''}. Use --output.${fits[0]} ${shown}${others}, or choose another file name.`,
  );
}

/** Pairs formats with files per the rule above; a usage error for anything ambiguous. */
export function planOutputs(
  formatArgs: readonly string[],
  outputArgs: readonly string[],
  keyed: readonly (readonly [string, string])[],
): ReportOutput[] {
  for (const f of formatArgs) if (!isFormatName(f)) throw new UsageError(unknownFormatMessage(f));
  const formats = (formatArgs.length > 0 ? [...formatArgs] : [DEFAULT_FORMAT]) as FormatName[];
  const repeated = formats.find((f, i) => formats.indexOf(f) !== i);
  if (repeated) throw new UsageError(`-f ${repeated} is given twice; each format is written once.`);

  const files = new Map<FormatName, string>();
  for (const [format, file] of keyed) {
    if (!isFormatName(format)) throw new UsageError(unknownFormatMessage(format));
    if (!formats.includes(format)) formats.push(format);
    files.set(format, file);
  }
  const open = formats.filter((f) => !files.has(f));
  if (outputArgs.length > open.length) {
    throw new UsageError(
      `${outputArgs.length} output files (-o) for ${open.length === 0 ? 'no format' : `${open.length} format${open.length === 1 ? '' : 's'} (${open.join(', ')})`}; give a -f <format> for each file.`,
    );
  }
  const toStdout = open.slice(0, open.length - outputArgs.length);
  open.slice(toStdout.length).forEach((format, i) => files.set(format, outputArgs[i]!));
  if (toStdout.length > 1) {
    throw new UsageError(
      `Formats ${toStdout.join(' and ')} would ${toStdout.length === 2 ? 'both' : 'all'} print to standard output; write all but one to a file with -o <file> or --output.<format> <file>.`,
    );
  }

  const seen = new Set<string>();
  for (const [format, file] of files) {
    if (file.trim() === '')
      throw new UsageError(`--output needs a file name for ${format}; omit it to print the report.`);
    if (seen.has(file))
      throw new UsageError(`${printable(file)} is named as the output of two formats; give each its own file.`);
    seen.add(file);
    checkExtension(format, file, !keyed.some(([f]) => f === format));
  }
  return formats.map((format) => (files.has(format) ? { format, file: files.get(format)! } : { format }));
}

/** The reports a command's parsed flags ask for: `-f`, `-o` and every `--output.<format>`. */
export function outputsOf(values: Readonly<Record<string, unknown>>): ReportOutput[] {
  const keyed: [string, string][] = [];
  for (const [key, value] of Object.entries(values))
    if (key.startsWith('output.') && typeof value === 'string') keyed.push([key.slice('output.'.length), value]);
  const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
  return planOutputs(list(values['format']), list(values['output']), keyed);
}
