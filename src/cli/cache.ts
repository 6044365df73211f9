/**
 * `--cache`: each file's results, kept between runs and reused while nothing that decides them
 * changed (ESLint's `--cache`). An entry is keyed by the file's absolute path and holds the SHA-256
 * of its content, a hash of its settings and the findings — what a report prints, secrets already
 * masked — never the content. Node-only: the command line alone uses it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SEVERITIES, type Diagnostic } from '../core/diagnostics';
import type { Config } from '../config/config';
import { FileAccessError, readRegularFile, writeFileAtomic } from '../config/fs-safe';
import type { IgnoreFile } from '../config/suppress';
import { isObject } from '../util/pointer';
import { VERSION } from '../util/version';

/** The cache file's name in the working directory, or in the directory `--cache-location` names. */
export const CACHE_FILE_NAME = '.svc-admin-spec-cache';

/** What marks a cache file as ours, in this layout: another layout is refused as corrupt. */
const MARKER = 'svc-admin-spec lint cache';
const LAYOUT = 1;

/** What a file's lint gave, as kept. */
export interface CachedResult {
  kind: string | null;
  diagnostics: Diagnostic[];
  /** The autofixes `--fix` would not apply (`fixKey`s), when the run counted what is fixable. */
  unfixed?: string[];
  /** The file is plainly not an Admin API document: a walk skips it, a named one gets a note. */
  unrelated?: true;
}

/** One file's entry: its content's and settings' hashes, then its results. */
interface Entry extends CachedResult {
  content: string;
  settings: string;
}

/** The cache file for `--cache-location` (a path ending in a separator, or an existing directory, holds `CACHE_FILE_NAME`). */
export function cacheFilePath(cwd: string, location: string | undefined): string {
  if (location === undefined) return join(cwd, CACHE_FILE_NAME);
  const path = resolve(cwd, location);
  let directory = /[\\/]$/.test(location);
  try {
    directory ||= statSync(path).isDirectory();
  } catch {
    // Not there yet: a file of that name.
  }
  return directory ? join(path, CACHE_FILE_NAME) : path;
}

/** The SHA-256 of bytes or text, in hex. */
export const hashOf = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

const isDiagnostic = (d: unknown): boolean =>
  isObject(d) &&
  typeof d['code'] === 'string' &&
  typeof d['message'] === 'string' &&
  typeof d['pointer'] === 'string' &&
  (SEVERITIES as readonly unknown[]).includes(d['severity']);

const isEntry = (e: unknown): e is Entry =>
  isObject(e) &&
  typeof e['content'] === 'string' &&
  typeof e['settings'] === 'string' &&
  (e['kind'] === null || typeof e['kind'] === 'string') &&
  Array.isArray(e['diagnostics']) &&
  e['diagnostics'].every(isDiagnostic) &&
  (e['unfixed'] === undefined || (Array.isArray(e['unfixed']) && e['unfixed'].every((k) => typeof k === 'string'))) &&
  (e['unrelated'] === undefined || e['unrelated'] === true);

/** The entries of a cache file's text; a string says why it is not a cache this version reads. */
function parseCache(text: string): Map<string, Entry> | { foreign: true } | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'it is not valid JSON';
  }
  if (!isObject(raw) || raw['cache'] !== MARKER) return 'it is not a svc-admin-spec cache file';
  if (raw['layout'] !== LAYOUT) return `its layout ${JSON.stringify(raw['layout'])} is not ${LAYOUT}`;
  // Another version's findings may differ: they are dropped, quietly, as after an upgrade.
  if (raw['version'] !== VERSION) return { foreign: true };
  const files = raw['files'];
  if (!isObject(files)) return 'it has no "files" object';
  const entries = new Map<string, Entry>();
  for (const [path, entry] of Object.entries(files)) {
    if (!isEntry(entry)) return `its entry for ${JSON.stringify(path.slice(-80))} is malformed`;
    entries.set(path, entry);
  }
  return entries;
}

/** The cache of one run: read when opened, written (atomically, if anything changed) by `save`. */
export class LintCache {
  private readonly entries: Map<string, Entry>;
  private readonly seen = new Set<string>();
  private changed = false;
  /** Per run: each config, ignore and plugin file hashed once, and each config and ignore pair's settings. */
  private readonly fileHashes = new Map<string, string>();
  private readonly bases = new WeakMap<Config, Map<string, string>>();

