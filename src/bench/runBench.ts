import { LOCAL_STEP_BUDGET_US } from '../domain/sessionTypes.js';
import { classifyLocal } from '../domain/localIntent.js';
import { parseOffline } from '../domain/offlineParser.js';
import { initialState, step } from '../domain/orchestrator.js';
import type { OrchestratorEvent } from '../domain/orchestratorTypes.js';
import { parseResult } from '../domain/parseResult.js';
import type { Corpus } from './corpus.js';
import { INTERLEAVE_DEFAULTS, measureInterleaved, TARGET_NAMES, type InterleaveSettings, type TargetName } from './interleaved.js';
import { confirmingState, runningCheckout, type Layer1Build } from './layer1Build.js';
import { machineInfo, type MachineInfo } from './machine.js';
import { measureBatched, sampleCalls, timerOverheadNs, type Target } from './measure.js';
import { sig } from './stats.js';
import { TOP_UTTERANCES, utteranceCosts, type UtteranceCosts } from './utteranceCosts.js';

/** This project's own goals for the classifier, on one core. */
export const GOALS = { p99Us: 5, opsPerSec: 1_000_000 } as const;

export const METHOD =
  'opsPerSec, meanUs, batchP50Us: tinybench times one loop over the whole input list per iteration ' +
  '(sub-µs calls are below timer resolution), per-call = iteration time / list length. ' +
  'p50Us, p99Us, maxUs: each call timed alone with process.hrtime.bigint(), cycling through the list, ' +
  "the timer pair's median overhead (timerOverheadNs) subtracted. maxUs includes GC pauses and scheduler noise. " +
  'floorRatio: classifier meanUs / floor meanUs, the floor being one String.indexOf scan of the same string. ' +
  'Node runs JavaScript on one thread; the figures are single-core. ' +
  'utterances: each utterance timed on its own (a run of calls long enough for the timer), its cost the median over rounds; ' +
  'orchestratorStep there takes each utterance as userText in the same CONFIRMING state.';

/** This checkout's Layer-1 functions, as the running code imported them. */
const THIS_BUILD: Layer1Build = { root: runningCheckout(), classifyLocal, parseOffline, step, initialState, parseResult };

export interface TargetResult {
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
  readonly meanUs: number;
  readonly batchP50Us: number;
  readonly opsPerSec: number;
  readonly samples: number;
  readonly inputs: number;
  readonly iterations: number;
}

export interface BenchResult {
  readonly localClassifier: TargetResult & {
    readonly floorRatio: number;
    readonly budgetUs: number;
    readonly goals: { readonly p99Us: number; readonly opsPerSec: number; readonly met: boolean };
  };
  readonly floor: TargetResult;
  readonly offlineParser: TargetResult;
  readonly orchestratorStep: TargetResult & { readonly event: string };
  readonly corpus: { readonly utterances: number; readonly fromDatasets: number; readonly synthetic: number; readonly files: readonly string[] };
  /** Where the time goes, per utterance, for each target. */
  readonly utterances: Readonly<Record<TargetName, UtteranceCosts>>;
  readonly method: string;
  readonly timerOverheadNs: number;
  readonly machine: MachineInfo;
}

export interface BenchOptions {
  /** Milliseconds tinybench spends on each target. */
  readonly timeMs: number;
  /** Individually timed calls per target. */
  readonly samples: number;
  /** Per-utterance timing; the defaults when absent. */
  readonly interleave?: InterleaveSettings;
  readonly log?: (line: string) => void;
}

const STEP_TEXT = '确认第一笔';
const STEP_REPEAT = 1000;

export async function runBench(corpus: Corpus, options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => {});
  const texts = corpus.utterances;
  const state = confirmingState(THIS_BUILD);
  const event: OrchestratorEvent = { type: 'userText', text: STEP_TEXT };
  const targets: Target[] = [
    { name: 'localClassifier', inputs: texts, call: (text) => classifyLocal(text as string) },
    // U+0001 never occurs, so each indexOf reads the whole string once.
    { name: 'floor', inputs: texts, call: (text) => (text as string).indexOf('\u0001') },
    { name: 'offlineParser', inputs: texts, call: (text) => parseOffline(text as string) },
    { name: 'orchestratorStep', inputs: new Array<OrchestratorEvent>(STEP_REPEAT).fill(event), call: (e) => step(state, e as OrchestratorEvent, 0) },
  ];

  log(`bench: ${texts.length} utterances (${corpus.fromDatasets} from datasets, ${corpus.synthetic} synthetic)`);
  const batched = await measureBatched(targets, options.timeMs, (name) => log(`bench: batched ${name} done`));
  const overheadNs = timerOverheadNs();
  const results = new Map<string, TargetResult>();
  for (const target of targets) {
    const sampled = sampleCalls(target, options.samples, overheadNs);
    log(`bench: sampled ${target.name} (${sampled.count} calls)`);
    const b = batched.get(target.name)!;
    results.set(target.name, {
      p50Us: sig(sampled.p50Us),
      p99Us: sig(sampled.p99Us),
      maxUs: sig(sampled.maxUs),
      meanUs: sig(b.meanUs),
      batchP50Us: sig(b.p50Us),
      opsPerSec: Math.round(b.opsPerSec),
      samples: sampled.count,
      inputs: target.inputs.length,
      iterations: b.iterations,
    });
  }

  const timings = measureInterleaved([THIS_BUILD], texts, { ...(options.interleave ?? INTERLEAVE_DEFAULTS), overheadNs, log });
  const intents = texts.map((text) => classifyLocal(text).kind);
  const utterances = {} as Record<TargetName, UtteranceCosts>;
  for (const target of TARGET_NAMES) utterances[target] = utteranceCosts(texts, intents, timings[target], { tolerance: 0, top: TOP_UTTERANCES });

  const classifier = results.get('localClassifier')!;
  const floor = results.get('floor')!;
  return {
    localClassifier: {
      ...classifier,
      floorRatio: sig(classifier.meanUs / floor.meanUs, 3),
      budgetUs: LOCAL_STEP_BUDGET_US,
      goals: {
        ...GOALS,
        met: classifier.p99Us <= GOALS.p99Us && classifier.opsPerSec >= GOALS.opsPerSec,
      },
    },
    floor,
    offlineParser: results.get('offlineParser')!,
    orchestratorStep: { ...results.get('orchestratorStep')!, event: `CONFIRMING (4 pending) + 「${STEP_TEXT}」` },
    corpus: { utterances: texts.length, fromDatasets: corpus.fromDatasets, synthetic: corpus.synthetic, files: corpus.files },
    utterances,
    method: METHOD,
    timerOverheadNs: overheadNs,
    machine: machineInfo(),
  };
}
