import { describe, expect, it } from 'vitest';
import { renderConsoleSummary } from '../../src/report/console/console.js';
import { headlineOf } from '../../src/report/words/headline.js';
import { renderHtml } from '../../src/report/html/html.js';
import { renderMarkdown } from '../../src/report/markdown/markdown.js';
import { dialogueChanges } from '../../src/report/model/reportQueries.js';
import type { GateResult, Lang, Report, TrendRun } from '../../src/report/model/reportTypes.js';
import { whatBroke } from '../../src/report/model/whatBroke.js';
import { failingDialogue, makeReport, passingDialogue } from './fixtures.js';

// Issue 38, "words follow the test": two noise seeds of the same model read "94 dialogues broke (5
// every run, 89 some)" although the gate found nothing beyond noise.

/** Three runs a side: `fell-all` passed 3/3 and now 0/3, `fell-some` 3/3 → 1/3, `rose` 2/3 → 3/3, `wobbly` 1/3 → 2/3. */
const dialogues = [
  { ...passingDialogue, id: 'rose', runsPassed: 3, runs: 3 },
  { ...failingDialogue, id: 'fell-all', tags: ['append'], runsPassed: 0, runs: 3 },
  { ...failingDialogue, id: 'fell-some', tags: ['append'], runsPassed: 1, runs: 3 },
  { ...failingDialogue, id: 'wobbly', tags: ['append'], runsPassed: 2, runs: 3 },
];
const flaky = [
  { id: 'fell-some', baseline: 1, current: 1 / 3 },
  { id: 'rose', baseline: 2 / 3, current: 1 },
  { id: 'wobbly', baseline: 1 / 3, current: 2 / 3 },
];
const test = (name: string, baseline: number, current: number, pValue: number) => ({
  name,
  baseline,
  current,
  pValue,
  rawPValue: pValue / 4,
  significant: pValue < 0.05,
  method: 'randomization',
});

/** The same model on a new noise seed, as gateVerdict words it: nothing significant, so no finding. */
const noiseOnly: GateResult = {
  baseline: 'reports/baseline.json',
  passed: true,
  regressions: [],
  improvements: [],
  paired: { alpha: 0.05, dialogues: 4, tests: [test('dialoguePassRate', 0.75, 0.5, 0.6)], flaky, consistentlyBroken: ['fell-all'], consistentlyFixed: [] },
};

/** A real regression: the metric beyond noise, and the dialogue that broke on every run as its evidence. */
const regression: GateResult = {
  ...noiseOnly,
  passed: false,
  regressions: [
    { kind: 'metric', name: 'correctionIndexMapping', baseline: 0.9, current: 0.5, significance: { pValue: 0.003, method: 'randomization' } },
    { kind: 'dialogue', name: 'fell-all', baseline: true, current: false },
  ],
  paired: { ...noiseOnly.paired!, tests: [test('dialoguePassRate', 0.75, 0.5, 0.6), test('correctionIndexMapping', 0.9, 0.5, 0.003)] },
};

function repeated(gate: GateResult, lang: Lang = 'en'): Report {
  const base = makeReport();
  return makeReport({
    run: { ...base.run, repeat: 3, llm: { backend: 'openai', model: 'served' } },
    summary: { ...base.summary, dialogues: { total: 4, passed: 1, failed: 3 } },
    dialogues,
    slices: [{ kind: 'feature', name: 'append', dialogues: { total: 3, passed: 0, failed: 3 }, metrics: {} }],
    gate,
    view: { lang },
  });
}

/** Every visible text of the three formats, with the one phrase that denies "broke" taken out. */
function pages(report: Report): string[] {
  const html = renderHtml(report)
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ');
  return [renderConsoleSummary(report, { color: false }), renderMarkdown(report), html];
}

