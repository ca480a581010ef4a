/** Two simulate reports side by side: success-rate deltas with intervals, by goal size and speech feature, and the users who flipped. */
import { round } from '../../util/round.js';
import type { Args } from '../words/wording.js';
import { differenceInterval, type Interval } from '../../util/rateInterval.js';
import type { SliceScore } from '../../users/scores.js';
import { userOutcomes, type SimulationReport } from './simulationReport.js';
import { simulationWord, speechName, type SimulationWord } from '../words/simulationLabels.js';
import type { Lang } from './reportTypes.js';

export interface RateDelta {
  readonly name: string;
  readonly a: { readonly succeeded: number; readonly runs: number; readonly rate: number } | null;
  readonly b: { readonly succeeded: number; readonly runs: number; readonly rate: number } | null;
  /** B − A, and its 95% interval (Newcombe); null when a side has no runs in this slice. */
  readonly delta: number | null;
  readonly interval: Interval | null;
}

export interface UserFlip {
  readonly userId: number;
  readonly goalSize: number;
  readonly direction: 'broke' | 'fixed';
  /** Runs that reached the goal, e.g. "2/2" → "1/2". */
  readonly a: string;
  readonly b: string;
}

/** One failed conversation of B standing for every broken user whose run ended the same way. */
export interface BrokenExample {
  readonly outcome: string;
  /** Broken users whose first failed run in B ended this way. */
  readonly users: number;
  readonly failure: SimulationReport['failures'][number];
}

/** A comparison as its pages show it: `lang` is the pages' language (the comparison was built in it). */
export interface ShownSimulationComparison {
  readonly comparison: SimulationComparison;
  readonly lang: Lang;
}

export interface SimulationComparison {
  readonly a: { readonly label: string; readonly report: SimulationReport };
  readonly b: { readonly label: string; readonly report: SimulationReport };
  readonly overall: readonly RateDelta[];
  readonly byGoalSize: readonly RateDelta[];
  readonly byFeature: readonly RateDelta[];
  /** Same seed: user N is the same person with the same goal on both sides, so users can flip. */
  readonly sameUsers: boolean;
  readonly flips: readonly UserFlip[];
  /** For each way broken users' runs ended in B, most users first: one transcript to read. */
  readonly examples: readonly BrokenExample[];
  /** What failed the gate (simulationRegressions): task success fell, and the users who broke. */
  readonly regressions: readonly string[];
  /** Whether the gate counted a fall of task success (beyond chance and the tolerance): the headline words it so in every language. */
  readonly successFellCounted: boolean;
  readonly passed: boolean;
}

function side(slice: SliceScore | undefined): RateDelta['a'] {
  return slice && slice.runs > 0 ? { succeeded: slice.succeeded, runs: slice.runs, rate: slice.successRate } : null;
}

function rateDelta(name: string, a: SliceScore | undefined, b: SliceScore | undefined): RateDelta {
  const left = side(a);
  const right = side(b);
  const both = left && right;
  return {
    name,
    a: left,
    b: right,
    delta: both ? round(right.rate - left.rate) : null,
    interval: both ? differenceInterval(left, right) : null,
  };
}

function firstTry(slice: SliceScore): SliceScore {
  return { ...slice, succeeded: Math.round(slice.firstTryRate * slice.runs), successRate: slice.firstTryRate };
}

