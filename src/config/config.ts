/**
 * The project config file: parsed, checked and loaded with its plugins (custom rules), and the
 * settings it gives one file. The command line, the language server and the library share it.
 */
import { dirname, relative, resolve } from 'node:path';
import { parse as parseYamlText } from 'yaml';
import { BUILTIN_CATALOG, catalogWith, type RuleCatalog } from '../engine/catalog';
import { checkRuleSettings, checkTargetVersion, severityOf, type RuleSettings } from '../engine/settings';
import type { Rule } from '../rule-api/types';
import type { TargetVersion } from '../facts/target-version';
import type { LintTextOptions } from '../lint/lint-text';
import { isKindName, KIND_NAMES, type KindName } from '../model/kinds';
import { RPK_VERSIONS, type RpkVersion } from '../model/rpk-format';
import { globsMatcher, GlobError } from '../util/glob';
import { childPointer, escapeToken, isObject } from '../util/pointer';
import { nearest } from '../util/suggest';
import { TARGET_VERSIONS } from '../facts/target-version';
import { parseSource, type ParsedSource } from '../source/index';
import { configKeys } from './config-model';
import { readRegularFile } from './fs-safe';
import { locator, syntaxProblem, type Locate } from './syntax-error';
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
  /**
   * When set, only the files these globs match are linted (ESLint's `files`): a walk skips the
   * others, a file named on the command line or open in an editor gets a note instead of findings.
   */
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
 * Checks rule settings against the catalogue, one rule at a time so that a problem is said where
 * that rule is written. With `unloaded` plugins a custom rule's setting (an `@scope/id` the
 * built-in catalogue lacks) is kept as written, in our spelling: only its plugin could check it.
 */
function checkRules(
  raw: unknown,
  at: Locate,
  pointer: string,
  prefix: string,
  catalog: RuleCatalog,
  unloaded = false,
): RuleSettings {
  const check = (value: unknown, p: string, onKey = false) => {
    // Positions cost a second parse of the file: worked out only for a setting that is refused.
    try {
      return checkRuleSettings(value, 'config', catalog);
    } catch {
      // Said below, where it is written.
    }
    try {
      return checkRuleSettings(value, prefix ? `${at(p, onKey)}: ${prefix.slice(0, -2)}` : at(p, onKey), catalog);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  };
  if (!isObject(raw)) return check(raw, pointer);
  const out: RuleSettings = {};
  for (const [id, v] of Object.entries(raw)) {
    const p = childPointer(pointer, id);
    if (unloaded && id.startsWith('@') && !catalog.byId.has(id)) out[id] = ownSpelling(v) as RuleSettings[string];
    else Object.assign(out, check({ [id]: v }, p, !catalog.byId.has(id)));
  }
  return out;
}

/** A setting with its severity in our spelling when it is one of the accepted ones; otherwise as written. */
function ownSpelling(v: unknown): unknown {
  if (Array.isArray(v)) return v.length > 0 ? [severityOf(v[0]) ?? v[0], ...v.slice(1)] : v;
  return severityOf(v) ?? v;
}

/**
 * Checks a `targetVersion`. A number is refused whatever it is: YAML reads `25.10` as 25.1, so
 * the number cannot say which version was meant; the message quotes it as written.
 */
function checkVersion(
  raw: unknown,
  at: Locate,
  pointer: string,
  prefix: string,
  written: Written,
): TargetVersion | undefined {
  if (typeof raw === 'number') {
    const text = written(pointer) ?? String(raw);
    throw new ConfigError(
      `${at(pointer)}: ${prefix}"targetVersion" is written as a number (${text}), which YAML reads as ${raw}; quote it: targetVersion: "${text}" (one of ${TARGET_VERSIONS.map((t) => `"${t}"`).join(', ')}).`,
    );
  }
  // Positions cost a second parse of the file: worked out only for a version that is refused.
  try {
    return checkTargetVersion(raw, 'config');
  } catch {
    // Said below, where it is written.
  }
  try {
    return checkTargetVersion(raw, prefix ? `${at(pointer)}: ${prefix.slice(0, -2)}` : at(pointer));
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function checkRpkVersion(
  raw: unknown,
  at: Locate,
  pointer: string,
  prefix: string,
  written: Written,
): RpkVersion | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && (RPK_VERSIONS as readonly string[]).includes(raw)) return raw as RpkVersion;
  const quote = typeof raw === 'number' ? `; quote it: rpkVersion: "${written(pointer) ?? raw}"` : '';
  throw new ConfigError(
    `${at(pointer)}: ${prefix}"rpkVersion" must be one of ${RPK_VERSIONS.map((v) => JSON.stringify(v)).join(', ')} (a string: the rpk release that reads rpk config files; "next" is the release after 26.1)${quote}.`,
  );
}

/** Checks a glob list and compiles it, so that a glob the matcher refuses is a config error naming it. */
function checkGlobs(raw: unknown, at: Locate, pointer: string, prefix: string, key: string): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw))
    throw new ConfigError(
      `${at(pointer)}: ${prefix}"${key}" must be an array of glob strings, e.g. ["shadow-links/**"].`,
    );
  raw.forEach((g, i) => {
    if (typeof g !== 'string' || g.trim() === '')
      throw new ConfigError(
        `${at(`${pointer}/${i}`)}: ${prefix}"${key}" must be an array of non-empty glob strings; write this entry as a quoted glob.`,
      );
  });
  const globs = [...(raw as string[])];
  try {
    matchers.set(globs, globsMatcher(globs));
  } catch (error) {
    if (error instanceof GlobError) throw new ConfigError(`${at(pointer)}: ${prefix}"${key}": ${error.message}.`);
    throw error;
  }
  return globs;
}

