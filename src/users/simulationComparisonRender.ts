/** The comparison of two simulate reports as comparison.md and comparison.html (no script), plus the console lines of `compare`. */
import { changeVerdict, changeWordText, toneClass, type ChangeVerdict } from '../report/changeWords.js';
import { escapeHtml as esc } from '../report/escape.js';
import { percent } from '../report/format.js';
import { pageHead } from '../report/htmlPage.js';
import { REPORT_CSS } from '../report/htmlStyles.js';
import { openNextHtml } from '../report/htmlSummary.js';
import { mdText } from '../report/markdownText.js';
import type { BrokenExample, RateDelta, SimulationComparison, UserFlip } from './simulationComparison.js';
import { outcomeName, outcomeWhy } from './simulationLabels.js';
import { goalItemText } from './simulationReport.js';
import { withoutControls } from '../report/format.js';
import type { Reporter } from '../report/reporter.js';

const NOTE = 'Intervals are 95% Newcombe intervals of the difference, drawn as if the two samples were independent; with the same seed the users are the same people, so they are on the wide side.';

const pp = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : '±'}${Math.abs(value * 100).toFixed(1)} pp`;
const rate = (s: RateDelta['a']) => (s ? `${percent(s.rate)} (${s.succeeded}/${s.runs})` : '—');
const deltaText = (d: RateDelta) => (d.delta === null ? '—' : `${pp(d.delta)}${d.interval ? ` [${pp(d.interval[0])}, ${pp(d.interval[1])}]` : ''}`);

function describeSide(c: SimulationComparison, which: 'a' | 'b'): string {
  const { label, report } = c[which];
  const run = report.run;
  return `${label}: ${String(run.llm['backend'])} / ${String(run.llm['model'])}, seed ${run.seed}, ${run.users} users × ${run.repeat}, speech ${run.speech.join(', ') || 'clean'}`;
}

/** "heuristic / heuristic-rules-v1": a side in a few words, for the first screen; describeSide says the rest. */
function sideModel(c: SimulationComparison, which: 'a' | 'b'): string {
  const { llm } = c[which].report.run;
  return `${String(llm['backend'])} / ${String(llm['model'])}`;
}

export function headlineOf(c: SimulationComparison): string {
  const success = c.overall[0]!;
  const broke = c.flips.filter((f) => f.direction === 'broke').length;
  // The gate judges task success on this one interval, no family to adjust for: a fall counts unless
  // the tolerance forgives it (simulationRegressions words it first), a rise beyond it is as sure.
  const fell = success.delta !== null && success.delta < 0;
  const counted = fell ? c.regressions.some((r) => r.startsWith('task success fell')) : success.interval !== null && success.interval[0] > 0;
  const verdict = verdictOf(success, counted ? 'counted' : 'notCounted');
  const chance = verdict && verdict.word !== 'unchanged' && success.interval ? `, ${changeWordText('en', verdict)}` : '';
  const change = success.delta === null ? 'task success n/a' : `task success ${rate(success.a)} → ${rate(success.b)}, ${deltaText(success)}${chance}`;
  return c.sameUsers ? `${change}; ${broke} user(s) broke, ${c.flips.length - broke} fixed` : `${change}; different seeds, so different users (no per-user flips)`;
}

/** What `compare` prints for two simulate reports. */
export function renderSimulationCompareConsole(c: SimulationComparison): string {
  const lines = [headlineOf(c), ...c.regressions.map((r) => `REGRESSION ${r}`), c.passed ? 'gate: pass' : `gate: FAIL (${c.regressions.length} regression(s))`];
  return withoutControls(`${lines.join('\n')}\n`);
}

function mdTable(title: string, rows: readonly RateDelta[]): string[] {
  return [`## ${title}`, '', '| slice | A | B | Δ [95% interval] |', '|---|---:|---:|---:|', ...rows.map((d) => `| ${mdText(d.name)} | ${rate(d.a)} | ${rate(d.b)} | ${deltaText(d)} |`), ''];
}

