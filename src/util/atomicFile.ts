/**
 * The one way the harness writes a file: whole or not at all. Hand-written on purpose: write-file-atomic takes
 * the whole text at once, this streams it in chunks (flat memory for a 200 000-dialogue report) and writes where a link leads.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { linkTarget } from './linkTarget.js';
import { irregularKind, OutputPathError } from './outputPaths.js';

export interface AtomicFileOptions {
  /** Permission bits of the new file (default 0o666 before the umask). */
  readonly mode?: number;
  /** Text is gathered to about this many characters per write: few system calls, flat memory. */
  readonly chunkChars?: number;
}

/** Temporaries of one process never share a name, even for the same target. */
let temporaries = 0;

/**
 * Appends text to a temporary file beside the target in large chunks, and renames it into
 * place on commit: memory stays flat however much is written, and a reader never sees half a file.
 * A target that is a symbolic link (or lies under one) is written where the link leads; the link stays.
 * Only a regular file is ever replaced: a device, FIFO, socket or folder there (/dev/null, for a
 * job run as root) is an OutputPathError, checked on opening and again just before the rename.
 */
export class AtomicFileWriter {
  private readonly target: string;
  private readonly temp: string;
  private readonly fd: number;
  private readonly chunkChars: number;
  private buffer: string[] = [];
  private buffered = 0;
  private closed = false;

  constructor(target: string, options: AtomicFileOptions = {}) {
    this.target = linkTarget(target);
    refuseIrregular(this.target);
    mkdirSync(dirname(this.target), { recursive: true });
    this.chunkChars = options.chunkChars ?? 1 << 20;
    this.temp = `${this.target}.${process.pid}.${++temporaries}.tmp`;
    this.fd = openSync(this.temp, 'w', options.mode);
  }

  write(text: string): void {
    this.buffer.push(text);
    this.buffered += text.length;
    if (this.buffered >= this.chunkChars) this.flush();
  }

  commit(): void {
    this.flush();
    fsyncSync(this.fd);
    this.close();
    refuseIrregular(this.target);
    renameSync(this.temp, this.target);
  }

  /** Drops the temporary file; also after a commit whose rename failed (the descriptor is closed once). */
  abort(): void {
    this.close();
    rmSync(this.temp, { force: true });
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /** writeSync may write part of what it is given (a disk filling up): the rest is written until it throws (ENOSPC). */
  private flush(): void {
    if (this.buffer.length === 0) return;
    const bytes = Buffer.from(this.buffer.join(''), 'utf8');
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(this.fd, bytes, offset);
    } catch (error) {
      // A write names no file; the caller's message should.
      (error as NodeJS.ErrnoException).path ??= this.target;
      throw error;
    }
    this.buffer = [];
    this.buffered = 0;
  }
}

function refuseIrregular(target: string): void {
  const kind = irregularKind(target);
  if (kind) throw new OutputPathError(`${target}: is ${kind}, not a regular file; an output never replaces one (name a file)`);
}

/** Writes the pieces to `file` as they come (no rendering is held whole); a piece that throws leaves the old file. */
export function writePiecesAtomically(file: string, pieces: Iterable<string>, options: AtomicFileOptions = {}): void {
  const writer = new AtomicFileWriter(file, options);
  try {
    for (const piece of pieces) writer.write(piece);
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
}

export function writeFileAtomically(file: string, text: string, options: AtomicFileOptions = {}): void {
  writePiecesAtomically(file, [text], options);
}
