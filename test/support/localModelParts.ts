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
