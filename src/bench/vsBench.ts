import { compareBuilds, CONFIDENCE, slowerFindings, type TargetComparison } from './compareBuilds.js';
import type { Corpus } from './corpus.js';
import { TARGET_NAMES, type InterleaveSettings, type TargetName } from './interleaved.js';
import { measureInIsolates } from './isolates.js';
import { checkRuns, loadBuild, runningCheckout } from './layer1Build.js';
import { machineInfo, type MachineInfo } from './machine.js';
import { utteranceCosts, type UtteranceCosts } from './utteranceCosts.js';

/** How a build is named in the report: its directory and, in a git checkout, its commit. */
export interface BuildLabel {
  readonly dir: string;
  readonly commit?: string;
  /** Tracked files changed since that commit. */
  readonly dirty?: boolean;
}

export interface VsOptions extends InterleaveSettings {
  readonly tolerance: number;
  readonly top: number;
  /** Fresh engines the timing is repeated in (see measureInIsolates). */
  readonly isolates: number;
  readonly resamples: number;
  readonly seed: number;
  readonly labels: { readonly baseline: BuildLabel; readonly candidate: BuildLabel };
  readonly log?: (line: string) => void;
}

export const VS_METHOD =
  "Both builds' compiled Layer-1 modules (dist/domain) are loaded into one process and timed interleaved: for each utterance " +
  'A then B (B then A on the next utterance and the next round), warmed alike, each timing a run of calls on that utterance ' +
  "(process.hrtime.bigint(), the timer pair's median overhead subtracted) long enough to be above timer resolution. " +
  'This is repeated in several fresh engines (worker threads, one after another, each loading both builds anew, half of them B first), ' +
  'V8 optimising on the main thread (--no-concurrent-recompilation) so both builds are optimised before timing begins. ' +
  "An utterance's cost is the median over engines of its median over rounds; mean, p50 and p99 are over the corpus's utterances (duplicates kept: the real mix). " +
  `B/A intervals: ${CONFIDENCE * 100} % percentile bootstrap over utterances (the same draw for both builds). ` +
  'orchestratorStep: one step from CONFIRMING with four pending items on each utterance as userText.';

export interface VsResult {
  readonly kind: 'bench-vs';
  readonly baseline: BuildLabel;
  readonly candidate: BuildLabel;
  readonly tolerance: number;
  readonly verdict: { readonly passed: boolean; readonly slower: readonly string[] };
  readonly targets: Readonly<Record<TargetName, TargetComparison>>;
  readonly utterances: Readonly<Record<TargetName, UtteranceCosts>>;
  readonly corpus: {
    readonly utterances: number;
    readonly distinct: number;
    readonly fromDatasets: number;
    readonly synthetic: number;
    readonly files: readonly string[];
  };
  readonly settings: InterleaveSettings & {
    readonly top: number;
    readonly isolates: number;
    readonly callsPerTiming: Readonly<Record<TargetName, readonly number[]>>;
    readonly resamples: number;
    readonly confidence: number;
    readonly seed: number;
  };
  readonly method: string;
  readonly timerOverheadNs: number;
  readonly machine: MachineInfo;
}

/** `bench --vs DIR`: DIR's build is A (baseline), the running checkout's build is B (candidate). */
export async function runVsBench(baselineDir: string, corpus: Corpus, options: VsOptions): Promise<VsResult> {
  const log = options.log ?? (() => {});
  const baseline = await loadBuild(baselineDir);
  const candidate = await loadBuild(runningCheckout());
  checkRuns(baseline);
  const texts = corpus.utterances;
  log(`bench --vs: A ${baseline.root}, B ${candidate.root}; ${texts.length} utterances, ${options.rounds} rounds`);
  const settings: InterleaveSettings = { rounds: options.rounds, warmupRounds: options.warmupRounds, minSpanNs: options.minSpanNs };
  const { timings, callsPerTiming, timerOverheadNs } = await measureInIsolates([baseline.root, candidate.root], texts, settings, options.isolates, log);
  const targets = compareBuilds(timings, options);
  const intents = texts.map((text) => candidate.classifyLocal(text).kind);
  const utterances = {} as Record<TargetName, UtteranceCosts>;
  for (const target of TARGET_NAMES) utterances[target] = utteranceCosts(texts, intents, timings[target], options);
  const slower = slowerFindings(targets);
  return {
    kind: 'bench-vs',
    baseline: options.labels.baseline,
    candidate: options.labels.candidate,
    tolerance: options.tolerance,
    verdict: { passed: slower.length === 0, slower },
    targets,
    utterances,
    corpus: { utterances: texts.length, distinct: new Set(texts).size, fromDatasets: corpus.fromDatasets, synthetic: corpus.synthetic, files: corpus.files },
    settings: {
      rounds: options.rounds,
      warmupRounds: options.warmupRounds,
      minSpanNs: options.minSpanNs,
      top: options.top,
      isolates: options.isolates,
      callsPerTiming,
      resamples: options.resamples,
      confidence: CONFIDENCE,
      seed: options.seed,
    },
    method: VS_METHOD,
    timerOverheadNs,
    machine: machineInfo(),
  };
}
