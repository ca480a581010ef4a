/** The comparison of two simulate reports as comparison.md and comparison.html (no script), plus the console lines of `compare`. */
import { changeVerdict, changeWordText, toneClass, type ChangeVerdict } from '../report/changeWords.js';
import { escapeHtml as esc } from '../report/escape.js';
import { percent } from '../report/format.js';
import { pageHead } from '../report/htmlPage.js';
import { REPORT_CSS } from '../report/htmlStyles.js';
import { openNextHtml } from '../report/htmlSummary.js';
import { mdText } from '../report/markdownText.js';
import type { Lang } from '../report/reportTypes.js';
import { commandLine } from '../report/commandWords.js';
import type { BrokenExample, RateDelta, ShownSimulationComparison, SimulationComparison, UserFlip } from './simulationComparison.js';
import { outcomeName, outcomeWhy, simulationWord, speechName, type SimulationWord } from './simulationLabels.js';
import { goalItemText } from './simulationReport.js';
import { withoutControls } from '../report/format.js';
import type { Reporter } from '../report/reporter.js';

type Say = (key: SimulationWord, ...args: readonly (string | number)[]) => string;
const wordsIn = (lang: Lang): Say => (key, ...args) => simulationWord(lang, key, ...args);

const pp = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : '±'}${Math.abs(value * 100).toFixed(1)} pp`;
const rate = (s: RateDelta['a']) => (s ? `${percent(s.rate)} (${s.succeeded}/${s.runs})` : '—');
const deltaText = (d: RateDelta) => (d.delta === null ? '—' : `${pp(d.delta)}${d.interval ? ` [${pp(d.interval[0])}, ${pp(d.interval[1])}]` : ''}`);

function describeSide(c: SimulationComparison, which: 'a' | 'b', lang: Lang): string {
  const { label, report } = c[which];
  const run = report.run;
  const speech = run.speech.map((feature) => speechName(lang, feature)).join(lang === 'zh' ? '、' : ', ') || simulationWord(lang, 'clean');
  return simulationWord(lang, 'cmpSide', label, String(run.llm['backend']), String(run.llm['model']), run.seed, run.users, run.repeat, speech);
}

/** "heuristic / heuristic-rules-v1": a side in a few words, for the first screen; describeSide says the rest. */
function sideModel(c: SimulationComparison, which: 'a' | 'b'): string {
  const { llm } = c[which].report.run;
  return `${String(llm['backend'])} / ${String(llm['model'])}`;
}

export function headlineOf(c: SimulationComparison, lang: Lang = 'en'): string {
  const say = wordsIn(lang);
  const success = c.overall[0]!;
  const broke = c.flips.filter((f) => f.direction === 'broke').length;
  // The gate judges task success on this one interval, no family to adjust for: a fall counts unless
  // the tolerance forgives it, a rise beyond it is as sure.
  const fell = success.delta !== null && success.delta < 0;
  const counted = fell ? c.successFellCounted : success.interval !== null && success.interval[0] > 0;
  const verdict = verdictOf(success, counted ? 'counted' : 'notCounted');
  const chance = verdict && verdict.word !== 'unchanged' && success.interval ? `${lang === 'zh' ? '，' : ', '}${changeWordText(lang, verdict)}` : '';
  const change = success.delta === null ? say('cmpNoData') : say('cmpChange', rate(success.a), rate(success.b), deltaText(success), chance);
  return c.sameUsers ? say('cmpFlips', change, broke, c.flips.length - broke) : say('cmpOtherUsers', change);
}

/** What `compare` prints for two simulate reports. */
export function renderSimulationCompareConsole(c: SimulationComparison, lang: Lang = 'en'): string {
  const verdict = c.passed ? commandLine(lang, 'gatePass') : commandLine(lang, 'gateFail', c.regressions.length);
  const lines = [headlineOf(c, lang), ...c.regressions.map((r) => `${commandLine(lang, 'regression')} ${r}`), verdict];
  return withoutControls(`${lines.join('\n')}\n`);
}

function mdTable(title: string, rows: readonly RateDelta[], say: Say): string[] {
  return [`## ${title}`, '', say('cmpTableHead'), '|---|---:|---:|---:|', ...rows.map((d) => `| ${mdText(d.name)} | ${rate(d.a)} | ${rate(d.b)} | ${deltaText(d)} |`), ''];
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

