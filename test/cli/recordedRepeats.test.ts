import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// Issue 20's done-when, end to end: a noisy model behind real HTTP (serve-llm --perturb, key-less,
// the real SDK), recorded with the README's CI recipe flags (--record F --repeat 3 --baseline B).
const NOISE = 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03';
const DATASET = 'datasets/model/correct-ordinal.yaml';
const servers = new ServedLlms();
const serve = (perturb: string, seed: number): Promise<string> => servers.start(['--perturb', perturb, '--perturb-seed', String(seed)]);

interface Sample {
  text: string;
}
interface Entry {
  runs: number;
  samples: (Sample | null)[];
}

async function run(args: string[], out: string) {
  const result = await cliAsync(['run', '--dataset', DATASET, '--repeat', '3', '--concurrency', '1', '--no-progress', '--out', out, ...args], {
    env: { OPENAI_API_KEY: '' },
  });
  const file = join(out, 'report.json');
  return { ...result, report: existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null };
}

describe('the CI recipe with a noisy model: repeats sample, the cassette cannot hide a changed model (issue 20)', () => {
  const dir = tempDir('recorded-repeats-');
  const cassette = join(dir, 'model.cassette.json');
  const baseline = join(dir, 'baseline.json');
  afterAll(() => servers.stopAll());

  it('records one sample per repeat, replays them as recorded, and a model changed under the same name fails the PR step', async () => {
    const model = ['--llm', 'openai', '--model', 'served'];
    const base = await run(
      [...model, '--base-url', await serve(NOISE, 1), '--record', cassette, '--baseline', baseline, '--update-baseline'],
      join(dir, 'base'),
    );
    expect(base.stderr).toBe('');
    // The noise was sampled: some dialogues pass on one run and fail on another.
    expect(base.report.summary.passHatK).toBeLessThan(base.report.summary.passAt1);
    expect(base.report.run.llm.answers.replayed).toBe(0);
    const entries = (JSON.parse(readFileSync(cassette, 'utf8')) as { entries: Entry[] }).entries;
    expect(entries.every((entry) => entry.runs === 3)).toBe(true);
    const threeSamples = entries.filter((entry) => entry.samples.filter(Boolean).length === 3);
    expect(threeSamples.length).toBeGreaterThan(0);
    // Independent samples of a noisy model: for some requests the runs were answered differently.
    expect(threeSamples.some((entry) => new Set(entry.samples.map((sample) => sample!.text)).size > 1)).toBe(true);

    // Replaying the cassette with --repeat 3 reproduces the recorded run, and says nothing was measured live.
    const replay = await run(['--llm', 'replay', '--cassette', cassette, '--baseline', baseline], join(dir, 'replay'));
    expect(replay.report.summary).toEqual(base.report.summary);
    expect(replay.report.metrics).toEqual(base.report.metrics);
    expect(replay.report.run.llm.answers).toEqual({ live: 0, replayed: base.report.run.llm.answers.live });
    expect(replay.stdout).toMatch(/Not judged: nothing was measured live/);
    expect(replay.stdout).not.toMatch(/No change against the baseline/);

    // The PR step with the recipe's flags, against a model that reads 第N笔 as index N under the same name.
    const pr = await run([...model, '--base-url', await serve(`${NOISE},ordinalAsIndex=1`, 2), '--record', cassette, '--baseline', baseline], join(dir, 'pr'));
    expect(pr.status).toBe(1);
    expect(pr.report.run.llm.answers.replayed).toBe(0);
    expect(pr.report.gate.regressions.map((r: { name: string }) => r.name)).toContain('correctionIndexMapping');
    expect(pr.stdout).toMatch(/Correction index mapping: .*p = /);
  }, 300_000);

  it('a replay with more repeats than the recording made is exit 2 before anything runs', async () => {
    const out = join(dir, 'more');
    const result = await cliAsync(['run', '--llm', 'replay', '--cassette', cassette, '--dataset', DATASET, '--repeat', '4', '--no-progress', '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/recorded with 3 runs a request, so it has no independent sample for runs 4\.\.4 of --repeat 4/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
