import type { TargetTimings } from './interleaved.js';
import { sig } from './stats.js';

/** One distinct utterance: its cost is the mean over its positions in the corpus of their medians over rounds. */
export interface UtteranceRow {
  readonly text: string;
  /** The candidate build's Layer-1 intent for it. */
  readonly intent: string;
  /** Characters (code points). */
  readonly length: number;
  readonly occurrences: number;
  readonly baselineUs?: number;
  readonly candidateUs: number;
  /** candidate / baseline. */
  readonly ratio?: number;
  /** Share of paired timings (same round, same position) in which the candidate was the slower. */
  readonly slowerShare?: number;
}

/** A group of corpus positions: its mean cost a call. */
export interface GroupRow {
  readonly group: string;
  readonly utterances: number;
  readonly baselineUs?: number;
  readonly candidateUs: number;
  readonly ratio?: number;
}

export interface UtteranceCosts {
  readonly slowest: readonly UtteranceRow[];
  readonly byIntent: readonly GroupRow[];
  readonly byLength: readonly GroupRow[];
  /** With a baseline: the largest B/A first. */
  readonly movers?: readonly UtteranceRow[];
  /** With a baseline: every utterance slower than 1 + tolerance and slower in at least CONSISTENTLY of its paired timings. */
  readonly gotSlower?: readonly UtteranceRow[];
}

/** An utterance counts as slower only when the candidate lost this share of its paired timings, not just on its medians. */
export const CONSISTENTLY = 0.75;

export const LENGTH_BUCKETS: readonly (readonly [string, number])[] = [
  ['1–2', 2],
  ['3–4', 4],
  ['5–8', 8],
  ['9–16', 16],
  ['17–32', 32],
  ['33+', Infinity],
];

export function lengthBucket(length: number): string {
  return LENGTH_BUCKETS.find(([, upTo]) => length <= upTo)![0];
}

/** Default rows in the slowest and movers lists. */
export const TOP_UTTERANCES = 10;

export interface UtteranceCostOptions {
  readonly tolerance: number;
  /** Rows in the slowest and movers lists. */
  readonly top: number;
}

/**
 * Where the time goes, per utterance. `timings.perUtterance` holds one build (the candidate) or
 * two (baseline, candidate), as measureInterleaved returns them.
 */
export function utteranceCosts(texts: readonly string[], intents: readonly string[], timings: TargetTimings, options: UtteranceCostOptions): UtteranceCosts {
  const candidate = timings.perUtterance[timings.perUtterance.length - 1]!;
  const baseline = timings.perUtterance.length > 1 ? timings.perUtterance[0] : undefined;
  const rows = distinctRows(texts, intents, timings, baseline, candidate);
  const group = (keyOf: (position: number) => string, order?: readonly string[]) => groupRows(texts.length, keyOf, baseline, candidate, order);
  const costs: UtteranceCosts = {
    slowest: [...rows].sort((x, y) => y.candidateUs - x.candidateUs).slice(0, options.top),
    byIntent: group((i) => intents[i]!),
    byLength: group(
      (i) => lengthBucket([...texts[i]!].length),
      LENGTH_BUCKETS.map(([name]) => name),
    ),
  };
  if (!baseline) return costs;
  const byRatio = [...rows].sort((x, y) => y.ratio! - x.ratio!);
  return {
    ...costs,
    movers: byRatio.slice(0, options.top),
    gotSlower: byRatio.filter((row) => row.ratio! > 1 + options.tolerance && row.slowerShare! >= CONSISTENTLY),
  };
}

function distinctRows(
  texts: readonly string[],
  intents: readonly string[],
  timings: TargetTimings,
  baseline: Float64Array | undefined,
  candidate: Float64Array,
): UtteranceRow[] {
  const positions = new Map<string, number[]>();
  texts.forEach((text, i) => {
    const list = positions.get(text);
    if (list) list.push(i);
    else positions.set(text, [i]);
  });
  return [...positions].map(([text, at]) => {
    const candidateUs = meanAt(candidate, at);
    const row = { text, intent: intents[at[0]!]!, length: [...text].length, occurrences: at.length, candidateUs: sig(candidateUs) };
    if (!baseline) return row;
    const baselineUs = meanAt(baseline, at);
    return { ...row, baselineUs: sig(baselineUs), ratio: sig(candidateUs / baselineUs, 3), slowerShare: sig(slowerShare(timings, at, texts.length), 3) };
  });
}

function slowerShare(timings: TargetTimings, at: readonly number[], n: number): number {
  const [a, b] = timings.samples as readonly [Float64Array, Float64Array];
  const rounds = a.length / n;
  let slower = 0;
  for (let round = 0; round < rounds; round++) for (const i of at) if (b[round * n + i]! > a[round * n + i]!) slower++;
  return slower / (rounds * at.length);
}

function meanAt(costs: Float64Array, at: readonly number[]): number {
  let sum = 0;
  for (const i of at) sum += costs[i]!;
  return sum / at.length;
}

function groupRows(
  n: number,
  keyOf: (position: number) => string,
  baseline: Float64Array | undefined,
  candidate: Float64Array,
  order?: readonly string[],
): GroupRow[] {
  const groups = new Map<string, number[]>(order?.map((name) => [name, []]));
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  }
  const rows = [...groups]
    .filter(([, at]) => at.length > 0)
    .map(([group, at]) => {
      const candidateUs = meanAt(candidate, at);
      const row = { group, utterances: at.length, candidateUs: sig(candidateUs) };
      if (!baseline) return row;
      const baselineUs = meanAt(baseline, at);
      return { ...row, baselineUs: sig(baselineUs), ratio: sig(candidateUs / baselineUs, 3) };
    });
  return order ? rows : rows.sort((x, y) => y.utterances - x.utterances);
}
