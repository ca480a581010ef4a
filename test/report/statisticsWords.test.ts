import { describe, expect, it } from 'vitest';
import { testedChanges } from '../../src/report/words/changeWords.js';
import { compareReports } from '../../src/report/model/comparison.js';
import { renderComparisonHtml } from '../../src/report/html/comparisonHtml.js';
import { renderComparisonMarkdown } from '../../src/report/markdown/comparisonMarkdown.js';
import { renderConsoleSummary } from '../../src/report/console/console.js';
import { headlineOf } from '../../src/report/words/headline.js';
import { renderHtml } from '../../src/report/html/html.js';
import { renderMarkdown } from '../../src/report/markdown/markdown.js';
import type { GateResult, Lang, Report } from '../../src/report/model/reportTypes.js';
import { makeReport } from './fixtures.js';

// Issue 40 item 2, "statistics words follow the interval": a real improvement (+14.1 to +21.1 pp)
// read "could be chance" beside "p = 1.000"; the compare page painted a -1.0 pp change with p = 0.72
// red; comparison.md never said "could be chance"; intervals at 1 - 2α were labelled "95 % range".
// Three changes over repeats, as the paired gate words them (it tests falls only):
//   batchSplitting          +17.6 pp, interval +14.1 … +21.1 pp, p of a fall 1.000: a real improvement
//   correctionIndexMapping  -8.0 pp, interval -12.0 … -4.0 pp, p 0.003: a real fall, a regression
//   tts                     -1.0 pp, interval -3.0 … +1.0 pp, p 0.72: a chance move

const before = { batchSplitting: 0.7, correctionIndexMapping: 0.9, tts: 0.88 };
const after = { batchSplitting: 0.876, correctionIndexMapping: 0.82, tts: 0.87 };
const test = (name: keyof typeof before, pValue: number, interval: readonly [number, number]) => ({
  name,
  baseline: before[name],
  current: after[name],
  pValue,
  rawPValue: pValue / 3,
  significant: pValue < 0.05,
  interval,
  method: 'paired randomization test',
  moved: 40,
});

const gate: GateResult = {
  baseline: 'a/report.json',
  passed: false,
  regressions: [
    {
      kind: 'metric',
      name: 'correctionIndexMapping',
      baseline: 0.9,
      current: 0.82,
      significance: { pValue: 0.003, interval: [-0.12, -0.04], method: 'paired randomization test' },
    },
  ],
  improvements: [],
  paired: {
    alpha: 0.05,
    dialogues: 120,
    tests: [test('batchSplitting', 1, [0.141, 0.211]), test('correctionIndexMapping', 0.003, [-0.12, -0.04]), test('tts', 0.72, [-0.03, 0.01])],
    flaky: [],
    consistentlyBroken: [],
    consistentlyFixed: [],
  },
};

function side(scores: Record<string, number>, lang: Lang, withGate: boolean): Report {
  const base = makeReport();
  const metrics = Object.fromEntries(
    Object.entries(base.metrics).map(([name, m]) => [name, name in scores ? { ...m, score: scores[name]!, counts: { judged: 400 } } : m]),
  );
  return makeReport({
    run: { ...base.run, repeat: 3, llm: { backend: 'openai', model: 'served' } },
    metrics: metrics as Report['metrics'],
    gate: withGate ? gate : null,
    view: { lang },
  });
}

const WORDS = {
  en: { improvement: 'likely real on its own test', fall: 'very unlikely to be chance', chance: 'could be chance', level: '90 % interval', pp: ' pp' },
  zh: { improvement: '单独检验下很可能是真实变化', fall: '极不可能是偶然', chance: '可能只是偶然', level: '90% 区间', pp: ' 个百分点' },
} as const;

/** The compare page's Δ cell of one metric: its class and text. */
function compareCell(html: string, metric: string): { tone: string; text: string } {
  const cell = new RegExp(`<tr data-metric="${metric}">.*?<td class="num ([^"]*)">([^<]*)</td></tr>`).exec(html);
  return { tone: cell?.[1] ?? '', text: cell?.[2] ?? '' };
}

/** The run page's change badge on a metric card: its class and text. */
function cardBadge(html: string, metric: string): { tone: string; text: string } {
  const badge = new RegExp(`data-metric="${metric}">\\s*<div class="card-head"><h3>[^<]*</h3><span class="delta ([^"]*)"[^>]*>([^<]*)</span>`).exec(html);
  return { tone: badge?.[1] ?? '', text: badge?.[2] ?? '' };
}

