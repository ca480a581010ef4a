/** A changed prompt's lines against the baseline, as report.md and report.html fold them beside the headline that names the change: which changes carry a diff, and the fold's title. */
import { inLang, type Words } from './wording.js';
import type { ArmsDifference, GateResult, Lang } from '../model/reportTypes.js';

type PromptChange = ArmsDifference['prompts'][number];

export const PROMPT_DIFF_WORDS = {
  summary: ['Prompt diff: {file}{lines}', '提示词改动：{file}{lines}'],
  lines: [' (+{added} −{removed} lines)', '（+{added} −{removed} 行）'],
} as const satisfies Record<string, Words>;

export function changesWithDiff(gate: GateResult | null | undefined): (PromptChange & { diff: readonly string[] })[] {
  return (gate?.arms?.prompts ?? []).filter((p): p is PromptChange & { diff: readonly string[] } => p.diff !== undefined && p.diff.length > 0);
}

/** "Prompt diff: prompts/x.txt (+2 −1 lines)" / "提示词改动：prompts/x.txt（+2 −1 行）" */
export function summaryOf(change: PromptChange, lang: Lang): string {
  const { added, removed } = change;
  const lines = added !== null && removed !== null ? inLang(lang, PROMPT_DIFF_WORDS.lines, { added, removed }) : '';
  return inLang(lang, PROMPT_DIFF_WORDS.summary, { file: change.file, lines });
}
