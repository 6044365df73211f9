/** `resolveConfig(filePath)`: what `svc-admin-spec lint` would use for one file, without loading any plugin. */
import { dirname, resolve } from 'node:path';
import type { RuleSettings } from '../engine/settings';
import type { TargetVersion } from '../facts/target-version';
import type { KindName } from '../model/kinds';
import type { RpkVersion } from '../model/rpk-format';
import { fileLintOptions, isIgnored, isOutsideFiles } from './config';
import { ConfigLookup } from './discover';

/** The config in force for one file, as the command finds it from any working directory. */
export interface ResolvedConfig {
  /** The nearest config file from the file's directory up (absolute), or null when there is none. */
  configFile: string | null;
  /**
   * The ignore file beside `configFile` (it may not exist yet); with no config file, the nearest
   * existing one from the file's directory up. Null when neither is found: the command then reads
   * (and `--write-ignore-file` writes) `.svc-admin-spec-ignore.json` in its working directory,
   * which this function does not know; the language server uses no ignore file.
   */
  ignoreFile: string | null;
  /** True when the config's `ignore` globs cover the file: the command does not lint it. */
  ignored: boolean;
  /** True when the config has `files` globs and none matches the file: the command does not lint it either. */
  outsideFiles: boolean;
  /** The config's `plugins` as written, relative to its directory; never loaded here. */
  plugins: string[];
  /**
   * Options for `lint`/`lintText`: the config's rules, kind and target version after its overrides.
   * Settings of custom rules are passed on unchecked: give the plugins' rules as `customRules`.
   */
  options: { rules: RuleSettings; kind?: KindName; targetVersion?: TargetVersion; rpkVersion?: RpkVersion };
}

/**
 * The config that governs `filePath` (which need not exist): the nearest config file from its
 * directory upward, no merging, and the ignore file beside it. Plugins are listed, not loaded, so
 * nothing but the config file is read and no code runs. Throws `ConfigError` for an invalid config.
 */
export async function resolveConfig(filePath: string): Promise<ResolvedConfig> {
  const absolute = resolve(filePath);
  const lookup = new ConfigLookup({ plugins: 'skip' });
  const files = lookup.filesFor(dirname(absolute));
  const config = await lookup.configFor(dirname(absolute));
  // The command's own options for the file, less its name; with plugins unloaded they carry no custom rules.
  const { filename: _filename, rules = {}, ...options } = fileLintOptions(config, absolute, absolute);
  return {
    configFile: files.config ?? null,
    ignoreFile: files.ignoreFile ?? null,
    ignored: isIgnored(config, absolute),
    outsideFiles: isOutsideFiles(config, absolute),
    plugins: config.plugins ?? [],
    // The config's rules, checked when it was read: every severity is written as ours.
    options: { rules: rules as RuleSettings, ...options },
  };
}