describe.each(['en', 'zh'] as const)('statistics words follow the interval (%s)', (lang) => {
  const words = WORDS[lang];
  const a = side(before, lang, false);
  const b = side(after, lang, true);

  it("compare: comparison.html paints a real improvement green, a real fall red, a chance move not at all, each with its word and the interval's true level", () => {
    const html = renderComparisonHtml(compareReports({ label: 'a', report: a }, { label: 'b', report: b }, gate, lang), lang);
    const improvement = compareCell(html, 'batchSplitting');
    const fall = compareCell(html, 'correctionIndexMapping');
    const chance = compareCell(html, 'tts');
    expect(improvement.tone).toBe('txt-pass');
    expect(improvement.text).toContain(words.improvement);
    expect(improvement.text).not.toContain(words.chance);
    expect(fall.tone).toBe('txt-fail');
    expect(fall.text).toContain(words.fall);
    expect(chance.tone).toBe('muted');
    expect(chance.text).toContain(words.chance);
    expect(html).toContain(words.level);
    expect(html).not.toMatch(/95 ?% (range|区间)/);
  });

  it('compare: comparison.md says the same words, "could be chance" included', () => {
    const md = renderComparisonMarkdown(compareReports({ label: 'a', report: a }, { label: 'b', report: b }, gate, lang), lang);
    const row = (name: string) => md.split('\n').find((line) => line.startsWith(`| ${name} |`)) ?? '';
    const name = (metric: string) =>
      (lang === 'zh'
        ? { batchSplitting: '多笔拆分', correctionIndexMapping: '纠正序号映射', tts: '播报措辞' }
        : { batchSplitting: 'Batch splitting', correctionIndexMapping: 'Correction index mapping', tts: 'TTS wording' })[metric as keyof typeof before];
    expect(row(name('batchSplitting'))).toContain(words.improvement);
    expect(row(name('correctionIndexMapping'))).toContain(words.fall);
    expect(row(name('tts'))).toContain(words.chance);
    expect(row(name('batchSplitting'))).toContain(`${words.level} +14.1${words.pp} … +21.1${words.pp}`);
  });

  it('compare: the console lines say the same words', () => {
    const lines = testedChanges(gate, lang);
    expect(lines[0]).toContain(words.improvement);
    expect(lines[1]).toContain(words.fall);
    expect(lines[2]).toContain(words.chance);
  });

  it('run --baseline: the headline, report.md, the card badges and the console agree on the words and colours', () => {
    const changed = headlineOf(b, lang).changed!;
    expect(changed).toMatch(new RegExp(`\\+17\\.6${words.pp}[，,] ?${words.improvement}`));
    expect(changed).toMatch(new RegExp(`-8\\.0${words.pp}[，,] ?${words.fall}`));
    expect(changed).toMatch(new RegExp(`-1\\.0${words.pp}[，,] ?${words.chance}`));
    const details = headlineOf(b, lang).changedDetails!;
    expect(details).toContain(`${words.level} +14.1${words.pp} … +21.1${words.pp}`);
    expect(details).not.toMatch(/95 ?% (range|区间)/);

    // One wording everywhere (report/model/runView.ts): the headline's separator in each language.
    const sep = lang === 'zh' ? '，' : ', ';
    const md = renderMarkdown(b);
    expect(md).toContain(`+17.6${words.pp}${sep}${words.improvement}`);
    expect(md).toContain(`-1.0${words.pp}${sep}${words.chance}`);

    const html = renderHtml(b);
    expect(cardBadge(html, 'batchSplitting')).toEqual({ tone: 'delta-improvement', text: `+17.6${words.pp}${sep}${words.improvement}` });
    expect(cardBadge(html, 'tts')).toEqual({ tone: 'delta-none', text: `-1.0${words.pp}${sep}${words.chance}` });
    expect(cardBadge(html, 'correctionIndexMapping').tone).toBe('delta-regression');

    const console = renderConsoleSummary(b, { color: true }).split('\n');
    // The metric lines (a bar each), not the headline above them.
    const line = (text: string) => console.find((l) => /[█░]/.test(l) && l.includes(text)) ?? '';
    expect(line(`+17.6${words.pp}${sep}${words.improvement}`)).toContain('\u001b[32m▲');
    const chanceLine = line(`-1.0${words.pp}${sep}${words.chance}`);
    expect(chanceLine).toContain('·');
    expect(chanceLine).not.toContain('\u001b[31m');
    expect(chanceLine).not.toContain('\u001b[32m');
  });
});
