import { round } from '../util/round.js';
import { SPEECH_FEATURES, type SpeechFeature } from './speech.js';
import type { Outcome } from './simulateUser.js';
import type { Persona } from './persona.js';
import type { Draw, VoiceTally } from './userModel.js';

/** What scoring keeps of one run of one user (the transcript is not needed here). */
export interface RunResult {
  readonly userId: number;
  readonly repeat: number;
  readonly goalSize: number;
  readonly outcome: Outcome;
  readonly turns: number;
  readonly minTurns: number;
  readonly llmCalls: number;
  readonly features: readonly SpeechFeature[];
  /** A model user's run (issue 46): who spoke, and what its lines cost. */
  readonly persona?: Persona;
  readonly userModel?: Readonly<VoiceTally>;
}

export interface SliceScore {
  readonly runs: number;
  readonly succeeded: number;
  readonly successRate: number;
  /** Succeeded in the fewest turns the goal allows: the first utterance was understood as meant. */
  readonly firstTryRate: number;
  /** Mean over successful runs; null without any. */
  readonly meanTurnsToSuccess: number | null;
  readonly meanExtraTurns: number | null;
  readonly meanLlmCallsToSuccess: number | null;
}

export interface SimulationScores {
  readonly overall: SliceScore & {
    readonly users: number;
    readonly outcomes: Readonly<Record<Outcome, number>>;
    /** Share of users who succeeded in every one of their --repeat runs (pass^k); pass@1 is successRate. */
    readonly passAllRepeats: number;
    readonly repeat: number;
  };
  readonly byGoalSize: readonly (SliceScore & { readonly goalSize: number })[];
  /** Per speech feature: the runs whose utterances used it, and the runs that did not. */
  readonly byFeature: readonly { readonly feature: SpeechFeature; readonly with: SliceScore; readonly without: SliceScore }[];
}

const OUTCOMES: readonly Outcome[] = ['success', 'gaveUp', 'cancelled', 'wrongSave', 'error'];

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : round(values.reduce((sum, value) => sum + value, 0) / values.length);
}

export function sliceScore(runs: readonly RunResult[]): SliceScore {
  const won = runs.filter((run) => run.outcome === 'success');
  return {
    runs: runs.length,
    succeeded: won.length,
    successRate: runs.length === 0 ? 0 : round(won.length / runs.length),
    firstTryRate: runs.length === 0 ? 0 : round(won.filter((run) => run.turns === run.minTurns).length / runs.length),
    meanTurnsToSuccess: mean(won.map((run) => run.turns)),
    meanExtraTurns: mean(won.map((run) => run.turns - run.minTurns)),
    meanLlmCallsToSuccess: mean(won.map((run) => run.llmCalls)),
  };
}

/**
 * A simulator slip leaves task success (issue 46): the scores are over the other runs, and the
 * outcome count names the slips only when there are some (a rule-based run's report is unchanged).
 */
export function scoreSimulation(allRuns: readonly RunResult[], repeat: number): SimulationScores {
  const runs = allRuns.filter((run) => run.outcome !== 'slip');
  const slips = allRuns.length - runs.length;
  const outcomes = Object.fromEntries([
    ...OUTCOMES.map((outcome) => [outcome, runs.filter((run) => run.outcome === outcome).length]),
    ...(slips > 0 ? [['slip', slips]] : []),
  ]) as Record<Outcome, number>;
  const byUser = new Map<number, boolean>();
  for (const run of runs) byUser.set(run.userId, (byUser.get(run.userId) ?? true) && run.outcome === 'success');
  const sizes = [...new Set(runs.map((run) => run.goalSize))].sort((a, b) => a - b);
  return {
    overall: {
      ...sliceScore(runs),
      users: byUser.size,
      outcomes,
      passAllRepeats: byUser.size === 0 ? 0 : round([...byUser.values()].filter(Boolean).length / byUser.size),
      repeat,
    },
    byGoalSize: sizes.map((goalSize) => ({ goalSize, ...sliceScore(runs.filter((run) => run.goalSize === goalSize)) })),
    byFeature: SPEECH_FEATURES.map((feature) => ({
      feature,
      with: sliceScore(runs.filter((run) => run.features.includes(feature))),
      without: sliceScore(runs.filter((run) => !run.features.includes(feature))),
    })),
  };
}

/** What a simulate run with a user model reports of it (issue 46; users/userModelReport.ts builds it). */
export interface UserModelSection {
  /** backend, model, temperature, seed, the prompt's file and sha256, the call budget. */
  readonly run: Readonly<Record<string, unknown>>;
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Per user run: means of calls and tokens. */
  readonly perUserRun: { readonly calls: number; readonly tokens: number };
  /** Lines the turns needed; share passing the guard at the first draw and within the draws allowed. */
  readonly lines: {
    readonly needed: number;
    readonly firstDraw: number;
    readonly withinLimit: number;
    readonly firstDrawRate: number;
    readonly withinLimitRate: number;
  };
  readonly slipRate: number;
  readonly slips: readonly {
    readonly userId: number;
    readonly repeat: number;
    readonly turn: number;
    readonly action: string;
    readonly task: string;
    readonly reason: string;
    readonly draws: readonly Draw[];
    /** What was said before the slip. */
    readonly said: readonly string[];
  }[];
  /** Model-written lines, the first few of each kind of turn: as written and as the recogniser passed them on. */
  readonly examples: readonly { readonly userId: number; readonly action: string; readonly written: string; readonly spoken: string; readonly draws: number }[];
  /** Task success by persona dimension (slips left out, as in every score). */
  readonly byPersona: readonly (SliceScore & { readonly dimension: string; readonly value: string })[];
}
