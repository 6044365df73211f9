/**
 * `--cache`: each file's results, kept between runs and reused while nothing that decides them
 * changed (ESLint's `--cache`). An entry is keyed by the file's absolute path and holds the SHA-256
 * of its content, a hash of its settings (with its name) and the findings — what a report prints, secrets already
 * masked — never the content. Node-only: the command line alone uses it.
 *
 * An entry may also hold the file's stamp (device, inode, size, modification and change times):
 * while the stamp is the same, the file is not read at all. A stamp is kept only for a file that
 * had not changed for `SETTLE_MS` when it was stat'ed: a write in the same tick of the file
 * system's clock as the last one, of the same size, would leave the stamp as it was, so a file that
 * changed just before a run is compared by content on the next one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, statSync, type BigIntStats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../core/diagnostics';
import { isDiagnostic } from '../core/diagnostic-shape';
import type { Config } from '../config/config';
import { FileAccessError, readRegularFile, writeFileAtomic } from '../config/fs-safe';
import type { IgnoreFile } from '../config/suppress';
import { isObject } from '../util/pointer';
import { VERSION } from '../util/version';

/** The cache file's name in the working directory, or in the directory `--cache-location` names. */
export const CACHE_FILE_NAME = '.svc-admin-spec-cache';

/** What marks a cache file as ours, in this layout: another layout is refused as corrupt. */
const MARKER = 'svc-admin-spec lint cache';
const LAYOUT = 2;
/** Layouts of earlier builds: their entries lack what this one keeps (`unparsed`), and are dropped quietly, as another version's. */
const EARLIER_LAYOUTS: readonly unknown[] = [1];

/** What a file's lint gave, as kept. */
export interface CachedResult {
  kind: string | null;
  diagnostics: Diagnostic[];
  /** The autofixes `--fix` would not apply (`fixKey`s), when the run counted what is fixable. */
  unfixed?: string[];
  /** The file is plainly not an Admin API document: a walk skips it, a named one gets a note. */
  unrelated?: true;
  /** The file does not parse and names nothing of ours: a walk skips it, a named one is reported. */
  unparsed?: true;
}

/** One file's entry: its content's and settings' hashes, its stamp when it had settled, then its results. */
interface Entry extends CachedResult {
  content: string;
  settings: string;
  stamp?: string;
}

/**
 * How long a file must have been left unchanged before its stamp is trusted: more than any file
 * system's timestamp granularity (FAT's is 2 s), with room for a clock that lags a little.
 */
export const SETTLE_MS = 3000;

/**
 * The file's stamp, when it is a regular file whose last change (content, or metadata such as a
 * `touch`) is at least `SETTLE_MS` older than `statAt`, the time just before it was stat'ed;
 * otherwise undefined (its content decides). The change time is in it because no program can set
 * it: content written back under an old modification time still changes the stamp.
 */
export function fileStamp(stat: BigIntStats, statAt: number): string | undefined {
  if (!stat.isFile()) return undefined;
  const last = stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs;
  if (Number(last / 1_000_000n) > statAt - SETTLE_MS) return undefined;
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
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

const isEntry = (e: unknown): e is Entry =>
  isObject(e) &&
  typeof e['content'] === 'string' &&
  typeof e['settings'] === 'string' &&
  (e['kind'] === null || typeof e['kind'] === 'string') &&
  Array.isArray(e['diagnostics']) &&
  e['diagnostics'].every(isDiagnostic) &&
  (e['unfixed'] === undefined || (Array.isArray(e['unfixed']) && e['unfixed'].every((k) => typeof k === 'string'))) &&
  (e['unrelated'] === undefined || e['unrelated'] === true) &&
  (e['unparsed'] === undefined || e['unparsed'] === true) &&
  (e['stamp'] === undefined || typeof e['stamp'] === 'string');

/**
 * The entries of a cache file's text, less those that are malformed (their files are linted again,
 * and their entries written afresh); `dropped` counts those. A string says why the whole file is
 * not a cache this version reads.
 */
function parseCache(text: string): { entries: Map<string, Entry>; dropped: number } | { foreign: true } | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'it is not valid JSON';
  }
  if (!isObject(raw) || raw['cache'] !== MARKER) return 'it is not a svc-admin-spec cache file';
  if (EARLIER_LAYOUTS.includes(raw['layout'])) return { foreign: true };
  if (raw['layout'] !== LAYOUT) return `its layout ${JSON.stringify(raw['layout'])} is not ${LAYOUT}`;
  // Another version's findings may differ: they are dropped, quietly, as after an upgrade.
  if (raw['version'] !== VERSION) return { foreign: true };
  const files = raw['files'];
  if (!isObject(files)) return 'it has no "files" object';
  const entries = new Map<string, Entry>();
  let dropped = 0;
  // One bad entry costs one file's lint, not the whole cache's.
  for (const [path, entry] of Object.entries(files)) {
    if (isEntry(entry)) entries.set(path, entry);
    else dropped++;
  }
  return { entries, dropped };
}

