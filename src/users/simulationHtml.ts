/** The simulate report as one self-contained HTML page in run's look: no script, no network, tables a screen reader can walk. */
import { escapeHtml as esc } from '../report/escape.js';
import { percent } from '../report/format.js';
import { pageHead } from '../report/htmlPage.js';
import { REPORT_CSS } from '../report/htmlStyles.js';
import { scoreBar } from '../report/htmlSvg.js';
import { trendChart } from '../report/htmlTrends.js';
import type { Trend } from '../report/reportTypes.js';
import { wilson } from './rateInterval.js';
import type { SliceScore } from './scores.js';
import { SIMULATION_TREND_METRICS, type SimulationReport } from './simulationReport.js';

/** Transcripts shown in full; the rest are counted (report.json holds them all). */
const SHOWN_FAILURES = 50;

const mean = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const range = (interval: readonly [number, number] | null) => (interval ? `${percent(interval[0])}–${percent(interval[1])}` : '—');

export function renderSimulationHtml(report: SimulationReport, trend?: Trend): string {
  const { overall } = report.scores;
  const title = `Simulated users · task success ${percent(overall.successRate)} · ${String(report.run.llm['model'])}`;
  return `${pageHead({ lang: 'en', title, css: REPORT_CSS })}
<body>
${headerHtml(report)}
<main class="wrap">
${cardsHtml(report)}
${trendHtml(trend)}
${sliceTable('by-goal-size', 'By goal size', 'goal size', report.scores.byGoalSize.map((s) => [`${s.goalSize} item${s.goalSize === 1 ? '' : 's'}`, s]))}
${sliceTable('by-feature', 'By speech feature', 'feature', report.scores.byFeature.flatMap(({ feature, with: used, without }) => [[`${feature} used`, used], [`${feature} not used`, without]] as [string, SliceScore][]))}
${failuresHtml(report)}
</main>
</body>
</html>
`;
}

function headerHtml(report: SimulationReport): string {
  const { run, scores } = report;
  const { overall } = scores;
  const info: [string, string][] = [
    ['Backend', `${String(run.llm['backend'])} / ${String(run.llm['model'])}`],
    ['Seed', String(run.seed)],
    ['Users', String(run.users)],
    ['Runs per user', String(run.repeat)],
    ['Speech', run.speech.join(', ') || 'clean'],
    ...(run.llm['perturb'] ? [['Perturbation', JSON.stringify(run.llm['perturb'])] as [string, string]] : []),
    ['Started', run.startedAt],
    ['Finished', run.finishedAt],
  ];
  const outcomes = Object.entries(overall.outcomes).map(([outcome, n]) => `${outcome} ${n}`).join(', ');
  return `<header class="top">
  <div class="wrap">
    <div class="eyebrow">nlu-harness · simulated users</div>
    <div class="verdict-row"><h1 id="headline">Task success ${percent(overall.successRate)} (${overall.succeeded} of ${overall.runs} runs)</h1></div>
    <p class="plain" id="plain-measured">${overall.users} simulated users with goals of 1 to 10 transactions talked to ${esc(String(run.llm['model']))} until their rows were saved or they gave up. Outcomes: ${esc(outcomes)}.</p>
    <details class="run-details"><summary class="sub">${esc(String(run.llm['backend']))} · seed ${run.seed} · ${overall.users} × ${run.repeat}</summary>
    <dl class="run-info">${info.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl></details>
  </div>
</header>`;
}

