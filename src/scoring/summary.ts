import type { DialogueReport, RunSummary } from './results.js';

type Counts = { total: number; passed: number; failed: number };

/** The report's summary block, derived from the dialogues and the turn and check counts. */
export function summarize(dialogues: Iterable<DialogueReport>, turns: Counts, checks: Counts): RunSummary {
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
  return {
    dialogues: { total, passed, failed: total - passed },
    turns,
    checks,
    passAt1: round(runs === 0 ? 1 : runsPassed / runs),
    passHatK: round(total === 0 ? 1 : passed / total),
  };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
