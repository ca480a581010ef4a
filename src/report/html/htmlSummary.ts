/** Server-rendered top of the HTML report: verdict, run info, totals and the gate. */
import { suiteMove } from '../model/suiteMove.js';
import { suiteMoveShort } from '../words/leadWords.js';
import { escapeHtml as esc, uriFragment } from './escape.js';
import { percent, truncate } from '../words/format.js';
import { headlineOf } from '../words/headline.js';
import { dialoguesPassedSaid } from '../model/runView.js';
import { brokeCount } from '../words/changeWords.js';
import { inLang, label, metricName, type PageLabel } from '../words/labels.js';
import { punctuation } from '../words/wording.js';
import { passFailBar } from './htmlSvg.js';
import { promptDiffHtml } from './promptDiffHtml.js';
import {
  provenanceEntries,
  unjudgedTurnsLine,
  describeFindingChange,
  brokeDialogues,
  findDialogue,
  findingMetricName,
  metricFindings,
  metricRegressions,
  overallPassed,
  runOutcome,
} from '../model/reportQueries.js';
import type { GateFinding, GateResult, Lang, Report } from '../model/reportTypes.js';
import { behaviourName, moreBehavioursLine, oldAndNewLine, WHAT_BROKE_WORDS, whatBroke, whatBrokeHeading, type WhatBroke } from '../model/whatBroke.js';

export function headerHtml(report: Report, broke: WhatBroke = whatBroke(report)): string {
  const lang = report.view?.lang ?? 'en';
  const ok = overallPassed(report);
  const { run } = report;
  const plain = headlineOf(report, lang);
  const outcome = runOutcome(report);
  const gateWord =
    outcome === 'letThrough' ? 'gateLetThrough' : outcome === 'notDecided' ? 'gateNotDecided' : report.gate?.passed ? 'gatePassed' : 'gateFailed';
  const gateLine = report.gate ? ` · ${esc(label(lang, gateWord))} <code>${esc(report.gate.baseline)}</code>` : '';
  const info: Array<[PageLabel, string]> = [
    ['backend', `${run.llm.backend} / ${run.llm.model}`],
    ['mode', run.mode],
    ['protocol', run.protocol],
    ['seed', String(run.seed)],
    ['repeat', String(run.repeat)],
    ['datasets', run.datasets.join(', ') || '—'],
    ['started', run.startedAt],
    ['finished', run.finishedAt],
  ];
  if (run.shard) info.push(['shard', run.shard]);
  if (run.filter.length > 0) info.push(['filter', run.filter.join(', ')]);
  const rows: Array<[string, string]> = [...info.map(([key, value]): [string, string] => [label(lang, key), value]), ...provenanceEntries(report, lang)];
  return `<header class="top">
  <div class="wrap">
    <div class="eyebrow">${esc(label(lang, 'eyebrow'))}</div>
    <div class="verdict-row">
      <span class="verdict ${ok && outcome === 'passed' ? 'verdict-pass' : 'verdict-fail'}">${{ passed: '✓', failed: '✗', letThrough: '◐', notDecided: '✗' }[outcome]} ${esc(label(lang, outcome))}</span>
      <h1 id="headline">${esc((report.gate && report.run.repeat > 1 ? suiteMoveShort(suiteMove(report, report.gate), lang) : null) ?? dialoguesPassedSaid(report, lang))}</h1>
    </div>
    <p class="plain" id="plain-measured">${esc(plain.measured)}</p>
    ${plain.changedLead ? `<p class="plain plain-changed${plain.changedBeyondNoise ? '' : ' plain-noise'}" id="plain-changed">${esc(plain.changedLead)}</p>` : ''}
    ${headerFolds([
      plain.changedMore ? ['more-changes', label(lang, 'moreChanges', plain.changedMore.count), plain.changedMore.text] : null,
      plain.changedAside ? ['compared-how', label(lang, 'comparedHow'), plain.changedAside] : null,
      plain.changedDetails ? ['how-sure', label(lang, 'howSure'), plain.changedDetails] : null,
    ])}
    ${promptDiffHtml(report.gate, lang)}
    ${openNextHtml(lang, runPageLinks(report, broke.ids.length, lang))}
    <details class="run-details"><summary class="sub">${esc(run.llm.backend)} · ${esc(run.llm.model)} · ${esc(label(lang, 'mode'))} ${esc(run.mode)} · ${esc(label(lang, 'protocol'))} ${esc(run.protocol)}${gateLine}</summary>
    <dl class="run-info">${rows.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl></details>
  </div>
</header>`;
}

