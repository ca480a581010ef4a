/** A changed prompt's diff on report.html, folded under its file's name. */
import { escapeHtml } from './escape.js';
import { inertText } from '../words/format.js';
import type { GateResult, Lang } from '../model/reportTypes.js';
import { changesWithDiff, summaryOf } from '../words/promptDiff.js';

export function promptDiffHtml(gate: GateResult | null | undefined, lang: Lang): string {
  return changesWithDiff(gate)
    .map((change) => {
      const lines = change.diff.map(
        (line) => `<span class="${line.startsWith('+ ') ? 'diff-add' : line.startsWith('- ') ? 'diff-del' : 'diff-ctx'}">${escapeHtml(inertText(line))}</span>`,
      );
      return `<details class="prompt-diff"><summary>${escapeHtml(summaryOf(change, lang))}</summary><pre>${lines.join('\n')}</pre></details>`;
    })
    .join('');
}
