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
    return {
      file,
      ...changedLines(linesBefore?.[file], linesAfter?.[file]),
      ...(was !== undefined && now !== undefined ? { diff: lineDiff(was.split(/\r?\n/), now.split(/\r?\n/)) } : {}),
    };
  });
  const sampling = { baseline: before?.sampling ?? null, current: after?.sampling ?? null };
  const today = { baseline: before?.today ?? null, current: after?.today ?? null };
  const todayDiffers = today.baseline !== today.current;
  if (prompts.length === 0 && !sampling.baseline && !sampling.current && !todayDiffers) return null;
  return { prompts, sampling, ...(todayDiffers ? { today } : {}) };
}

/**
 * Lines added and removed between two files' per-line hashes (a longest common subsequence);
 * null for both when either side has none (a baseline from before they were recorded), or when the
 * lines that differ are too many to compare within MAX_DIFF_CELLS, so the file is only said to have changed.
 */
export function changedLines(before: readonly string[] | undefined, after: readonly string[] | undefined): { added: number | null; removed: number | null } {
  if (!before || !after) return { added: null, removed: null };
  const table = commonSubsequenceTable(before, after);
  if (!table) return { added: null, removed: null };
  const common = table.common();
  return { added: after.length - common, removed: before.length - common };
}

/**
 * How many cells the table of a diff may hold (baseline lines × current lines, after their common
 * start and end): 4 million 32-bit cells, 16 MB. A prompt's real edits stay far below it (a
 * 2 000-line rewrite of a 2 000-line file); a hand-made baseline with 10⁶ lines would otherwise
 * take gigabytes.
 */
export const MAX_DIFF_CELLS = 4_000_000;

interface CommonSubsequenceTable {
  /** Lines shared at the start and the end, compared without the table. */
  readonly head: number;
  readonly tail: number;
  /** The longest common subsequence of the middles' first i and j lines. */
  at(i: number, j: number): number;
  /** The longest common subsequence of the whole files. */
  common(): number;
}

/** The table of the lines between the common start and end, or null when it would pass MAX_DIFF_CELLS. */
function commonSubsequenceTable(a: readonly string[], b: readonly string[]): CommonSubsequenceTable | null {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const [n, m] = [a.length - head - tail, b.length - head - tail];
  if ((n + 1) * (m + 1) > MAX_DIFF_CELLS) return null;
  const width = m + 1;
  const cells = new Int32Array((n + 1) * width);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const k = i * width + j;
      cells[k] = a[head + i - 1] === b[head + j - 1] ? cells[k - width - 1]! + 1 : Math.max(cells[k - width]!, cells[k - 1]!);
    }
  }
  return { head, tail, at: (i, j) => cells[i * width + j]!, common: () => head + tail + cells[n * width + m]! };
}

/** Lines a prompt diff shows at most; the rest are counted. */
const DIFF_LINES = 120;

/** A line diff of two texts: "- " removed, "+ " added, "  " one unchanged line of context around each change, "…" between hunks. */
export function lineDiff(before: readonly string[], after: readonly string[]): string[] {
  const table = commonSubsequenceTable(before, after);
  if (!table) return [`… too many differing lines to show (${before.length} lines before, ${after.length} after)`];
  const { head, tail } = table;
  const ops: string[] = after
    .slice(after.length - tail)
    .reverse()
    .map((line) => `  ${line}`);
  let [i, j] = [before.length - head - tail, after.length - head - tail];
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && before[head + i - 1] === after[head + j - 1]) {
      ops.push(`  ${before[head + --i]}`);
      j--;
    } else if (j > 0 && (i === 0 || table.at(i, j - 1) >= table.at(i - 1, j))) ops.push(`+ ${after[head + --j]}`);
    else ops.push(`- ${before[head + --i]}`);
  }
  for (let k = head - 1; k >= 0; k--) ops.push(`  ${before[k]}`);
  ops.reverse();
  const changed = (k: number) => ops[k] !== undefined && !ops[k].startsWith('  ');
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
