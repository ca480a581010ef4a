import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gateVerdict } from '../../src/eval/gateVerdict.js';
import type { Baseline } from '../../src/report/json/baseline.js';
import { cli, tempDir } from '../support/cli.js';

const SETTINGS = { tolerance: 0, alpha: 0.05, resamples: 200, seed: 1, deadlineMs: 3000 };

function baselineOf(llm: Baseline['llm'], prompts: Record<string, string> = {}): Baseline {
  return {
    schemaVersion: 1,
    kind: 'nlu-harness-baseline',
    llm,
    mode: 'e2e',
    protocol: 'batch',
    metrics: { dialogueSuccess: 1 },
    dialogues: { a: true },
    provenance: { prompts, datasets: {}, backend: llm.backend, model: llm.model, repeat: 1, git: null },
  };
}

describe('what a backend could not judge is said, never passed over (issue 20)', () => {
  it('a prompt edit under a backend that does not read prompts: the headline says it was not judged and what would judge it', () => {
    const dir = tempDir('not-judged-');
    const baseline = join(dir, 'baseline.json');
    const suite = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--llm', 'heuristic', '--no-progress'];
    expect(cli(['run', ...suite, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']).status).not.toBe(2);
    // The baseline was made with another correction prompt (as after inverting 「第N笔 对应 index N-1」).
    const saved = JSON.parse(readFileSync(baseline, 'utf8'));
    saved.provenance.prompts['prompts/correction-dialogue.txt'] = '0'.repeat(64);
    writeFileSync(baseline, JSON.stringify(saved));
    const run = cli(['run', ...suite, '--out', join(dir, 'pr'), '--baseline', baseline]);
    expect(run.stdout).toMatch(
      /Not judged: correction-dialogue\.txt changed since the baseline, but the heuristic backend does not read prompts, so the prompt change was not judged; run --llm openai/,
    );
    const report = JSON.parse(readFileSync(join(dir, 'pr', 'report.json'), 'utf8'));
    expect(report.gate.notJudged).toHaveLength(1);
    expect(readFileSync(join(dir, 'pr', 'report.md'), 'utf8')).toMatch(/Not judged: correction-dialogue\.txt changed/);
  }, 60_000);

  it('a backend that reads prompts judges the edit: nothing to say', () => {
    const before = baselineOf({ backend: 'openai', model: 'm' }, { 'prompts/correction-dialogue.txt': 'a' });
    const after = baselineOf({ backend: 'record(openai)', model: 'm' }, { 'prompts/correction-dialogue.txt': 'b' });
    expect(gateVerdict(before, after, 'b.json', SETTINGS).notJudged).toBeUndefined();
    const scripted = baselineOf({ backend: 'perturb(scripted)', model: 'scripted' }, { 'prompts/correction-dialogue.txt': 'b' });
    expect(gateVerdict(before, scripted, 'b.json', SETTINGS).notJudged?.[0]).toMatchObject({
      code: 'promptsNotRead',
      params: { backend: 'scripted' },
      text: expect.stringMatching(/the scripted backend does not read prompts/),
    });
  });

  it("answers only replayed: the verdict says nothing was measured live; each side's counts are kept", () => {
    const before = baselineOf({ backend: 'openai', model: 'm', answers: { live: 40, replayed: 0 } });
    const after = baselineOf({ backend: 'replay', model: 'm', answers: { live: 0, replayed: 40 } });
    const gate = gateVerdict(before, after, 'b.json', SETTINGS);
    expect(gate.notJudged).toEqual([
      {
        code: 'nothingLive',
        params: { replayed: 40 },
        text: 'nothing was measured live (all 40 answers were replayed from a cassette), so this verdict cannot say the model did not change',
      },
    ]);
    expect(gate.answers).toEqual({ baseline: { live: 40, replayed: 0 }, current: { live: 0, replayed: 40 } });
  });

  it("a server that names another model or fingerprint than the baseline's is a warning naming both", () => {
    const before = baselineOf({ backend: 'openai', model: 'qwen-turbo', servedModels: ['qwen-turbo-0919 (fp_1)'] });
    const same = baselineOf({ backend: 'openai', model: 'qwen-turbo', servedModels: ['qwen-turbo-0919 (fp_1)'] });
    const moved = baselineOf({ backend: 'openai', model: 'qwen-turbo', servedModels: ['qwen-turbo-1101 (fp_2)'] });
    expect(gateVerdict(before, same, 'b.json', SETTINGS).warnings).toBeUndefined();
    expect(gateVerdict(before, moved, 'b.json', SETTINGS).warnings?.map((note) => (typeof note === 'string' ? note : note.text))).toEqual([
      "the server said other models answered than in the baseline (baseline: qwen-turbo-0919 (fp_1); now: qwen-turbo-1101 (fp_2)): the model may have changed under the name 'qwen-turbo'",
    ]);
  });
});
