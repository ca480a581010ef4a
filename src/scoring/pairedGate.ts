import { MetricSet } from './allScorers.js';
import { metricDefinition, metricSettings, PASS_RATE_TEST, type MetricName, type MetricSettings } from './metrics/registry.js';
import { bootstrapDeltas, holmAdjust, isFlaky, movedNeeded, randomizationTails, signTest, testableFamily } from './pairedStatistics.js';
import type { FlakyDialogue, PairedComparison, PairedTest, SetAsideTest } from './results.js';
import { round } from '../util/round.js';
import type { Tally } from './tally.js';

/**
 * The gate for repeated runs (`--repeat k` on both sides), where single outcomes flip by chance.
 * Dialogues are the unit: per-dialogue pass rates are compared with an exact sign test on the
 * dialogues that moved, each metric with a randomization test that swaps dialogues' sides (both
 * exact under no change, so a sparse metric does not alarm more often than α), each metric's change
 * is shown with a bootstrap interval clustered by dialogue, and the whole family of tests is Holm-adjusted so that checking many things at α does not raise the alarms as many times.
 * A test on which too few dialogues moved to ever reach significance is set aside and named
 * (testableFamily), so a metric judged on a handful of dialogues never gates on a coin's throw.
 * A regression is reported only when its adjusted one-sided p-value is below α. Flaky dialogues
 * (both outcomes within one side's repeats) are listed and never gate on their own.
 */

export interface RepeatedDialogue {
  readonly runsPassed: number;
  readonly runs: number;
  /** The dialogue's scorer tallies, summed over its repeats. */
  readonly tallies: Readonly<Record<MetricName, Tally>>;
}

export type RepeatedRun = Readonly<Record<string, RepeatedDialogue>>;

export interface PairedOptions {
  readonly alpha: number;
  readonly resamples: number;
  readonly random: () => number;
  readonly deadlineMs: number;
}

export function comparePaired(baseline: RepeatedRun, current: RepeatedRun, options: PairedOptions): PairedComparison {
  const ids = Object.keys(current)
    .filter((id) => baseline[id] !== undefined)
    .sort();
  const rate = (d: RepeatedDialogue) => d.runsPassed / d.runs;
  const pairs = ids.map((id) => ({ baseline: rate(baseline[id]!), candidate: rate(current[id]!) }));
  const sign = signTest(pairs);
  const mean = (values: readonly number[]) => (values.length === 0 ? 1 : values.reduce((a, b) => a + b, 0) / values.length);

  const raw: RawTest[] = [
    {
      name: PASS_RATE_TEST,
      baseline: round(mean(pairs.map((p) => p.baseline))),
      current: round(mean(pairs.map((p) => p.candidate))),
      rawPValue: sign.pValue,
      riseRawPValue: signTest(pairs.map((p) => ({ baseline: p.candidate, candidate: p.baseline }))).pValue,
      method: `exact sign test: ${sign.worse} dialogues worse, ${sign.better} better, ${sign.ties} unchanged`,
      moved: sign.worse + sign.better,
      judged: ids.length,
    },
    ...metricTests(ids, baseline, current, options),
  ];
  const testable = testableFamily(
    raw.map((t) => t.moved),
    options.alpha,
  );
  const needed = movedNeeded(options.alpha / Math.max(1, raw.length));
  const setAside: SetAsideTest[] = raw
    .filter((_, i) => !testable[i])
    .map((t) => ({ name: t.name, baseline: t.baseline, current: t.current, rawPValue: round(t.rawPValue), judged: t.judged, moved: t.moved, needed }));
  // A set-aside test stays in Holm's family with p = 1: it cannot alarm, and the others pay for the whole family.
  const adjusted = holmAdjust(raw.map((t, i) => (testable[i] ? t.rawPValue : 1)));
  // A rise passes the same test, in the same family, before it is called one (a fixed dialogue is its evidence, never one alone).
  const risen = holmAdjust(raw.map((t, i) => (testable[i] ? t.riseRawPValue : 1)));
  const tests = raw.flatMap(({ judged: _judged, riseRawPValue: _rise, ...t }, i) =>
    testable[i]
      ? [{ ...t, pValue: round(adjusted[i]!), risePValue: round(risen[i]!), significant: adjusted[i]! < options.alpha && t.current < t.baseline }]
      : [],
  );

  const flaky: FlakyDialogue[] = [];
  const consistentlyBroken: string[] = [];
  const consistentlyFixed: string[] = [];
  for (const id of Object.keys(current).sort()) {
    const before = baseline[id];
    const now = current[id]!;
    if (isFlaky(now.runsPassed, now.runs) || (before && isFlaky(before.runsPassed, before.runs))) {
      flaky.push({ id, baseline: before ? round(rate(before)) : null, current: round(rate(now)) });
    } else if (before && rate(before) === 1 && rate(now) === 0) consistentlyBroken.push(id);
    else if (before && rate(before) === 0 && rate(now) === 1) consistentlyFixed.push(id);
  }
  return { alpha: options.alpha, dialogues: ids.length, tests, ...(setAside.length > 0 ? { setAside } : {}), flaky, consistentlyBroken, consistentlyFixed };
}

