/**
 * Did the edit reach the model? Each model call of the run against the baseline's call at the same
 * place (the same dialogue and run, the n-th call made): asked as before when the digests of the
 * requests match, answered as before when the digests of the normalised answers match
 * (scoring/answerDigest.ts). A call one side made and the other did not is a changed one. Only
 * dialogues and runs both sides have are compared; null when either side kept no digests (a
 * baseline from before they were recorded). With repeats in the baseline, its own repeats are
 * compared the same way (each later run against its first): how often noise alone changes answers.
 */
import type { Baseline } from '../report/json/baseline.js';
import type { AnswerChanges, CallDigest } from '../report/model/reportTypes.js';

type Runs = readonly (readonly CallDigest[])[];

export function answerChanges(baseline: Baseline, current: Baseline): AnswerChanges | null {
  const before = baseline.answerDigests;
  const after = current.answerDigests;
  if (!before || !after) return null;
  const across = new CallCounts();
  for (const [id, runs] of Object.entries(after)) {
    const baselineRuns = before[id];
    if (!baselineRuns) continue;
    for (let run = 0; run < Math.min(runs.length, baselineRuns.length); run++) across.add(runs[run]!, baselineRuns[run]!);
  }
  return {
    compared: across.compared,
    same: across.compared - across.answers,
    changed: across.answers,
    requestsChanged: across.requests,
    ...repeatNoise(before, new Set(Object.keys(after))),
  };
}

/** The baseline's own repeats, each later run against its first, over the dialogues the run has. */
function repeatNoise(before: Readonly<Record<string, Runs>>, ids: ReadonlySet<string>): Pick<AnswerChanges, 'baselineRepeats'> {
  const repeats = new CallCounts();
  for (const [id, runs] of Object.entries(before)) {
    if (!ids.has(id)) continue;
    for (let run = 1; run < runs.length; run++) repeats.add(runs[run]!, runs[0]!);
  }
  return repeats.compared > 0 ? { baselineRepeats: { compared: repeats.compared, changed: repeats.answers } } : {};
}

class CallCounts {
  compared = 0;
  answers = 0;
  requests = 0;

  add(now: readonly CallDigest[], was: readonly CallDigest[]): void {
    for (let call = 0; call < Math.max(now.length, was.length); call++) {
      this.compared++;
      const [a, b] = [now[call], was[call]];
      const samePlace = !!a && !!b && a.turn === b.turn && a.endpoint === b.endpoint;
      if (!(samePlace && a.answer === b.answer)) this.answers++;
      if (!(samePlace && a.request === b.request)) this.requests++;
    }
  }
}
