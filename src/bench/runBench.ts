import os from 'node:os';
import { classifyLocal } from '../domain/localIntent.js';
import { parseOffline } from '../domain/offlineParser.js';
import { initialState, step } from '../domain/orchestrator.js';
import type { OrchestratorEvent, OrchestratorState } from '../domain/orchestratorTypes.js';
import { parseResult } from '../domain/parseResult.js';
import type { Corpus } from './corpus.js';
import { measureBatched, sampleCalls, timerOverheadNs, type Target } from './measure.js';
import { sig } from './stats.js';

/** Seed 003: Layer 1 answers in under 1 ms. */
export const BUDGET_US = 1000;
/** This project's own goals for the classifier, on one core. */
export const GOALS = { p99Us: 5, opsPerSec: 1_000_000 } as const;

export const METHOD =
  'opsPerSec, meanUs, batchP50Us: tinybench times one loop over the whole input list per iteration ' +
  '(sub-µs calls are below timer resolution), per-call = iteration time / list length. ' +
  'p50Us, p99Us, maxUs: each call timed alone with process.hrtime.bigint(), cycling through the list, ' +
  'the timer pair\'s median overhead (timerOverheadNs) subtracted. maxUs includes GC pauses and scheduler noise. ' +
  'floorRatio: classifier meanUs / floor meanUs, the floor being one String.indexOf scan of the same string. ' +
  'Node runs JavaScript on one thread; the figures are single-core.';

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
  readonly method: string;
  readonly timerOverheadNs: number;
  readonly machine: { readonly node: string; readonly cpus: number; readonly cpuModel: string; readonly platform: string; readonly date: string };
}

export interface BenchOptions {
  /** Milliseconds tinybench spends on each target. */
  readonly timeMs: number;
  /** Individually timed calls per target. */
  readonly samples: number;
  readonly log?: (line: string) => void;
}

/** A CONFIRMING state with four pending items, where 「确认第一笔」 is a typical Layer-1 step. */
export function confirmingState(): OrchestratorState {
  let state = step(initialState(), { type: 'start' }, 0).state;
  state = step(state, { type: 'userText', text: '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90' }, 0).state;
  const id = state.inFlight?.id ?? 0;
  const transactions = [
    parseResult({ amount: 60, category: '餐饮', description: '吃饭' }),
    parseResult({ amount: 60, category: '洗浴', description: '洗脚' }),
    parseResult({ amount: 30, category: '红包', type: 'INCOME', description: '抢红包' }),
    parseResult({ amount: 90, category: '工资', type: 'INCOME', description: '工资' }),
  ];
  state = step(state, { type: 'parseSucceeded', id, transactions }, 0).state;
  if (state.phase !== 'CONFIRMING') throw new Error(`bench setup: expected CONFIRMING, got ${state.phase}`);
  return state;
}

const STEP_TEXT = '确认第一笔';
const STEP_REPEAT = 1000;

export async function runBench(corpus: Corpus, options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => {});
  const texts = corpus.utterances;
  const state = confirmingState();
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

  const classifier = results.get('localClassifier')!;
  const floor = results.get('floor')!;
  return {
    localClassifier: {
      ...classifier,
      floorRatio: sig(classifier.meanUs / floor.meanUs, 3),
      budgetUs: BUDGET_US,
      goals: {
        ...GOALS,
        met: classifier.p99Us <= GOALS.p99Us && classifier.opsPerSec >= GOALS.opsPerSec,
      },
    },
    floor,
    offlineParser: results.get('offlineParser')!,
    orchestratorStep: { ...results.get('orchestratorStep')!, event: `CONFIRMING (4 pending) + 「${STEP_TEXT}」` },
    corpus: { utterances: texts.length, fromDatasets: corpus.fromDatasets, synthetic: corpus.synthetic, files: corpus.files },
    method: METHOD,
    timerOverheadNs: overheadNs,
    machine: {
      node: process.version,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      platform: `${process.platform}-${process.arch}`,
      date: new Date().toISOString(),
    },
  };
}
