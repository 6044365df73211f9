/**
 * Custom rules from a config file's `plugins`: each entry a module path relative to the config
 * file (or a package name resolved from there), ES module or CommonJS, exporting a rule, an array
 * of rules, or `{ rules: [...] }`. Shared by the command line and the language server.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCustomRules } from '../engine/custom';
import type { Rule } from '../rule-api/types';
import { isObject } from '../util/pointer';

/** A plugin that cannot be used: the command stops with exit code 2. */
export class PluginError extends Error {
  override readonly name = 'PluginError';
}

/**
 * The launcher (src/cli/launch.ts) runs the bundled command as a `vm.Script`, where `import()`
 * needs an experimental flag on Node 20; it hands over its own `import()` under this key.
 */
export const IMPORT_HOOK = Symbol.for('svc-admin-spec.import');

type Importer = (url: string) => Promise<Record<string, unknown>>;

const importModule: Importer = (url) => {
  const hook = (globalThis as Record<symbol, unknown>)[IMPORT_HOOK];
  return typeof hook === 'function' ? (hook as Importer)(url) : (import(url) as Promise<Record<string, unknown>>);
};

/** Checks the shape of a `plugins` value: an array of non-empty strings. */
export function checkPluginList(raw: unknown, where: string): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((p) => typeof p === 'string' && p.trim() !== ''))
    throw new PluginError(
      `${where}: "plugins" must be an array of module paths relative to the config file (e.g. ["./policy/rules.js"]).`,
    );
  return raw as string[];
}

/** The file a plugin entry names: a path relative to `baseDir`, an absolute path, or a package resolved from `baseDir`. */
function resolvePlugin(spec: string, baseDir: string): string {
  if (!spec.startsWith('./') && !spec.startsWith('../') && !isAbsolute(spec))
    return createRequire(join(baseDir, 'svc-admin-spec.config.js')).resolve(spec);
  const path = resolve(baseDir, spec);
  if (!existsSync(path)) throw new Error(`there is no file ${path}`);
  return path;
}

/**
 * The URL to import a plugin file by, new whenever the file changes: module caches are keyed by URL
 * (and CommonJS by file name), so a long-running language server sees an edited rule without a
 * restart. Modules the plugin itself imports are its own; they are not reloaded.
 */
function freshUrl(path: string): string {
  const { mtimeMs, size } = statSync(path);
  const cjs = createRequire(path).cache;
  if (Object.hasOwn(cjs, path)) delete cjs[path];
  return `${pathToFileURL(path).href}?version=${mtimeMs}-${size}`;
}

/** The rules a plugin module exports: its default export (a rule, an array, or `{ rules: [...] }`), else a `rules` array export. */
function rulesOf(namespace: Record<string, unknown>): unknown[] | undefined {
  const main = namespace['default'];
  if (Array.isArray(main)) return main;
  if (isObject(main) && typeof main['id'] === 'string') return [main];
  if (isObject(main) && Array.isArray(main['rules'])) return main['rules'];
  return Array.isArray(namespace['rules']) ? namespace['rules'] : undefined;
}

/**
 * Loads the custom rules of a config's `plugins`, in order, checking each rule's shape and that no
 * id is used twice. Throws `PluginError` naming the plugin and the problem.
 */
export async function loadPlugins(specs: readonly string[], baseDir: string, where: string): Promise<Rule[]> {
  return (await loadPluginFiles(specs, baseDir, where)).rules;
}

/** `loadPlugins`, also giving the file each entry resolved to (a language server watches them for edits). */
export async function loadPluginFiles(
  specs: readonly string[],
  baseDir: string,
  where: string,
): Promise<{ rules: Rule[]; files: string[] }> {
  const all: Rule[] = [];
  const files: string[] = [];
  for (const [i, spec] of specs.entries()) {
    const at = `${where}: plugins[${i}] ${JSON.stringify(spec)}`;
    let namespace: Record<string, unknown>;
    try {
      const file = resolvePlugin(spec, baseDir);
      files.push(file);
      namespace = await importModule(freshUrl(file));
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new PluginError(`${at} could not be loaded: ${reason}`);
    }
    const rules = rulesOf(namespace);
    if (rules === undefined)
      throw new PluginError(
        `${at} exports no rules: export a rule (from defineRule), an array of rules, or { rules: [...] }, as the default export (module.exports in CommonJS).`,
      );
    try {
      all.push(...checkCustomRules(rules, at));
    } catch (error) {
      throw new PluginError((error as Error).message);
    }
  }
  try {
    checkCustomRules(all, where);
  } catch (error) {
    throw new PluginError(`${(error as Error).message} Each rule id may come from one plugin only.`);
  }
  return { rules: all, files };
}
