/** Server-rendered top of the HTML report: verdict, run info, totals and the gate. */
import { escapeHtml as esc } from './escape.js';
import { percent } from './format.js';
import { passFailBar } from './htmlSvg.js';
import {
  provenanceEntries,
  describeFindingChange,
  findDialogue,
  metricLabel,
  overallPassed,
} from './reportQueries.js';
import type { GateFinding, Report } from './reportTypes.js';

export function headerHtml(report: Report): string {
  const ok = overallPassed(report);
  const { run } = report;
  const { total, passed } = report.summary.dialogues;
  const gateLine = report.gate
    ? ` · regression gate ${report.gate.passed ? 'passed' : 'failed'} against <code>${esc(report.gate.baseline)}</code>`
    : '';
  const info: Array<[string, string]> = [
    ['Backend', `${run.llm.backend} / ${run.llm.model}`],
    ['Mode', run.mode],
    ['Protocol', run.protocol],
    ['Seed', String(run.seed)],
    ['Repeat', String(run.repeat)],
    ['Datasets', run.datasets.join(', ') || '—'],
    ['Started', run.startedAt],
    ['Finished', run.finishedAt],
  ];
  if (run.shard) info.push(['Shard', run.shard]);
  if (run.filter.length > 0) info.push(['Filter', run.filter.join(', ')]);
  info.push(...provenanceEntries(report));
  return `<header class="top">
  <div class="wrap">
    <div class="eyebrow">Voice bookkeeping · NLU evaluation</div>
    <div class="verdict-row">
      <span class="verdict ${ok ? 'verdict-pass' : 'verdict-fail'}">${ok ? '✓ Passed' : '✗ Failed'}</span>
      <h1 id="headline">${passed} of ${total} dialogues passed</h1>
    </div>
    <p class="sub">${esc(run.llm.backend)} · ${esc(run.llm.model)} · ${esc(run.mode)} mode · ${esc(run.protocol)} protocol${gateLine}</p>
    <dl class="run-info">${info.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>
  </div>
</header>`;
}

export function totalsHtml(report: Report): string {
  const { dialogues, turns, checks, passAt1, passHatK } = report.summary;
  const stat = (label: string, c: { total: number; passed: number; failed: number }) => `<div class="stat">
      <div class="stat-label">${label}</div>
      <div class="stat-value">${c.passed}<span class="stat-of">/${c.total}</span></div>
      ${passFailBar(c.passed, c.failed)}
      <div class="stat-foot">${c.failed > 0 ? `<span class="txt-fail">${c.failed} failed</span>` : 'all passed'}</div>
    </div>`;
  const repeat = report.run.repeat;
  const passK =
    repeat > 1
      ? `<div class="stat"><div class="stat-label">pass@1 / pass^${repeat}</div><div class="stat-value">${percent(passAt1)}<span class="stat-of"> / ${percent(passHatK)}</span></div><div class="stat-foot">over ${repeat} runs per dialogue</div></div>`
      : '';
  return `<section class="stats">${stat('Dialogues', dialogues)}${stat('Turns', turns)}${stat('Checks', checks)}${passK}</section>`;
}

export function gateHtml(report: Report): string {
  const gate = report.gate;
  if (!gate) return '';
  const parts: string[] = [];
  if (gate.regressions.length > 0) {
    parts.push(`<section class="panel panel-fail" id="regressions">
  <h2>Regressions against <code>${esc(gate.baseline)}</code></h2>
  <ul class="findings">${gate.regressions.map((f) => findingItem(report, f, 'regression')).join('')}</ul>
</section>`);
  }
  if (gate.improvements.length > 0) {
    parts.push(`<section class="panel panel-pass" id="improvements">
  <h2>Improvements against <code>${esc(gate.baseline)}</code></h2>
  <ul class="findings">${gate.improvements.map((f) => findingItem(report, f, 'improvement')).join('')}</ul>
</section>`);
  }
  if (parts.length === 0) {
    parts.push(`<section class="panel panel-quiet"><p>No change beyond tolerance against <code>${esc(gate.baseline)}</code>.</p></section>`);
  }
  return parts.join('\n');
}

function findingItem(report: Report, finding: GateFinding, direction: 'regression' | 'improvement'): string {
  const arrow = direction === 'regression' ? '<span class="txt-fail">▼</span>' : '<span class="txt-pass">▲</span>';
  if (finding.kind === 'metric') {
    return `<li>${arrow} <strong>${esc(metricLabel(finding.name))}</strong> <span class="muted">${esc(describeFindingChange(finding))}</span></li>`;
  }
  const dialogue = findDialogue(report, finding.name);
  const title = dialogue ? ` ${esc(dialogue.title)}` : '';
  return `<li>${arrow} <a href="#d-${esc(encodeURIComponent(finding.name))}"><code>${esc(finding.name)}</code>${title}</a> <span class="muted">${esc(describeFindingChange(finding))}</span></li>`;
}
