/**
 * The command's configs: `--config` for every file, none with `--no-config`, else each file's own
 * (the nearest config from the file's directory up, see src/config/discover.ts). The `--rule`
 * flags are checked against each config's rules, custom ones included.
 */
import { dirname, join, resolve } from 'node:path';
import { BUILTIN_CATALOG, catalogWith, type RuleCatalog } from '../engine/catalog';
import { checkRuleSettings, type RuleSettings } from '../engine/settings';
import type { Rule } from '../rule-api/types';
import { ConfigError, emptyConfig, readConfig, type Config } from '../config/config';
import { ConfigLookup } from '../config/discover';
import { IGNORE_FILE_NAME, type IgnoreFile } from '../config/suppress';
import { UsageError } from './usage-error';

export { ConfigError, type Config, type RuleSettings };

/** The flags that choose configs. */
export interface ConfigFlags {
  noConfig: boolean;
  config?: string;
  rules?: RuleSettings;
  ignoreFile?: string;
}

/** Where a file's settings come from in this run. */
export interface FileConfig {
  config: Config;
  /** The ignore file read (and written by --write-ignore-file) for the file. */
  ignoreFile: string;
}

/** The configs of one run: each config file is read, and its plugins loaded, once. */
export interface CommandConfigs {
  /** The config and ignore file for a file; for standard input without a file name, the working directory's. */
  forFile(absolute: string | undefined): Promise<FileConfig>;
  /** Every config used so far, in the order first used. */
  used(): Config[];
  /** The ignore file at a path, read once per run (one object however many files share it); throws for a malformed one. */
  ignoreFor(path: string): IgnoreFile;
}

/** Checks the --rule flags against a config's catalogue. */
function checkFlags(rules: RuleSettings | undefined, config: Config): void {
  try {
    checkRuleSettings(rules, '--rule', config.catalog);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The configs for a run of `lint`, `apply` or `--print-config`: none is read before a file needs it. */
export async function commandConfigs(flags: ConfigFlags, cwd: string): Promise<CommandConfigs> {
  // Built-in rule ids are checked before any file is read; custom ones once their config is loaded.
  const builtIn = Object.fromEntries(Object.entries(flags.rules ?? {}).filter(([id]) => !id.startsWith('@')));
  checkFlags(builtIn, emptyConfig(cwd));
  const named = flags.ignoreFile === undefined ? undefined : resolve(cwd, flags.ignoreFile);
  const used = new Set<Config>();
  const use = (config: Config): Config => {
    if (!used.has(config)) {
      checkFlags(flags.rules, config);
      used.add(config);
    }
    return config;
  };
  const lookup = new ConfigLookup();
  const ignoreFor = (path: string) => lookup.ignoreFor(path);
  if (flags.noConfig || flags.config) {
    const config = use(flags.config ? await readConfig(resolve(cwd, flags.config)) : emptyConfig(cwd));
    const ignoreFile = named ?? join(config.path ? config.root : cwd, IGNORE_FILE_NAME);
    return { forFile: () => Promise.resolve({ config, ignoreFile }), used: () => [...used], ignoreFor };
  }
  return {
    async forFile(absolute) {
      const dir = absolute === undefined ? cwd : dirname(absolute);
      const config = use(await lookup.configFor(dir));
      // Without any config or ignore file up the tree, a new ignore file goes to the working directory.
      const ignoreFile = named ?? lookup.filesFor(dir).ignoreFile ?? join(cwd, IGNORE_FILE_NAME);
      return { config, ignoreFile };
    },
    used: () => [...used],
    ignoreFor,
  };
}

/** The one config of a command that has no files of its own (`rules`): --config, none, or the working directory's. */
export async function loadConfig(flags: ConfigFlags, cwd: string): Promise<Config> {
  const configs = await commandConfigs(flags, cwd);
  return (await configs.forFile(undefined)).config;
}

/** The rules of every config used: the built-in ones and each config's custom rules (the first of an id wins). */
export function catalogOf(configs: CommandConfigs): RuleCatalog {
  const custom = new Map<string, Rule>();
  for (const c of configs.used()) for (const r of c.catalog.custom) if (!custom.has(r.id)) custom.set(r.id, r);
  return custom.size === 0 ? BUILTIN_CATALOG : catalogWith([...custom.values()], 'the configs');
}
