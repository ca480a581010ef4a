/**
 * What differs between a baseline and a candidate run besides their outcome, for the headline:
 * which prompt files changed and by how many lines, how each arm's model was asked to sample, and the
 * day each took as today when they differ (the prompts name it, so the model read other prompts).
 */
import type { ArmsDifference, Provenance } from '../report/reportTypes.js';
import { byTemplate, changedPrompts } from './provenance.js';

/** The difference, or null when the prompts are the same and neither arm sampled a model over HTTP. */
export function armsDifference(before: Provenance | undefined, after: Provenance | undefined): ArmsDifference | null {
  const [linesBefore, linesAfter] = [byTemplate(before?.promptLines), byTemplate(after?.promptLines)];
  const prompts = changedPrompts(before, after).map((file) => ({ file, ...changedLines(linesBefore?.[file], linesAfter?.[file]) }));
  const sampling = { baseline: before?.sampling ?? null, current: after?.sampling ?? null };
  const today = { baseline: before?.today ?? null, current: after?.today ?? null };
  const todayDiffers = today.baseline !== today.current;
  if (prompts.length === 0 && !sampling.baseline && !sampling.current && !todayDiffers) return null;
  return { prompts, sampling, ...(todayDiffers ? { today } : {}) };
}

/**
 * Lines added and removed between two files' per-line hashes (a longest common subsequence);
 * null for both when either side has none (a baseline from before they were recorded), so the file
 * is only said to have changed.
 */
export function changedLines(before: readonly string[] | undefined, after: readonly string[] | undefined): { added: number | null; removed: number | null } {
  if (!before || !after) return { added: null, removed: null };
  const common = commonSubsequenceLength(before, after);
  return { added: after.length - common, removed: before.length - common };
}

function commonSubsequenceLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const line of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = line === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[b.length]!;
}
