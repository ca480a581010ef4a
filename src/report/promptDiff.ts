/** A changed prompt's lines against the baseline, folded under the file's name: in report.md and report.html beside the headline that names the change. */
import { escapeHtml } from './escape.js';
import { inertText } from './format.js';
import { folded } from './markdownText.js';
import type { ArmsDifference, GateResult, Lang } from './reportTypes.js';

type PromptChange = ArmsDifference['prompts'][number];

function changesWithDiff(gate: GateResult | null | undefined): (PromptChange & { diff: readonly string[] })[] {
  return (gate?.arms?.prompts ?? []).filter((p): p is PromptChange & { diff: readonly string[] } => p.diff !== undefined && p.diff.length > 0);
}

/** "Prompt diff: prompts/x.txt (+2 −1 lines)" / "提示词改动：prompts/x.txt（+2 −1 行）" */
function summaryOf(change: PromptChange, lang: Lang): string {
  const counted = change.added !== null && change.removed !== null;
  if (lang === 'zh') return `提示词改动：${change.file}${counted ? `（+${change.added} −${change.removed} 行）` : ''}`;
  return `Prompt diff: ${change.file}${counted ? ` (+${change.added} −${change.removed} lines)` : ''}`;
}

export function promptDiffMarkdown(gate: GateResult | null | undefined, lang: Lang): string[] {
  return changesWithDiff(gate).flatMap((change) => {
    const body = change.diff.map((line) => inertText(line));
    const longestRun = Math.max(2, ...body.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
    const fence = '`'.repeat(longestRun + 1);
    return folded(summaryOf(change, lang), [`${fence}diff`, ...body, fence]);
  });
}

export function promptDiffHtml(gate: GateResult | null | undefined, lang: Lang): string {
  return changesWithDiff(gate)
    .map((change) => {
      const lines = change.diff.map((line) => `<span class="${line.startsWith('+ ') ? 'diff-add' : line.startsWith('- ') ? 'diff-del' : 'diff-ctx'}">${escapeHtml(inertText(line))}</span>`);
      return `<details class="prompt-diff"><summary>${escapeHtml(summaryOf(change, lang))}</summary><pre>${lines.join('\n')}</pre></details>`;
    })
    .join('');
}
