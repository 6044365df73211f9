/** Expands the command line's paths, directories and globs into the files to lint. */
import { readdirSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { systemReason } from '../config/fs-safe';
import { isToolConfigFile } from '../config/tool-files';
import type { GitIgnores } from './gitignore';
import { HelmCharts } from './helm';

/**
 * One input: a file path (absolute and as shown; `named` when the command line names the file
 * itself), standard input, a tool's config or a Helm chart's template named on the command line
 * (not linted), or a problem with an argument.
 */
export type Input =
  | { kind: 'file'; absolute: string; display: string; named?: true }
  /** `helmChart`: the chart's `Chart.yaml` (as shown), when the file is one of its templates. */
  | { kind: 'tool-config'; display: string; helmChart?: string }
  | { kind: 'stdin' }
  | { kind: 'missing'; display: string; message: string }
  | { kind: 'problem'; display: string; code: 'input/not-a-file' | 'input/unreadable'; message: string };

/** A path a walk or a glob found and left out, and why (`--verbose` lists them). */
export interface Skipped {
  display: string;
  reason: string;
  /** Read, and plainly not an Admin API document: counted in the run's summary. */
  unrelated?: true;
}

/** What decides, during expansion, which found paths are left out. */
export interface ExpandOptions {
  /** Git's ignores, applied to what walks and globs find (never to a path named on the command line). */
  gitIgnores?: GitIgnores;
}

const LINTABLE = /\.(json|ya?ml)$/i;

const SKIP_DIRS = new Set(['node_modules', '.git']);

/** What a non-regular file is, in words. */
function whatIs(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The identity of a directory (device and inode), or undefined when it cannot be stat'ed (readdir reports why). */
function dirKey(dir: string): string | undefined {
  try {
    const stat = statSync(dir);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * Walks a directory tree iteratively; unreadable directories and odd files become problems, never
 * silence. Symbolic links to directories are followed, after the real directories, so a file
 * reached both ways is linted once under its real path; a directory already walked (a link to an
 * ancestor, two links to one place) is not walked again, which ends every loop.
 */
function walk(
  root: string,
  found: string[],
  problems: Input[],
  display: (p: string) => string,
  skip: Skipper,
  charts: HelmCharts,
): void {
  const stack = [root];
  const linked: string[] = [];
  const visited = new Set<string>();
  while (stack.length > 0 || linked.length > 0) {
    const dir = stack.length > 0 ? stack.pop()! : linked.shift()!;
    const key = dirKey(dir);
    if (key !== undefined) {
      if (visited.has(key)) continue;
      visited.add(key);
    }
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      problems.push({
        kind: 'problem',
        display: display(dir) || '.',
        code: 'input/unreadable',
        message: `The directory cannot be read (${systemReason(error)}); the files in it were not linted.`,
      });
      continue;
    }
    const subdirs: string[] = [];
    // A document found here is left out when git ignores it, or when it is a Helm chart's template.
    const leftOut = charts.chartOf(dir)
      ? (p: string) => skip(p, false, HELM_TEMPLATE, true)
      : (p: string) => skip(p, false);
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name === 'node_modules') skip(p, true, DEPENDENCIES);
        else if (!SKIP_DIRS.has(e.name) && !skip(p, true)) subdirs.push(p);
        continue;
      }
      const lintable = LINTABLE.test(e.name) && !isToolConfigFile(e.name);
      if (e.isFile()) {
        if (lintable && !leftOut(p)) found.push(p);
        else if (!lintable && LINTABLE.test(e.name)) skip(p, false, TOOL_CONFIG);
        continue;
      }
      if (!lintable && !e.isSymbolicLink()) continue;
      // A symbolic link (to a directory or a document), FIFO, socket or device: decide by what it is, without opening it.
      let stat: Stats;
      try {
        stat = statSync(p);
      } catch (error) {
        // A dangling link without a document's name is not a document; one with it is reported.
        if (lintable)
          problems.push({
            kind: 'problem',
            display: display(p),
            code: 'input/unreadable',
            message: `The file cannot be read (${systemReason(error)}).`,
          });
        continue;
      }
      if (stat.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !skip(p, true)) linked.push(p);
      } else if (!lintable || leftOut(p)) continue;
      else if (stat.isFile()) found.push(p);
      else
        problems.push({
          kind: 'problem',
          display: display(p),
          code: 'input/not-a-file',
          message: `This is ${whatIs(stat)}, not a regular file; it was not read.`,
        });
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}

/**
 * True when a found path is left out (and noted in `skipped`): git ignores it, or `because` says
 * why (`unrelated`: a document plainly not ours, counted in the run's summary). A directory left
 * out is not walked.
 */
type Skipper = (absolute: string, isDir: boolean, because?: string, unrelated?: boolean) => boolean;

const TOOL_CONFIG = "a tool's config file, never an Admin API document";
const HELM_TEMPLATE = 'a Helm chart template, never an Admin API document';
const DEPENDENCIES = 'installed packages, never walked';

/**
 * Expands arguments in order, without duplicates; `unmatched` lists patterns and directories that
 * found nothing, `skipped` what walks and globs found and left out (git ignores it).
 */
export function expandInputs(
  args: readonly string[],
  cwd: string,
  options: ExpandOptions = {},
): { inputs: Input[]; unmatched: string[]; skipped: Skipped[] } {
  const inputs: Input[] = [];
  const unmatched: string[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  const display = (absolute: string) => relative(cwd, absolute) || basename(absolute);
  const { gitIgnores } = options;
  const skip: Skipper = (absolute, isDir, because, unrelated) => {
    const reason = because ?? gitIgnores?.reason(absolute, isDir);
    if (reason === undefined) return false;
    skipped.push({
      display: isDir ? `${display(absolute)}/` : display(absolute),
      reason,
      ...(unrelated ? { unrelated: true as const } : {}),
    });
    return true;
  };
  const charts = new HelmCharts();
  const add = (absolute: string, named = false) => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    inputs.push({ kind: 'file', absolute, display: display(absolute), ...(named ? { named: true as const } : {}) });
  };
  for (const arg of args) {
    if (arg === '-') {
      inputs.push({ kind: 'stdin' });
      continue;
    }
    const absolute = resolve(cwd, arg);
    let stat: Stats | undefined;
    let statError: unknown;
    try {
      stat = statSync(absolute);
    } catch (error) {
      statError = error;
    }
    if (stat?.isDirectory()) {
      const found: string[] = [];
      const problems: Input[] = [];
      walk(absolute, found, problems, display, skip, charts);
      if (found.length === 0 && problems.length === 0) unmatched.push(arg);
      for (const p of found) add(p);
      inputs.push(...problems);
    } else if (stat) {
      // Tool configs are never Admin API documents, even when a hook passes them by name: not
      // linted, and not a failure (pre-commit passes every staged YAML file), but said.
      const chart = charts.chartOf(dirname(absolute));
      if (isToolConfigFile(absolute) || chart) {
        if (!seen.has(absolute))
          inputs.push({
            kind: 'tool-config',
            display: display(absolute),
            ...(chart ? { helmChart: display(chart) } : {}),
          });
        seen.add(absolute);
        continue;
      }
      if (stat.isFile()) add(absolute, true);
      else
        inputs.push({
          kind: 'problem',
          display: arg,
          code: 'input/not-a-file',
          message: `${arg} is ${whatIs(stat)}, not a regular file; it was not read.`,
        });
    } else if ((statError as NodeJS.ErrnoException | undefined)?.code === 'ELOOP') {
      inputs.push({
        kind: 'problem',
        display: arg,
        code: 'input/unreadable',
        message: `${arg} is a symbolic link loop; it cannot be read.`,
      });
    } else if (isDynamicPattern(arg)) {
      const found = globSync(arg, { cwd, absolute: true, dot: false, ignore: ['**/node_modules/**', '**/.git/**'] })
        .filter((p) => LINTABLE.test(p) && !isToolConfigFile(p))
        .sort()
        .filter((p) => {
          const absolute = resolve(p);
          return charts.chartOf(dirname(absolute))
            ? !skip(absolute, false, HELM_TEMPLATE, true)
            : !skip(absolute, false);
        });
      if (found.length === 0) unmatched.push(arg);
      for (const p of found) {
        let s: Stats | undefined;
        try {
          s = statSync(p);
        } catch {
          s = undefined;
        }
        if (!s || s.isFile()) add(resolve(p));
        else if (!s.isDirectory())
          inputs.push({
            kind: 'problem',
            display: display(p),
            code: 'input/not-a-file',
            message: `This is ${whatIs(s)}, not a regular file; it was not read.`,
          });
      }
    } else {
      inputs.push({ kind: 'missing', display: arg, message: `No such file or directory: ${arg}` });
    }
  }
  return { inputs, unmatched, skipped };
}