  private constructor(
    readonly path: string,
    entries: Map<string, Entry>,
    changed = false,
  ) {
    this.entries = entries;
    this.changed = changed;
  }

  /** Reads the cache file; a missing one is empty, one that cannot be read as a cache is said on `warn` and started over. */
  static open(path: string, warn: (message: string) => void): LintCache {
    let text: string;
    try {
      text = readRegularFile(path, 'The cache file').toString('utf8');
    } catch (error) {
      if (!(error instanceof FileAccessError && error.code === 'ENOENT'))
        warn(`${(error as Error).message} The cache is ignored and will be rewritten.`);
      return new LintCache(path, new Map());
    }
    const parsed = parseCache(text);
    if (typeof parsed === 'string') warn(`The cache file ${path} is ignored (${parsed}); it will be rewritten.`);
    return parsed instanceof Map ? new LintCache(path, parsed) : new LintCache(path, new Map(), true);
  }

  /** The hash of a file's bytes, or of its absence; read once per run. */
  private fileHash(path: string): string {
    let hash = this.fileHashes.get(path);
    if (hash === undefined) {
      try {
        hash = hashOf(readFileSync(path));
      } catch (error) {
        hash = `unreadable:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
      }
      this.fileHashes.set(path, hash);
    }
    return hash;
  }

  /** The part of the settings shared by every file of a config and an ignore file: those files' paths and contents. */
  private base(config: Config, ignore: IgnoreFile): string {
    let byIgnore = this.bases.get(config);
    if (!byIgnore) this.bases.set(config, (byIgnore = new Map()));
    let base = byIgnore.get(ignore.path);
    if (base === undefined) {
      const parts = [
        VERSION,
        config.path ?? '',
        config.path ? this.fileHash(config.path) : '',
        ...(config.pluginFiles ?? []).flatMap((f) => [f, this.fileHash(f)]),
        ignore.path,
        this.fileHash(ignore.path),
      ];
      byIgnore.set(ignore.path, (base = JSON.stringify(parts)));
    }
    return base;
  }

  /**
   * The hash of what decides a file's results besides its content: the tool's version, the config
   * file and its content, the plugin files' contents, the ignore file's content, the file's name in
   * reports, the command line's choices and the settings they make for it (`decided`).
   */
  settingsKey(config: Config, ignore: IgnoreFile, display: string, decided: unknown): string {
    return hashOf(`${this.base(config, ignore)}\0${display}\0${JSON.stringify(decided)}`);
  }

  /** The results kept for the file, when its content and settings are those they were made with. */
  get(absolute: string, content: string, settings: string): CachedResult | undefined {
    this.seen.add(absolute);
    const entry = this.entries.get(absolute);
    if (!entry || entry.content !== content || entry.settings !== settings) return undefined;
    return entry;
  }

  /** Keeps the file's results. */
  set(absolute: string, content: string, settings: string, result: CachedResult): void {
    this.seen.add(absolute);
    const entry: Entry = { content, settings, kind: result.kind, diagnostics: result.diagnostics };
    if (result.unfixed) entry.unfixed = result.unfixed;
    if (result.unrelated) entry.unrelated = true;
    this.entries.set(absolute, entry);
    this.changed = true;
  }

  /** Drops the file's entry (its results could not be kept). */
  delete(absolute: string): void {
    this.seen.add(absolute);
    if (this.entries.delete(absolute)) this.changed = true;
  }

  /**
   * Writes the cache file if anything changed, dropping the entries of files that no longer exist
   * (a run over some of the files keeps the others'). A failure is said on `warn`: the lint stands.
   */
  save(warn: (message: string) => void): void {
    for (const path of this.entries.keys()) {
      if (this.seen.has(path) || existsSync(path)) continue;
      this.entries.delete(path);
      this.changed = true;
    }
    if (!this.changed) return;
    const files = Object.fromEntries([...this.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const text = `${JSON.stringify({ cache: MARKER, layout: LAYOUT, version: VERSION, files })}\n`;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      writeFileAtomic(this.path, text);
      this.changed = false;
    } catch (error) {
      warn(`Cannot write the cache file: ${(error as Error).message}`);
    }
  }
}
