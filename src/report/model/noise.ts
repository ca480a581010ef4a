/**
 * Whether a metric moved by more than run-to-run noise between two single runs. A score is a share
 * of judged cases, so two runs are two samples: the 95 % interval for the difference of two
 * proportions (util/rateInterval.ts) says how far chance alone moves it on these counts. A
 * difference whose interval includes 0 is noise; without counts the report cannot tell.
 */
import { differenceInterval, type Interval } from '../../util/rateInterval.js';

/** The level of the intervals judgeMove draws (z = 1.96). */
export const NOISE_LEVEL = 95;

export type NoiseVerdict = 'beyondNoise' | 'withinNoise' | 'unknown';

/** A score and the number of cases it is a share of (null when the source did not keep it). */
export interface CountedScore {
  readonly score: number;
  readonly judged: number | null;
}

export interface MetricMove {
  readonly name: string;
  readonly before: number;
  readonly after: number;
  /** 95 % interval of after − before; null without counts on both sides. */
  readonly interval: Interval | null;
  readonly verdict: NoiseVerdict;
}

export function judgeMove(name: string, before: CountedScore, after: CountedScore): MetricMove {
  const counted = (side: CountedScore) => (side.judged && side.judged > 0 ? { succeeded: Math.round(side.score * side.judged), runs: side.judged } : null);
  const [a, b] = [counted(before), counted(after)];
  const interval = a && b ? differenceInterval(a, b) : null;
  const verdict: NoiseVerdict = !interval ? 'unknown' : interval[0] > 0 || interval[1] < 0 ? 'beyondNoise' : 'withinNoise';
  return { name, before: before.score, after: after.score, interval, verdict };
}
