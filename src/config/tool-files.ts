/** Files that are never Admin API documents, by name: tool configs, this linter's own among them. */
import { basename } from 'node:path';
import { CONFIG_NAMES } from './config';
import { IGNORE_FILE_NAME } from './suppress';

const TOOL_FILES = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'tsconfig.json',
  'jsconfig.json',
  '.pre-commit-config.yaml',
  '.pre-commit-hooks.yaml',
  IGNORE_FILE_NAME,
  ...CONFIG_NAMES,
]);

/** True for a tool's own config file (package.json, the linter's config…), never an Admin API document. */
export const isToolConfigFile = (path: string): boolean => TOOL_FILES.has(basename(path));

/** True for the files whose change can change findings: config files and ignore files by name. */
export const isSettingsFile = (path: string): boolean =>
  CONFIG_NAMES.includes(basename(path)) || basename(path) === IGNORE_FILE_NAME;
