import { describe, expect, it } from 'vitest';
import { headlineOf } from '../../src/report/words/headline.js';
import { counterName, label } from '../../src/report/words/labels.js';
import { renderMarkdown } from '../../src/report/markdown/markdown.js';
import { biggestMovers, sliceRows } from '../../src/report/model/sliceQueries.js';
import { sliceKeys } from '../../src/report/model/slices.js';
import { sparkline, trendLine } from '../../src/report/words/trendText.js';
import type { Report } from '../../src/report/model/reportTypes.js';
import { failingDialogue, makeReport, passingDialogue } from './fixtures.js';

/** The same report from a model over HTTP: its answers vary from run to run. */
function overHttp(report: Report): Report {
  return { ...report, run: { ...report.run, llm: { backend: 'openai', model: 'qwen-plus' } } };
}

const appendA = { ...failingDialogue, id: 'append-a', tags: ['append', 'seed-003'] };
const appendB = { ...failingDialogue, id: 'append-b', tags: ['append', 'batch'] };

function regressed(extra: Partial<Report> = {}): Report {
  const base = makeReport();
  return makeReport({
    dialogues: [passingDialogue, appendA, appendB],
    gate: {
      baseline: 'reports/baseline.json',
      passed: false,
      regressions: [
        { kind: 'dialogue', name: 'append-a', baseline: true, current: false },
        { kind: 'dialogue', name: 'append-b', baseline: true, current: false },
        { kind: 'metric', name: 'correctionIndexMapping', baseline: 0.95, current: 0.908, tolerance: 0 },
      ],
      improvements: [{ kind: 'dialogue', name: passingDialogue.id, baseline: false, current: true }],
    },
    run: base.run,
    ...extra,
  });
}

