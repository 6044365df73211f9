/** File access for the command: only regular files are read, and every write is atomic. */
import { spawnSync } from 'node:child_process';
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
  | 'accessSync'
  | 'fstatSync'
  | 'readSync'
  | 'ftruncateSync'
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

/** A write's content: text, bytes, or pieces of text (a report longer than the longest string). */
type Content = string | Uint8Array | readonly string[];

/** The content as byte chunks of bounded size. */
function* chunks(data: Content): Generator<Uint8Array> {
  const parts = typeof data === 'string' ? [data] : data instanceof Uint8Array ? [data] : batches(data);
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
}

/** Writes all of `data` at the descriptor's offset, or from `start`; returns how many bytes that was. */
function writeAll(fs: FileSystem, fd: number, data: Content, start?: number): number {
  let total = 0;
  for (const bytes of chunks(data)) {
    let written = 0;
    while (written < bytes.length) {
      const at = start === undefined ? null : start + total + written;
      written += fs.writeSync(fd, bytes, written, bytes.length - written, at);
    }
    total += bytes.length;
  }
  return total;
}

/** Everything an open file holds, read through its descriptor (the inode that will be written). */
function readAll(fs: FileSystem, fd: number): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(1 << 20);
    const n = fs.readSync(fd, buffer, 0, buffer.length, at);
    if (n === 0) return Buffer.concat(parts);
    parts.push(buffer.subarray(0, n));
    at += n;
  }
}

/** Temporary files that exist right now: a signal that stops the command removes them first. */
const pending = new Set<string>();
// Not SIGHUP: under nohup it is ignored, and listening would undo that.
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
let guarded = false;

