/**
 * What git ignores, for walks: the `.gitignore` of every directory from the repository's root
 * down (each applies to its own subtree, a deeper one winning), and `.git/info/exclude` below them
 * all. Outside a repository, the `.gitignore` files alone, from the base the caller gives (the
 * working directory) down. Rules are git's (the `ignore` package): negations re-include, except
 * below a directory that is itself ignored; matching is case-sensitive (git's default on Linux).
 * Not read: `core.excludesFile` (a user's global ignores, which are not the repository's).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readRegularFile } from '../config/fs-safe';

/** One ignore file's rules and where they apply from. */
interface Level {
  dir: string;
  rules: Ignore;
  /** The file, for saying why a path is skipped. */
  file: string;
}

/** `to` below `from`, with forward slashes; undefined when it is not below it. */
function below(from: string, to: string): string | undefined {
  const rel = relative(from, to);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** Rules read from a file, or undefined when there is none (an unreadable one is ignored, as git does with a warning). */
function readRules(file: string): Ignore | undefined {
  let text: string;
  try {
    text = readRegularFile(file, 'The ignore file').toString('utf8');
  } catch {
    return undefined;
  }
  return ignore({ ignorecase: false }).add(text);
}

/**
 * The directory holding a repository's `info/exclude` for a `.git` entry: the directory itself,
 * or for a `.git` file (a worktree or submodule) the directory it names, or that one's common
 * directory when it has one.
 */
function gitCommonDir(dotGit: string): string | undefined {
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const line = /^gitdir:\s*(.+?)\s*$/m.exec(readRegularFile(dotGit, 'The .git file').toString('utf8').slice(0, 4096));
    if (!line) return undefined;
    const gitDir = resolve(dirname(dotGit), line[1]!);
    const common = join(gitDir, 'commondir');
    return existsSync(common)
      ? resolve(gitDir, readRegularFile(common, "The worktree's commondir file").toString('utf8').trim())
      : gitDir;
  } catch {
    return undefined;
  }
}

/** Answers "does git ignore this path?" for one run; every file it reads is read once. */
export class GitIgnores {
  private readonly repoRoots = new Map<string, string | null>();
  private readonly gitignores = new Map<string, Level | null>();
  private readonly excludes = new Map<string, Level | null>();
  private readonly dirReasons = new Map<string, string | null>();
  /** Per folder: the levels of rules that apply to its entries (the same for every entry). */
  private readonly folderLevels = new Map<string, Level[]>();

  /** `fallbackBase`: where `.gitignore` files start applying outside a repository. */
  constructor(
    private readonly fallbackBase: string,
    private readonly display: (absolute: string) => string,
  ) {}

  /** The repository's root (the nearest directory up with a `.git` directory or file), or null. */
  private repoRoot(dir: string): string | null {
    const cached = this.repoRoots.get(dir);
    if (cached !== undefined) return cached;
    const parent = dirname(dir);
    const root = existsSync(join(dir, '.git')) ? dir : parent === dir ? null : this.repoRoot(parent);
    this.repoRoots.set(dir, root);
    return root;
  }

  private gitignoreOf(dir: string): Level | null {
    let level = this.gitignores.get(dir);
    if (level === undefined) {
      const file = join(dir, '.gitignore');
      const rules = readRules(file);
      this.gitignores.set(dir, (level = rules ? { dir, rules, file } : null));
    }
    return level;
  }

  private excludeOf(root: string): Level | null {
    let level = this.excludes.get(root);
    if (level === undefined) {
      const common = gitCommonDir(join(root, '.git'));
      const file = common ? join(common, 'info', 'exclude') : undefined;
      const rules = file ? readRules(file) : undefined;
      this.excludes.set(root, (level = rules && file ? { dir: root, rules, file } : null));
    }
    return level;
  }

  /**
   * Why git ignores the path (`ignored by .gitignore`), or undefined. A directory is asked with
   * `isDir`; a path inside an ignored directory is ignored whatever deeper files say.
   */
  reason(absolute: string, isDir: boolean): string | undefined {
    // From the parent, so that a nested clone (a directory with its own .git) is judged by the outer repository's rules.
    const root = this.repoRoot(dirname(absolute));
    const base = root ?? this.fallbackBase;
    if (below(base, absolute) === undefined) return undefined;
    const parent = dirname(absolute);
    if (parent !== base) {
      const inherited = this.dirReason(parent);
      if (inherited) return inherited;
    }
    let by: Level | undefined;
    for (const level of this.levelsOf(parent, root, base)) {
      const rel = below(level.dir, absolute);
      if (rel === undefined) continue;
      const t = level.rules.test(isDir ? `${rel}/` : rel);
      if (t.ignored) by = level;
      else if (t.unignored) by = undefined;
    }
    return by ? `ignored by ${this.display(by.file)}` : undefined;
  }

  /** The rules that apply in `parent`, lowest priority first: info/exclude, then each .gitignore from the base down; once per folder. */
  private levelsOf(parent: string, root: string | null, base: string): readonly Level[] {
    let levels = this.folderLevels.get(parent);
    if (levels) return levels;
    levels = [];
    const exclude = root ? this.excludeOf(root) : null;
    if (exclude) levels.push(exclude);
    const dirs: string[] = [];
    for (let d = parent; ; d = dirname(d)) {
      dirs.push(d);
      if (d === base || dirname(d) === d) break;
    }
    for (let i = dirs.length - 1; i >= 0; i--) {
      const level = this.gitignoreOf(dirs[i]!);
      if (level) levels.push(level);
    }
    this.folderLevels.set(parent, levels);
    return levels;
  }

  private dirReason(dir: string): string | undefined {
    let r = this.dirReasons.get(dir);
    if (r === undefined) this.dirReasons.set(dir, (r = this.reason(dir, true) ?? null));
    return r ?? undefined;
  }
}