describe('headline in plain words', () => {
  it('says a scripted run measured protocol conformance, not a model', () => {
    const { measured } = headlineOf(makeReport());
    expect(measured).toMatch(/^Protocol conformance with scripted answers/);
    expect(measured).toContain("not a model's quality");
  });

  it('says a real backend measured a model on model-facing dialogues', () => {
    const base = makeReport();
    const report = makeReport({ run: { ...base.run, llm: { backend: 'openai', model: 'qwen-plus' }, datasets: ['datasets/model/append.yaml'] } });
    expect(headlineOf(report).measured).toBe('The quality of model qwen-plus (openai) on 3 model-facing dialogues.');
    expect(headlineOf(report, 'zh').measured).toBe('模型 qwen-plus（openai）在面向模型的 3 段对话上的质量。');
  });

  it('counts the dialogues that broke (what broke is its own block), fixes, and metric moves', () => {
    expect(headlineOf(regressed()).changed).toBe('Against the baseline: 2 dialogues broke; 1 fixed; Correction index mapping -4.2 pp.');
    expect(headlineOf(regressed(), 'zh').changed).toBe('与基线相比：2 段对话由通过变为失败；1 段对话由失败变为通过；纠正序号映射 -4.2 个百分点。');
  });

  it('keeps the pairing line out of the lead of what changed, for a page short of room, and in the whole sentence report.md and the console print', () => {
    const report = regressed();
    const pairing = { paired: 98, run: 100, baseline: 99, onlyInRun: 2, onlyInBaseline: 1 };
    for (const lang of ['en', 'zh'] as const) {
      const plain = headlineOf({ ...report, gate: { ...report.gate!, pairing } }, lang);
      const said = lang === 'zh' ? '100 个对话中 98 个与基线配对' : '98 of 100 dialogues paired';
      expect(plain.changedLead).toBe(headlineOf(report, lang).changed);
      expect(plain.changedAside).toContain(said);
      expect(plain.changed).toContain(said);
      expect(plain.changed).toContain(plain.changedLead!);
    }
    expect(headlineOf(report).changedAside).toBeNull();
  });

  it('issue 40, "a first screen a reader can scan in five seconds: verdict, the two or three numbers that moved": the lead names three, the rest fold under it', () => {
    const report = regressed();
    const metric = (name: string, baseline: number, current: number, significant: boolean) => ({
      kind: 'metric' as const,
      name,
      baseline,
      current,
      tolerance: 0,
      significant,
    });
    const regressions = [
      ...report.gate!.regressions.filter((f) => f.kind === 'dialogue'),
      metric('tts', 0.9, 0.85, false),
      metric('batchSplitting', 0.9, 0.88, true),
      metric('correctionIndexMapping', 0.95, 0.8, true),
      metric('persistence', 0.9, 0.7, true),
    ];
    const plain = headlineOf({ ...report, gate: { ...report.gate!, regressions } });
    // Dialogues broke and fixed first, then the move beyond chance that is not a knock-on of what broke (persistence,
    // larger, only follows from the wrong corrections); the knock-on moves and the one that could be chance fold.
    expect(plain.changedLead).toBe('Against the baseline: 2 dialogues broke; 1 fixed; Correction index mapping -15.0 pp, very unlikely to be chance.');
    expect(plain.changedMore).toEqual({
      count: 3,
      text: 'TTS wording -5.0 pp, could be chance, knock-on; Batch splitting -2.0 pp, very unlikely to be chance, knock-on; Persistence -20.0 pp, very unlikely to be chance, knock-on.',
    });
    // report.md and the console keep the whole sentence, in the gate's order.
    expect(plain.changed).toBe(
      'Against the baseline: 2 dialogues broke; 1 fixed; TTS wording -5.0 pp, could be chance, knock-on; Batch splitting -2.0 pp, very unlikely to be chance, knock-on; Correction index mapping -15.0 pp, very unlikely to be chance; Persistence -20.0 pp, very unlikely to be chance, knock-on.',
    );
    expect(headlineOf(regressed()).changedMore).toBeNull();
    // report.md, a pull request's first screen, emphasises the same lead and folds the same rest.
    const md = renderMarkdown({ ...report, gate: { ...report.gate!, regressions } });
    expect(md).toContain(`> **${plain.changedLead}**\n`);
    expect(md).toContain(`<details><summary>3 more changes</summary>\n\n${plain.changedMore!.text}\n\n</details>`);
  });

  it('adds in plain words whether a metric change is beyond chance when the gate says so', () => {
    const report = regressed();
    const gate = report.gate!;
    const marked = { ...gate, regressions: gate.regressions.map((f) => (f.kind === 'metric' ? { ...f, significant: true } : f)) };
    expect(headlineOf({ ...report, gate: marked }).changed).toContain('Correction index mapping -4.2 pp, very unlikely to be chance');
  });

  it('over repeats, names what the paired gate saw move and in plain words whether it could be chance; the statistics go to the details', () => {
    const report = regressed();
    const test = (name: string, baseline: number, current: number, significant: boolean) => ({
      name,
      baseline,
      current,
      pValue: significant ? 0.01 : 0.4,
      rawPValue: 0.01,
      significant,
      method: 'bootstrap',
      interval: significant ? ([-0.1, -0.01] as const) : ([-0.1, 0.02] as const),
    });
    // As gateVerdict words a significant regression: the metric, then the dialogues that broke on every run as its evidence.
    const gate = {
      baseline: 'reports/baseline.json',
      passed: false,
      regressions: [
        { kind: 'metric' as const, name: 'correctionIndexMapping', baseline: 0.95, current: 0.908, significance: { pValue: 0.01, method: 'randomization' } },
        { kind: 'dialogue' as const, name: 'append-a', baseline: true, current: false },
      ],
      improvements: [],
      paired: {
        alpha: 0.05,
        dialogues: 3,
        tests: [test('dialoguePassRate', 1, 2 / 3, false), test('tts', 0.9, 0.9, false), test('correctionIndexMapping', 0.95, 0.908, true)],
        flaky: [],
        consistentlyBroken: ['append-a'],
        consistentlyFixed: [],
      },
    };
    expect(headlineOf({ ...report, gate }).changed).toBe(
      'Against the baseline: dialogue success (share of runs passed) 100.0% → 66.7% (-33.3 pp, could be chance); 1 dialogue broke; Correction index mapping -4.2 pp, very unlikely to be chance.',
    );
    const { changedDetails } = headlineOf({ ...report, gate });
    expect(changedDetails).toContain('Holm-adjusted, α = 0.05');
    expect(changedDetails).toContain(
      'Correction index mapping -4.2 pp (very unlikely to be chance, one-sided p of a fall = 0.010, 90 % interval -10.0 pp … -1.0 pp)',
    );
  });

  it('without a baseline compares with the previous comparable run of the history, or says nothing', () => {
    const report = overHttp(makeReport({ gate: null }));
    expect(headlineOf(report).changed).toBeNull();
    const trend = {
      runs: [
        { id: 4, startedAt: '2025-04-30T08:00:00.000Z', passed: true, metrics: { tts: 0.9, routing: 0.95 } },
        { id: null, startedAt: report.run.startedAt, passed: false, metrics: { tts: 0.875, routing: 0.95 } },
      ],
      dialogues: {},
    };
    // A history without counts cannot say whether a move is noise, and says so.
    expect(headlineOf({ ...report, view: { trend } }).changed).toBe(
      'Since the previous comparable run (one run each, no counts kept: cannot tell whether this is noise; run with --repeat to know): TTS wording -2.5 pp.',
    );
  });

  // Issue 32: two runs of the same noisy model scored 47.4 % and 48.5 %; "+1.1 pp" in bold read as an improvement.
  it('a move between two single runs that chance alone could make is worded as noise, not emphasised', () => {
    const report = overHttp(makeReport({ gate: null }));
    const run = (id: number | null, score: number) => ({
      id,
      startedAt: '2025-04-30T08:00:00.000Z',
      passed: false,
      metrics: { dialogueSuccess: score },
      judged: { dialogueSuccess: 466 },
    });
    const noise = headlineOf({ ...report, view: { trend: { runs: [run(4, 221 / 466), run(null, 226 / 466)], dialogues: {} } } });
    expect(noise.changed).toBe('Since the previous comparable run, nothing moved beyond run-to-run noise: Dialogue success +1.1 pp.');
    expect(noise.changedBeyondNoise).toBe(false);
    expect(noise.changedDetails).toMatch(/Dialogue success \+1\.1 pp \(95 % interval -[\d.]+ pp … \+[\d.]+ pp\)/);
    expect(renderMarkdown({ ...report, view: { trend: { runs: [run(4, 221 / 466), run(null, 226 / 466)], dialogues: {} } } })).not.toContain('**Since');
    const drop = headlineOf({ ...report, view: { trend: { runs: [run(4, 368 / 466), run(null, 221 / 466)], dialogues: {} } } }, 'zh');
    expect(drop.changed).toBe('与上一次可比运行相比，超出运行间波动的变化：对话成功率 -31.5 个百分点。');
    expect(drop.changedBeyondNoise).toBe(true);
  });

  it('leads report.md under the verdict line', () => {
    const md = renderMarkdown(regressed());
    expect(md.split('\n').slice(2, 6)).toEqual([
      '',
      "> Protocol conformance with scripted answers: whether the app follows the seeds when the LLM says exactly what the dataset scripts (not a model's quality; latencies are virtual).",
      '>',
      '> **Against the baseline: 2 dialogues broke; 1 fixed; Correction index mapping -4.2 pp.**',
    ]);
  });
});