/**
 * A delta's word and colour by the one rule of report/changeWords.ts: its 95 % interval decides (the
 * gate fails on the same interval).
 */
function verdictOf(d: RateDelta, test?: 'counted' | 'notCounted'): ChangeVerdict | null {
  if (d.delta === null) return null;
  const interval = d.interval ? { low: d.interval[0], high: d.interval[1], level: 95 } : null;
  return changeVerdict({ delta: d.delta, interval, ...(test ? { test } : {}) });
}

/** Delta in a colour only when changeVerdict paints it: a change chance alone could make is not painted as loss or gain. */
function deltaTone(d: RateDelta): string {
  return toneClass(verdictOf(d)?.tone ?? 'neutral');
}

/** "User 4, run 1: gave up — …" and the conversation, line by line. */
function exampleTitle(e: BrokenExample): string {
  const { failure } = e;
  return `${e.users} user${e.users === 1 ? '' : 's'}: ${outcomeName('en', e.outcome)} — e.g. user ${failure.userId}, run ${failure.repeat} (${outcomeWhy('en', e.outcome, failure.transcript.length)})`;
}

/** The conversation line by line; `speaker` marks the user's words (an emoji in Markdown, none where a page may lack the font). */
function exampleTurns(e: BrokenExample, speaker: string): string[] {
  return e.failure.transcript.map((turn) => `${speaker}${turn.user} → ${turn.spoken.join(' / ') || '(silence)'}${turn.llm.length > 0 ? ` [${turn.llm.join(', ')}]` : ''}`);
}

function examplesMarkdown(c: SimulationComparison): string[] {
  if (c.examples.length === 0) return [];
  const lines = ['## What broke, one conversation each', ''];
  for (const example of c.examples.slice(0, MAX_EXAMPLES)) {
    lines.push(`### ${mdText(exampleTitle(example))}`, '', `Goal: ${mdText(example.failure.goal.map(goalItemText).join('; '))}`, '');
    lines.push(...exampleTurns(example, '🗣 ').map((line) => `- ${mdText(line)}`), '');
  }
  return lines;
}

function examplesHtml(c: SimulationComparison): string {
  if (c.examples.length === 0) return '';
  const items = c.examples
    .slice(0, MAX_EXAMPLES)
    .map((example) => `<article class="example" data-outcome="${esc(example.outcome)}"><h3>${esc(exampleTitle(example))}</h3><ol class="transcript">${exampleTurns(example, '').map((line) => `<li>${esc(line)}</li>`).join('')}</ol></article>`)
    .join('');
  return `<section class="section" id="examples"><h2>What broke, one conversation each</h2>${items}</section>`;
}

/** Ways of breaking shown with a transcript; the rest are counted in the flips below. */
const MAX_EXAMPLES = 5;

function flipLine(f: UserFlip): string {
  return `user ${f.userId} (${f.goalSize} item${f.goalSize === 1 ? '' : 's'}): ${f.a} → ${f.b}`;
}

export function renderSimulationComparisonMarkdown(c: SimulationComparison): string {
  const lines = [
    '# Simulated users: A against B',
    '',
    `- A — ${mdText(describeSide(c, 'a'))}`,
    `- B — ${mdText(describeSide(c, 'b'))}`,
    '',
    `**${mdText(headlineOf(c))}**. Gate: ${c.passed ? 'pass' : `FAIL — ${mdText(c.regressions.join('; '))}`}.`,
    '',
    `_${NOTE}_`,
    '',
    ...examplesMarkdown(c),
    ...mdTable('Overall', c.overall),
    ...mdTable('By goal size', c.byGoalSize),
    ...mdTable('By speech feature', c.byFeature),
    '## Users that flipped',
    '',
  ];
  if (!c.sameUsers) lines.push('The two runs have different seeds: user N is a different person on each side.', '');
  else if (c.flips.length === 0) lines.push('None.', '');
  else for (const direction of ['broke', 'fixed'] as const) {
    const flips = c.flips.filter((f) => f.direction === direction);
    lines.push(`### ${direction === 'broke' ? 'Broke' : 'Fixed'} (${flips.length})`, '', ...flips.map((f) => `- ${flipLine(f)}`), '');
  }
  return withoutControls(`${lines.join('\n')}\n`);
}

