import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { cliAsync, ROOT, type CliResult } from './cli.js';

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

/**
 * Within a describe: serve-llm (the heuristic behind it, with `serverArgs` such as `--perturb …`)
 * on 127.0.0.1 for its tests, stopped after them, and `run` of datasets/model/correct-ordinal.yaml
 * against it, key-less, as a user would.
 */
export function servedOrdinalRuns(serverArgs: readonly string[] = []): (extra: readonly string[], out: string) => Promise<CliResult> {
  const servers = new ServedLlms();
  let url = '';
  beforeAll(async () => {
    url = await servers.start(serverArgs);
  });
  afterAll(() => servers.stopAll());
  return (extra, out) =>
    cliAsync(
      [
        'run',
        '--llm',
        'openai',
        '--base-url',
        url,
        '--model',
        'served-heuristic',
        '--dataset',
        'datasets/model/correct-ordinal.yaml',
        '--no-progress',
        '--no-history',
        '--out',
        out,
        ...extra,
      ],
      {
        env: { OPENAI_API_KEY: '' },
      },
    );
}
