/** Words the simulate page shows, in English and Chinese (`simulate --lang`). */
import { inLang } from '../report/labels.js';
import type { Lang } from '../report/reportTypes.js';

type Pair = readonly [en: string, zh: string];

const WORDS = {
  pageTitle: ['Simulated users · task success {0} · {1}', '模拟用户 · 任务成功率 {0} · {1}'],
  eyebrow: ['nlu-harness · simulated users', 'nlu-harness · 模拟用户'],
  headline: ['Task success {0} ({1} of {2} runs)', '任务成功率 {0}（{2} 次中 {1} 次）'],
  plain: [
    '{0} simulated users with goals of 1 to 10 transactions talked to {1} until their rows were saved or they gave up. Outcomes: {2}.',
    '{0} 位模拟用户各带 1 到 10 笔要记的账，与 {1} 对话，直到记录保存或放弃。结果：{2}。',
  ],
  backend: ['Backend', '后端'],
  seed: ['Seed', '种子'],
  users: ['Users', '用户数'],
  runsPerUser: ['Runs per user', '每位用户运行次数'],
  speech: ['Speech', '语音特征'],
  clean: ['clean', '无'],
  perturbation: ['Perturbation', '扰动'],
  started: ['Started', '开始'],
  finished: ['Finished', '结束'],
  scores: ['Scores', '得分'],
  taskSuccess: ['Task success (pass@1)', '任务成功率（pass@1）'],
  taskSuccessNote: ['Runs whose saved rows equal the goal; 95% interval {0}.', '保存的记录与目标完全一致的运行；95% 区间 {0}。'],
  firstTry: ['First-utterance success', '首句成功率'],
  firstTryNote: ['Succeeded in the fewest turns the goal allows; 95% interval {0}.', '以目标允许的最少轮次成功；95% 区间 {0}。'],
  passAll: ['Every run succeeded (pass^{0})', '每次运行都成功（pass^{0}）'],
  passAllNote: ['Users who succeeded in all {0} of their runs.', '{0} 次运行全部成功的用户。'],
  turns: ['Turns to success', '成功所需轮次'],
  turnsNote: ['Mean over successful runs; {0} more than the fewest possible.', '成功运行的平均值；比最少可能多 {0} 轮。'],
  llmCalls: ['LLM calls to success', '成功所需 LLM 调用'],
  llmCallsNote: ['Mean over successful runs.', '成功运行的平均值。'],
  gaveUp: ['Gave up or cancelled', '放弃或取消'],
  gaveUpNote: ['Runs that ran out of patience ({0} walked away, {1} cancelled).', '耐心耗尽的运行（{0} 次离开，{1} 次取消）。'],
  trends: ['Trends', '趋势'],
  trendsNote: [
    'The last {0} comparable simulate runs from the history (same users, speech and model), this one last.',
    '运行历史中最近 {0} 次可比的模拟运行（相同用户、语音特征与模型），最后一次是本次。',
  ],
  byGoalSize: ['By goal size', '按目标笔数'],
  goalSize: ['goal size', '目标笔数'],
  items: ['{0} items', '{0} 笔'],
  item: ['{0} item', '{0} 笔'],
  byFeature: ['By speech feature', '按语音特征'],
  feature: ['feature', '特征'],
  used: ['{0} used', '用了 {0}'],
  notUsed: ['{0} not used', '未用 {0}'],
  runs: ['Runs', '运行次数'],
  success: ['Success', '成功率'],
  interval: ['95% interval', '95% 区间'],
  firstTryShort: ['First try', '首句成功'],
  extraTurns: ['Extra turns', '多出的轮次'],
  failedUsers: ['Failed users ({0})', '未达成目标的用户（{0}）'],
  everyUserSucceeded: ['Every user reached the goal.', '每位用户都达成了目标。'],
  userRun: ['User {0}, run {1}', '用户 {0}，第 {1} 次运行'],
  goal: ['Goal: {0}', '目标：{0}'],
  silence: ['(silence)', '（无播报）'],
  moreInJson: ['{0} more in report.json.', '另有 {0} 个见 report.json。'],
} as const satisfies Record<string, Pair>;

export type SimulationWord = keyof typeof WORDS;

/** How a simulated user's run ended, and why it did not reach the goal ({0}: its turns). */
const OUTCOMES: Readonly<Record<string, { readonly name: Pair; readonly why: Pair }>> = {
  success: { name: ['succeeded', '成功'], why: ['reached the goal in {0} turns', '{0} 轮达成目标'] },
  gaveUp: { name: ['walked away', '放弃离开'], why: ['ran out of patience and left after {0} turns, nothing saved', '{0} 轮后耐心耗尽离开，没有保存'] },
  cancelled: { name: ['cancelled', '取消'], why: ['ran out of patience and cancelled the draft after {0} turns', '{0} 轮后耐心耗尽，取消了草稿'] },
  wrongSave: { name: ['saved wrong rows', '保存了错误的记录'], why: ['the app saved rows the goal does not have (turn {0})', '应用保存了目标之外的记录（第 {0} 轮）'] },
  error: { name: ['harness error', '工具出错'], why: ['the harness failed on turn {0}', '第 {0} 轮工具出错'] },
};

/** "walked away" / "放弃离开": an outcome by its meaning. */
export function outcomeName(lang: Lang, outcome: string): string {
  const words = OUTCOMES[outcome];
  return words ? inLang(lang, words.name) : outcome;
}

/** Why a run ended as it did, e.g. "ran out of patience and left after 6 turns, nothing saved". */
export function outcomeWhy(lang: Lang, outcome: string, turns: number): string {
  const words = OUTCOMES[outcome];
  return words ? inLang(lang, words.why, turns) : outcome;
}

/** "succeeded 45, walked away 9, …" */
export function outcomeCounts(lang: Lang, outcomes: Readonly<Record<string, number>>): string {
  return Object.entries(outcomes).map(([outcome, n]) => `${outcomeName(lang, outcome)} ${n}`).join(lang === 'zh' ? '，' : ', ');
}

/** A word of the simulate page with {0}, {1}… filled in. */
export function simulationWord(lang: Lang, key: SimulationWord, ...args: readonly (string | number)[]): string {
  return inLang(lang, WORDS[key], ...args);
}