function htmlTable(id: string, title: string, rows: readonly RateDelta[]): string {
  const body = rows
    .map((d) => {
      return `<tr data-slice="${esc(d.name)}"><th scope="row">${esc(d.name)}</th><td class="num">${esc(rate(d.a))}</td><td class="num">${esc(rate(d.b))}</td><td class="num ${deltaTone(d)}">${esc(deltaText(d))}</td></tr>`;
    })
    .join('');
  return `<section class="section" id="${id}">
  <h2>${esc(title)}</h2>
  <div class="table-scroll" tabindex="0"><table class="figures"><thead><tr><th scope="col">Slice</th><th scope="col">A</th><th scope="col">B</th><th scope="col">Δ [95% interval]</th></tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}

function flipsHtml(c: SimulationComparison): string {
  if (!c.sameUsers) return '<p class="muted">The two runs have different seeds: user N is a different person on each side.</p>';
  return (['broke', 'fixed'] as const)
    .map((direction) => {
      const flips = c.flips.filter((f) => f.direction === direction);
      const items = flips.map((f) => `<li data-user="${f.userId}">${esc(flipLine(f))}</li>`).join('');
      return `<h3>${direction === 'broke' ? 'Broke' : 'Fixed'} (${flips.length})</h3>${flips.length > 0 ? `<ul id="${direction}">${items}</ul>` : '<p class="muted">None.</p>'}`;
    })
    .join('\n');
}

export function renderSimulationComparisonHtml(c: SimulationComparison): string {
  return `${pageHead({ lang: 'en', title: `Simulated users compared · ${headlineOf(c)}`, css: `${REPORT_CSS}\n.num { text-align: right; font-variant-numeric: tabular-nums; }` })}
<body>
<header class="top">
  <div class="wrap">
    <div class="eyebrow">nlu-harness · simulated users compared</div>
    <div class="verdict-row">
      <span class="verdict ${c.passed ? 'verdict-pass' : 'verdict-fail'}">${c.passed ? '✓ Pass' : '✗ Fail'}</span>
      <h1 id="headline">${esc(headlineOf(c))}</h1>
    </div>
    ${c.regressions.length > 0 ? `<ul class="findings" id="regressions">${c.regressions.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : ''}
    ${openNextHtml('en', [...(c.examples.length > 0 ? [['#examples', 'What broke'] as const] : []), ['#overall', 'Overall'], ['#flips', 'Users that flipped']])}
    <details class="run-details" id="sides"><summary class="sub">A: ${esc(sideModel(c, 'a'))} · B: ${esc(sideModel(c, 'b'))}</summary>
    <p class="plain">A — ${esc(describeSide(c, 'a'))}</p>
    <p class="plain">B — ${esc(describeSide(c, 'b'))}</p></details>
  </div>
</header>
<main class="wrap">
${examplesHtml(c)}
<p class="muted">${esc(NOTE)}</p>
${htmlTable('overall', 'Overall', c.overall)}
${htmlTable('by-goal-size', 'By goal size', c.byGoalSize)}
${htmlTable('by-feature', 'By speech feature', c.byFeature)}
<section class="section" id="flips">
  <h2>Users that flipped</h2>
  ${flipsHtml(c)}
</section>
</main>
</body>
</html>
`;
}

export const simulationComparisonHtmlReporter: Reporter<SimulationComparison> = {
  file: 'comparison.html',
  render: (c) => [renderSimulationComparisonHtml(c)],
};

export const simulationComparisonMarkdownReporter: Reporter<SimulationComparison> = {
  file: 'comparison.md',
  render: (c) => [renderSimulationComparisonMarkdown(c)],
};