export function compareSimulations(
  a: { label: string; report: SimulationReport },
  b: { label: string; report: SimulationReport },
  gate: SimulationGate,
  lang: Lang = 'en',
): SimulationComparison {
  const word = (key: SimulationWord, ...args: Args) => simulationWord(lang, key, ...args);
  const sa = a.report.scores;
  const sb = b.report.scores;
  const overall = [rateDelta(word('sliceTaskSuccess'), sa.overall, sb.overall), rateDelta(word('sliceFirstTry'), firstTry(sa.overall), firstTry(sb.overall))];
  const sizes = [...new Set([...sa.byGoalSize, ...sb.byGoalSize].map((s) => s.goalSize))].sort((x, y) => x - y);
  const byGoalSize = sizes.map((size) =>
    rateDelta(
      word('sliceGoalSize', size),
      sa.byGoalSize.find((s) => s.goalSize === size),
      sb.byGoalSize.find((s) => s.goalSize === size),
    ),
  );
  const features = [...new Set([...sa.byFeature, ...sb.byFeature].map((f) => f.feature))];
  const byFeature = features.flatMap((feature) => {
    const fa = sa.byFeature.find((f) => f.feature === feature);
    const fb = sb.byFeature.find((f) => f.feature === feature);
    const name = speechName(lang, feature);
    return [rateDelta(word('used', name), fa?.with, fb?.with), rateDelta(word('notUsed', name), fa?.without, fb?.without)];
  });

  const sameUsers = a.report.run.seed === b.report.run.seed;
  const flips: UserFlip[] = [];
  if (sameUsers) {
    const ua = userOutcomes(a.report);
    const ub = userOutcomes(b.report);
    for (const [userId, left] of ua) {
      const right = ub.get(userId);
      if (!right) continue;
      const passedA = left.succeeded === left.runs;
      const passedB = right.succeeded === right.runs;
      if (passedA === passedB) continue;
      flips.push({
        userId,
        goalSize: left.goalSize,
        direction: passedA ? 'broke' : 'fixed',
        a: `${left.succeeded}/${left.runs}`,
        b: `${right.succeeded}/${right.runs}`,
      });
    }
  }
  const broke = flips.filter((flip) => flip.direction === 'broke');
  const regressions = simulationRegressions(overall[0]!, broke, { ...gate, noiseFree: gate.noiseFree && sameUsers }, word);
  const successFellCounted = successFallCounted(overall[0]!, { ...gate, noiseFree: gate.noiseFree && sameUsers });
  return {
    a,
    b,
    overall,
    byGoalSize,
    byFeature,
    sameUsers,
    flips,
    examples: brokenExamples(broke, b.report),
    regressions,
    successFellCounted,
    passed: regressions.length === 0,
  };
}

/** How `compare` gates two simulate reports. */
export interface SimulationGate {
  /** How far task success may fall, beyond chance, before the gate fails (0..1). */
  readonly tolerance: number;
  /**
   * Both sides' backends answer the same input the same way (cli/simulateCompare.ts asks the backend
   * registry); with the same seed the users are then the same people saying the same things, so any
   * move is a change. Otherwise the users or the model add chance.
   */
  readonly noiseFree: boolean;
}

/**
 * Noise-free, every fall beyond the tolerance and every user who broke fails the gate. Otherwise
 * task success fails it only when its fall is beyond chance (its 95 % interval wholly below 0) and
 * beyond the tolerance; users who broke are then its evidence, not a regression alone.
 */
function successFallCounted(success: RateDelta, gate: SimulationGate): boolean {
  const fall = success.delta === null ? 0 : -success.delta;
  const beyondChance = gate.noiseFree || (success.interval !== null && success.interval[1] < 0);
  return fall > gate.tolerance + 1e-9 && beyondChance;
}

function simulationRegressions(
  success: RateDelta,
  broke: readonly UserFlip[],
  gate: SimulationGate,
  word: (key: SimulationWord, ...args: Args) => string,
): string[] {
  const regressions: string[] = [];
  const fall = success.delta === null ? 0 : -success.delta;
  const pp = (value: number) => `${(value * 100).toFixed(1)} pp`;
  if (successFallCounted(success, gate)) {
    const why = gate.noiseFree ? word('notChance') : word('beyondChance', pp(success.interval![0]), pp(success.interval![1]));
    regressions.push(word('fell', { fall: pp(fall), why, tolerance: gate.tolerance > 0 ? word('tolerance', pp(gate.tolerance)) : '' }));
  }
  if (broke.length > 0 && (gate.noiseFree || regressions.length > 0)) {
    regressions.push(
      word(
        'usersBroke',
        broke.length,
        `${broke
          .slice(0, 10)
          .map((flip) => flip.userId)
          .join(', ')}${broke.length > 10 ? ', …' : ''}`,
      ),
    );
  }
  return regressions;
}

/** The broken users grouped by how their first failed run in B ended, each group with that run's transcript. */
function brokenExamples(broke: readonly UserFlip[], report: SimulationReport): BrokenExample[] {
  const groups = new Map<string, { users: number; failure: SimulationReport['failures'][number] }>();
  for (const flip of broke) {
    const failure = report.failures.find((f) => f.userId === flip.userId);
    if (!failure) continue;
    const group = groups.get(failure.outcome);
    if (group) group.users += 1;
    else groups.set(failure.outcome, { users: 1, failure });
  }
  return [...groups.entries()].map(([outcome, g]) => ({ outcome, ...g })).sort((x, y) => y.users - x.users || x.outcome.localeCompare(y.outcome));
}
