/**
 * The language server's own settings, under `svcAdminSpec` in `initializationOptions` and in
 * `workspace/didChangeConfiguration`'s settings. The protocol has no notion of a trusted workspace:
 * loading plugins (code from the workspace) is a setting the user, or a client that knows about
 * workspace trust, turns on.
 */
import { isObject } from '../util/pointer';

/** The section the settings are read from. */
export const SETTINGS_SECTION = 'svcAdminSpec';

/** What the server reads from its settings. */
export interface LspSettings {
  /** Load the config's plugins (custom rules: code from the workspace); off by default. */
  trustPlugins: boolean;
  /** Documents of more characters than this are not linted as you type (one finding says so instead). */
  maxDocumentSize: number;
}

/** The settings before the client gives any: no plugins, documents up to 4 MiB. */
export const DEFAULT_SETTINGS: LspSettings = { trustPlugins: false, maxDocumentSize: 4 * 1024 * 1024 };

/**
 * The settings in `raw` (an `initializationOptions` or `settings` object holding `svcAdminSpec`).
 * Without the section, `base` stays (some clients send empty settings after initializing); a
 * section is the whole of them, so a key it lacks, or gives a value of the wrong type, takes its
 * default (so removing `trustPlugins` turns plugins off again). Wrong types are named in `problems`
 * for the server's log.
 */
export function readSettings(raw: unknown, base: LspSettings): { settings: LspSettings; problems: string[] } {
  const problems: string[] = [];
  const section = isObject(raw) ? raw[SETTINGS_SECTION] : undefined;
  if (!isObject(section)) return { settings: { ...base }, problems };
  const settings = { ...DEFAULT_SETTINGS };
  const trust = section['trustPlugins'];
  if (typeof trust === 'boolean') settings.trustPlugins = trust;
  else if (trust !== undefined) problems.push(`${SETTINGS_SECTION}.trustPlugins must be true or false`);
  const max = section['maxDocumentSize'];
  if (typeof max === 'number' && Number.isSafeInteger(max) && max > 0) settings.maxDocumentSize = max;
  else if (max !== undefined) problems.push(`${SETTINGS_SECTION}.maxDocumentSize must be a positive whole number`);
  return { settings, problems };
}