/** "3 users: walked away — e.g. user 7, run 1 (…)". */
function exampleTitle(e: BrokenExample, lang: Lang): string {
  const { failure } = e;
  const why = outcomeWhy(lang, e.outcome, failure.transcript.length);
  return simulationWord(lang, e.users === 1 ? 'cmpExampleOne' : 'cmpExample', e.users, outcomeName(lang, e.outcome), failure.userId, failure.repeat, why);
}

/** The conversation line by line; `speaker` marks the user's words (an emoji in Markdown, none where a page may lack the font). */
function exampleTurns(e: BrokenExample, speaker: string, say: Say): string[] {
  return e.failure.transcript.map((turn) => `${speaker}${turn.user} → ${turn.spoken.join(' / ') || say('silence')}${turn.llm.length > 0 ? ` [${turn.llm.join(', ')}]` : ''}`);
}

function examplesMarkdown(c: SimulationComparison, lang: Lang): string[] {
  if (c.examples.length === 0) return [];
  const say = wordsIn(lang);
  const lines = [`## ${say('cmpExamples')}`, ''];
  for (const example of c.examples.slice(0, MAX_EXAMPLES)) {
    lines.push(`### ${mdText(exampleTitle(example, lang))}`, '', mdText(say('goal', example.failure.goal.map(goalItemText).join('; '))), '');
    lines.push(...exampleTurns(example, '🗣 ', say).map((line) => `- ${mdText(line)}`), '');
  }
  return lines;
}

function examplesHtml(c: SimulationComparison, lang: Lang): string {
  if (c.examples.length === 0) return '';
  const say = wordsIn(lang);
  const items = c.examples
    .slice(0, MAX_EXAMPLES)
    .map((example) => `<article class="example" data-outcome="${esc(example.outcome)}"><h3>${esc(exampleTitle(example, lang))}</h3><ol class="transcript">${exampleTurns(example, '', say).map((line) => `<li>${esc(line)}</li>`).join('')}</ol></article>`)
    .join('');
  return `<section class="section" id="examples"><h2>${esc(say('cmpExamples'))}</h2>${items}</section>`;
}

/** Ways of breaking shown with a transcript; the rest are counted in the flips below. */
const MAX_EXAMPLES = 5;

function flipLine(f: UserFlip, say: Say): string {
  return say('cmpFlip', f.userId, say(f.goalSize === 1 ? 'item' : 'items', f.goalSize), f.a, f.b);
}

export function renderSimulationComparisonMarkdown(c: SimulationComparison, lang: Lang = 'en'): string {
  const say = wordsIn(lang);
  const gate = c.passed ? say('cmpGatePass') : say('cmpGateFail', mdText(c.regressions.join(lang === 'zh' ? '；' : '; ')));
  const lines = [
    `# ${say('cmpTitle')}`,
    '',
    `- A — ${mdText(describeSide(c, 'a', lang))}`,
    `- B — ${mdText(describeSide(c, 'b', lang))}`,
    '',
    `**${mdText(headlineOf(c, lang))}**${lang === 'zh' ? '。' : '. '}${say('cmpGate', gate)}${lang === 'zh' ? '。' : '.'}`,
    '',
    `_${say('cmpNote')}_`,
    '',
    ...examplesMarkdown(c, lang),
    ...mdTable(say('cmpOverall'), c.overall, say),
    ...mdTable(say('byGoalSize'), c.byGoalSize, say),
    ...mdTable(say('byFeature'), c.byFeature, say),
    `## ${say('cmpFlipped')}`,
    '',
  ];
  if (!c.sameUsers) lines.push(say('cmpOtherSeeds'), '');
  else if (c.flips.length === 0) lines.push(say('cmpNone'), '');
  else for (const direction of ['broke', 'fixed'] as const) {
    const flips = c.flips.filter((f) => f.direction === direction);
    lines.push(`### ${say(direction === 'broke' ? 'cmpBroke' : 'cmpFixed', flips.length)}`, '', ...flips.map((f) => `- ${flipLine(f, say)}`), '');
  }
  return withoutControls(`${lines.join('\n')}\n`);
}

