/**
 * Each input's `stat`, taken once per run: the cache's clash check, the same-file check and the
 * cache's stamps all read it, so a run over files whose results are cached makes one system call
 * per file.
 */
import { statSync, type BigIntStats } from 'node:fs';

/** A file's stat (bigint: an inode number may pass 2^53) and the time just before it was taken. */
export interface FileStat {
  stat: BigIntStats;
  at: number;
}

/** The stats of one run's files; a file that cannot be stat'ed is undefined (reading it says why). */
export class FileStats {
  private readonly stats = new Map<string, FileStat | null>();

  /** The file's stat, taken on the first call. */
  get(absolute: string): FileStat | undefined {
    let known = this.stats.get(absolute);
    if (known === undefined) {
      const at = Date.now();
      try {
        known = { stat: statSync(absolute, { bigint: true }), at };
      } catch {
        known = null;
      }
      this.stats.set(absolute, known);
    }
    return known ?? undefined;
  }
}
