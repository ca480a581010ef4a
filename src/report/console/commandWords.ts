/**
 * The lines the commands print around their reports (`run`, `compare`, `simulate`), in English and
 * Chinese. The closing count line CI tools parse (`dialogues: N passed, M failed`) is not here: it
 * stays the same in every language.
 */
import { inLang, type Words, type Args } from '../words/wording.js';
import type { Lang } from '../model/reportTypes.js';

export const COMMAND_WORDS = {
  reports: ['Reports: {0}', '报告：{0}'],
  comparison: ['Comparison: {0}', '对比页：{0}'],
  runHistory: ['History: {0} (run #{1})', '运行历史：{0}（第 {1} 次运行）'],
  simulateHistory: ['History: {0} (simulate run #{1})', '运行历史：{0}（第 {1} 次模拟运行）'],
  merged: ['merged {reports} reports: {passed}/{total} dialogues passed → {out}', '已合并 {reports} 份报告：{total} 段对话中 {passed} 段通过 → {out}'],
  baselineUpdated: ['Baseline updated: {0}', '基线已更新：{0}'],
  savedDialogues: [
    'Failed users as dialogues: {users} users → {dialogues} dialogues (near-duplicates collapsed; expectations generated, review them) → {file}',
    '未成功的用户转成对话：{users} 个用户 → {dialogues} 段对话（近似重复已合并；期望为自动生成，请复核）→ {file}',
  ],
  regression: ['REGRESSION', '退步'],
  improvement: ['improved', '改进'],
  tested: ['tested', '已检验'],
  warning: ['warning: {0}', '警告：{0}'],
  gatePass: ['gate: pass', '门禁：通过'],
  gateFail: ['gate: FAIL ({0} {0:regression|regressions})', '门禁：未通过（{0} 项退步）'],
  gateFailSaid: ['gate: FAIL ({0})', '门禁：未通过（{0}）'],
  metric: ['metric', '指标'],
  dialogue: ['dialogue', '对话'],
} as const satisfies Record<string, Words>;

export function commandLine(lang: Lang, key: keyof typeof COMMAND_WORDS, ...args: Args): string {
  return inLang(lang, COMMAND_WORDS[key], ...args);
}
