import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// Common random numbers (issue 30, item 2), over real HTTP: serve-llm's noisy model with
// --honour-seeds answers the same seed and prompt the same way, as a seeded real model does.
const NOISE = 'offByOne=0.1,drop=0.05,intent=0.05';
const servers = new ServedLlms();

async function gateRun(baseUrl: string, out: string, extra: string[]) {
  const result = await cliAsync(
    [
      'run',
      '--llm',
      'openai',
      '--base-url',
      baseUrl,
      '--model',
      'served',
      '--dataset',
      'datasets/model/correct-ordinal.yaml',
      '--repeat',
      '2',
      '--concurrency',
      '2',
      '--no-progress',
      '--no-history',
      '--out',
      out,
      ...extra,
    ],
    { env: { OPENAI_API_KEY: '' } },
  );
  return { ...result, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) };
}

/** Dialogues whose pass count differs between two runs' repeated sections. */
function moved(a: Record<string, { runsPassed: number }>, b: Record<string, { runsPassed: number }>): number {
  return Object.keys(a).filter((id) => a[id]!.runsPassed !== b[id]?.runsPassed).length;
}

describe('run --baseline reuses the baseline’s sampling seed', () => {
  const dir = tempDir('shared-seeds-');
  const baseline = join(dir, 'baseline.json');
  afterAll(() => servers.stopAll());

  it('records the sampling in the provenance, reuses the seed (the same model answers exactly as before), and --independent-seeds opts out', async () => {
    const url = await servers.start(['--perturb', NOISE, '--perturb-seed', '1', '--honour-seeds']);
    const made = await gateRun(url, join(dir, 'base'), ['--sampling-seed', '7', '--temperature', '0.7', '--baseline', baseline, '--update-baseline']);
    expect(made.report.run.provenance.sampling).toMatchObject({ temperature: 0.7, seed: 7 });

    const shared = await gateRun(url, join(dir, 'shared'), ['--temperature', '0.7', '--baseline', baseline]);
    expect(shared.report.run.provenance.sampling).toMatchObject({ temperature: 0.7, seed: 7 });
    expect(moved(made.report.repeated, shared.report.repeated)).toBe(0);
    expect(shared.report.gate.arms.sampling).toMatchObject({
      baseline: { temperature: 0.7, seed: 7, responseFormat: 'none' },
      current: { temperature: 0.7, seed: 7, responseFormat: 'none' },
    });
    expect(shared.stdout).toContain('Sampling: baseline temperature 0.7, seed 7; this run temperature 0.7, seed 7 (shared seeds).');
    expect(shared.status).toBe(0);

    const apart = await gateRun(url, join(dir, 'apart'), ['--temperature', '0.7', '--baseline', baseline, '--independent-seeds']);
    expect(apart.report.run.provenance.sampling).toMatchObject({ temperature: 0.7 });
    expect(apart.report.run.provenance.sampling.seed).toBeUndefined();
    expect(moved(made.report.repeated, apart.report.repeated)).toBeGreaterThan(0);
    expect(apart.stdout).toContain('this run temperature 0.7, seed none.');

    const named = await gateRun(url, join(dir, 'named'), ['--baseline', baseline, '--sampling-seed', '8']);
    expect(named.report.run.provenance.sampling).toMatchObject({ temperature: 0, seed: 8 });
  }, 300_000);
});
