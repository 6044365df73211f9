/**
 * `svc-admin-spec init`: writes a starter config in the working directory (commented YAML, or
 * JSON when the repository's documents are JSON) whose walks lint only a `shadow-links/` folder
 * when there is one, and prints the pre-commit snippet. It never overwrites a config.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_NAMES } from '../config/config';
import { CONFIG_SCHEMA_URL } from '../config/config-model';
import { createFileAtomic, FileAccessError, systemReason } from '../config/fs-safe';
import { isToolConfigFile } from '../config/tool-files';
import { NEWEST_TARGET_VERSION } from '../facts/target-version';
import { printable } from '../format/ansi';
import { CACHE_FILE_NAME } from './cache';
import { ConfigError } from './config';
import { parseCommandArgs } from './args';
import { INIT_FLAGS } from './client-flags';
import type { CliIO } from './io';
import { asCommand, UsageError } from './usage-error';

/** Help of `init`. */
const INIT_HELP = `Usage: svc-admin-spec init [--format yaml|json]

Writes a starter config, svc-admin-spec.config.yaml (commented) or .json, in the current
directory: YAML unless the directory's documents are all JSON or --format json is given. With a
shadow-links/ folder, walks lint only that folder (the config's "files"). Prints the pre-commit
snippet. Never overwrites a config that exists.

Options:
  -f, --format yaml|json      The config's format (default: detected, else yaml)
  -h, --help                  Show this help`;

/** The folder whose files are shadow links by convention (the editor catalog's `**\/shadow-links/*`). */
const SHADOW_LINKS = 'shadow-links';

/** How far `init` looks for documents to tell JSON from YAML: a glance, not a walk of the repository. */
const LOOK = { depth: 3, entries: 2000 } as const;

/** The pre-commit snippet printed after the config; docs/ci.md shows the same text (a test compares them). */
export const PRE_COMMIT_SNIPPET = `# .pre-commit-config.yaml
repos:
  - repo: https://github.com/svc-admin-spec/svc-admin-spec   # or your fork, or a local clone
    rev: main                    # a tag or commit (pre-commit autoupdate pins one)
    hooks:
      - id: svc-admin-spec
        files: ^${SHADOW_LINKS}/          # only your Admin API documents
        # args: [--fail-severity, warning]`;

/** The extensions of the documents under `dir` (a bounded look: node_modules, .git and dot folders are skipped). */
function documentFormats(dir: string): { json: boolean; yaml: boolean } {
  const found = { json: false, yaml: false };
  let seen = 0;
  const visit = (d: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > LOOK.entries) return;
      if (e.isDirectory()) {
        if (depth < LOOK.depth && !e.name.startsWith('.') && e.name !== 'node_modules')
          visit(join(d, e.name), depth + 1);
      } else if (e.isFile() && !isToolConfigFile(e.name)) {
        if (/\.json$/i.test(e.name)) found.json = true;
        else if (/\.ya?ml$/i.test(e.name)) found.yaml = true;
      }
    }
  };
  visit(dir, 0);
  return found;
}

/** The starter config in YAML, with a comment on each setting. */
function yamlConfig(shadowLinks: boolean): string {
  return `# svc-admin-spec config: docs/configuration.md (in the package, and on the docs site) says what each key does.
$schema: ${CONFIG_SCHEMA_URL}

# The server version whose facts apply. Keep the quotes: 25.10 unquoted would read as 25.1.
targetVersion: "${NEWEST_TARGET_VERSION}"

# Rule severities: "off", "info", "warning" (or "warn"), "error", or 0, 1, 2.
# \`svc-admin-spec rules\` lists the rules and their defaults.
rules: {}
#  duration: warn

# Files never linted, as globs relative to this file.
ignore: []
#  - drafts/**
${
  shadowLinks
    ? `
# What \`lint .\` and other walks lint, as globs relative to this file (a file named on the command
# line outside them gets a note instead). Remove it to lint every Admin API and rpk document.
files: ["${SHADOW_LINKS}/**"]
`
    : `
# What \`lint .\` and other walks lint, as globs relative to this file (default: every Admin API
# and rpk document found).
# files: ["${SHADOW_LINKS}/**"]
`
}
# Settings for groups of files, applied in order after the ones above. Each file's kind is
# detected (a ShadowLink, a CreateShadowLink request, an rpk file, …); set one only for files that
# are all of one kind.
# overrides:
#   - files: ["requests/*.json"]
#     kind: CreateShadowLinkRequest
`;
}

