/**
 * The project config file: parsed, checked and loaded with its plugins (custom rules), and the
 * settings it gives one file. The command line, the language server and the library share it.
 */
import { dirname, relative, resolve } from 'node:path';
import { parse as parseYamlText } from 'yaml';
import { BUILTIN_CATALOG, catalogWith, type RuleCatalog } from '../engine/catalog';
import { checkRuleSettings, checkTargetVersion, type RuleSettings } from '../engine/settings';
import type { Rule } from '../rule-api/types';
import type { TargetVersion } from '../facts/target-version';
import type { LintTextOptions } from '../lint/lint-text';
import { isKindName, type KindName } from '../model/kinds';
import { RPK_VERSIONS, type RpkVersion } from '../model/rpk-format';
import { globsMatcher, GlobError } from '../util/glob';
import { isObject } from '../util/pointer';
import { readRegularFile } from './fs-safe';
import { describeSyntaxError } from './syntax-error';
import { checkPluginList, loadPluginFiles, PluginError } from './plugins';

/** File names searched for, in order, in each directory from a file's own directory up. */
export const CONFIG_NAMES = ['svc-admin-spec.config.json', 'svc-admin-spec.config.yaml', 'svc-admin-spec.config.yml'];

export type { RuleSettings };

/** Settings that can differ per file. */
export interface FileSettings {
  rules: RuleSettings;
  targetVersion?: TargetVersion;
  /** For rpk config files: the rpk release that reads them, when not the target version's own. */
  rpkVersion?: RpkVersion;
  kind?: KindName;
}

/** A loaded config. */
export interface Config {
  /** The config file, or undefined when none was found. */
  path?: string;
  /** Directory that globs are relative to. */
  root: string;
  rules: RuleSettings;
  targetVersion?: TargetVersion;
  rpkVersion?: RpkVersion;
  ignore: string[];
  /** When set, a walk (a directory or a glob on the command line) lints only the files these globs match (ESLint's `files`). */
  files?: string[];
  overrides: {
    files: string[];
    rules: RuleSettings;
    targetVersion?: TargetVersion;
    rpkVersion?: RpkVersion;
    kind?: KindName;
  }[];
  /** The built-in rules and the custom rules of the config's plugins (`catalog.custom`). */
  catalog: RuleCatalog;
  /** The `plugins` entries as written (module paths relative to `root`, or package names). */
  plugins?: string[];
  /** The files the `plugins` entries resolved to, when they were loaded: an edit to one changes the rules. */
  pluginFiles?: string[];
}

/** A config problem: the command stops with exit code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Checks rule settings against the catalogue. With `unloaded` plugins a custom rule's setting
 * (an `@scope/id` the built-in catalogue lacks) is kept as written: only its plugin could check it.
 */
function checkRules(raw: unknown, where: string, catalog: RuleCatalog, unloaded = false): RuleSettings {
  try {
    if (!unloaded || !isObject(raw)) return checkRuleSettings(raw, where, catalog);
    const custom = Object.entries(raw).filter(([id]) => id.startsWith('@') && !catalog.byId.has(id));
    const builtIn = Object.fromEntries(
      Object.entries(raw).filter(([id]) => !id.startsWith('@') || catalog.byId.has(id)),
    );
    return { ...checkRuleSettings(builtIn, where, catalog), ...(Object.fromEntries(custom) as RuleSettings) };
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function checkVersion(raw: unknown, where: string): TargetVersion | undefined {
  try {
    return checkTargetVersion(raw, where);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function checkRpkVersion(raw: unknown, where: string): RpkVersion | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && (RPK_VERSIONS as readonly string[]).includes(raw)) return raw as RpkVersion;
  throw new ConfigError(
    `${where}: "rpkVersion" must be one of ${RPK_VERSIONS.map((v) => JSON.stringify(v)).join(', ')} (a string: the rpk release that reads rpk config files; "next" is the release after 26.1).`,
  );
}

/** Checks a glob list and compiles it, so that a glob the matcher refuses is a config error naming it. */
function checkGlobs(raw: unknown, where: string, key: string): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((g) => typeof g === 'string' && g.trim() !== ''))
    throw new ConfigError(`${where}: "${key}" must be an array of non-empty glob strings.`);
  const globs = [...(raw as string[])];
  try {
    matchers.set(globs, globsMatcher(globs));
  } catch (error) {
    if (error instanceof GlobError) throw new ConfigError(`${where}: "${key}": ${error.message}.`);
    throw error;
  }
  return globs;
}

