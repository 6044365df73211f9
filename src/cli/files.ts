/** Expands the command line's paths, directories and globs into the files to lint. */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';

/** One input: a file path (absolute and as shown), or a problem with an argument. */
export type Input =
  | { kind: 'file'; absolute: string; display: string }
  | { kind: 'stdin' }
  | { kind: 'missing'; display: string; message: string };

const LINTABLE = /\.(json|ya?ml)$/i;
/** Files a directory walk or glob skips: tool configs that are never Admin API documents. */
const NOT_DOCUMENTS = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'tsconfig.json',
  'jsconfig.json',
  '.pre-commit-config.yaml',
  '.pre-commit-hooks.yaml',
  '.svc-admin-spec-ignore.json',
  'svc-admin-spec.config.json',
  'svc-admin-spec.config.yaml',
  'svc-admin-spec.config.yml',
]);
const SKIP_DIRS = new Set(['node_modules', '.git']);

function walk(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) walk(p, out);
    } else if (LINTABLE.test(e.name) && !NOT_DOCUMENTS.has(e.name)) out.push(p);
  }
}

/** Expands arguments in order, without duplicates; `unmatched` lists patterns and directories that found nothing. */
export function expandInputs(args: readonly string[], cwd: string): { inputs: Input[]; unmatched: string[] } {
  const inputs: Input[] = [];
  const unmatched: string[] = [];
  const seen = new Set<string>();
  const add = (absolute: string) => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    inputs.push({ kind: 'file', absolute, display: relative(cwd, absolute) || basename(absolute) });
  };
  for (const arg of args) {
    if (arg === '-') {
      inputs.push({ kind: 'stdin' });
      continue;
    }
    const absolute = resolve(cwd, arg);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      stat = undefined;
    }
    if (stat?.isDirectory()) {
      const found: string[] = [];
      walk(absolute, found);
      if (found.length === 0) unmatched.push(arg);
      found.forEach(add);
    } else if (stat) {
      // Tool configs are never Admin API documents, even when a hook passes them by name.
      if (!NOT_DOCUMENTS.has(basename(absolute))) add(absolute);
    } else if (isDynamicPattern(arg)) {
      const found = globSync(arg, { cwd, absolute: true, dot: false, ignore: ['**/node_modules/**', '**/.git/**'] })
        .filter((p) => LINTABLE.test(p) && !NOT_DOCUMENTS.has(basename(p)))
        .sort();
      if (found.length === 0) unmatched.push(arg);
      found.forEach((p) => add(resolve(p)));
    } else {
      inputs.push({ kind: 'missing', display: arg, message: `No such file or directory: ${arg}` });
    }
  }
  return { inputs, unmatched };
}
