/** File access for the command: only regular files are read, and every write is atomic. */
import * as nodeFs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { batches } from '../util/batches';

/** The file operations the command uses; tests inject failures through this. */
export type FileSystem = Pick<
  typeof nodeFs,
  | 'statSync'
  | 'lstatSync'
  | 'readFileSync'
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'renameSync'
  | 'unlinkSync'
  | 'chmodSync'
  | 'realpathSync'
  | 'mkdirSync'
>;

/** Largest input the command reads (a file or standard input): 256 MiB. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** A path that is not a regular file (a directory, FIFO, socket or device), or that cannot be used. */
export class FileAccessError extends Error {
  override readonly name = 'FileAccessError';
  constructor(
    message: string,
    /** `not-a-file`, `changed`, or the system error code (`ENOENT`, `EACCES`, `ENOSPC`, …). */
    readonly code: string,
  ) {
    super(message);
  }
}

/** What kind of thing a stat describes, in words. */
function describeStat(stat: nodeFs.Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

const errno = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'error';

/** Short reason for a system error, without the path (which the caller names). */
export function systemReason(error: unknown): string {
  const code = errno(error);
  switch (code) {
    case 'ENOENT':
      return 'it does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'it is a symbolic link loop';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EFBIG':
      return 'the file size limit was exceeded';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EISDIR':
      return 'it is a directory';
    default:
      return code;
  }
}

/** Stats a path and refuses anything but a regular file, before opening it (a FIFO or device would block or never end). */
export function regularFileStat(path: string, what: string, fs: FileSystem = nodeFs): nodeFs.Stats {
  let stat: nodeFs.Stats;
  try {
    stat = fs.statSync(path);
  } catch (error) {
    throw new FileAccessError(`${what} cannot be read: ${systemReason(error)}.`, errno(error));
  }
  if (!stat.isFile()) throw new FileAccessError(`${what} is ${describeStat(stat)}, not a regular file.`, 'not-a-file');
  return stat;
}

/** Reads a regular file's bytes; anything else is a `FileAccessError`. */
export function readRegularFile(path: string, what: string, fs: FileSystem = nodeFs): Buffer {
  const stat = regularFileStat(path, what, fs);
  if (stat.size > MAX_INPUT_BYTES)
    throw new FileAccessError(
      `${what} is ${Math.round(stat.size / 1024 / 1024)} MiB, more than the ${MAX_INPUT_BYTES / 1024 / 1024} MiB the linter reads.`,
      'too-large',
    );
  try {
    return fs.readFileSync(path);
  } catch (error) {
    throw new FileAccessError(`${what} cannot be read: ${systemReason(error)}.`, errno(error));
  }
}

/** Refuses an output path that exists and is not a regular file. */
export function checkWritableTarget(path: string, what: string, fs: FileSystem = nodeFs): void {
  let stat: nodeFs.Stats | undefined;
  try {
    stat = fs.statSync(path);
  } catch {
    return;
  }
  if (!stat.isFile()) throw new FileAccessError(`${what} is ${describeStat(stat)}, not a regular file.`, 'not-a-file');
}

/**
 * Replaces a file's content atomically: a temporary file in the same directory is written,
 * flushed and renamed over the target, keeping its mode. With `expected`, the file must still
 * hold exactly those bytes (it was not edited since it was read). On any failure the target is
 * untouched, the temporary file is removed, and a `FileAccessError` says what happened. `data` may
 * be pieces of text (a report longer than the longest string). A new file gets `newMode` (default
 * 0666, less the umask).
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array | readonly string[],
  options: { expected?: Uint8Array; fs?: FileSystem; newMode?: number } = {},
): void {
  const fs = options.fs ?? nodeFs;
  let target = path;
  let mode: number | undefined;
  try {
    // Write through a symbolic link to its target, never replacing the link by a file.
    target = fs.realpathSync(path);
    const stat = fs.statSync(target);
    if (!stat.isFile())
      throw new FileAccessError(`${path} is ${describeStat(stat)}, not a regular file.`, 'not-a-file');
    mode = stat.mode & 0o7777;
  } catch (error) {
    if (error instanceof FileAccessError) throw error;
    if (options.expected || errno(error) !== 'ENOENT')
      throw new FileAccessError(`${path} cannot be written: ${systemReason(error)}.`, errno(error));
  }
  if (options.expected) {
    const now = fs.readFileSync(target);
    if (!Buffer.from(now).equals(Buffer.from(options.expected)))
      throw new FileAccessError(`${path} changed on disk since it was read; it was not written.`, 'changed');
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', mode ?? options.newMode ?? 0o666);
    const parts = typeof data === 'string' ? [data] : data instanceof Uint8Array ? [data] : batches(data);
    for (const part of parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      let written = 0;
      while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    if (mode !== undefined) fs.chmodSync(temp, mode);
    fs.renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // Already failing; the temporary file is removed below.
      }
    }
    try {
      fs.unlinkSync(temp);
    } catch {
      // Nothing was created, or it is gone already.
    }
    throw new FileAccessError(`${path} could not be written (${systemReason(error)}); it is unchanged.`, errno(error));
  }
}

/** The real path of a file if it exists, else the resolved path (to compare an output with the inputs). */
export function canonicalPath(path: string): string {
  try {
    return nodeFs.realpathSync(path);
  } catch {
    return path;
  }
}
