import type { DialogueReport, RunSummary } from './results.js';
import { round } from '../util/round.js';

type Counts = { total: number; passed: number; failed: number };

/** What the summary needs of the dialogues: a run's log keeps these as it goes. */
export interface DialogueTotals {
  readonly total: number;
  readonly passed: number;
  readonly runs: number;
  readonly runsPassed: number;
}

/** The report's summary block, derived from the dialogues (or their totals) and the turn and check counts. */
export function summarize(dialogues: Iterable<DialogueReport> | DialogueTotals, turns: Counts, checks: Counts): RunSummary {
  const { total, passed, runs, runsPassed } = Symbol.iterator in dialogues ? totalsOf(dialogues) : dialogues;
  return {
    dialogues: { total, passed, failed: total - passed },
    turns,
    checks,
    passAt1: round(runs === 0 ? 1 : runsPassed / runs),
    passHatK: round(total === 0 ? 1 : passed / total),
  };
}

function totalsOf(dialogues: Iterable<DialogueReport>): DialogueTotals {
  let total = 0;
  let passed = 0;
  let runs = 0;
  let runsPassed = 0;
  for (const d of dialogues) {
    total++;
    if (d.passed) passed++;
    runs += d.runs;
    runsPassed += d.runsPassed;
  }
  return { total, passed, runs, runsPassed };
}