// Each glob list is compiled once, when the config is checked, not once per file linted.
const matchers = new WeakMap<string[], (path: string) => boolean>();

/**
 * Validates a parsed config object; `customRules` are its plugins' rules, already loaded, or
 * `'unloaded'` when they were not (custom rules' settings are then kept unchecked).
 */
export function parseConfig(
  raw: unknown,
  path: string | undefined,
  root: string,
  customRules: readonly Rule[] | 'unloaded' = [],
): Config {
  const where = path ?? 'config';
  if (!isObject(raw)) throw new ConfigError(`${where}: the config must be an object.`);
  const allowed = ['$schema', 'plugins', 'rules', 'targetVersion', 'rpkVersion', 'ignore', 'files', 'overrides'];
  for (const k of Object.keys(raw))
    if (!allowed.includes(k))
      throw new ConfigError(`${where}: unknown key "${k}"; allowed: ${allowed.slice(1).join(', ')}.`);
  const overridesRaw = raw['overrides'] ?? [];
  if (!Array.isArray(overridesRaw)) throw new ConfigError(`${where}: "overrides" must be an array.`);
  let catalog: RuleCatalog;
  try {
    catalog = catalogWith(customRules === 'unloaded' ? [] : customRules, where);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const unloaded = customRules === 'unloaded';
  const config: Config = {
    root,
    catalog,
    rules: checkRules(raw['rules'], where, catalog, unloaded),
    ignore: checkGlobs(raw['ignore'], where, 'ignore'),
    overrides: overridesRaw.map((o, i) => {
      const w = `${where}: overrides[${i}]`;
      if (!isObject(o)) throw new ConfigError(`${w} must be an object.`);
      for (const k of Object.keys(o))
        if (!['files', 'rules', 'targetVersion', 'rpkVersion', 'kind'].includes(k))
          throw new ConfigError(`${w}: unknown key "${k}"; allowed: files, rules, targetVersion, rpkVersion, kind.`);
      const files = checkGlobs(o['files'], w, 'files');
      if (files.length === 0) throw new ConfigError(`${w}: "files" must list at least one glob.`);
      const kind = o['kind'];
      if (kind !== undefined && !isKindName(kind)) throw new ConfigError(`${w}: "kind" is not a document kind.`);
      const targetVersion = checkVersion(o['targetVersion'], w);
      const rpkVersion = checkRpkVersion(o['rpkVersion'], w);
      return {
        files,
        rules: checkRules(o['rules'], w, catalog, unloaded),
        ...(targetVersion ? { targetVersion } : {}),
        ...(rpkVersion ? { rpkVersion } : {}),
        ...(kind ? { kind } : {}),
      };
    }),
  };
  if (raw['files'] !== undefined) {
    const files = checkGlobs(raw['files'], where, 'files');
    if (files.length === 0)
      throw new ConfigError(`${where}: "files" must list at least one glob (leave it out to lint every file).`);
    config.files = files;
  }
  const targetVersion = checkVersion(raw['targetVersion'], where);
  if (targetVersion) config.targetVersion = targetVersion;
  const rpkVersion = checkRpkVersion(raw['rpkVersion'], where);
  if (rpkVersion) config.rpkVersion = rpkVersion;
  if (path) config.path = path;
  return config;
}

/**
 * Reads and validates a config file, loading its plugins (relative to the file's directory), or,
 * with `plugins: 'skip'`, only checking that they are listed correctly.
 */
export async function readConfig(path: string, how: { plugins?: 'load' | 'skip' } = {}): Promise<Config> {
  let text: string;
  try {
    text = readRegularFile(path, `The config file ${path}`)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  let raw: unknown;
  try {
    raw = /\.json$/i.test(path) ? JSON.parse(text) : parseYamlText(text, { logLevel: 'error', prettyErrors: false });
  } catch {
    const json = /\.json$/i.test(path);
    throw new ConfigError(
      `The config file ${path} is not valid ${json ? 'JSON' : 'YAML'}: ${describeSyntaxError(text, json ? 'json' : 'yaml')}.`,
    );
  }
  const root = dirname(resolve(path));
  let customRules: Rule[] | 'unloaded' = 'unloaded';
  let pluginFiles: string[] = [];
  try {
    const specs = isObject(raw) ? checkPluginList(raw['plugins'], path) : [];
    if (how.plugins !== 'skip') ({ rules: customRules, files: pluginFiles } = await loadPluginFiles(specs, root, path));
  } catch (error) {
    if (error instanceof PluginError) throw new ConfigError(error.message);
    throw error;
  }
  const config = parseConfig(raw, path, root, customRules);
  if (isObject(raw) && Array.isArray(raw['plugins'])) config.plugins = raw['plugins'] as string[];
  if (pluginFiles.length > 0) config.pluginFiles = pluginFiles;
  return config;
}

/** The config in force when there is no config file: everything at its defaults, globs relative to `root`. */
export const emptyConfig = (root: string): Config => ({
  root: resolve(root),
  rules: {},
  ignore: [],
  overrides: [],
  catalog: BUILTIN_CATALOG,
});

/** A matcher for globs relative to the config root (dotfiles included), linear in the path (src/util/glob). */
function matcher(globs: string[]): (path: string) => boolean {
  let m = matchers.get(globs);
  if (!m) matchers.set(globs, (m = globsMatcher(globs)));
  return m;
}

/** `to` relative to the directory `from`, with forward slashes (as globs and ignore entries write paths). */
export const relativePosix = (from: string, to: string): string => relative(from, to).split('\\').join('/');

/** True when the config's ignore globs cover the file. */
export function isIgnored(config: Config, absolutePath: string): boolean {
  return config.ignore.length > 0 && matcher(config.ignore)(relativePosix(config.root, absolutePath));
}

/** True when the config has `files` globs and none matches the file: a walk leaves it out. */
export function isOutsideFiles(config: Config, absolutePath: string): boolean {
  return config.files !== undefined && !matcher(config.files)(relativePosix(config.root, absolutePath));
}

/** The settings for one file: the config's, then each matching override in order, then the command line's rules. */
export function settingsFor(config: Config, absolutePath: string | undefined, cliRules: RuleSettings): FileSettings {
  const out: FileSettings = { rules: { ...config.rules } };
  if (config.targetVersion) out.targetVersion = config.targetVersion;
  if (config.rpkVersion) out.rpkVersion = config.rpkVersion;
  if (absolutePath) {
    const rel = relativePosix(config.root, absolutePath);
    for (const o of config.overrides) {
      if (!matcher(o.files)(rel)) continue;
      Object.assign(out.rules, o.rules);
      if (o.targetVersion) out.targetVersion = o.targetVersion;
      if (o.rpkVersion) out.rpkVersion = o.rpkVersion;
      if (o.kind) out.kind = o.kind;
    }
  }
  Object.assign(out.rules, cliRules);
  return out;
}

/** What the command line (or an editor) chooses for every file; each choice wins over the config. */
export interface LintChoices {
  rules?: RuleSettings;
  kind?: KindName;
  targetVersion?: TargetVersion;
  maxFindings?: number;
  now?: Date;
}

/** The `lintText` options for one file: the config's settings for its path, then `choices`. */
export function fileLintOptions(
  config: Config,
  absolutePath: string | undefined,
  filename: string,
  choices: LintChoices = {},
): LintTextOptions {
  const settings = settingsFor(config, absolutePath, choices.rules ?? {});
  const kind = choices.kind ?? settings.kind;
  const targetVersion = choices.targetVersion ?? settings.targetVersion;
  return {
    filename,
    rules: settings.rules,
    ...(config.catalog.custom.length > 0 ? { customRules: config.catalog.custom } : {}),
    ...(kind ? { kind } : {}),
    ...(targetVersion ? { targetVersion } : {}),
    ...(settings.rpkVersion ? { rpkVersion: settings.rpkVersion } : {}),
    ...(choices.now ? { now: choices.now } : {}),
    ...(choices.maxFindings !== undefined ? { maxFindings: choices.maxFindings } : {}),
  };
}
