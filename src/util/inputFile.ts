/** Reading a file the harness did not write (a baseline, a report): only a regular file, only up to a bound. */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** The largest report or baseline read back: well below what one string can hold (512 MiB) and what parsing it costs in memory. */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** Why a path cannot be read as an input file: not a regular file, too large, or unreadable (the message says which). */
export class InputFileError extends Error {
  override readonly name = 'InputFileError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * The bytes of `file` (a link is followed) when it is a regular file of at most `maxBytes`. A FIFO
 * is opened without waiting for a writer and a device never read: either would hang or read
 * without end (/dev/zero).
 */
export function readInputFile(file: string, maxBytes = MAX_INPUT_BYTES): Buffer {
  return withRegularFile(file, maxBytes, (fd, size) => readUpTo(fd, size));
}

/** The first `bytes` bytes of `file`, under the same rule. */
export function readInputHead(file: string, bytes: number): Buffer {
  return withRegularFile(file, MAX_INPUT_BYTES, (fd, size) => readUpTo(fd, Math.min(size, bytes)));
}

function withRegularFile<T>(file: string, maxBytes: number, read: (fd: number, size: number) => T): T {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(code === 'ENOENT' ? 'no such file' : (error as Error).message, code);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new InputFileError(`${kindOf(stats)}, not a regular file; only regular files are read`, 'ENOTREG');
    if (stats.size > maxBytes) throw new InputFileError(`${megabytes(stats.size)}, more than the ${megabytes(maxBytes)} a file read back may be`, 'EFBIG');
    return read(fd, stats.size);
  } finally {
    closeSync(fd);
  }
}

/** Reads until `size` bytes or the end: a file that grew meanwhile is read as it was when measured. */
function readUpTo(fd: number, size: number): Buffer {
  const buffer = Buffer.alloc(size);
  let at = 0;
  while (at < size) {
    const read = readSync(fd, buffer, at, size - at, at);
    if (read === 0) break;
    at += read;
  }
  return at === size ? buffer : buffer.subarray(0, at);
}

/** What a file that is not a regular one is, in words ("a character device"). */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 3 : 0)} MiB`;
}
