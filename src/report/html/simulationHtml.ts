/** The simulate report as one self-contained HTML page in run's look: no script, no network, tables a screen reader can walk. */
import { escapeHtml as esc } from './escape.js';
import type { Args } from '../words/wording.js';
import { percent } from '../words/format.js';
import { pageHead } from './htmlPage.js';
import { REPORT_CSS } from './htmlStyles.js';
import { scoreBar } from './htmlSvg.js';
import { sharedFloor, trendChart } from './htmlTrends.js';
import type { Lang, Trend } from '../model/reportTypes.js';
import { outcomeCounts, outcomeName, outcomeWhy, simulationWord, speechName, speechNames, type SimulationWord } from '../words/simulationLabels.js';
import { wilson } from '../../util/rateInterval.js';
import type { SliceScore } from '../../users/scores.js';
import { SIMULATION_TREND_METRICS, goalItemText, type ShownSimulation, type SimulationReport } from '../model/simulationReport.js';
import type { Reporter } from '../model/reporter.js';

/** Transcripts shown in full; the rest are counted (report.json holds them all). */
const SHOWN_FAILURES = 50;

const mean = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const range = (interval: readonly [number, number] | null) => (interval ? `${percent(interval[0])}–${percent(interval[1])}` : '—');

type Words = ((key: SimulationWord, ...args: Args) => string) & { readonly lang: Lang };

export function renderSimulationHtml(report: SimulationReport, trend?: Trend, lang: Lang = 'en'): string {
  const { overall } = report.scores;
  const w: Words = Object.assign((key: SimulationWord, ...args: Args) => simulationWord(lang, key, ...args), { lang });
  const title = w('pageTitle', percent(overall.successRate), String(report.run.llm['model']));
  return `${pageHead({ lang, title, css: REPORT_CSS })}
<body>
${headerHtml(report, w)}
<main class="wrap">
${cardsHtml(report, w)}
${trendHtml(trend, w)}
${sliceTable(
  'by-goal-size',
  w('byGoalSize'),
  w('goalSize'),
  report.scores.byGoalSize.map((s) => [w('items', s.goalSize), s]),
  w,
)}
${sliceTable(
  'by-feature',
  w('byFeature'),
  w('feature'),
  report.scores.byFeature.flatMap(
    ({ feature, with: used, without }) =>
      [
        [w('used', speechName(w.lang, feature)), used],
        [w('notUsed', speechName(w.lang, feature)), without],
      ] as [string, SliceScore][],
  ),
  w,
)}
${failuresHtml(report, w)}
</main>
</body>
</html>
`;
}

function headerHtml(report: SimulationReport, w: Words): string {
  const { run, scores } = report;
  const { overall } = scores;
  const info: [string, string][] = [
    [w('backend'), `${String(run.llm['backend'])} / ${String(run.llm['model'])}`],
    [w('seed'), String(run.seed)],
    [w('users'), String(run.users)],
    [w('runsPerUser'), String(run.repeat)],
    [w('speech'), speechNames(w.lang, run.speech) || w('clean')],
    ...(run.llm['perturb'] ? [[w('perturbation'), JSON.stringify(run.llm['perturb'])] as [string, string]] : []),
    [w('started'), run.startedAt],
    [w('finished'), run.finishedAt],
  ];
  const outcomes = outcomeCounts(w.lang, overall.outcomes);
  return `<header class="top">
  <div class="wrap">
    <div class="eyebrow">${esc(w('eyebrow'))}</div>
    <div class="verdict-row"><h1 id="headline">${esc(w('headline', { share: percent(overall.successRate), succeeded: overall.succeeded, runs: overall.runs }))}</h1></div>
    <p class="plain" id="plain-measured">${esc(w('plain', { users: overall.users, model: String(run.llm['model']), outcomes }))}</p>
    <details class="run-details"><summary class="sub">${esc(String(run.llm['backend']))} · ${esc(w('seedValue', run.seed))} · ${overall.users} × ${run.repeat}</summary>
    <dl class="run-info">${info.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl></details>
  </div>
</header>`;
}