/** The starter config in JSON (no comments: the schema's descriptions stand in for them). */
function jsonConfig(shadowLinks: boolean): string {
  const config = {
    $schema: CONFIG_SCHEMA_URL,
    targetVersion: NEWEST_TARGET_VERSION,
    rules: {},
    ignore: [],
    ...(shadowLinks ? { files: [`${SHADOW_LINKS}/**`] } : {}),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Whether the directory's own `.gitignore` already names `name` (a plain line for it, with or without a leading `/`). */
function gitIgnores(dir: string, name: string): boolean {
  try {
    return readFileSync(join(dir, '.gitignore'), 'utf8')
      .split(/\r?\n/)
      .some((line) => line.trim() === name || line.trim() === `/${name}`);
  } catch {
    return false;
  }
}

/** Runs `init`; returns the exit code. */
export function runInit(argv: readonly string[], io: CliIO): number {
  return asCommand('init', () => init(argv, io));
}

/** `runInit`'s body: its usage errors point at `init --help`. */
function init(argv: readonly string[], io: CliIO): number {
  const parsed = parseCommandArgs('init', argv, INIT_FLAGS);
  const v = parsed.values as { format?: string; help?: boolean };
  if (v.help) {
    io.stdout.write(`${INIT_HELP}\n`);
    return 0;
  }
  if (parsed.positionals.length > 0)
    throw new UsageError(
      `init takes no file or directory ("${printable(parsed.positionals[0]!.slice(0, 60))}"): it writes the config in the current directory.`,
    );
  if (v.format !== undefined && v.format !== 'json' && v.format !== 'yaml')
    throw new UsageError('init: --format must be yaml or json.');
  let format: 'json' | 'yaml' | undefined = v.format;
  const existing = CONFIG_NAMES.find((n) => existsSync(join(io.cwd, n)));
  if (existing)
    throw new ConfigError(
      `${existing} already exists; init never overwrites a config. Edit it, or delete it and run init again.`,
    );
  const shadowLinks = (() => {
    try {
      return statSync(join(io.cwd, SHADOW_LINKS)).isDirectory();
    } catch {
      return false;
    }
  })();
  if (format === undefined) {
    const found = documentFormats(io.cwd);
    format = found.json && !found.yaml ? 'json' : 'yaml';
  }
  const name = format === 'json' ? 'svc-admin-spec.config.json' : 'svc-admin-spec.config.yaml';
  try {
    // Created only if absent (a config made meanwhile is not replaced either), never half-written.
    createFileAtomic(join(io.cwd, name), format === 'json' ? jsonConfig(shadowLinks) : yamlConfig(shadowLinks));
  } catch (error) {
    const reason = error instanceof FileAccessError ? systemReason({ code: error.code }) : systemReason(error);
    throw new ConfigError(`Cannot write ${name}: ${reason}.`);
  }
  io.stdout.write(
    `Wrote ${name}${shadowLinks ? ` (walks lint ${SHADOW_LINKS}/ only: its "files" key)` : ''}.\n\n` +
      `To lint staged documents on commit, add this to .pre-commit-config.yaml:\n\n${PRE_COMMIT_SNIPPET}\n` +
      (gitIgnores(io.cwd, CACHE_FILE_NAME)
        ? ''
        : `\nWith lint --cache, add ${CACHE_FILE_NAME} to .gitignore: the cache is per machine.\n`),
  );
  return 0;
}
