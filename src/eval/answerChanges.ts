/**
 * Did the edit reach the model? Each model call of the run against the baseline's call at the same
 * place (the same dialogue and run, the n-th call made): answered as before when the digests of the
 * normalised answers match (scoring/answerDigest.ts). A call one side made and the other did not is
 * a changed one. Only dialogues and runs both sides have are compared; null when either side kept
 * no digests (a baseline from before they were recorded).
 */
import type { Baseline } from '../report/json/baseline.js';
import type { AnswerChanges } from '../report/model/reportTypes.js';

export function answerChanges(baseline: Baseline, current: Baseline): AnswerChanges | null {
  const before = baseline.answerDigests;
  const after = current.answerDigests;
  if (!before || !after) return null;
  let compared = 0;
  let same = 0;
  for (const [id, runs] of Object.entries(after)) {
    const baselineRuns = before[id];
    if (!baselineRuns) continue;
    for (let run = 0; run < Math.min(runs.length, baselineRuns.length); run++) {
      const [now, was] = [runs[run]!, baselineRuns[run]!];
      for (let call = 0; call < Math.max(now.length, was.length); call++) {
        compared++;
        const [a, b] = [now[call], was[call]];
        if (a && b && a.turn === b.turn && a.endpoint === b.endpoint && a.answer === b.answer) same++;
      }
    }
  }
  return { compared, same, changed: compared - same };
}