/** The folds under the lead side by side on one line (an opened one takes a line of its own). */
function headerFolds(folds: readonly ([id: string, summary: string, text: string] | null)[]): string {
  const shown = folds.filter((fold) => fold !== null);
  if (shown.length === 0) return '';
  return `<div class="folds">${shown.map(([id, summary, text]) => `<details class="how-sure" id="${id}"><summary>${esc(summary)}</summary><p class="muted">${esc(text)}</p></details>`).join('')}</div>`;
}

/** A first screen's last line: the sections a reader opens next, linked. */
export function openNextHtml(lang: Lang, links: readonly (readonly [href: string, text: string])[]): string {
  const anchors = links.map(([href, text]) => `<a href="${esc(href)}">${esc(text)}</a>`).join(' · ');
  return `<nav class="open-next" id="open-next" aria-label="${esc(label(lang, 'openNext'))}">${esc(label(lang, 'openNext'))}${punctuation(lang).colon}${anchors}</nav>`;
}

/** What broke (when something did), the metrics, the trend (when the history has one), the failing dialogues. */
function runPageLinks(report: Report, broke: number, lang: Lang): [string, string][] {
  const failed = report.summary.dialogues.failed;
  const links: [string, string][] = [];
  if (broke > 0) links.push(['#what-broke', label(lang, 'openWhatBroke', broke)]);
  links.push(['#metrics', label(lang, 'metrics')]);
  if ((report.view?.trend?.runs.length ?? 0) >= 2) links.push(['#trends', label(lang, 'trends')]);
  links.push(['#dialogues-section', failed > 0 ? label(lang, 'openFailing', failed) : label(lang, 'dialogues')]);
  return links;
}

/** The first thing under the verdict: which behaviours broke, how often, and one example each (its transcript one click away). */
/** `anchor`: the prefix of the element ids a page gives its transcripts (`d-` on a report, `f-` on a comparison). */
export function whatBrokeHtml(lang: Lang, againstBaseline: boolean, broke: WhatBroke, anchor = 'd-'): string {
  if (broke.behaviours.length === 0) return '';
  const apart = oldAndNewLine(lang, broke);
  const item = (behaviour: WhatBroke['behaviours'][number]) => {
    const { id, turn, input, difference, why } = behaviour.example;
    const link = `<a href="#${anchor}${esc(uriFragment(id))}"><code>${esc(id)}</code></a>`;
    const example = `${esc(inLang(lang, WHAT_BROKE_WORDS.example))} ${link} · ${esc(label(lang, 'turn', turn))} ${esc(truncate(input, 60))} · ${esc(truncate(difference, 200))}${why ? ` <span class="muted">(${esc(truncate(why, 160))})</span>` : ''}`;
    return `<li><span class="n">${behaviour.count}</span><strong>${esc(behaviourName(lang, behaviour.key))}</strong><span class="example">${example}</span></li>`;
  };
  const items = broke.behaviours.slice(0, MAX_BEHAVIOURS).map(item);
  const rest = broke.behaviours.slice(MAX_BEHAVIOURS);
  // The rest open in place: a count alone cannot be acted on.
  if (rest.length > 0) {
    const more = esc(moreBehavioursLine(lang, rest));
    items.push(`<li class="more-behaviours"><details><summary>${more}</summary><ol class="behaviours">${rest.map(item).join('')}</ol></details></li>`);
  }
  return `<section class="panel panel-fail what-broke" id="what-broke">
  <h2>${esc(whatBrokeHeading(lang, againstBaseline, broke))}</h2>${apart ? `\n  <p class="muted" id="old-and-new">${esc(apart)}</p>` : ''}
  <ol class="behaviours">${items.join('')}</ol>
</section>`;
}

/** Behaviours on the first screen; the rest are counted. */
const MAX_BEHAVIOURS = 3;