describe('"broke" only for what the gate found beyond noise (issue 38, item 4)', () => {
  it('a within-noise drop is never "broke": it is counted apart, in plain words, on every page and in both languages', () => {
    const changes = dialogueChanges(noiseOnly);
    expect(changes.broke).toEqual([]);
    expect(changes.fewerRuns).toEqual(['fell-all', 'fell-some']);
    expect(changes.fewerRunsNone).toEqual(['fell-all']);
    expect(changes.moreRuns).toEqual(['rose']);
    expect(changes.unsteady).toEqual(['wobbly']);

    const en = repeated(noiseOnly);
    const said =
      '2 dialogues passed fewer of their 3 runs than in the baseline (1 no run, 1 some), as run-to-run noise alone can make them: not counted as broke';
    expect(headlineOf(en).changed).toBe(
      `Against the baseline: dialogue success (share of runs passed) 75.0% → 50.0% (-25.0 pp, could be chance); dialogues passing all 3 runs 2 → 1 of 4 (50.0% → 25.0%); ${said}; 1 dialogue passed every one of its 3 runs after failing some in the baseline, as run-to-run noise alone can make it: not counted as fixed.`,
    );
    // Every dialogue that did worse is an example of what got worse, none called broke.
    expect(whatBroke(en).ids).toEqual(['fell-all', 'fell-some']);
    expect(whatBroke(en).broke).toBe(0);
    for (const page of pages(en)) {
      expect(page).toContain(said);
      const rest = page.replaceAll('not counted as broke', '');
      expect(rest.match(/.{0,60}(\bbroke\b|regression(?! gate)).{0,60}/i)?.[0] ?? null).toBeNull();
    }
    // The slice row counts the same dialogues: none broke, two moved within noise.
    expect(renderMarkdown(en)).toContain('| 追加 (append) | feature | 0/3 | 2 → 0 passed (2 within noise) |');

    const zh = repeated(noiseOnly, 'zh');
    const saidZh = '2 段对话在 3 次运行中通过的次数少于基线（1 段一次也未通过，1 段部分通过），单靠运行间波动就可能如此：不计入“由通过变为失败”';
    for (const page of pages(zh)) {
      expect(page).toContain(saidZh);
      expect(page.replaceAll('不计入“由通过变为失败”', '')).not.toContain('新近失败');
    }
  });

  it('once the gate finds a regression, the dialogues that broke on every run are its evidence and read "broke"; the others stay apart', () => {
    const changes = dialogueChanges(regression);
    expect(changes.broke).toEqual(['fell-all']);
    expect(changes.fewerRuns).toEqual(['fell-some']);
    const report = repeated(regression);
    expect(headlineOf(report).changed).toMatch(
      /^Against the baseline: dialogue success \(share of runs passed\) [^;]+; dialogues passing all 3 runs 2 → 1 of 4 \(50\.0% → 25\.0%\); 1 dialogue broke; 1 dialogue passed fewer of its 3 runs than in the baseline \(0 no run, 1 some\), as run-to-run noise alone can make it: not counted as broke;/,
    );
    // Examples come from every dialogue that did worse (issue 49), those that broke first.
    expect(whatBroke(report).ids).toEqual(['fell-all', 'fell-some']);
    expect(whatBroke(report).broke).toBe(1);
    expect(renderMarkdown(report).split('\n')[0]).toMatch(
      /^## ❌ Regression gate failed · dialogue success [^·]+ · 2 → 1\/4 dialogues passed all 3 runs · 1 dialogue broke · 1 metrics worse$/,
    );
    expect(renderMarkdown(report)).toContain('| 追加 (append) | feature | 0/3 | 2 → 0 passed (1 broke, 1 within noise) |');
  });

  it('names the metrics the gate set aside as too thinly moved, and those that did not move, in the details and the console', () => {
    const gate: GateResult = {
      ...noiseOnly,
      paired: {
        ...noiseOnly.paired!,
        setAside: [
          { name: 'cancelHandled', baseline: 0.3571, current: 0.2857, rawPValue: 0.2, judged: 14, moved: 3, needed: 8 },
          { name: 'latency', baseline: 1, current: 1, rawPValue: 1, judged: 466, moved: 0, needed: 8 },
        ],
      },
    };
    const report = repeated(gate);
    const thin =
      'Not gated this run, too few of their dialogues moved for any test to tell a change from chance (8 needed): Cancels handled -7.1 pp (3 of 14 judged dialogues moved). Unchanged on every dialogue: Latency budgets.';
    expect(headlineOf(report).changedDetails).toContain(thin);
    expect(renderConsoleSummary(report, { color: false })).toContain(thin);
    const zh = '本次未纳入门禁（有变化的对话太少，任何检验都无法与偶然区分；需要 8 段）：';
    expect(headlineOf(repeated(gate, 'zh'), 'zh').changedDetails).toContain(zh);
    expect(renderConsoleSummary(repeated(gate, 'zh'), { color: false })).toContain(zh);
  });
});

