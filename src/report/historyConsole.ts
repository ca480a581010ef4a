/** The `history` command's table: one line per run, newest last. */
import { percent, truncate, withoutControls } from './format.js';
import type { HistoryRun } from './historyQueries.js';

export function renderHistoryTable(runs: readonly HistoryRun[]): string {
  if (runs.length === 0) return 'No runs in the history yet.\n';
  const header = ['#', 'started', 'backend / model', 'mode', 'protocol', 'dialogues', 'success', 'verdict', 'datasets'];
  const rows = runs.map((r) => [
    String(r.id),
    r.startedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    truncate(`${r.backend} / ${r.model}${servedSaid(r)}`, 48),
    r.mode,
    r.protocol,
    // A simulate row counts users (who succeeded in every run) and its success is task success; it has no verdict.
    `${r.dialogues.passed}/${r.dialogues.total}${r.kind === 'simulate' ? ' users' : ''}`,
    successOf(r),
    r.kind === 'simulate' ? '—' : r.passed ? 'passed' : 'FAILED',
    truncate(r.datasets.join(' '), 40),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return withoutControls([line(header), ...rows.map(line)].join('\n') + '\n');
}

/** " (served qwen@1a2b3c)": the model the server said answered, when it is not the name the run asked for. */
function servedSaid(run: HistoryRun): string {
  return run.served.length > 0 && run.served.join() !== run.model ? ` (served ${run.served.join(', ')})` : '';
}

function successOf(run: HistoryRun): string {
  const score = run.metrics['dialogueSuccess'] ?? run.metrics['taskSuccess'];
  return score === undefined ? '—' : percent(score);
}