export function totalsHtml(report: Report): string {
  const { dialogues, turns, checks, passAt1, passHatK } = report.summary;
  const lang = report.view?.lang ?? 'en';
  const stat = (title: string, c: { total: number; passed: number; failed: number }) => `<div class="stat">
      <div class="stat-label">${title}</div>
      <div class="stat-value">${c.passed}<span class="stat-of">/${c.total}</span></div>
      ${passFailBar(c.passed, c.failed)}
      <div class="stat-foot">${c.failed > 0 ? `<span class="txt-fail">${esc(label(lang, 'nFailed', c.failed))}</span>` : esc(label(lang, 'allPassed'))}</div>
    </div>`;
  const repeat = report.run.repeat;
  const passK =
    repeat > 1
      ? `<div class="stat" title="pass@1 / pass^${repeat}"><div class="stat-label">${esc(label(lang, 'runsPassed'))}</div><div class="stat-value">${percent(passAt1)}</div><div class="stat-foot">${esc(label(lang, 'everyRunPassed', repeat, percent(passHatK)))}</div></div>`
      : '';
  const unjudged = unjudgedTurnsLine(report, lang);
  return `<section class="stats">${stat(label(lang, 'dialogues'), dialogues)}${stat(label(lang, 'turns'), turns)}${stat(label(lang, 'checks'), checks)}${passK}</section>${unjudged ? `<p class="muted">${esc(unjudged)}</p>` : ''}`;
}

export function gateHtml(report: Report): string {
  const gate = report.gate;
  if (!gate) return '';
  const lang = report.view?.lang ?? 'en';
  const parts: string[] = [];
  if (gate.regressions.length > 0) {
    parts.push(`<section class="panel panel-fail" id="regressions">
  <h2>${esc(label(lang, 'regressionsAgainst'))} <code>${esc(gate.baseline)}</code></h2>
  <ul class="findings">${regressionItems(report, gate)}</ul>
</section>`);
  }
  if (gate.improvements.length > 0) {
    parts.push(`<section class="panel panel-pass" id="improvements">
  <h2>${esc(label(lang, 'improvementsAgainst'))} <code>${esc(gate.baseline)}</code></h2>
  <ul class="findings">${[...metricFindings(gate.improvements), ...gate.improvements.filter((f) => f.kind !== 'metric')].map((f) => findingItem(report, f, 'improvement')).join('')}</ul>
</section>`);
  }
  if (parts.length === 0) {
    parts.push(`<section class="panel panel-quiet"><p>${esc(label(lang, 'noChange'))} <code>${esc(gate.baseline)}</code>.</p></section>`);
  }
  return parts.join('\n');
}

/** The metrics that regressed, then the dialogues that broke as every page counts them (the first few; the rest counted). */
function regressionItems(report: Report, gate: GateResult): string {
  const lang = report.view?.lang ?? 'en';
  const metrics = metricRegressions(gate).map((f) => findingItem(report, f, 'regression'));
  const broke = brokeDialogues(report, gate, lang);
  const dialogues = broke
    .slice(0, MAX_BROKE_LISTED)
    .map(
      (d) =>
        `<li><span class="txt-fail">▼</span> <a href="#d-${esc(uriFragment(d.id))}"><code>${esc(d.id)}</code>${d.title ? ` ${esc(d.title)}` : ''}</a> <span class="muted">${esc(d.change)}</span></li>`,
    );
  if (broke.length > MAX_BROKE_LISTED) dialogues.push(`<li class="muted">${esc(label(lang, 'andMore', broke.length - MAX_BROKE_LISTED))}</li>`);
  const heading = broke.length > 0 ? [`<li class="findings-head">${esc(brokeCount(gate, lang))}</li>`] : [];
  return [...metrics, ...heading, ...dialogues].join('');
}

const MAX_BROKE_LISTED = 12;

function findingItem(report: Report, finding: GateFinding, direction: 'regression' | 'improvement'): string {
  const arrow = direction === 'regression' ? '<span class="txt-fail">▼</span>' : '<span class="txt-pass">▲</span>';
  if (finding.kind === 'metric') {
    return `<li>${arrow} <strong>${esc(metricName(report.view?.lang ?? 'en', findingMetricName(finding)))}</strong> <span class="muted">${esc(describeFindingChange(finding, false, undefined, report.view?.lang ?? 'en'))}</span></li>`;
  }
  const dialogue = findDialogue(report, finding.name);
  const title = dialogue ? ` ${esc(dialogue.title)}` : '';
  return `<li>${arrow} <a href="#d-${esc(uriFragment(finding.name))}"><code>${esc(finding.name)}</code>${title}</a> <span class="muted">${esc(describeFindingChange(finding, false, undefined, report.view?.lang ?? 'en'))}</span></li>`;
}