/** A test before Holm's adjustment, with the dialogues it judged and those that moved it. */
type RawTest = Omit<PairedTest, 'pValue' | 'significant' | 'moved' | 'risePValue'> & {
  readonly moved: number;
  readonly judged: number;
  readonly riseRawPValue: number;
};

/**
 * Per metric: a randomization test (the verdict) and a bootstrap interval (the size), each from one
 * set of resamples shared by all metrics.
 */
function metricTests(ids: readonly string[], baseline: RepeatedRun, current: RepeatedRun, options: PairedOptions): RawTest[] {
  const all = ids.map((_, i) => i);
  const tallies = (run: RepeatedRun) => ids.map((id) => run[id]!.tallies);
  const settings = metricSettings({ correctionTimeoutMs: options.deadlineMs });
  const [beforeSet, afterSet] = [merged(tallies(baseline), all, settings), merged(tallies(current), all, settings)];
  const [before, after] = [beforeSet.results(), afterSet.results()];
  const names = (Object.keys(after) as MetricName[]).filter(
    (name) => metricDefinition(name)?.pairedTest === 'randomization' && (before[name]?.counts.judged ?? 1) > 0 && (after[name].counts.judged ?? 1) > 0,
  );
  // Resamples merge only the metrics under test, cut out once: merging tallies is the whole cost of a resample.
  const underTest = (run: RepeatedRun) =>
    tallies(run).map((dialogue) => Object.fromEntries(names.map((name) => [name, dialogue[name]])) as Partial<Record<MetricName, Tally>>);
  const [baselineTallies, currentTallies] = [underTest(baseline), underTest(current)];
  // A resample needs only the scores: no descriptions are worded for it.
  const deltas = (b: Record<MetricName, number>, c: Record<MetricName, number>) =>
    Object.fromEntries(names.map((name) => [name, c[name] - b[name]])) as Record<MetricName, number>;
  const intervals = bootstrapDeltas(
    ids.length,
    names,
    (draw) => deltas(merged(baselineTallies, draw, settings).scores(), merged(currentTallies, draw, settings).scores()),
    options,
  );
  const pValues = randomizationTails(
    ids.length,
    names,
    deltas(beforeSet.scores(), afterSet.scores()),
    (swapped) => {
      // A swapped dialogue's baseline tallies count for the candidate, and its candidate's for the baseline.
      const side = (own: typeof baselineTallies, other: typeof baselineTallies) => swapped.map((swap, i) => (swap ? other : own)[i]!);
      return deltas(
        merged(side(baselineTallies, currentTallies), all, settings).scores(),
        merged(side(currentTallies, baselineTallies), all, settings).scores(),
      );
    },
    options,
  );
  const movement = movedDialogues(names, baselineTallies, currentTallies, settings);
  return names.map((name) => ({
    name,
    ...movement[name],
    baseline: before[name].score,
    current: after[name].score,
    rawPValue: pValues[name].fall,
    riseRawPValue: pValues[name].rise,
    interval: [round(intervals[name].low), round(intervals[name].high)] as const,
    method: `paired randomization test over ${ids.length} dialogues, ${options.resamples} resamples; bootstrap interval`,
  }));
}

/**
 * Per metric, the dialogues it judged on either side and those whose own score or judged count
 * differs between the sides: only those can move the metric when sides are swapped.
 */
function movedDialogues(
  names: readonly MetricName[],
  baseline: readonly Readonly<Partial<Record<MetricName, Tally>>>[],
  current: readonly Readonly<Partial<Record<MetricName, Tally>>>[],
  settings: MetricSettings,
): Record<MetricName, { judged: number; moved: number }> {
  const out = Object.fromEntries(names.map((name) => [name, { judged: 0, moved: 0 }])) as Record<MetricName, { judged: number; moved: number }>;
  baseline.forEach((_, i) => {
    const [before, after] = [merged(baseline, [i], settings).results(), merged(current, [i], settings).results()];
    for (const name of names) {
      const [b, a] = [before[name], after[name]];
      const [judgedBefore, judgedAfter] = [b.counts['judged'] ?? 0, a.counts['judged'] ?? 0];
      if (judgedBefore === 0 && judgedAfter === 0) continue;
      out[name].judged++;
      if (judgedBefore !== judgedAfter || Math.abs(b.score - a.score) > 1e-12) out[name].moved++;
    }
  });
  return out;
}

/** The drawn dialogues' tallies merged into one set of scorers. */
function merged(dialogueTallies: readonly Readonly<Partial<Record<MetricName, Tally>>>[], draw: readonly number[], settings: MetricSettings): MetricSet {
  const set = new MetricSet(settings);
  for (const i of draw) set.absorb(dialogueTallies[i]!);
  return set;
}
