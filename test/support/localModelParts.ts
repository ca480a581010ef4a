import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { installedModelPath } from '../../src/llm/localModel.js';
import { ROOT } from './cli.js';

/** Why the real-model tests cannot run here, or null when they can. */
export function missingLocalModelPart(): string | null {
  try {
    createRequire(join(ROOT, 'package.json')).resolve('node-llama-cpp');
  } catch {
    return 'the optional runtime node-llama-cpp is not installed (npm ci installs it)';
  }
  if (!existsSync(installedModelPath())) return `no model at ${installedModelPath()} (npm run model:install puts it there)`;
  return null;
}

/** REQUIRE_LOCAL_MODEL=1 (as .ci/run sets) turns a missing part into a failure instead of a skip. */
const LOCAL_MODEL_REQUIRED = process.env.REQUIRE_LOCAL_MODEL === '1';

/** Says on stderr, visibly, that `what` is skipped and why; returns whether the tests should be skipped. */
export function skipWithoutLocalModel(what: string, missing: string | null): boolean {
  if (missing && !LOCAL_MODEL_REQUIRED) process.stderr.write(`\n⚠ ${what} SKIPPED: ${missing}\n\n`);
  return missing !== null && !LOCAL_MODEL_REQUIRED;
}

/** A `serve-model` child on a free port: its address once it prints it, and its log so far. */
export interface ServedLocalModel {
  readonly child: ChildProcess;
  readonly url: string;
  readonly log: () => string;
}

/**
 * Starts `serve-model` with one thread (the other test files share the cores, and threads that
 * wait on each other are ~10× slower) and resolves with its address, or rejects with its log if it exits first.
 */
export async function startServeModel(): Promise<ServedLocalModel> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), 'serve-model', '--port', '0', '--log-requests', '--threads', '1'], { cwd: ROOT });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`serve-model exited with ${String(code)}: ${log}`)));
  });
  return { child, url, log: () => log };
}