// Each glob list is compiled once, when the config is checked, not once per file linted.
const matchers = new WeakMap<string[], (path: string) => boolean>();

/** The text of the value at a pointer as written in the file, when the file is at hand. */
type Written = (pointer: string) => string | undefined;

/** "unknown key" with a did-you-mean, and the keys allowed there. */
function unknownKey(key: string, allowed: readonly string[]): string {
  const guess = nearest(key, allowed);
  return `unknown key ${JSON.stringify(key.slice(0, 80))}${guess ? `; did you mean "${guess}"?` : ''} Allowed: ${allowed.join(', ')}.`;
}

/**
 * Validates a parsed config object; `customRules` are its plugins' rules, already loaded, or
 * `'unloaded'` when they were not (custom rules' settings are then kept unchecked). With the
 * file's text parsed (`source`), each problem is said at `file:line:column`.
 */
export function parseConfig(
  raw: unknown,
  path: string | undefined,
  root: string,
  customRules: readonly Rule[] | 'unloaded' = [],
  source?: { parsed: ParsedSource; text: string },
): Config {
  const where = path ?? 'config';
  const at = locator(where, source && (() => source.parsed));
  const written: Written = (pointer) => {
    const span = source?.parsed.span(pointer);
    return span && source ? source.text.slice(span.value[0], span.value[1]) : undefined;
  };
  if (!isObject(raw))
    throw new ConfigError(`${at('')}: the config must be an object (a mapping of keys such as "rules" and "ignore").`);
  const { config: allowed, override: overrideKeys } = configKeys();
  for (const k of Object.keys(raw))
    if (!allowed.includes(k)) throw new ConfigError(`${at(`/${escapeToken(k)}`, true)}: ${unknownKey(k, allowed)}`);
  const overridesRaw = raw['overrides'] ?? [];
  if (!Array.isArray(overridesRaw))
    throw new ConfigError(`${at('/overrides')}: "overrides" must be an array: - files: [...] then the settings.`);
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
    rules: checkRules(raw['rules'], at, '/rules', '', catalog, unloaded),
    ignore: checkGlobs(raw['ignore'], at, '/ignore', '', 'ignore'),
    overrides: overridesRaw.map((o, i) => {
      const p = `/overrides/${i}`;
      const w = `overrides[${i}]: `;
      if (!isObject(o))
        throw new ConfigError(`${at(p)}: ${w}each override must be an object with "files" and the settings for them.`);
      for (const k of Object.keys(o))
        if (!overrideKeys.includes(k))
          throw new ConfigError(`${at(`${p}/${escapeToken(k)}`, true)}: ${w}${unknownKey(k, overrideKeys)}`);
      const files = checkGlobs(o['files'], at, `${p}/files`, w, 'files');
      if (files.length === 0)
        throw new ConfigError(
          `${at(`${p}/files`)}: ${w}"files" must list at least one glob, e.g. files: ["shadow-links/**"].`,
        );
      const kind = o['kind'];
      if (kind !== undefined && !isKindName(kind)) {
        const guess = typeof kind === 'string' ? nearest(kind, KIND_NAMES) : undefined;
        throw new ConfigError(
          `${at(`${p}/kind`)}: ${w}"kind" is not a document kind${guess ? `; did you mean "${guess}"?` : ''} Use one of ${KIND_NAMES.join(', ')}.`,
        );
      }
      const targetVersion = checkVersion(o['targetVersion'], at, `${p}/targetVersion`, w, written);
      const rpkVersion = checkRpkVersion(o['rpkVersion'], at, `${p}/rpkVersion`, w, written);
      return {
        files,
        rules: checkRules(o['rules'], at, `${p}/rules`, w, catalog, unloaded),
        ...(targetVersion ? { targetVersion } : {}),
        ...(rpkVersion ? { rpkVersion } : {}),
        ...(kind ? { kind } : {}),
      };
    }),
  };
  if (raw['files'] !== undefined) {
    const files = checkGlobs(raw['files'], at, '/files', '', 'files');
    if (files.length === 0)
      throw new ConfigError(`${at('/files')}: "files" must list at least one glob (leave it out to lint every file).`);
    config.files = files;
  }
  const targetVersion = checkVersion(raw['targetVersion'], at, '/targetVersion', '', written);
  if (targetVersion) config.targetVersion = targetVersion;
  const rpkVersion = checkRpkVersion(raw['rpkVersion'], at, '/rpkVersion', '', written);
  if (rpkVersion) config.rpkVersion = rpkVersion;
  if (path) config.path = path;
  return config;
}

