import { STATISTICS, type Ratio } from './compareBuilds.js';
import { TARGET_NAMES, type TargetName } from './interleaved.js';
import type { BenchResult } from './runBench.js';
import { CONSISTENTLY, type GroupRow, type UtteranceCosts, type UtteranceRow } from './utteranceCosts.js';
import type { BuildLabel, VsResult } from './vsBench.js';

/** Rows of the got-slower list shown; the JSON has them all. */
const GOT_SLOWER_SHOWN = 20;

function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|').replace(/\n/g, ' ')).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

export function percent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10} %`;
}

export function ratioText(r: Ratio): string {
  return `${r.ratio.toFixed(2)}× (${r.low.toFixed(2)}–${r.high.toFixed(2)})`;
}

export function buildText(label: BuildLabel): string {
  const commit = label.commit ? `${label.commit.slice(0, 7)}${label.dirty ? ' + uncommitted changes' : ''}` : 'no git commit';
  return `${commit} (${label.dir})`;
}

function utteranceTable(rows: readonly UtteranceRow[], paired: boolean): string {
  const headers = ['utterance', 'intent', 'chars', '×', ...(paired ? ['A µs', 'B µs', 'B/A', 'B slower in'] : ['µs'])];
  return table(
    headers,
    rows.map((r) => [
      `「${r.text}」`,
      r.intent,
      r.length,
      r.occurrences,
      ...(paired ? [r.baselineUs!, r.candidateUs, r.ratio!.toFixed(2), percent(r.slowerShare!)] : [r.candidateUs]),
    ]),
  );
}

function groupTable(first: string, rows: readonly GroupRow[], paired: boolean): string {
  return table(
    [first, 'utterances', ...(paired ? ['A µs', 'B µs', 'B/A'] : ['µs a call'])],
    rows.map((r) => [r.group, r.utterances, ...(paired ? [r.baselineUs!, r.candidateUs, r.ratio!.toFixed(2)] : [r.candidateUs])]),
  );
}

function utteranceSection(target: TargetName, costs: UtteranceCosts, tolerance?: number): string {
  const paired = costs.movers !== undefined;
  const parts = [`<details><summary><b>${target}</b>: where the time goes${paired ? `, ${costs.gotSlower!.length} utterance(s) got slower` : ''}</summary>\n`];
  if (paired) {
    const shown = costs.gotSlower!.slice(0, GOT_SLOWER_SHOWN);
    parts.push(
      `Got slower (B/A above ${(1 + tolerance!).toFixed(2)} and B the slower in ≥ ${percent(CONSISTENTLY)} of the paired timings): ` +
        `${costs.gotSlower!.length}${shown.length < costs.gotSlower!.length ? ` (the first ${shown.length} shown)` : ''}\n`,
    );
    if (shown.length > 0) parts.push(utteranceTable(shown, true), '');
    parts.push('Biggest movers (largest B/A)\n', utteranceTable(costs.movers, true), '');
  }
  parts.push(`Slowest${paired ? ' under B' : ''}\n`, utteranceTable(costs.slowest, paired), '');
  parts.push("By intent (B's Layer-1 answer)\n", groupTable('intent', costs.byIntent, paired), '');
  parts.push('By length\n', groupTable('chars', costs.byLength, paired), '', '</details>');
  return parts.join('\n');
}

/** The `bench --vs` report: what a CI step summary shows. */
export function renderVsMarkdown(result: VsResult): string {
  const verdict = result.verdict.passed
    ? `**No slowdown beyond ${percent(result.tolerance)} shown** (exit 0)`
    : `**B is slower than A beyond ${percent(result.tolerance)}**: ${result.verdict.slower.join(', ')} (exit 1)`;
  const rows = TARGET_NAMES.flatMap((target) =>
    STATISTICS.map((statistic) => {
      const t = result.targets[target];
      const key = `${statistic}Us` as const;
      const r = t.ratios[statistic];
      return [target, statistic, t.baseline[key], t.candidate[key], ratioText(r), r.verdict];
    }),
  );
  return [
    '## Layer-1 bench: this build (B) against a baseline (A)',
    '',
    verdict,
    '',
    `A: ${buildText(result.baseline)} · B: ${buildText(result.candidate)}`,
    '',
    `${result.corpus.utterances} utterances (${result.corpus.distinct} distinct), ${result.settings.rounds} interleaved rounds; ` +
      `${result.machine.node}, ${result.machine.cpus} CPUs (${result.machine.cpuModel}), ${result.machine.date}`,
    '',
    table(['target', 'statistic', 'A µs', 'B µs', `B/A (${result.settings.confidence * 100} % interval)`, 'verdict'], rows),
    '',
    ...TARGET_NAMES.map((target) => `${utteranceSection(target, result.utterances[target], result.tolerance)}\n`),
    `Method: ${result.method}`,
    '',
  ].join('\n');
}

/** The plain `bench` report: the figures and where the time goes. */
export function renderBenchMarkdown(result: BenchResult): string {
  const c = result.localClassifier;
  const rows = (['localClassifier', 'floor', 'offlineParser', 'orchestratorStep'] as const).map((name) => {
    const r = result[name];
    return [name, r.p50Us, r.p99Us, r.maxUs, r.meanUs, r.opsPerSec.toLocaleString('en-US')];
  });
  return [
    '## Layer-1 bench',
    '',
    `Classifier: floor ratio ${c.floorRatio}×, p99 ${c.p99Us} µs against the ${c.budgetUs} µs budget; ` +
      `goals p99 ≤ ${c.goals.p99Us} µs and ≥ ${c.goals.opsPerSec.toLocaleString('en-US')}/s ${c.goals.met ? 'met' : 'missed'}.`,
    '',
    `${result.corpus.utterances} utterances (${result.corpus.fromDatasets} from datasets, ${result.corpus.synthetic} synthetic); ` +
      `${result.machine.node}, ${result.machine.cpus} CPUs (${result.machine.cpuModel}), ${result.machine.date}`,
    '',
    table(['per call', 'p50 µs', 'p99 µs', 'max µs', 'mean µs', 'ops/s'], rows),
    '',
    ...TARGET_NAMES.map((target) => `${utteranceSection(target, result.utterances[target])}\n`),
    `Method: ${result.method}`,
    '',
  ].join('\n');
}
