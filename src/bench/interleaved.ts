import { median } from 'simple-statistics';
import { confirmingState, type Layer1Build } from './layer1Build.js';
import { consume } from './measure.js';

export const TARGET_NAMES = ['localClassifier', 'offlineParser', 'orchestratorStep'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

/** Times `calls` calls of the target on one utterance, in ns (timer overhead included). */
type TimingLoop = (text: string, calls: number) => number;

const CALL_OF: Readonly<Record<TargetName, string>> = {
  localClassifier: 'fn(text)',
  offlineParser: 'fn(text)',
  orchestratorStep: "fn(state, { type: 'userText', text }, 0)",
};

/**
 * A timing loop of its own for each build and target. One loop shared by both builds would see
 * both builds' functions at one call site, and V8 would optimise it (inline) for whichever it met
 * first: identical builds then differ by up to 2× on some utterances. `new Function` compiles a
 * fresh function each time, with its own type feedback. Results flow into `sink` so the optimiser
 * cannot drop a call whose value is unused.
 */
function timingLoop(target: TargetName, build: Layer1Build): TimingLoop {
  const fn = target === 'localClassifier' ? build.classifyLocal : target === 'offlineParser' ? build.parseOffline : build.step;
  const state = target === 'orchestratorStep' ? confirmingState(build) : undefined;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a fresh function per build on purpose (above)
  const make = new Function(
    'fn',
    'state',
    'consume',
    `return function timed(text, calls) {
      let sink = 0;
      const start = process.hrtime.bigint();
      for (let c = 0; c < calls; c++) if (${CALL_OF[target]} !== undefined) sink++;
      const elapsed = Number(process.hrtime.bigint() - start);
      consume(sink);
      return elapsed;
    };`,
  ) as (fn: unknown, state: unknown, consumeSink: typeof consume) => TimingLoop;
  return make(fn, state, consume);
}

export interface InterleaveSettings {
  /** Timed passes over the utterances; each pass times every build on every utterance. */
  readonly rounds: number;
  /** Untimed passes first, the same for every build. */
  readonly warmupRounds: number;
  /** Shortest span one timing covers (ns): a short call is repeated in a row on its utterance up to it. */
  readonly minSpanNs: number;
}

/**
 * 40 warm-up passes: with 5, V8 had not settled every function of both builds before timing began,
 * and two copies of one build differed by up to 14 % in one of five runs (within 6 % in 14 runs with 40).
 */
export const INTERLEAVE_DEFAULTS: InterleaveSettings = { rounds: 10, warmupRounds: 40, minSpanNs: 2000 };

export interface InterleaveOptions extends InterleaveSettings {
  readonly overheadNs: number;
  readonly log?: (line: string) => void;
}

export interface TargetTimings {
  /** Per build, per utterance position: the median over rounds of one call's µs. */
  readonly perUtterance: readonly Float64Array[];
  /** Per build, round-major (round × utterances + position): one call's µs in that round. */
  readonly samples: readonly Float64Array[];
  /** Calls in one timing (the same for every build). */
  readonly callsPerTiming: number;
}

/**
 * Times every build on the same utterance back to back (A B, then B A on the next one, so neither
 * side always goes first), utterance after utterance, round after round: whatever the machine
 * does meanwhile falls on both sides alike.
 */
export function measureInterleaved(builds: readonly Layer1Build[], texts: readonly string[], options: InterleaveOptions): Record<TargetName, TargetTimings> {
  const result = {} as Record<TargetName, TargetTimings>;
  for (const target of TARGET_NAMES) {
    const loops = builds.map((build) => timingLoop(target, build));
    for (let round = 0; round < options.warmupRounds; round++) for (const text of texts) for (const loop of loops) loop(text, 1);
    const callsPerTiming = Math.max(1, Math.ceil(options.minSpanNs / Math.max(1, meanCallNs(loops, texts))));
    const n = texts.length;
    const samples = loops.map(() => new Float64Array(options.rounds * n));
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < n; i++) {
        const text = texts[i]!;
        const reversed = (round + i) % 2 === 1;
        for (let k = 0; k < loops.length; k++) {
          const side = reversed ? loops.length - 1 - k : k;
          const elapsed = loops[side]!(text, callsPerTiming);
          samples[side]![round * n + i] = Math.max(0, elapsed - options.overheadNs) / callsPerTiming / 1000;
        }
      }
    }
    result[target] = { perUtterance: samples.map((s) => mediansOverRounds(s, n, options.rounds)), samples, callsPerTiming };
    options.log?.(`bench: ${target} timed (${options.rounds} rounds × ${n} utterances × ${builds.length} build(s), ${callsPerTiming} call(s) a timing)`);
  }
  return result;
}

/** One pass per build, one call a timing: the mean ns of a call over all builds. */
function meanCallNs(loops: readonly TimingLoop[], texts: readonly string[]): number {
  let total = 0;
  for (const loop of loops) for (const text of texts) total += loop(text, 1);
  return total / (loops.length * texts.length);
}

function mediansOverRounds(samples: Float64Array, n: number, rounds: number): Float64Array {
  const medians = new Float64Array(n);
  const column = new Array<number>(rounds);
  for (let i = 0; i < n; i++) {
    for (let round = 0; round < rounds; round++) column[round] = samples[round * n + i]!;
    medians[i] = median(column);
  }
  return medians;
}
