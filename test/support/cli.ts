import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A run or simulate that names no history gets --no-history: tests would otherwise append their
 * runs to the checkout's reports/history.sqlite, and a developer's report trend would show them.
 */
function withoutCheckoutHistory(args: readonly string[]): readonly string[] {
  const recordsHistory =
    (args[0] === 'run' || args[0] === 'simulate') && !args.some((arg) => arg === '--history' || arg.startsWith('--history=') || arg === '--no-history');
  return recordsHistory ? [...args, '--no-history'] : args;
}

/** Runs the built CLI (dist/) as a user would, from the repository root. */
export function cli(args: readonly string[], options: { env?: NodeJS.ProcessEnv; input?: string; uid?: number; gid?: number } = {}): CliResult {
  const result = spawnSync(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), ...withoutCheckoutHistory(args)], {
    cwd: ROOT,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
    input: options.input ?? '',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Same as cli() but does not block the event loop (for tests that also run a server in-process). */
export async function cliAsync(args: readonly string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), ...withoutCheckoutHistory(args)], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolvePromise({ status, stdout, stderr }));
  });
}

export function tempDir(prefix = 'nlu-harness-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Two flag lists as one, a second `--perturb` folded into the first (the flag takes one spec). */
export function joinFlags(base: readonly string[], extra: readonly string[]): string[] {
  const at = base.indexOf('--perturb');
  const more = extra.indexOf('--perturb');
  if (at < 0 || more < 0) return [...base, ...extra];
  return [...base.map((arg, i) => (i === at + 1 ? `${arg},${extra[more + 1]}` : arg)), ...extra.filter((_, i) => i !== more && i !== more + 1)];
}