function cardsHtml(report: SimulationReport): string {
  const { overall } = report.scores;
  const firstTries = Math.round(overall.firstTryRate * overall.runs);
  const rate = (id: string, name: string, score: number, note: string) => `<article class="card metric metric-${score >= 0.999 ? 'good' : 'neutral'}" data-metric="${id}">
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
  <h2>Scores</h2>
  <div class="cards">
  ${rate('taskSuccess', 'Task success (pass@1)', overall.successRate, `Runs whose saved rows equal the goal; 95% interval ${range(wilson(overall.succeeded, overall.runs))}.`)}
  ${rate('firstTry', 'First-utterance success', overall.firstTryRate, `Succeeded in the fewest turns the goal allows; 95% interval ${range(wilson(firstTries, overall.runs))}.`)}
  ${rate('passAllRepeats', `Every run succeeded (pass^${overall.repeat})`, overall.passAllRepeats, `Users who succeeded in all ${overall.repeat} of their runs.`)}
  ${figure('meanTurnsToSuccess', 'Turns to success', overall.meanTurnsToSuccess, `Mean over successful runs; ${mean(overall.meanExtraTurns)} more than the fewest possible.`)}
  ${figure('meanLlmCallsToSuccess', 'LLM calls to success', overall.meanLlmCallsToSuccess, 'Mean over successful runs.')}
  ${figure('gaveUp', 'Gave up or cancelled', String(overall.outcomes.gaveUp + overall.outcomes.cancelled), `Runs that ran out of patience (${overall.outcomes.gaveUp} walked away, ${overall.outcomes.cancelled} cancelled).`)}
  </div>
</section>`;
}

function trendHtml(trend: Trend | undefined): string {
  if (!trend || trend.runs.length < 2) return '';
  const figures = SIMULATION_TREND_METRICS.map(([metric, name]) => {
    const chart = trendChart(trend, metric, name);
    return chart ? `<figure class="trend" data-metric="${metric}"><figcaption>${esc(name)}</figcaption>${chart}</figure>` : '';
  });
  return `<section class="section" id="trends">
  <h2>Trends</h2>
  <p class="muted">The last ${trend.runs.length} comparable simulate runs from the history (same users, speech and model), this one last.</p>
  <div class="trends">${figures.join('')}</div>
</section>`;
}

function sliceTable(id: string, heading: string, first: string, rows: readonly [string, SliceScore][]): string {
  const body = rows
    .map(([name, s]) => `<tr><th scope="row">${esc(name)}</th><td>${s.runs}</td><td>${percent(s.successRate)}</td><td>${range(wilson(s.succeeded, s.runs))}</td><td>${percent(s.firstTryRate)}</td><td>${mean(s.meanTurnsToSuccess)}</td><td>${mean(s.meanExtraTurns)}</td><td>${mean(s.meanLlmCallsToSuccess)}</td></tr>`)
    .join('');
  const heads = [first, 'Runs', 'Success', '95% interval', 'First try', 'Turns to success', 'Extra turns', 'LLM calls to success'];
  return `<section class="section" id="${id}">
  <h2>${esc(heading)}</h2>
  <div class="table-scroll"><table class="figures"><thead><tr>${heads.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}

function failuresHtml(report: SimulationReport): string {
  const shown = report.failures.slice(0, SHOWN_FAILURES);
  const items = shown.map((failure) => {
    const goal = failure.goal.map((item) => `${item.description} ${item.amount} (${item.category})`).join('; ');
    const turns = failure.transcript
      .map((turn) => `<li><span class="msg msg-user">${esc(turn.user)}</span> → <span class="msg msg-app">${esc(turn.spoken.join(' / ') || '(silence)')}</span>${turn.llm.length > 0 ? ` <span class="muted">[${esc(turn.llm.join(', '))}]</span>` : ''}</li>`)
      .join('');
    return `<article class="dlg" id="u-${failure.userId}-${failure.repeat}"><details><summary><strong>User ${failure.userId}</strong>, run ${failure.repeat}: <span class="txt-fail">${esc(failure.outcome)}</span> · ${failure.goal.length} item${failure.goal.length === 1 ? '' : 's'}</summary>
    <p class="muted">Goal: ${esc(goal)}</p><ol class="msgs">${turns}</ol></details></article>`;
  });
  const more = report.failures.length > shown.length ? `<p class="muted">${report.failures.length - shown.length} more in report.json.</p>` : '';
  return `<section class="section" id="failures">
  <h2>Failed users (${report.failures.length})</h2>
  ${items.length === 0 ? '<p class="empty">Every user reached the goal.</p>' : items.join('\n')}
  ${more}
</section>`;
}
