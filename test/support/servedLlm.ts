import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './cli.js';

/** `serve-llm` processes a test started; `stopAll()` in its afterAll. */
export class ServedLlms {
  private readonly children: ChildProcess[] = [];

  /** Starts `nlu-harness serve-llm --port 0 …args` and resolves with the base URL it prints. */
  start(args: readonly string[]): Promise<string> {
    const child = spawn(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), 'serve-llm', '--port', '0', ...args], { cwd: ROOT });
    this.children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`serve-llm exited with ${code}`)));
    });
  }

  stopAll(): void {
    for (const child of this.children) child.kill();
  }
}
