/** Slice rows every renderer shows, with each slice's pass-rate change against the gate's baseline. */
import { dialogueChanges, findDialogue } from './reportQueries.js';
import { label } from '../words/labels.js';
import { punctuation } from '../words/wording.js';
import type { Lang, Report, SliceReport } from './reportTypes.js';
import { sliceId, sliceKeys } from './slices.js';

export interface SliceRow {
  readonly id: string;
  readonly slice: SliceReport;
  /** Share of the slice's dialogues passing now. */
  readonly passRate: number;
  /** The same share in the baseline (dialogues that flipped counted the other way), when there is a gate. */
  readonly baselinePassRate: number | null;
  readonly broke: number;
  readonly fixed: number;
  /** Dialogues that passed fewer (or more) runs than in the baseline without the gate finding them (dialogueChanges). */
  readonly fewerRuns: number;
  readonly moreRuns: number;
}

export function sliceRows(report: Report): SliceRow[] {
  type Moves = { broke: number; fixed: number; fewerRuns: number; moreRuns: number };
  const none = (): Moves => ({ broke: 0, fixed: 0, fewerRuns: 0, moreRuns: 0 });
  const flips = new Map<string, Moves>();
  const count = (ids: readonly string[], field: keyof Moves) => {
    for (const id of ids) {
      const dialogue = findDialogue(report, id);
      if (!dialogue) continue;
      for (const key of sliceKeys(dialogue)) {
        const entry = flips.get(sliceId(key)) ?? none();
        entry[field]++;
        flips.set(sliceId(key), entry);
      }
    }
  };
  const gate = report.gate;
  if (gate) {
    const changes = dialogueChanges(gate);
    count(changes.broke, 'broke');
    count(changes.fixed, 'fixed');
    count(changes.fewerRuns, 'fewerRuns');
    count(changes.moreRuns, 'moreRuns');
  }
  return (report.slices ?? []).map((slice) => {
    const id = sliceId(slice);
    const moves = flips.get(id) ?? none();
    const { total, passed } = slice.dialogues;
    const rate = (n: number) => (total === 0 ? 1 : n / total);
    const before = passed + moves.broke + moves.fewerRuns - moves.fixed - moves.moreRuns;
    return { id, slice, passRate: rate(passed), baselinePassRate: gate ? rate(before) : null, ...moves };
  });
}

/** The slices that moved most against the baseline: most dialogues flipped, then largest pass-rate change. */
export function biggestMovers(rows: readonly SliceRow[], limit: number): SliceRow[] {
  return rows
    .filter((row) => row.baselinePassRate !== null && row.passRate !== row.baselinePassRate)
    .sort(
      (a, b) =>
        b.broke + b.fixed - (a.broke + a.fixed) ||
        b.fewerRuns + b.moreRuns - (a.fewerRuns + a.moreRuns) ||
        Math.abs(b.passRate - b.baselinePassRate!) - Math.abs(a.passRate - a.baselinePassRate!) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, limit);
}

/** Without a baseline: the slices with the lowest pass rate that have failures. */
export function weakestSlices(rows: readonly SliceRow[], limit: number): SliceRow[] {
  return rows
    .filter((row) => row.slice.dialogues.failed > 0)
    .sort((a, b) => a.passRate - b.passRate || b.slice.dialogues.total - a.slice.dialogues.total || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** A slice's change against the baseline in dialogues, counted as the headline counts them: "58 → 11 passed (3 broke, 44 within noise)". */
export function sliceChange(row: SliceRow, lang: Lang): string {
  const noise = row.fewerRuns + row.moreRuns;
  if (row.baselinePassRate === null || (row.broke === 0 && row.fixed === 0 && noise === 0)) return '—';
  const { passed } = row.slice.dialogues;
  const moved = [
    row.broke > 0 ? label(lang, 'sliceBroke', row.broke) : '',
    row.fixed > 0 ? label(lang, 'sliceFixed', row.fixed) : '',
    noise > 0 ? label(lang, 'sliceWithinNoise', noise) : '',
  ].filter(Boolean);
  const before = passed + row.broke + row.fewerRuns - row.fixed - row.moreRuns;
  return label(lang, 'sliceChange', { before, after: passed, moved: moved.join(punctuation(lang).comma) });
}

/** The dialogue column's heading: over repeats a dialogue passes only when every run did. */
export function sliceDialoguesHeading(report: Report, lang: Lang): string {
  return report.run.repeat > 1 ? label(lang, 'dialoguesAllRuns', report.run.repeat) : label(lang, 'dialogues');
}

/** A slice's score, with its count when so few cases were judged that the share alone misleads. */
export function sliceScore(score: number, judged: number | undefined): string {
  const shown = `${(score * 100).toFixed(1)}%`;
  return judged !== undefined && judged < FEW_CASES ? `${shown} (${Math.round(score * judged)}/${judged})` : shown;
}

/** Below this many judged cases a slice's share is shown with its count. */
const FEW_CASES = 20;
