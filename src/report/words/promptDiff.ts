/** A changed prompt's lines against the baseline, as report.md and report.html fold them beside the headline that names the change: which changes carry a diff, and the fold's title. */
import type { ArmsDifference, GateResult, Lang } from '../model/reportTypes.js';

type PromptChange = ArmsDifference['prompts'][number];

export function changesWithDiff(gate: GateResult | null | undefined): (PromptChange & { diff: readonly string[] })[] {
  return (gate?.arms?.prompts ?? []).filter((p): p is PromptChange & { diff: readonly string[] } => p.diff !== undefined && p.diff.length > 0);
}

/** "Prompt diff: prompts/x.txt (+2 −1 lines)" / "提示词改动：prompts/x.txt（+2 −1 行）" */
export function summaryOf(change: PromptChange, lang: Lang): string {
  const counted = change.added !== null && change.removed !== null;
  if (lang === 'zh') return `提示词改动：${change.file}${counted ? `（+${change.added} −${change.removed} 行）` : ''}`;
  return `Prompt diff: ${change.file}${counted ? ` (+${change.added} −${change.removed} lines)` : ''}`;
}
