import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What is kept of a SUT's stderr, for the fault messages. */
const TAIL_BYTES = 64 * 1024;
/** The file is emptied when it has grown past this, checked every TRIM_EVERY_MS. */
const TRIM_BYTES = 4 * 1024 * 1024;
const TRIM_EVERY_MS = 50;

/**
 * Where a SUT's stderr goes: a file made for it and unlinked at once (nothing is left behind, however
 * the harness ends), not a pipe. A pipe's write end is shared with every process the SUT starts, and
 * a Node child makes it non-blocking: a SUT writing more than the pipe holds then gets EAGAIN, and
 * Python loses the text or exits with 120 (issue 41). A regular file takes every write whatever that
 * flag says. The file is opened for appending, so when the harness empties it the SUT's next write
 * lands at its start; its last TAIL_BYTES are kept in memory first. What the SUT writes between that
 * read and the emptying is lost (the middle of a log over 4 MiB, never its end once it has exited).
 */
export class SutStderr {
  readonly fd: number;
  private kept = Buffer.alloc(0);
  private closed = false;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    const path = join(tmpdir(), `nlu-harness-sut-stderr-${process.pid}-${randomBytes(6).toString('hex')}`);
    this.fd = openSync(path, 'ax+', 0o600);
    unlinkSync(path);
    this.timer = setInterval(() => this.trim(TRIM_BYTES), TRIM_EVERY_MS).unref();
  }

  /** The end of what the SUT has written (at most TAIL_BYTES). */
  tail(): string {
    this.trim(0);
    return this.kept.toString('utf8');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    closeSync(this.fd);
  }

  private trim(over: number): void {
    if (this.closed) return;
    const size = fstatSync(this.fd).size;
    if (size === 0 || size <= over) return;
    const length = Math.min(size, TAIL_BYTES);
    const last = Buffer.alloc(length);
    readSync(this.fd, last, 0, length, size - length);
    this.kept = Buffer.concat([this.kept, last]).subarray(-TAIL_BYTES);
    ftruncateSync(this.fd, 0);
  }
}
