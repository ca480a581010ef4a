import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// Issue 11's done-when, end to end: a noisy OpenAI-compatible model the harness knows nothing
// about (serve-llm's own --perturb, behind real HTTP and the real SDK, no key), every dialogue run
// three times on each side of the gate. One request at a time, so the served noise, drawn by
// request number, is the same on every run of this test.
const NOISE = 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03';
const servers = new ServedLlms();
const serve = (perturb: string, seed: number): Promise<string> => servers.start(['--perturb', perturb, '--perturb-seed', String(seed)]);

async function gateRun(baseUrl: string, out: string, extra: string[]) {
  const result = await cliAsync(
    [
      'run',
      '--llm',
      'openai',
      '--base-url',
      baseUrl,
      '--model',
      'served-heuristic',
      '--dataset',
      'datasets/model/correct-ordinal.yaml',
      '--repeat',
      '3',
      '--concurrency',
      '1',
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

describe('the gate over a served noisy model, key-less, --repeat 3 (issue 11 done-when)', () => {
  const dir = tempDir('served-noisy-');
  const baseline = join(dir, 'baseline.json');
  afterAll(() => servers.stopAll());

  it('the same model on a new noise seed exits 0; one that reads 第N笔 as index N exits 1, naming correction index mapping', async () => {
    const made = await gateRun(await serve(NOISE, 1), join(dir, 'base'), ['--baseline', baseline, '--update-baseline']);
    expect(made.stderr).toBe('');

    const same = await gateRun(await serve(NOISE, 2), join(dir, 'same'), ['--baseline', baseline]);
    expect(same.stderr).toBe('');
    expect(same.report.gate.paired.dialogues).toBeGreaterThan(50);
    // The noise is real: single dialogues flip between the two sides, and the gate still passes.
    expect(same.report.gate.paired.flaky.length).toBeGreaterThan(0);
    expect(same.report.gate.passed).toBe(true);
    expect(same.status).toBe(0);

    const worse = await gateRun(await serve(`${NOISE},ordinalAsIndex=1`, 3), join(dir, 'worse'), ['--baseline', baseline]);
    expect(worse.status).toBe(1);
    const finding = worse.report.gate.regressions.find((r: { name: string }) => r.name === 'correctionIndexMapping');
    expect(finding.significance.pValue).toBeLessThan(0.05);
    expect(worse.stdout).toMatch(/Correction index mapping: .*p = /);
  }, 300_000);
});
