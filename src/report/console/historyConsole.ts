/** The `history` command's table: one line per run, newest last. */
import { cellWidth, inertText, padCells, percent, truncate, withoutControls } from '../words/format.js';
import type { HistoryRun } from '../../history/historyQueries.js';
import { inLang, type Words } from '../words/wording.js';
import { SHARED_WORDS } from '../words/sharedWords.js';
import { servedNamesSaid } from '../words/servedModel.js';
import { outsideName } from '../../util/outsideText.js';
import type { Lang } from '../model/reportTypes.js';

export const HISTORY_WORDS = {
  empty: ['No runs in the history yet.', '运行历史中还没有运行。'],
  header: ['#|started|backend / model|mode|protocol|dialogues|success|verdict|datasets', '#|开始|后端 / 模型|模式|协议|对话|成功率|结论|数据集'],
  users: [' users', ' 位用户'],
  passed: ['passed', '通过'],
  simulate: ['simulate', '模拟'],
  failed: SHARED_WORDS.failedCaps,
  served: [' (served {0})', '（实际服务 {0}）'],
} as const satisfies Record<string, Words>;

export function renderHistoryTable(runs: readonly HistoryRun[], lang: Lang = 'en'): string {
  if (runs.length === 0) return `${inLang(lang, HISTORY_WORDS.empty)}\n`;
  const header = inLang(lang, HISTORY_WORDS.header).split('|');
  const rows = runs.map((r) => [
    String(r.id),
    r.startedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    truncate(`${outsideName(r.backend)} / ${outsideName(r.model)}${servedSaid(r, lang)}`, 48),
    r.kind === 'simulate' ? inLang(lang, HISTORY_WORDS.simulate) : r.mode,
    r.protocol,
    // A simulate row counts users (who succeeded in every run) and its success is task success; it has no verdict.
    `${r.dialogues.passed}/${r.dialogues.total}${r.kind === 'simulate' ? inLang(lang, HISTORY_WORDS.users) : ''}`,
    successOf(r),
    r.kind === 'simulate' ? '—' : inLang(lang, r.passed ? HISTORY_WORDS.passed : HISTORY_WORDS.failed),
    truncate(inertText(r.datasets.join(' ')), 40),
  ]);
  const widths = header.map((h, i) => Math.max(cellWidth(h), ...rows.map((row) => cellWidth(row[i]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => padCells(cell, widths[i]!))
      .join('  ')
      .trimEnd();
  return withoutControls([line(header), ...rows.map(line)].join('\n') + '\n');
}

/** " (served qwen@1a2b3c)": the model the server said answered, when it is not the name the run asked for. */
function servedSaid(run: HistoryRun, lang: Lang): string {
  return run.served.length > 0 && run.served.join() !== run.model ? inLang(lang, HISTORY_WORDS.served, servedNamesSaid(run.served, lang)) : '';
}

function successOf(run: HistoryRun): string {
  const score = run.metrics['dialogueSuccess'] ?? run.metrics['taskSuccess'];
  return score === undefined ? '—' : percent(score);
}
