import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { childEnvironment } from './childEnvironment.js';
import { killTree } from './processTree.js';
import { MAX_SUT_LINE_CHARS } from './sutLimits.js';
import { SutStderr } from './sutStderr.js';

/** Something the external orchestrator did wrong: it fails the dialogue, never the run. */
export class SutFault extends Error {
  override readonly name = 'SutFault';
}

/** Every SUT process group started and not yet closed, even when its shell has exited: its children may not have. */
const live = new Set<SutProcess>();
let hooksInstalled = false;

/**
 * One running SUT: the command under a shell, in its own process group, one JSON line out and one
 * back at a time. What it writes on stderr goes to a file (sutStderr.ts), whose end is quoted in
 * the fault messages.
 */
export class SutProcess {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private partial = '';
  private readonly lines: string[] = [];
  private waiting: (() => void) | null = null;
  private ended: string | null = null;
  private readonly stderr: SutStderr;

  /** `passEnv`: variables the SUT may see beyond the few every program needs (childEnvironment.ts). */
  constructor(command: string, passEnv: readonly string[] = []) {
    try {
      this.stderr = new SutStderr();
    } catch (error) {
      throw new SutFault(`cannot make a file for the SUT's stderr (${(error as Error).message})`);
    }
    const env = childEnvironment(process.env, (name) => passEnv.includes(name));
    this.child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', this.stderr.fd], env }) as ChildProcessByStdio<Writable, Readable, null>;
    live.add(this);
    installHooks();
    this.child.on('error', (error) => this.end(`could not be started (${error.message})`));
    this.child.on('close', (code, signal) => this.end(signal ? `was killed by ${signal}` : `exited with code ${code}`));
    // A write after the SUT died fails with EPIPE; the close above already says what happened.
    this.child.stdin.on('error', () => undefined);
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.receive(chunk));
  }

  /** Writes `line` and resolves with the next line the SUT writes, within `timeoutMs` of wall time. */
  async exchange(line: string, timeoutMs: number, what: string): Promise<string> {
    const early = this.lines.shift();
    if (early !== undefined) throw new SutFault(`before ${what}, the SUT wrote a line nobody asked for: ${quote(early)}`);
    if (this.ended !== null) throw new SutFault(`the SUT ${this.ended} before ${what}${this.stderrNote()}`);
    this.child.stdin.write(`${line}\n`);
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        if (this.lines.length > 0 || this.ended !== null) return resolve();
        this.waiting = resolve;
        timer = setTimeout(() => reject(new SutFault(`the SUT did not answer ${what} within ${timeoutMs} ms${this.stderrNote()}`)), timeoutMs);
      });
    } finally {
      clearTimeout(timer);
      this.waiting = null;
    }
    const answer = this.lines.shift();
    if (answer === undefined) throw new SutFault(`the SUT ${this.ended} while answering ${what}${this.stderrNote()}`);
    return answer;
  }

  /**
   * Kills the whole process group (a shell and whatever it started), also when the shell has
   * already exited: a background child it left behind is still in the group; and every descendant
   * still under it that left the group (`setsid`), found by walking the process tree.
   */
  close(): void {
    live.delete(this);
    if (this.child.pid !== undefined) killTree(this.child.pid);
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.stderr.close();
    this.child.unref();
  }

  private receive(chunk: string): void {
    if (this.ended !== null) return;
    this.partial += chunk;
    let newline = this.partial.indexOf('\n');
    while (newline !== -1) {
      const line = this.partial.slice(0, newline).replace(/\r$/, '');
      this.partial = this.partial.slice(newline + 1);
      if (line.trim() !== '') this.lines.push(line);
      newline = this.partial.indexOf('\n');
    }
    if (this.partial.length > MAX_SUT_LINE_CHARS) {
      // Taken no further: the SUT is killed with its dialogue's fault, as one that exits.
      this.partial = '';
      this.end(`wrote a line longer than ${MAX_SUT_LINE_CHARS} characters`);
      return;
    }
    if (this.lines.length > 0) this.waiting?.();
  }

  private end(how: string): void {
    this.ended ??= how;
    this.waiting?.();
  }

  private stderrNote(): string {
    const tail = this.stderr.tail().trim();
    if (!tail) return '';
    // Its end, not quote()'s beginning: the last line is the one that says why.
    return `; its stderr ends: ${JSON.stringify(tail.length > 160 ? `…${tail.slice(-160)}` : tail)}`;
  }
}

export function quote(text: string): string {
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
}

/**
 * SUT groups are detached (so one kill reaches all they started), hence not killed with the
 * harness: on exit and on SIGINT, SIGTERM or SIGHUP the harness kills them itself. A signal then
 * ends the harness as it would have (128 + signal), unless something else listens for it.
 */
function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const closeAll = () => {
    for (const sut of live) sut.close();
  };
  process.once('exit', closeAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      closeAll();
      process.off(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
