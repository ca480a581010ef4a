import type { DialogueReport, RunSummary } from './results.js';

type Counts = { total: number; passed: number; failed: number };

/** The report's summary block, derived from the dialogues and the turn and check counts. */
export function summarize(dialogues: readonly DialogueReport[], turns: Counts, checks: Counts): RunSummary {
  const passed = dialogues.filter((d) => d.passed).length;
  const runs = dialogues.reduce((sum, d) => sum + d.runs, 0);
  const runsPassed = dialogues.reduce((sum, d) => sum + d.runsPassed, 0);
  return {
    dialogues: { total: dialogues.length, passed, failed: dialogues.length - passed },
    turns,
    checks,
    passAt1: round(runs === 0 ? 1 : runsPassed / runs),
    passHatK: round(dialogues.length === 0 ? 1 : passed / dialogues.length),
  };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
