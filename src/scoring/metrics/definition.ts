/** What a metric is: the one file per metric under scoring/metrics/ exports one of these (registry.ts lists them). */
import { DEFAULT_CONFIG, type OrchestratorConfig } from '../../domain/sessionTypes.js';
import type { Scorer } from '../scorer.js';

/** The same words in English and Chinese. */
export type Words = readonly [en: string, zh: string];

/** What scorers and descriptions read of the run's config. */
export interface MetricSettings {
  /** The model's answer deadline (correctionTimeoutMs): latency is judged against it. */
  readonly deadlineMs: number;
  /** Model answers below it are not applied (seed 002). */
  readonly confidenceFloor: number;
}

/** The settings of a run with `config` (the defaults for whatever it leaves out). */
export function metricSettings(config: Partial<OrchestratorConfig> = {}): MetricSettings {
  const { correctionTimeoutMs, confidenceFloor } = { ...DEFAULT_CONFIG, ...config };
  return { deadlineMs: correctionTimeoutMs, confidenceFloor };
}

export interface MetricDefinition<Name extends string = string> {
  /** The key in report.json's `metrics` and `tallies`. */
  readonly name: Name;
  readonly label: Words;
  /** One sentence for a product reader: what the score measures. */
  readonly describe: (settings: MetricSettings) => Words;
  /** A human name for every key of the result's `counts`. */
  readonly counts: Readonly<Record<string, Words>>;
  /** A human name for every key of the result's `details`. */
  readonly details: Readonly<Record<string, Words>>;
  readonly scorer: (settings: MetricSettings) => Scorer;
  /**
   * How the repeat-aware gate (scoring/pairedGate.ts) tests a fall: a randomization test over
   * dialogues, or, for the share of passed dialogues, the sign test on per-dialogue pass rates.
   * The tolerance gate (no repeats) compares every metric.
   */
  readonly pairedTest: 'randomization' | 'signTest';
  /**
   * How the metric judges, for docs/metrics.md (longer than the description): which turns count and
   * when a dialogue is n/a, in English and Chinese. Metrics that share one method pass the same
   * words: the page writes them once, under the first of them.
   */
  readonly method?: Words;
  /** A worked example of the judgement, for docs/metrics.md, in English and Chinese. */
  readonly example?: Words;
  /** The run's overall figure: reports list it before the others. */
  readonly listedFirst?: true;
}

/** Keeps the metric's name a literal type, so the registry can derive `MetricName` from it. */
export function defineMetric<const Name extends string>(definition: MetricDefinition<Name>): MetricDefinition<Name> {
  return definition;
}

/** Counter names several metrics share. */
export const JUDGED: Words = ['judged', '评判数'];
export const PASSED: Words = ['passed', '通过'];
