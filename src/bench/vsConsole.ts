import { buildText, percent, ratioText } from './benchMarkdown.js';
import { STATISTICS } from './compareBuilds.js';
import { TARGET_NAMES } from './interleaved.js';
import type { VsResult } from './vsBench.js';

/** Utterances named on the console per target; the Markdown report and the JSON have the rest. */
const NAMED = 3;

/** The `bench --vs` table for a terminal. */
export function renderVsConsole(result: VsResult, written: readonly string[]): string {
  const lines = [
    `A (baseline):  ${buildText(result.baseline)}`,
    `B (this build): ${buildText(result.candidate)}`,
    `${result.corpus.utterances} utterances (${result.corpus.distinct} distinct), ${result.settings.rounds} rounds, A and B interleaved; ` +
      `B/A with ${result.settings.confidence * 100} % bootstrap intervals over utterances`,
    '',
    `${'µs a call'.padEnd(18)}${'stat'.padEnd(6)}${'A'.padStart(9)}${'B'.padStart(9)}   ${'B/A (interval)'.padEnd(22)}verdict`,
  ];
  for (const target of TARGET_NAMES) {
    const t = result.targets[target];
    STATISTICS.forEach((statistic, i) => {
      const key = `${statistic}Us` as const;
      const r = t.ratios[statistic];
      lines.push(
        `${(i === 0 ? target : '').padEnd(18)}${statistic.padEnd(6)}${String(t.baseline[key]).padStart(9)}${String(t.candidate[key]).padStart(9)}   ${ratioText(r).padEnd(22)}${r.verdict}`,
      );
    });
  }
  lines.push('');
  for (const target of TARGET_NAMES) {
    const slower = result.utterances[target].gotSlower ?? [];
    if (slower.length === 0) continue;
    const named = slower
      .slice(0, NAMED)
      .map((r) => `「${r.text}」 ${r.ratio!.toFixed(2)}×`)
      .join(', ');
    lines.push(`${target}: ${slower.length} utterance(s) got slower, e.g. ${named}`);
  }
  lines.push(
    result.verdict.passed
      ? `Verdict: no slowdown beyond ${percent(result.tolerance)} shown (exit 0)`
      : `Verdict: B is slower than A beyond ${percent(result.tolerance)}: ${result.verdict.slower.join(', ')} (exit 1)`,
    `Written: ${written.join(', ')}`,
    '',
  );
  return lines.join('\n');
}