/**
 * Reads and validates a config file, loading its plugins (relative to the file's directory), or,
 * with `plugins: 'skip'`, only checking that they are listed correctly. Every problem of the file
 * is said at `file:line:column`.
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
  const json = /\.json$/i.test(path);
  let raw: unknown;
  try {
    raw = json ? JSON.parse(text) : parseYamlText(text, { logLevel: 'error', prettyErrors: false });
  } catch {
    throw new ConfigError(syntaxProblem(path, text, json ? 'json' : 'yaml'));
  }
  // The linter's own reader, for positions only (the value is the YAML package's), and only when a
  // problem is reported.
  let parsed: ParsedSource | undefined;
  const source = {
    get parsed(): ParsedSource {
      return (parsed ??= parseSource(text, json ? 'json' : 'yaml'));
    },
    text,
  };
  const at = locator(path, () => source.parsed);
  const root = dirname(resolve(path));
  let customRules: Rule[] | 'unloaded' = 'unloaded';
  let pluginFiles: string[] = [];
  try {
    const specs = isObject(raw) ? checkPluginList(raw['plugins'], path) : [];
    if (how.plugins !== 'skip') ({ rules: customRules, files: pluginFiles } = await loadPluginFiles(specs, root, path));
  } catch (error) {
    if (error instanceof PluginError) {
      const message = error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
      throw new ConfigError(`${at('/plugins')}: ${message}`);
    }
    throw error;
  }
  const config = parseConfig(raw, path, root, customRules, source);
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

/**
 * Which of the config's globs keep the file from being linted (`ignore` first), or undefined: the
 * one decision the command, `--print-config` and the language server share.
 */
export function excludedBy(config: Config, absolutePath: string): 'ignore' | 'files' | undefined {
  if (isIgnored(config, absolutePath)) return 'ignore';
  if (isOutsideFiles(config, absolutePath)) return 'files';
  return undefined;
}

/** Why an excluded file is not linted, naming the config as the caller shows it: `it is outside the "files" globs of x.yaml`. */
export const exclusionReason = (by: 'ignore' | 'files', configName: string): string =>
  by === 'ignore' ? `the "ignore" globs of ${configName} cover it` : `it is outside the "files" globs of ${configName}`;

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
