/** A changed prompt's diff in report.md, folded under its file's name. */
import { inertText } from '../words/format.js';
import { folded } from './markdownText.js';
import type { GateResult, Lang } from '../model/reportTypes.js';
import { changesWithDiff, summaryOf } from '../words/promptDiff.js';

export function promptDiffMarkdown(gate: GateResult | null | undefined, lang: Lang): string[] {
  return changesWithDiff(gate).flatMap((change) => {
    const body = change.diff.map((line) => inertText(line));
    const longestRun = Math.max(2, ...body.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
    const fence = '`'.repeat(longestRun + 1);
    return folded(summaryOf(change, lang), [`${fence}diff`, ...body, fence]);
  });
}