describe('noise only where there is noise (issue 38, item 8)', () => {
  /** A history of two single runs of `backend`: dialogue success 368 → 365 of 466, 3 dialogues lost. */
  function history(backend: string, commits: [string, string] = ['abc1234', 'abc1234'], sampling: TrendRun['sampling'] = null): Report {
    const base = makeReport({ gate: null });
    const run = (id: number | null, passed: number, commit: string): TrendRun => ({
      id,
      startedAt: '2026-11-28T08:00:00.000Z',
      passed: false,
      metrics: { dialogueSuccess: passed / 466 },
      judged: { dialogueSuccess: 466 },
      commit,
      sampling,
    });
    return makeReport({
      gate: null,
      run: { ...base.run, llm: { backend, model: backend === 'openai' ? 'served' : backend } },
      view: { trend: { runs: [run(4, 368, commits[0]), run(null, 365, commits[1])], dialogues: {} } },
    });
  }

  it('a deterministic backend (heuristic, scripted, replay): a loss of 3 of 466 dialogues against the previous comparable run reads as a change, emphasised', () => {
    for (const backend of ['heuristic', 'scripted', 'replay']) {
      const change = headlineOf(history(backend));
      expect(change.changed).toBe(
        `Since the previous comparable run (${backend} answers the same input the same way, so each move is a change, not noise): Dialogue success -0.6 pp.`,
      );
      expect(change.changedBeyondNoise).toBe(true);
    }
    expect(headlineOf(history('heuristic'), 'zh').changed).toBe(
      '与上一次可比运行相比（heuristic 对相同输入总给出相同回答，因此每个变化都是真实变化而非波动）：对话成功率 -0.6 个百分点。',
    );
  });

  it('a sampled model: the same loss is within run-to-run noise, unless it sampled at temperature 0 with the same seed both times', () => {
    const sampled = headlineOf(history('openai'));
    expect(sampled.changed).toBe('Since the previous comparable run, nothing moved beyond run-to-run noise: Dialogue success -0.6 pp.');
    expect(sampled.changedBeyondNoise).toBe(false);
    expect(headlineOf(history('perturb(heuristic)')).changedBeyondNoise).toBe(false);
    const greedy = headlineOf(history('openai', undefined, { temperature: 0, seed: 7 }));
    expect(greedy.changed).toBe(
      'Since the previous comparable run (openai, temperature 0, seed 7 answers the same input the same way, so each move is a change, not noise): Dialogue success -0.6 pp.',
    );
    expect(headlineOf(history('openai', undefined, { temperature: 0.7, seed: 7 })).changedBeyondNoise).toBe(false);
  });

  it('a run on another build is compared, and says the build changed', () => {
    const change = headlineOf(history('heuristic', ['abc1234', 'def5678']));
    expect(change.changed).toBe(
      'Since the previous comparable run (heuristic answers the same input the same way, so each move is a change, not noise): Dialogue success -0.6 pp. The build changed since that run (commit abc1234 → def5678).',
    );
    expect(headlineOf(history('heuristic', ['abc1234', 'def5678']), 'zh').changed).toContain('自那次运行以来构建已变（提交 abc1234 → def5678）。');
  });
});