function htmlTable(id: string, title: string, rows: readonly RateDelta[], say: Say): string {
  const body = rows
    .map((d) => {
      return `<tr data-slice="${esc(d.name)}"><th scope="row">${esc(d.name)}</th><td class="num">${esc(rate(d.a))}</td><td class="num">${esc(rate(d.b))}</td><td class="num ${deltaTone(d)}">${esc(deltaText(d))}</td></tr>`;
    })
    .join('');
  return `<section class="section" id="${id}">
  <h2>${esc(title)}</h2>
  <div class="table-scroll" tabindex="0"><table class="figures"><thead><tr><th scope="col">${esc(say('cmpSlice'))}</th><th scope="col">A</th><th scope="col">B</th><th scope="col">${esc(say('cmpDelta'))}</th></tr></thead><tbody>${body}</tbody></table></div>
</section>`;
}

function flipsHtml(c: SimulationComparison, say: Say): string {
  if (!c.sameUsers) return `<p class="muted">${esc(say('cmpOtherSeeds'))}</p>`;
  return (['broke', 'fixed'] as const)
    .map((direction) => {
      const flips = c.flips.filter((f) => f.direction === direction);
      const items = flips.map((f) => `<li data-user="${f.userId}">${esc(flipLine(f, say))}</li>`).join('');
      return `<h3>${esc(say(direction === 'broke' ? 'cmpBroke' : 'cmpFixed', flips.length))}</h3>${flips.length > 0 ? `<ul id="${direction}">${items}</ul>` : `<p class="muted">${esc(say('cmpNone'))}</p>`}`;
    })
    .join('\n');
}

export function renderSimulationComparisonHtml(c: SimulationComparison, lang: Lang = 'en'): string {
  const say = wordsIn(lang);
  const headline = headlineOf(c, lang);
  return `${pageHead({ lang, title: say('cmpPageTitle', headline), css: `${REPORT_CSS}\n.num { text-align: right; font-variant-numeric: tabular-nums; }` })}
<body>
<header class="top">
  <div class="wrap">
    <div class="eyebrow">${esc(say('cmpEyebrow'))}</div>
    <div class="verdict-row">
      <span class="verdict ${c.passed ? 'verdict-pass' : 'verdict-fail'}">${esc(say(c.passed ? 'cmpPass' : 'cmpFail'))}</span>
      <h1 id="headline">${esc(headline)}</h1>
    </div>
    ${c.regressions.length > 0 ? `<ul class="findings" id="regressions">${c.regressions.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : ''}
    ${openNextHtml(lang, [...(c.examples.length > 0 ? [['#examples', say('cmpOpenWhatBroke')] as const] : []), ['#overall', say('cmpOverall')], ['#flips', say('cmpFlipped')]])}
    <details class="run-details" id="sides"><summary class="sub">A: ${esc(sideModel(c, 'a'))} · B: ${esc(sideModel(c, 'b'))}</summary>
    <p class="plain">A — ${esc(describeSide(c, 'a', lang))}</p>
    <p class="plain">B — ${esc(describeSide(c, 'b', lang))}</p></details>
  </div>
</header>
<main class="wrap">
${examplesHtml(c, lang)}
<p class="muted">${esc(say('cmpNote'))}</p>
${htmlTable('overall', say('cmpOverall'), c.overall, say)}
${htmlTable('by-goal-size', say('byGoalSize'), c.byGoalSize, say)}
${htmlTable('by-feature', say('byFeature'), c.byFeature, say)}
<section class="section" id="flips">
  <h2>${esc(say('cmpFlipped'))}</h2>
  ${flipsHtml(c, say)}
</section>
</main>
</body>
</html>
`;
}

export const simulationComparisonHtmlReporter: Reporter<ShownSimulationComparison> = {
  file: 'comparison.html',
  render: ({ comparison, lang }) => [renderSimulationComparisonHtml(comparison, lang)],
};

export const simulationComparisonMarkdownReporter: Reporter<ShownSimulationComparison> = {
  file: 'comparison.md',
  render: ({ comparison, lang }) => [renderSimulationComparisonMarkdown(comparison, lang)],
};
