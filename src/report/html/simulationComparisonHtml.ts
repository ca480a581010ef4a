/** The comparison of two simulate reports as comparison.html (no script). */
import { escapeHtml as esc } from './escape.js';
import { pageHead } from './htmlPage.js';
import { REPORT_CSS } from './htmlStyles.js';
import { openNextHtml } from './htmlSummary.js';
import type { Lang } from '../model/reportTypes.js';
import type { RateDelta, ShownSimulationComparison, SimulationComparison } from '../model/simulationComparison.js';
import type { Reporter } from '../model/reporter.js';
import {
  MAX_EXAMPLES,
  type Say,
  deltaText,
  deltaTone,
  describeSide,
  exampleTitle,
  exampleTurns,
  flipLine,
  headlineOf,
  rate,
  sideModel,
  wordsIn,
} from '../words/simulationComparisonWords.js';

function examplesHtml(c: SimulationComparison, lang: Lang): string {
  if (c.examples.length === 0) return '';
  const say = wordsIn(lang);
  const items = c.examples
    .slice(0, MAX_EXAMPLES)
    .map(
      (example) =>
        `<article class="example" data-outcome="${esc(example.outcome)}"><h3>${esc(exampleTitle(example, lang))}</h3><ol class="transcript">${exampleTurns(
          example,
          '',
          say,
        )
          .map((line) => `<li>${esc(line)}</li>`)
          .join('')}</ol></article>`,
    )
    .join('');
  return `<section class="section" id="examples"><h2>${esc(say('cmpExamples'))}</h2>${items}</section>`;
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
