/**
 * Which config governs a file: the nearest config file from the file's own directory upward (no
 * merging), and the ignore file beside it. The working directory plays no part, so the command from
 * any directory, the pre-commit hook, the language server and `resolveConfig` agree.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_NAMES, emptyConfig, readConfig, type Config } from './config';
import { IGNORE_FILE_NAME, indexOf, readIgnoreFile, type IgnoreFile } from './suppress';

/** The settings files in force for one directory. */
export interface SettingsFiles {
  /** The nearest config file, from the directory up; undefined when there is none. */
  config?: string;
  /**
   * The ignore file: beside the config file (whether it exists yet or not); with no config file,
   * the nearest existing one from the directory up, else undefined.
   */
  ignoreFile?: string;
}

/** How a lookup loads configs. */
export interface LookupOptions {
  /** `'skip'` reads configs without loading their plugins (custom rules' settings stay unchecked). */
  plugins?: 'load' | 'skip';
  /**
   * For a long-running process (the language server): a config is loaded again when one of its
   * plugin files changed (by modification time and size), and a config that failed to load is
   * tried again, so that an edited or repaired rule is seen without a restart.
   */
  recheckPlugins?: boolean;
}

/** Modification time and size of each file: changes when any of them is edited, created or deleted. */
function stampOf(files: readonly string[]): string {
  return files
    .map((f) => {
      try {
        const { mtimeMs, size } = statSync(f);
        return `${mtimeMs}-${size}`;
      } catch {
        return 'missing';
      }
    })
    .join('|');
}

/**
 * Finds and loads configs by directory, remembering each directory's answer and each config and
 * ignore file it read until `clear()` (a config or ignore file was created, changed or deleted), or, with
 * `recheckPlugins`, until one of the config's plugin files changes.
 */
export class ConfigLookup {
  private readonly dirs = new Map<string, SettingsFiles>();
  private readonly configs = new Map<string, Promise<Config>>();
  private readonly ignoreFiles = new Map<string, IgnoreFile>();
  /** With `recheckPlugins`: the plugin files of each loaded config, as they were when it was loaded. */
  private readonly pluginStamps = new Map<string, { files: string[]; stamp: string }>();

  /** Plugins loaded, skipped, or loaded and rechecked (see `LookupOptions`). */
  constructor(private readonly how: LookupOptions = {}) {}

  /** The config file and ignore file in force for files in `dir`. */
  filesFor(dir: string): SettingsFiles {
    const at = resolve(dir);
    const known = this.dirs.get(at);
    if (known) return known;
    let found: SettingsFiles | undefined;
    const name = CONFIG_NAMES.find((n) => existsSync(join(at, n)));
    if (name) found = { config: join(at, name), ignoreFile: join(at, IGNORE_FILE_NAME) };
    else {
      const parent = dirname(at);
      const up = parent === at ? {} : this.filesFor(parent);
      // An ignore file counts on its own only where no config governs: then the nearest one wins.
      const local = join(at, IGNORE_FILE_NAME);
      found = up.config === undefined && existsSync(local) ? { ignoreFile: local } : up;
    }
    this.dirs.set(at, found);
    return found;
  }

  /** The config for files in `dir`, loaded once per config file; one empty config for every directory without one. */
  configFor(dir: string): Promise<Config> {
    const path = this.filesFor(dir).config;
    // The empty config has no globs, so its root never matters.
    const key = path ?? '';
    let config = this.configs.get(key);
    const plugins = this.pluginStamps.get(key);
    if (config && plugins && stampOf(plugins.files) !== plugins.stamp) config = undefined;
    if (config) return config;
    this.pluginStamps.delete(key);
    const loading = path === undefined ? Promise.resolve(emptyConfig(dir)) : readConfig(path, this.how);
    this.configs.set(key, loading);
    if (this.how.recheckPlugins)
      loading.then(
        (c) => {
          if (c.pluginFiles && this.configs.get(key) === loading)
            this.pluginStamps.set(key, { files: c.pluginFiles, stamp: stampOf(c.pluginFiles) });
        },
        () => {
          if (this.configs.get(key) === loading) this.configs.delete(key);
        },
      );
    return loading;
  }

  /**
   * The ignore file at `path` (empty when it does not exist), read, checked and indexed once; the
   * same object each time, so usage recorded in it is shared. Throws for a malformed one.
   */
  ignoreFor(path: string): IgnoreFile {
    let ignore = this.ignoreFiles.get(path);
    if (!ignore) {
      ignore = readIgnoreFile(path);
      indexOf(ignore);
      this.ignoreFiles.set(path, ignore);
    }
    return ignore;
  }

  /** Forgets every directory's answer, every loaded config and every ignore file read. */
  clear(): void {
    this.dirs.clear();
    this.configs.clear();
    this.pluginStamps.clear();
    this.ignoreFiles.clear();
  }
}