describe('slices', () => {
  it('puts a dialogue in its feature, seed and scenario slices and its file', () => {
    expect(sliceKeys({ tags: ['append', 'seed-003', 'scenario:追加新笔', 'append'], file: 'datasets/a.yaml' })).toEqual([
      { kind: 'feature', name: 'append' },
      { kind: 'seed', name: 'seed-003' },
      { kind: 'scenario', name: '追加新笔' },
      { kind: 'file', name: 'datasets/a.yaml' },
    ]);
  });

  it('ranks the slices that moved against the baseline, most flips first', () => {
    const slice = (kind: 'feature' | 'file', name: string, total: number, passed: number) => ({
      kind,
      name,
      dialogues: { total, passed, failed: total - passed },
      metrics: {},
    });
    const report = regressed({
      slices: [slice('feature', 'append', 2, 0), slice('feature', 'batch', 1, 0), slice('file', 'datasets/multi.yaml', 2, 0), slice('feature', 'tap', 1, 1)],
    });
    const movers = biggestMovers(sliceRows(report), 10);
    expect(movers.map((row) => [row.id, row.baselinePassRate, row.passRate])).toEqual([
      ['feature:append', 1, 0],
      ['file:datasets/multi.yaml', 1, 0],
      ['feature:batch', 1, 0],
      // single-lunch was fixed: the tap slice moved up.
      ['feature:tap', 0, 1],
    ]);
    // Counted in dialogues as the headline counts them, not as a second kind of delta.
    expect(renderMarkdown(report)).toContain('| 追加 (append) | feature | 0/2 | 2 → 0 passed (2 broke) |');
  });
});

describe('words on the pages', () => {
  it("names counters from the metric's definition; a metric this build does not know gets its keys split out of camelCase", () => {
    expect(counterName('zh', 'latency', 'firstTtsWithinBudget')).toBe('首句在预算内');
    expect(counterName('en', 'someNewMetric', 'someNewCounter')).toBe('some new counter');
    expect(label('zh', 'dialoguesPassed', 18, 19)).toBe('19 段对话中 18 段通过');
  });

  it('draws a trend as a sparkline scaled to its own range, naming the dip', () => {
    expect(sparkline([1, 0.9, 1])).toBe('█▁█');
    // Issue 40: a series that does not move is a level line, not "██" blocks.
    expect(sparkline([0.5, 0.5])).toBe('──');
    expect(sparkline([null, 0.5, 0.5])).toBe(' ──');
    expect(trendLine([1, 0.889, 1])).toBe('█▁█ 100.0% → 100.0% (range 88.9%–100.0%)');
    expect(trendLine([0.8, null, 0.9])).toBe('▁ █ 80.0% → 90.0% (range 80.0%–90.0%)');
  });
});
