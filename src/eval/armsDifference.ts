/**
 * What differs between a baseline and a candidate run besides their outcome, for the headline:
 * which prompt files changed and by how many lines, how each arm's model was asked to sample, and the
 * day each took as today when they differ (the prompts name it, so the model read other prompts).
 */
import type { ArmsDifference, Provenance } from '../report/model/reportTypes.js';
import { byTemplate, changedPrompts } from './provenance.js';

/** The difference, or null when the prompts are the same and neither arm sampled a model over HTTP. */
export function armsDifference(before: Provenance | undefined, after: Provenance | undefined): ArmsDifference | null {
  const [linesBefore, linesAfter] = [byTemplate(before?.promptLines), byTemplate(after?.promptLines)];
  const [textBefore, textAfter] = [byTemplate(before?.promptText), byTemplate(after?.promptText)];
  const prompts = changedPrompts(before, after).map((file) => {
    const [was, now] = [textBefore?.[file], textAfter?.[file]];
    return { file, ...changedLines(linesBefore?.[file], linesAfter?.[file]), ...(was !== undefined && now !== undefined ? { diff: lineDiff(was.split(/\r?\n/), now.split(/\r?\n/)) } : {}) };
  });
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
  return commonSubsequenceTable(a, b)[a.length]![b.length]!;
}

/** table[i][j]: the longest common subsequence of a's first i and b's first j lines. */
function commonSubsequenceTable(a: readonly string[], b: readonly string[]): number[][] {
  const table = [new Array<number>(b.length + 1).fill(0)];
  for (let i = 1; i <= a.length; i++) {
    const previous = table[i - 1]!;
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    table.push(row);
  }
  return table;
}

/** Lines a prompt diff shows at most; the rest are counted. */
const DIFF_LINES = 120;

/** A line diff of two texts: "- " removed, "+ " added, "  " one unchanged line of context around each change, "…" between hunks. */
export function lineDiff(before: readonly string[], after: readonly string[]): string[] {
  const table = commonSubsequenceTable(before, after);
  const ops: string[] = [];
  let [i, j] = [before.length, after.length];
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && before[i - 1] === after[j - 1]) {
      ops.push(`  ${before[--i]}`);
      j--;
    } else if (j > 0 && (i === 0 || table[i]![j - 1]! >= table[i - 1]![j]!)) ops.push(`+ ${after[--j]}`);
    else ops.push(`- ${before[--i]}`);
  }
  ops.reverse();
  const changed = (k: number) => ops[k] !== undefined && !ops[k]!.startsWith('  ');
  const shown: string[] = [];
  let last = -1;
  ops.forEach((op, k) => {
    if (!(changed(k) || changed(k - 1) || changed(k + 1))) return;
    if (last >= 0 && k > last + 1) shown.push('…');
    shown.push(op);
    last = k;
  });
  return shown.length > DIFF_LINES ? [...shown.slice(0, DIFF_LINES), `… ${shown.length - DIFF_LINES} more lines`] : shown;
}