/** Removes the pending temporary files, then dies of the signal as if it had not been caught (exit status 128 + n). */
function onStopSignal(signal: NodeJS.Signals): void {
  for (const temp of pending) {
    try {
      nodeFs.unlinkSync(temp);
    } catch {
      // Gone already.
    }
  }
  pending.clear();
  for (const s of STOP_SIGNALS) process.removeListener(s, onStopSignal);
  guarded = false;
  // Someone else listens (a program using the library): it decides what the signal does.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * Listens for the signals that stop a command, from the first write on. Writes are synchronous, so
 * the handler runs between them, never during one: a file is whole, old or new, and no temporary
 * file is left. The handler stays: removed right after a write, a signal that came during it would be lost.
 */
function guardSignals(): void {
  if (guarded) return;
  guarded = true;
  for (const s of STOP_SIGNALS) process.on(s, onStopSignal);
}

/** Copies a file's owner, group, mode, ACLs and extended attributes onto another; false when that cannot be done here. */
export type CopyAttributes = (from: string, to: string) => boolean;

let cpCommand: string | undefined | null;

/**
 * GNU cp's `--attributes-only` (coreutils ≥ 8.6): Node has no API for extended attributes or ACLs.
 * With `--preserve=xattr` named, cp fails when an attribute cannot be copied; ownership it copies
 * only when permitted, which the caller checks. Absent (macOS, Windows, BusyBox), nothing is
 * copied and the caller keeps the file's inode instead.
 */
const copyAttributesWithCp: CopyAttributes = (from, to) => {
  if (cpCommand === null) return false;
  cpCommand ??= ['/usr/bin/cp', '/bin/cp'].find((p) => nodeFs.existsSync(p)) ?? 'cp';
  const r = spawnSync(cpCommand, ['--attributes-only', '--preserve=mode,ownership,xattr', '--', from, to], {
    stdio: 'ignore',
  });
  // No cp, or one that does not know the options (BSD's exits 64): never asked again.
  if (r.error || r.status === 64) cpCommand = null;
  return r.status === 0;
};

/** Why a new file made for `was` would not be it: an owner, group or mode this user cannot give. */
function notKept(now: nodeFs.Stats, was: nodeFs.Stats): string | undefined {
  if (now.uid !== was.uid || now.gid !== was.gid) return 'its owner and group cannot be given to a new file';
  if ((now.mode & 0o7777) !== (was.mode & 0o7777)) return 'its mode cannot be given to a new file';
  return undefined;
}

const changedError = (path: string) =>
  new FileAccessError(`${path} changed on disk since it was read; it was not written.`, 'changed');

/** A name in the file's own directory (a rename never crosses file systems), hidden and unique. */
const besideName = (target: string, suffix: string) =>
  join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2)}.${suffix}`);

/** Refuses a file that is read-only: by its mode (even for root), for this user, or on a read-only file system. */
function refuseReadOnly(fs: FileSystem, path: string, target: string, stat: nodeFs.Stats): void {
  if ((stat.mode & 0o222) === 0)
    throw new FileAccessError(
      `${path} is read-only (mode ${(stat.mode & 0o7777).toString(8).padStart(4, '0')}); it was not written.`,
      'read-only',
    );
  try {
    fs.accessSync(target, nodeFs.constants.W_OK);
  } catch (error) {
    const code = errno(error);
    // Replacing it by a rename would succeed in a writable directory: the file's permissions decide.
    if (code === 'EACCES' || code === 'EPERM')
      throw new FileAccessError(
        `${path} is read-only for this user (no write permission); it was not written.`,
        'read-only',
      );
    throw new FileAccessError(`${path} cannot be written: ${systemReason(error)}.`, code);
  }
}

/**
 * Replaces the file by a new one: a temporary file beside it, written, given the original's
 * owner, mode, ACLs and extended attributes, flushed, compared, renamed over it. Returns why it
 * cannot (the caller then writes in place), having removed the temporary file.
 */
function replaceByRename(
  fs: FileSystem,
  path: string,
  target: string,
  was: nodeFs.Stats | undefined,
  data: Content,
  options: WriteOptions,
): string | undefined {
  const temp = besideName(target, 'tmp');
  let fd: number | undefined;
  let reason: string | undefined;
  try {
    pending.add(temp);
    // Private until it has the original's mode: it holds the same content.
    fd = fs.openSync(temp, 'wx', was ? 0o600 : (options.newMode ?? 0o666));
    writeAll(fs, fd, data);
    if (was) {
      fs.chmodSync(temp, was.mode & 0o7777);
      reason = !(options.copyAttributes ?? copyAttributesWithCp)(target, temp)
        ? 'its ACLs and extended attributes cannot be copied here'
        : notKept(fs.fstatSync(fd), was);
    }
    if (reason === undefined) fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    if (reason === undefined) {
      // As late as possible: what the rename replaces is what was read.
      if (options.expected) {
        let now: nodeFs.Stats;
        let bytes: Buffer;
        try {
          now = fs.statSync(target);
          bytes = fs.readFileSync(target);
        } catch (error) {
          if (errno(error) === 'ENOENT') throw changedError(path);
          throw error;
        }
        if ((was && (now.ino !== was.ino || now.dev !== was.dev)) || !bytes.equals(options.expected))
          throw changedError(path);
      }
      fs.renameSync(temp, target);
      pending.delete(temp);
      return undefined;
    }
  } catch (error) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // Already failing; the temporary file is removed below.
      }
    }
    removeQuietly(fs, temp);
    if (error instanceof FileAccessError) throw error;
    throw new FileAccessError(`${path} could not be written (${systemReason(error)}); it is unchanged.`, errno(error));
  }
  removeQuietly(fs, temp);
  return reason;
}

/** Removes a temporary file that may not exist. */
function removeQuietly(fs: FileSystem, temp: string): void {
  try {
    fs.unlinkSync(temp);
  } catch {
    // Nothing was created, or it is gone already.
  }
  pending.delete(temp);
}

/**
 * Rewrites the file's own inode, keeping its hard links and everything it carries. The content is
 * compared right before writing (through the descriptor written), and the old content is first
 * saved beside the file, flushed, and removed once the new content is flushed: if the machine
 * stops mid-write, that copy is what the file held. A failed write puts the old content back.
 */
function replaceInPlace(
  fs: FileSystem,
  path: string,
  target: string,
  was: nodeFs.Stats,
  data: Content,
  expected: Uint8Array | undefined,
): void {
  const fail = (error: unknown, tail: string) =>
    new FileAccessError(`${path} could not be written (${systemReason(error)}); ${tail}`, errno(error));
  let fd: number;
  try {
    fd = fs.openSync(target, 'r+');
  } catch (error) {
    throw fail(error, 'it is unchanged.');
  }
  let copy: string | undefined;
  try {
    let old: Buffer;
    try {
      const open = fs.fstatSync(fd);
      const now = fs.statSync(target);
      if (open.ino !== was.ino || open.dev !== was.dev || now.ino !== open.ino || now.dev !== open.dev)
        throw changedError(path);
      old = readAll(fs, fd);
      if (expected && !old.equals(expected)) throw changedError(path);
      copy = besideName(target, 'orig');
      const copyFd = fs.openSync(copy, 'wx', 0o600);
      try {
        writeAll(fs, copyFd, old);
        fs.fsyncSync(copyFd);
      } finally {
        fs.closeSync(copyFd);
      }
    } catch (error) {
      if (copy) removeQuietly(fs, copy);
      if (error instanceof FileAccessError) throw error;
      throw fail(error, 'it is unchanged.');
    }
    try {
      fs.ftruncateSync(fd, writeAll(fs, fd, data, 0));
      fs.fsyncSync(fd);
    } catch (error) {
      // The old content fits the blocks the file already has.
      try {
        writeAll(fs, fd, old, 0);
        fs.ftruncateSync(fd, old.length);
        fs.fsyncSync(fd);
      } catch {
        throw fail(error, `its previous content is saved in ${copy}.`);
      }
      removeQuietly(fs, copy);
      throw fail(error, 'it is unchanged.');
    }
    removeQuietly(fs, copy);
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // Closing a file written and flushed: nothing left to lose.
    }
  }
}

/** How `writeFileAtomic` writes. */
export interface WriteOptions {
  /** The bytes the file held when read: if it holds anything else now (an edit meanwhile), it is not written. */
  expected?: Uint8Array;
  /** The file operations (tests inject failures). */
  fs?: FileSystem;
  /** Mode of a file that does not exist yet (default 0666, less the umask). */
  newMode?: number;
  /** How a new file gets the old one's ACLs and extended attributes (tests replace it). */
  copyAttributes?: CopyAttributes;
}

/**
 * Replaces a file's content keeping everything the file has: its hard links, owner, group, mode,
 * ACLs and extended attributes. Usually atomically — a temporary file in the same directory,
 * given the original's attributes, flushed and renamed over it; when a new file could not carry
 * all that (hard links, attributes this user or system cannot copy), the file's own inode is
 * rewritten, with a safety copy beside it until the new content is flushed. A read-only file is
 * refused (`read-only`); with `expected`, the file must still hold exactly those bytes, compared
 * right before the rename or the write (`changed`). On any failure the target is untouched, no
 * temporary file is left, and a `FileAccessError` says what happened.
 */
export function writeFileAtomic(path: string, data: Content, options: WriteOptions = {}): void {
  const fs = options.fs ?? nodeFs;
  let target = path;
  let stat: nodeFs.Stats | undefined;
  try {
    // Write through a symbolic link to its target, never replacing the link by a file.
    target = fs.realpathSync(path);
    stat = fs.statSync(target);
    if (!stat.isFile())
      throw new FileAccessError(`${path} is ${describeStat(stat)}, not a regular file.`, 'not-a-file');
  } catch (error) {
    if (error instanceof FileAccessError) throw error;
    if (options.expected || errno(error) !== 'ENOENT')
      throw new FileAccessError(`${path} cannot be written: ${systemReason(error)}.`, errno(error));
  }
  guardSignals();
  if (stat) refuseReadOnly(fs, path, target, stat);
  // A rename would split the hard links: the other names would keep the old content.
  const reason = stat && stat.nlink > 1 ? 'it has hard links' : replaceByRename(fs, path, target, stat, data, options);
  if (reason !== undefined) replaceInPlace(fs, path, target, stat!, data, options.expected);
}

/** The real path of a file if it exists, else the resolved path (to compare an output with the inputs). */
export function canonicalPath(path: string): string {
  try {
    return nodeFs.realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Creates a new file atomically, never replacing one: the content is written and flushed to a
 * temporary file beside it, then hard-linked to the name (which fails when the name exists, even
 * one made meanwhile), so the file is never seen half-written. A `FileAccessError` with code
 * `EEXIST` when the name is taken.
 */
export function createFileAtomic(path: string, data: Content): void {
  guardSignals();
  const temp = besideName(path, 'tmp');
  let fd: number | undefined;
  try {
    pending.add(temp);
    fd = nodeFs.openSync(temp, 'wx', 0o666);
    writeAll(nodeFs, fd, data);
    nodeFs.fsyncSync(fd);
    nodeFs.closeSync(fd);
    fd = undefined;
    nodeFs.linkSync(temp, path);
  } catch (error) {
    if (fd !== undefined) {
      try {
        nodeFs.closeSync(fd);
      } catch {
        // Already failing; the temporary file is removed below.
      }
    }
    throw new FileAccessError(`${path} could not be created (${systemReason(error)}).`, errno(error));
  } finally {
    removeQuietly(nodeFs, temp);
  }
}