function cardsHtml(report: SimulationReport, w: Words): string {
  const { overall } = report.scores;
  const firstTries = Math.round(overall.firstTryRate * overall.runs);
  const rate = (
    id: string,
    name: string,
    score: number,
    note: string,
  ) => `<article class="card metric metric-${score >= 0.999 ? 'good' : 'neutral'}" data-metric="${id}">
    <div class="card-head"><h3>${esc(name)}</h3></div>
    <div class="score-row"><div class="score">${percent(score)}</div></div>
    ${scoreBar(score, null, score >= 0.999 ? 'good' : 'neutral')}
    <p class="desc">${esc(note)}</p>
  </article>`;
  const figure = (id: string, name: string, value: number | string | null, note: string) => `<article class="card metric metric-neutral" data-metric="${id}">
    <div class="card-head"><h3>${esc(name)}</h3></div>
    <div class="score-row"><div class="score">${typeof value === 'string' ? esc(value) : mean(value)}</div></div>
    <p class="desc">${esc(note)}</p>
  </article>`;
  return `<section class="section" id="metrics">
  <h2>${esc(w('scores'))}</h2>
  <div class="cards">
  ${rate('taskSuccess', w('taskSuccess'), overall.successRate, w('taskSuccessNote', range(wilson(overall.succeeded, overall.runs))))}
  ${rate('firstTry', w('firstTry'), overall.firstTryRate, w('firstTryNote', range(wilson(firstTries, overall.runs))))}
  ${overall.repeat > 1 ? rate('passAllRepeats', w('passAll', overall.repeat), overall.passAllRepeats, w('passAllNote', overall.repeat)) : ''}
  ${figure('meanTurnsToSuccess', w('turns'), overall.meanTurnsToSuccess, w('turnsNote', mean(overall.meanExtraTurns)))}
  ${figure('meanLlmCallsToSuccess', w('llmCalls'), overall.meanLlmCallsToSuccess, w('llmCallsNote'))}
  ${figure('gaveUp', w('gaveUp'), String(overall.outcomes.gaveUp + overall.outcomes.cancelled), w('gaveUpNote', overall.outcomes.gaveUp, overall.outcomes.cancelled))}
  </div>
</section>`;
}

function trendHtml(trend: Trend | undefined, w: Words): string {
  if (!trend || trend.runs.length < 2) return '';
  const floor = sharedFloor(
    trend,
    SIMULATION_TREND_METRICS.map(([metric]) => metric),
  );
  const figures = SIMULATION_TREND_METRICS.map(([metric]) => {
    const name = w(metric);
    const chart = trendChart(trend, metric, name, floor, w.lang);
    return chart ? `<figure class="trend" data-metric="${metric}"><figcaption>${esc(name)}</figcaption>${chart}</figure>` : '';
  });
  return `<section class="section" id="trends">
  <h2>${esc(w('trends'))}</h2>
  <p class="muted">${esc(w('trendsNote', trend.runs.length))}</p>
  <div class="trends">${figures.join('')}</div>
</section>`;
}

function sliceTable(id: string, heading: string, first: string, rows: readonly [string, SliceScore][], w: Words): string {
  const body = rows
    .map(
      ([name, s]) =>
        `<tr><th scope="row">${esc(name)}</th><td>${s.runs}</td><td>${percent(s.successRate)}</td><td>${range(wilson(s.succeeded, s.runs))}</td><td>${percent(s.firstTryRate)}</td><td>${mean(s.meanTurnsToSuccess)}</td><td>${mean(s.meanExtraTurns)}</td><td>${mean(s.meanLlmCallsToSuccess)}</td></tr>`,
    )
    .join('');
  const heads = [first, w('runs'), w('success'), w('interval'), w('firstTryShort'), w('turns'), w('extraTurns'), w('llmCalls')];
  return `<section class="section" id="${id}">
  <h2>${esc(heading)}</h2>
  <div class="table-scroll" tabindex="0"><table class="figures"><thead><tr>${heads.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}

function failuresHtml(report: SimulationReport, w: Words): string {
  const shown = report.failures.slice(0, SHOWN_FAILURES);
  const items = shown.map((failure) => {
    const goal = failure.goal.map(goalItemText).join('; ');
    const turns = failure.transcript
      .map(
        (turn) =>
          `<li><span class="msg msg-user">${esc(turn.user)}</span> → <span class="msg msg-app">${esc(turn.spoken.join(' / ') || w('silence'))}</span>${turn.llm.length > 0 ? ` <span class="muted">[${esc(turn.llm.join(', '))}]</span>` : ''}</li>`,
      )
      .join('');
    return `<article class="dlg" id="u-${failure.userId}-${failure.repeat}"><details><summary><strong>${esc(w('userRun', failure.userId, failure.repeat))}</strong>: <span class="txt-fail">${esc(outcomeName(w.lang, failure.outcome))}</span> · ${esc(outcomeWhy(w.lang, failure.outcome, failure.transcript.length))} · ${esc(w('items', failure.goal.length))}</summary>
    <p class="muted">${esc(w('goal', goal))}</p><ol class="msgs">${turns}</ol></details></article>`;
  });
  const more = report.failures.length > shown.length ? `<p class="muted">${esc(w('moreInJson', report.failures.length - shown.length))}</p>` : '';
  return `<section class="section" id="failures">
  <h2>${esc(w('failedUsers', report.failures.length))}</h2>
  ${items.length === 0 ? `<p class="empty">${esc(w('everyUserSucceeded'))}</p>` : items.join('\n')}
  ${more}
</section>`;
}

export const simulationHtmlReporter: Reporter<ShownSimulation> = {
  file: 'report.html',
  render: ({ report, trend, lang }) => [renderSimulationHtml(report, trend, lang)],
};
