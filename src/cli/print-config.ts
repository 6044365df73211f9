/** `--print-config FILE`: the settings the linter would use for one file, after overrides and flags. */
import { type RuleSetting } from '../rule-api/types';
import { DEFAULT_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import type { Severity } from '../core/diagnostics';
import type { KindName } from '../model/kinds';
import type { RpkVersion } from '../model/rpk-format';
import { isIgnored, isOutsideFiles, settingsFor, type Config, type RuleSettings } from '../config/config';

/** One rule as it applies to the file. */
export interface EffectiveRule {
  /** `off`, or the severity of its findings. */
  severity: RuleSetting;
  /** Messages that keep their own severity while the rule is at its default (set a severity to override them). */
  messages?: Record<string, Severity>;
  /** The rule's options: its defaults with the configured values over them. */
  options?: Record<string, unknown>;
}

/** Everything `--print-config` reports, apart from the file and config names. */
export interface EffectiveSettings {
  /** True when the config's `ignore` globs skip the file (it would not be linted). */
  ignored: boolean;
  /** True when the config has `files` globs and none matches the file (it would not be linted either). */
  outsideFiles: boolean;
  /** The kind fixed by `--kind` or an override; null when each document's kind is detected. */
  kind: KindName | null;
  targetVersion: TargetVersion;
  /** The rpk release that reads rpk config files: the config's `rpkVersion`, else the target version's own rpk. */
  rpkVersion: RpkVersion;
  rules: Record<string, EffectiveRule>;
}

/** The settings for `absolute`: the config's, each matching override in order, then the flags; custom rules after the built-in ones. */
export function effectiveSettings(
  config: Config,
  absolute: string,
  flags: { rules: RuleSettings; kind?: KindName; targetVersion?: TargetVersion },
): EffectiveSettings {
  const settings = settingsFor(config, absolute, flags.rules);
  const rules: Record<string, EffectiveRule> = {};
  for (const rule of config.catalog.all) {
    const raw = Object.hasOwn(settings.rules, rule.id) ? settings.rules[rule.id] : undefined;
    const level = Array.isArray(raw) ? raw[0] : raw;
    const entry: EffectiveRule = { severity: level ?? rule.severity };
    if (level === undefined) {
      const own: Record<string, Severity> = {};
      for (const [id, spec] of Object.entries(rule.messages))
        if (typeof spec !== 'string' && spec.severity !== rule.severity) own[id] = spec.severity;
      if (Object.keys(own).length > 0) entry.messages = own;
    }
    if (rule.options && level !== 'off') {
      const options: Record<string, unknown> = {};
      for (const [name, o] of Object.entries(rule.options)) options[name] = o.default;
      entry.options = Object.assign(options, Array.isArray(raw) ? raw[1] : {});
    }
    rules[rule.id] = entry;
  }
  const targetVersion = flags.targetVersion ?? settings.targetVersion ?? DEFAULT_TARGET_VERSION;
  return {
    ignored: isIgnored(config, absolute),
    outsideFiles: isOutsideFiles(config, absolute),
    kind: flags.kind ?? settings.kind ?? null,
    targetVersion,
    rpkVersion: settings.rpkVersion ?? targetVersion,
    rules,
  };
}
