import { describe, expect, it } from 'vitest';
import { armsDifference, changedLines } from '../../src/eval/armsDifference.js';
import { lineHashes } from '../../src/eval/provenance.js';
import { armsSentence } from '../../src/report/words/armsWords.js';
import type { GateResult, Provenance } from '../../src/report/model/reportTypes.js';

function provenance(prompts: Record<string, string>, extra: Partial<Provenance> = {}): Provenance {
  return {
    prompts: Object.fromEntries(Object.entries(prompts).map(([file, text]) => [file, `sha-of-${text}`])),
    promptLines: Object.fromEntries(Object.entries(prompts).map(([file, text]) => [file, lineHashes(text)])),
    datasets: {},
    backend: 'openai',
    model: 'm',
    repeat: 2,
    git: null,
    ...extra,
  };
}

const gate = (arms: GateResult['arms']): GateResult => ({ baseline: 'b.json', passed: true, regressions: [], improvements: [], ...(arms ? { arms } : {}) });

describe('what differs between the arms', () => {
  it('counts the lines a prompt file changed: one line edited is one removed and one added, a line inserted is one added', () => {
    expect(changedLines(lineHashes('a\nb\nc'), lineHashes('a\nB\nc'))).toEqual({ added: 1, removed: 1 });
    expect(changedLines(lineHashes('a\nb\nc'), lineHashes('a\nb\nx\nc'))).toEqual({ added: 1, removed: 0 });
    expect(changedLines(lineHashes('a\nb\nc'), lineHashes('c\nb\na'))).toEqual({ added: 2, removed: 2 });
  });

  it('names only the files that differ, and says only "changed" against a baseline without per-line hashes', () => {
    const before = provenance({ 'prompts/parse.txt': 'one\ntwo', 'prompts/correct.txt': 'x' });
    const after = provenance({ 'prompts/parse.txt': 'one\nTWO\nthree', 'prompts/correct.txt': 'x' });
    expect(armsDifference(before, after)!.prompts).toEqual([{ file: 'parse.txt', added: 2, removed: 1 }]);
    const { promptLines: _dropped, ...old } = before;
    expect(armsDifference(old, after)!.prompts).toEqual([{ file: 'parse.txt', added: null, removed: null }]);
    expect(armsSentence(gate(armsDifference(old, after)!), 'en')).toBe('Prompts changed: parse.txt (changed).');
  });

  it('compares a --prompts copy template by template, whatever folder each arm read', () => {
    const before = provenance({ 'prompts/parse.txt': 'one\ntwo', 'prompts/correct.txt': 'x' });
    const after = provenance({ '../tmp/my-prompts/parse.txt': 'one\ntwo', '../tmp/my-prompts/correct.txt': 'x\ny' });
    expect(armsDifference(before, after)!.prompts).toEqual([{ file: 'correct.txt', added: 1, removed: 0 }]);
  });

  it('says nothing when the prompts are the same and no arm sampled a model over HTTP (scripted, heuristic runs read as before)', () => {
    const same = provenance({ 'prompts/parse.txt': 'one' });
    expect(armsDifference(same, same)).toBeNull();
    expect(armsSentence(gate(undefined), 'en')).toBeNull();
  });

  it('names both arms’ sampling, and says when the seeds were shared', () => {
    const before = provenance({ p: 'x' }, { sampling: { temperature: 0.7, seed: 7 } });
    const after = provenance({ p: 'y\nz' }, { sampling: { temperature: 0.7, seed: 7, responseFormat: 'json_object' } });
    const sentence = armsSentence(gate(armsDifference(before, after)!), 'en');
    expect(sentence).toBe(
      'Prompts changed: p (+2 −1 lines). Sampling: baseline temperature 0.7, seed 7; this run temperature 0.7, seed 7, response format json_object (shared seeds).',
    );
    expect(armsSentence(gate(armsDifference(before, after)!), 'zh')).toContain('（共享种子）');
  });
});

describe('today is part of what differs between the arms (issue 39: the prompts name it)', () => {
  const prompts = { 'prompts/parse.txt': 'same' };

  it('names both days when the runs took different days as today', () => {
    const arms = armsDifference(provenance(prompts, { today: '2026-03-01' }), provenance(prompts, { today: '2024-03-01' }));
    expect(arms).toEqual({ prompts: [], sampling: { baseline: null, current: null }, today: { baseline: '2026-03-01', current: '2024-03-01' } });
    expect(armsSentence(gate(arms), 'en')).toBe('Today: baseline 2026-03-01; this run 2024-03-01.');
    expect(armsSentence(gate(arms), 'zh')).toBe('今天：基线 2026-03-01；本次 2024-03-01。');
  });

  it('says a baseline from before today was recorded did not name one, and nothing when both took the same day', () => {
    const arms = armsDifference(provenance(prompts), provenance(prompts, { today: '2026-03-01' }));
    expect(armsSentence(gate(arms), 'en')).toBe('Today: baseline not recorded (its prompts said unknown); this run 2026-03-01.');
    expect(armsDifference(provenance(prompts, { today: '2026-03-01' }), provenance(prompts, { today: '2026-03-01' }))).toBeNull();
  });
});
