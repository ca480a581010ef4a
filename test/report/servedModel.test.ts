import { describe, expect, it } from 'vitest';
import { headlineOf } from '../../src/report/words/headline.js';
import type { Report } from '../../src/report/model/reportTypes.js';
import { makeReport } from './fixtures.js';

function servedRun(servedModels: string[], servedModelChange?: { previous: string[]; current: string[] }): Report {
  const base = makeReport();
  return makeReport({
    gate: undefined,
    run: { ...base.run, llm: { backend: 'openai', model: 'm', answers: { live: 12, replayed: 0 }, servedModels } },
    ...(servedModelChange ? { view: { lang: 'zh', trend: { runs: [], dialogues: {}, servedModelChange } } } : {}),
  });
}

describe('the served model in the headline, both languages', () => {
  it('names the served model in the measured sentence, in English and Chinese', () => {
    const report = servedRun(['qwen@1a2b3c4d5e6f']);
    expect(headlineOf(report, 'en').measured).toMatch(
      /^The quality of model m \(openai\) on \d+ dialogues; 12 answers live; the server said qwen@1a2b3c4d5e6f answered\.$/,
    );
    expect(headlineOf(report, 'zh').measured).toContain('服务端报告的作答模型：qwen@1a2b3c4d5e6f');
  });

  it('a run without a served model says nothing of one', () => {
    expect(headlineOf(servedRun([]), 'en').measured).not.toContain('server said');
  });

  it('says in Chinese that the previous run of the configuration had another model, with nothing to compare', () => {
    const changed = headlineOf(servedRun(['b@2'], { previous: ['a@1'], current: ['b@2'] }), 'zh');
    expect(changed.changed).toBe('此前同一配置的上一次运行由另一模型作答（a@1；本次：b@2），因此不与其比较，趋势只含同一模型的运行。');
    expect(changed.changedBeyondNoise).toBe(false);
  });
});
