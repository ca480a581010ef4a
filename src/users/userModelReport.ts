/** What a simulate run with a user model reports of it (issue 46): guarded lines, slips, cost, examples, success by persona. */
import { round } from '../util/round.js';
import { PERSONA_DIMENSIONS } from './persona.js';
import type { FailedRun } from './runSimulation.js';
import { sliceScore, type RunResult, type UserModelSection } from './scores.js';

const EXAMPLES_PER_ACTION = 4;

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : round(part / whole);
}

export function userModelSection(run: Readonly<Record<string, unknown>>, runs: readonly RunResult[], voiced: readonly FailedRun[]): UserModelSection {
  const modelRuns = runs.filter((r) => r.userModel);
  const sum = (pick: (r: RunResult) => number) => modelRuns.reduce((total, r) => total + pick(r), 0);
  const calls = sum((r) => r.userModel!.calls);
  const promptTokens = sum((r) => r.userModel!.promptTokens);
  const completionTokens = sum((r) => r.userModel!.completionTokens);
  const needed = sum((r) => r.userModel!.lines);
  const firstDraw = sum((r) => r.userModel!.firstDraw);
  const withinLimit = sum((r) => r.userModel!.withinLimit);
  const scored = modelRuns.filter((r) => r.outcome !== 'slip');
  const byPersona = PERSONA_DIMENSIONS.flatMap((dimension) => {
    const values = [...new Set(scored.map((r) => String(r.persona![dimension])))].sort();
    return values.map((value) => ({ dimension, value, ...sliceScore(scored.filter((r) => String(r.persona![dimension]) === value)) }));
  });
  const examples: UserModelSection['examples'][number][] = [];
  for (const { user, run: userRun } of voiced) {
    for (const turn of userRun.transcript) {
      if (!turn.written || examples.filter((e) => e.action === turn.action.kind).length >= EXAMPLES_PER_ACTION) continue;
      examples.push({ userId: user.id, action: turn.action.kind, written: turn.written.line, spoken: turn.user, draws: turn.written.draws.length });
    }
  }
  const slips = voiced.flatMap(({ user, repeat, run: userRun }) =>
    userRun.slip ? [{ userId: user.id, repeat, ...userRun.slip, said: userRun.transcript.map((turn) => turn.user) }] : [],
  );
  return {
    run,
    calls,
    promptTokens,
    completionTokens,
    perUserRun: { calls: rate(calls, modelRuns.length), tokens: rate(promptTokens + completionTokens, modelRuns.length) },
    lines: { needed, firstDraw, withinLimit, firstDrawRate: rate(firstDraw, needed), withinLimitRate: rate(withinLimit, needed) },
    slipRate: rate(slips.length, modelRuns.length),
    slips,
    examples,
    byPersona,
  };
}
