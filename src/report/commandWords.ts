/**
 * The lines the commands print around their reports (`run`, `compare`, `simulate`), in English and
 * Chinese. The closing count line CI tools parse (`dialogues: N passed, M failed`) is not here: it
 * stays the same in every language.
 */
import type { Words } from '../scoring/metrics/registry.js';
import { inLang, metricName } from './labels.js';
import { describeFindingChange, findingMetricName } from './reportQueries.js';
import type { GateFinding, GateResult, Lang } from './reportTypes.js';

const COMMAND = {
  reports: ['Reports: {0}', '报告：{0}'],
  comparison: ['Comparison: {0}', '对比页：{0}'],
  runHistory: ['History: {0} (run #{1})', '运行历史：{0}（第 {1} 次运行）'],
  simulateHistory: ['History: {0} (simulate run #{1})', '运行历史：{0}（第 {1} 次模拟运行）'],
  merged: ['merged {0} reports: {1}/{2} dialogues passed → {3}', '已合并 {0} 份报告：{2} 段对话中 {1} 段通过 → {3}'],
  baselineUpdated: ['Baseline updated: {0}', '基线已更新：{0}'],
  savedDialogues: [
    'Failed users as dialogues: {0} users → {1} dialogues (near-duplicates collapsed; expectations generated, review them) → {2}',
    '未成功的用户转成对话：{0} 个用户 → {1} 段对话（近似重复已合并；期望为自动生成，请复核）→ {2}',
  ],
  regression: ['REGRESSION', '退步'],
  improvement: ['improved  ', '改进'],
  warning: ['warning: {0}', '警告：{0}'],
  gatePass: ['gate: pass', '门禁：通过'],
  gateFail: ['gate: FAIL ({0} regression(s))', '门禁：未通过（{0} 项退步）'],
  metric: ['metric', '指标'],
  dialogue: ['dialogue', '对话'],
} as const satisfies Record<string, Words>;

export function commandLine(lang: Lang, key: keyof typeof COMMAND, ...args: readonly (string | number)[]): string {
  return inLang(lang, COMMAND[key], ...args);
}

/** `compare`'s line for one gate finding: "REGRESSION metric routing: 98.8% → 96.2% (…)". */
export function findingLine(finding: GateFinding, direction: 'regression' | 'improvement', lang: Lang): string {
  const kind = commandLine(lang, finding.kind);
  // In English the finding keeps its key (scripts grep it); in Chinese a metric reads by its name.
  const name = lang === 'zh' && finding.kind === 'metric' ? metricName(lang, findingMetricName(finding)) : finding.name;
  const sep = lang === 'zh' ? '：' : ': ';
  return `${commandLine(lang, direction)} ${kind} ${name}${sep}${describeFindingChange(finding, true, lang)}`;
}

/** `compare`'s closing verdict. */
export function gateVerdictLine(gate: GateResult, lang: Lang): string {
  return gate.passed ? commandLine(lang, 'gatePass') : commandLine(lang, 'gateFail', gate.regressions.length);
}
