/**
 * Every metric, one line each. To add one: a file beside this one exporting its `defineMetric({…})`,
 * and its line below. Everything else derives from this list: `MetricName`, the scorers a MetricSet
 * runs (in this order, which is report.json's), the order reports list them in, their words on every
 * page, and docs/metrics.md (`npm run docs:metrics`).
 */
import { appendHandled } from './appendHandled.js';
import { batchSplitting } from './batchSplitting.js';
import { cancelHandled } from './cancelHandled.js';
import { confirmHandled } from './confirmHandled.js';
import { correctionHandled } from './correctionHandled.js';
import { confidenceFallback } from './confidenceFallback.js';
import { correctionIndexMapping } from './correctionIndexMapping.js';
import { dates } from './dates.js';
import { dialogueSuccess } from './dialogueSuccess.js';
import type { Tally } from '../tally.js';
import { metricSettings, type MetricDefinition, type MetricSettings } from './definition.js';
import { latency } from './latency.js';
import { parseHandled } from './parseHandled.js';
import { persistence } from './persistence.js';
import { routing } from './routing.js';
import { tts } from './tts.js';
import { unclearHandled } from './unclearHandled.js';

export const METRICS = [
  batchSplitting,
  correctionIndexMapping,
  confidenceFallback,
  routing,
  latency,
  tts,
  persistence,
  dialogueSuccess,
  // Turn-level: each model-facing turn by its kind (turnKindMetric.ts); after the others, so earlier reports' keys keep their order.
  parseHandled,
  correctionHandled,
  appendHandled,
  confirmHandled,
  cancelHandled,
  unclearHandled,
  dates,
] as const;

export type MetricName = (typeof METRICS)[number]['name'];

export { metricSettings, type MetricDefinition, type MetricSettings, type Words } from './definition.js';

const BY_NAME: ReadonlyMap<string, MetricDefinition> = new Map(METRICS.map((metric) => [metric.name, metric]));

/** The metric called `name`; undefined for a name this build does not know (a report of another version). */
export function metricDefinition(name: string): MetricDefinition | undefined {
  return BY_NAME.get(name);
}

/**
 * One metric's score over one dialogue's tally (summed over its repeats): what the paired gate
 * compares dialogue by dialogue. Null (n/a) when the dialogue gave the metric nothing to judge, e.g.
 * appendHandled on a dialogue without an append.
 */
export function dialogueScore(name: MetricName, tally: Tally, settings: MetricSettings = metricSettings()): number | null {
  const scorer = BY_NAME.get(name)!.scorer(settings);
  scorer.absorb(tally);
  const result = scorer.result();
  return result.counts['judged'] === 0 ? null : result.score;
}

/** The order reports list the metrics in: the overall figure first, then the registry's order. */
export const READING_ORDER: readonly MetricName[] = [...METRICS.filter((metric) => metric.listedFirst), ...METRICS.filter((metric) => !metric.listedFirst)].map(
  (metric) => metric.name,
);

/** What the paired gate calls its sign test on per-dialogue pass rates. */
export const PASS_RATE_TEST = 'dialoguePassRate';

/** The metric that sign test stands for (test/scoring/metricRegistry.test.ts: exactly one). */
export const SIGN_TESTED: MetricName = METRICS.find((metric) => metric.pairedTest === 'signTest')!.name;

/** The settings a report's metrics were scored with, as far as it records them: latency keeps its deadline. */
export function recordedSettings(metrics: Readonly<Record<string, { readonly details?: Readonly<Record<string, unknown>> } | undefined>>): MetricSettings {
  const deadline = metrics['latency']?.details?.['deadlineMs'];
  return metricSettings(typeof deadline === 'number' ? { correctionTimeoutMs: deadline } : {});
}