/**
 * The entry as the cache file will hold it (through JSON, which drops an `undefined` and turns
 * `NaN` into `null`), or undefined when that no longer reads as an entry: a custom rule's fix
 * `{ kind: "replace-value", value: undefined }` loses its value. Such a file is not kept, and is
 * linted afresh on each run, rather than its entry being found malformed on every later one.
 */
function asStored(entry: Entry): Entry | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(JSON.stringify(entry)) as unknown;
  } catch {
    // A value JSON cannot write (a BigInt, a cycle): nothing to keep.
    return undefined;
  }
  return isEntry(stored) ? stored : undefined;
}

/** The cache of one run: read when opened, written (atomically, if anything changed) by `save`. */
export class LintCache {
  private readonly entries: Map<string, Entry>;
  private readonly seen = new Set<string>();
  private changed = false;
  /** Per run: each config, ignore and plugin file hashed once, and each config and ignore pair's settings. */
  private readonly fileHashes = new Map<string, string>();
  private readonly bases = new WeakMap<Config, Map<string, string>>();
  private readonly settingsHashes = new Map<string, string>();

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
    if (typeof parsed === 'string' || 'foreign' in parsed) return new LintCache(path, new Map(), true);
    return new LintCache(path, parsed.entries, parsed.dropped > 0);
  }

  /** The hash of a file's bytes, or of its absence; read once per run. */
  private fileHash(path: string): string {
    let hash = this.fileHashes.get(path);
    if (hash === undefined) {
      try {
        // The safe reader: a FIFO or a huge file named as a config, plugin or ignore file never hangs the run.
        hash = hashOf(readRegularFile(path, 'A settings file'));
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
   * What decides a file's results besides its content: a hash of the tool's version, the config
   * file and its content, the plugin files' contents, the ignore file's content, the command line's
   * choices and the settings they make for it (`decided`, without the file's name), then the file's
   * name in reports. Files with the same settings share the hash, made once per run.
   */
  settingsKey(config: Config, ignore: IgnoreFile, display: string, decided: unknown): string {
    const text = `${this.base(config, ignore)}\0${JSON.stringify(decided)}`;
    let hash = this.settingsHashes.get(text);
    if (hash === undefined) this.settingsHashes.set(text, (hash = hashOf(text)));
    return `${hash}:${display}`;
  }

  /** The results kept for the file, when its stamp and settings are those they were made with: the file need not be read. */
  byStamp(absolute: string, stamp: string, settings: string): CachedResult | undefined {
    this.seen.add(absolute);
    const entry = this.entries.get(absolute);
    if (!entry || entry.stamp !== stamp || entry.settings !== settings) return undefined;
    return entry;
  }

  /**
   * The results kept for the file, when its content and settings are those they were made with;
   * the entry then takes the file's stamp, once it has one, so that the next run need not read it
   * (a stamp that no longer matches is left: the file's change time never goes back to it).
   */
  get(absolute: string, content: string, settings: string, stamp: string | undefined): CachedResult | undefined {
    this.seen.add(absolute);
    const entry = this.entries.get(absolute);
    if (!entry || entry.content !== content || entry.settings !== settings) return undefined;
    if (stamp !== undefined && entry.stamp !== stamp) {
      entry.stamp = stamp;
      this.changed = true;
    }
    return entry;
  }

  /** Keeps the file's results, with its stamp as it was before it was read. */
  set(absolute: string, content: string, settings: string, stamp: string | undefined, result: CachedResult): void {
    this.seen.add(absolute);
    const entry: Entry = { content, settings, kind: result.kind, diagnostics: result.diagnostics };
    if (stamp !== undefined) entry.stamp = stamp;
    if (result.unfixed) entry.unfixed = result.unfixed;
    if (result.unrelated) entry.unrelated = true;
    if (result.unparsed) entry.unparsed = true;
    const stored = asStored(entry);
    if (stored) this.entries.set(absolute, stored);
    else this.entries.delete(absolute);
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
