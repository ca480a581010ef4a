/** Words the simulate page shows, in English and Chinese (`simulate --lang`). */
import type { Lang } from '../model/reportTypes.js';
import { inLang, pick, punctuation, type Words, type Args } from './wording.js';
import { SHARED_WORDS } from './sharedWords.js';

type Pair = Words;

export const SIMULATION_WORDS = {
  pageTitle: ['Simulated users · task success {0} · {1}', '模拟用户 · 任务成功率 {0} · {1}'],
  eyebrow: ['nlu-harness · simulated users', 'nlu-harness · 模拟用户'],
  headline: ['Task success {share} ({succeeded} of {runs} runs)', '任务成功率 {share}（{runs} 次中 {succeeded} 次）'],
  plain: [
    '{users} simulated users with goals of 1 to 10 transactions talked to {model} until their rows were saved or they gave up. Outcomes: {outcomes}.',
    '{users} 位模拟用户各带 1 到 10 笔要记的账，与 {model} 对话，直到记录保存或放弃。结果：{outcomes}。',
  ],
  backend: SHARED_WORDS.backend,
  seed: ['Seed', '种子'],
  seedValue: SHARED_WORDS.seed,
  users: ['Users', '用户数'],
  runsPerUser: ['Runs per user', '每位用户运行次数'],
  speech: ['Speech', '语音特征'],
  clean: ['clean', '无'],
  perturbation: ['Perturbation', '扰动'],
  started: SHARED_WORDS.started,
  finished: SHARED_WORDS.finished,
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
  items: SHARED_WORDS.items,
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
  mdTitle: ['Simulated users', '模拟用户'],
  mdSetup: [
    '{users} users × {repeat} {repeat:run|runs}, seed {seed}, model {model}, speech: {speech}.',
    '{users} 位用户 × 每人 {repeat} 次运行，种子 {seed}，模型 {model}，语音特征：{speech}。',
  ],
  mdSuccess: ['**Task success {0}** (pass@1){1}.', '**任务成功率 {0}**（pass@1）{1}。'],
  mdPassAll: ['; every run of a user succeeded (pass^{0}): {1}', '；每次运行都成功的用户（pass^{0}）：{1}'],
  mdOutcomes: ['Outcomes: {0}.', '结果：{0}。'],
  mdTrends: ['Trends (the last {0} comparable simulate runs, this one last)', '趋势（最近 {0} 次可比的模拟运行，最后一次是本次）'],
  taskSuccessShort: ['Task success', '任务成功率'],
  mdByFeature: ['By speech feature (runs whose utterances used it / did not)', '按语音特征（用到 / 未用到该特征的运行）'],
  mdSliceHeader: [
    '| runs | success | first try | turns to success | extra turns | LLM calls to success |',
    '| 运行次数 | 成功率 | 首句成功 | 成功所需轮次 | 多出的轮次 | 成功所需 LLM 调用 |',
  ],
  all: ['all', '全部'],
  mdFailed: ['Failed conversations (first {0} of {1})', '未成功的对话（共 {1} 个，列出前 {0} 个）'],
  mdFailure: ['{who}: {outcome} — {why}', '{who}：{outcome}——{why}'],
  consoleUsers: ['simulated users: {users} × {repeat}, model {model}', '模拟用户：{users} × {repeat}，模型 {model}'],
  consoleSuccess: [
    'task success {success}{passAll}, first try {firstTry}, mean turns to success {turns}, LLM calls {calls}',
    '任务成功率 {success}{passAll}，首句成功 {firstTry}，成功平均轮次 {turns}，LLM 调用 {calls}',
  ],
  consolePassAll: [' (pass^{0} {1})', '（pass^{0} {1}）'],
  consoleBySize: ['by goal size: {0}', '按目标笔数：{0}'],
  consoleOutcomes: ['outcomes: {0}', '结果：{0}'],
  junitMissed: ['goal not reached in {missed} of {runs} {runs:run|runs}: {which}', '{runs} 次运行中 {missed} 次未达成目标：{which}'],
  junitRun: ['run {run} {outcome} after {turns} turns', '第 {run} 次运行{outcome}（{turns} 轮）'],
  junitGoal: ['goal: {0}', '目标：{0}'],
  junitTurn: ['turn {0}: {1}', '第 {0} 轮：{1}'],
  sliceTaskSuccess: ['task success', '任务成功率'],
  sliceFirstTry: ['first-utterance success', '首句成功率'],
  sliceGoalSize: ['goal size {0}', '目标 {0} 笔'],
  fell: ['task success fell {fall} ({why}{tolerance})', '任务成功率下降 {fall}（{why}{tolerance}）'],
  notChance: ['the same users and a model that answers alike, so not chance', '用户相同、模型回答一致，因此不是偶然'],
  beyondChance: ['95 % interval {0} to {1}, very unlikely to be chance', '95% 区间 {0} 至 {1}，极不可能是偶然'],
  tolerance: ['; tolerance {0}', '；容差 {0}'],
  usersBroke: ['{0} {0:user no longer reaches|users no longer reach} the goal: {1}', '{0} 位用户不再达成目标：{1}'],
  cmpNote: [
    'Intervals are 95% Newcombe intervals of the difference, drawn as if the two samples were independent; with the same seed the users are the same people, so they are on the wide side.',
    '区间为两边之差的 95% Newcombe 区间，按两份样本相互独立计算；种子相同时两边是同一批用户，因此区间偏宽。',
  ],
  cmpNoData: ['task success n/a', '任务成功率 无数据'],
  cmpChange: ['task success {a} → {b}, {delta}{chance}', '任务成功率 {a} → {b}，{delta}{chance}'],
  cmpFlips: ['{0}; {1} {1:user|users} broke, {2} fixed', '{0}；{1} 位用户新近失败，{2} 位修复'],
  cmpOtherUsers: ['{0}; different seeds, so different users (no per-user flips)', '{0}；种子不同，用户也不同（不逐个比较用户）'],
  cmpSide: [
    '{side}: {backend} / {model}, seed {seed}, {users} users × {repeat}, speech {speech}',
    '{side}：{backend} / {model}，种子 {seed}，{users} 位用户 × {repeat}，语音特征：{speech}',
  ],
  cmpTableHead: ['| slice | A | B | Δ [95% interval] |', '| 切片 | A | B | Δ [95% 区间] |'],
  cmpSlice: SHARED_WORDS.slice,
  cmpDelta: ['Δ [95% interval]', 'Δ [95% 区间]'],
  cmpExample: [
    '{users} {users:user|users}: {outcome} — e.g. user {user}, run {run} ({why})',
    '{users} 位用户：{outcome}——例如用户 {user}，第 {run} 次运行（{why}）',
  ],
  cmpExamples: ['What broke, one conversation each', '哪里坏了（每种一段对话）'],
  cmpFlip: ['user {user} ({goal}): {a} → {b}', '用户 {user}（{goal}）：{a} → {b}'],
  cmpTitle: ['Simulated users: A against B', '模拟用户：A 对比 B'],
  cmpGate: ['Gate: {0}', '门禁：{0}'],
  cmpGatePass: SHARED_WORDS.pass,
  cmpGateFail: ['FAIL — {0}', '未通过——{0}'],
  cmpOverall: ['Overall', '总体'],
  cmpOpenWhatBroke: ['What broke', '哪里坏了'],
  cmpFlipped: ['Users that flipped', '结果翻转的用户'],
  cmpOtherSeeds: ['The two runs have different seeds: user N is a different person on each side.', '两次运行的种子不同：同一编号在两边是不同的用户。'],
  cmpNone: ['None.', '无。'],
  cmpBroke: ['Broke ({0})', '新近失败（{0}）'],
  cmpFixed: ['Fixed ({0})', '修复（{0}）'],
  cmpPageTitle: ['Simulated users compared · {0}', '模拟用户对比 · {0}'],
  cmpEyebrow: ['nlu-harness · simulated users compared', 'nlu-harness · 模拟用户对比'],
  cmpPass: ['✓ Pass', '✓ 通过'],
  cmpFail: ['✗ Fail', '✗ 未通过'],
} as const satisfies Record<string, Pair>;

export type SimulationWord = keyof typeof SIMULATION_WORDS;

/** How a simulated user's run ended, and why it did not reach the goal ({0}: its turns). */
export const OUTCOMES: Readonly<Record<string, { readonly name: Pair; readonly why: Pair }>> = {
  success: { name: ['succeeded', '成功'], why: ['reached the goal in {0} turns', '{0} 轮达成目标'] },
  gaveUp: { name: ['walked away', '放弃离开'], why: ['ran out of patience and left after {0} turns, nothing saved', '{0} 轮后耐心耗尽离开，没有保存'] },
  cancelled: { name: ['cancelled', '取消'], why: ['ran out of patience and cancelled the draft after {0} turns', '{0} 轮后耐心耗尽，取消了草稿'] },
  wrongSave: {
    name: ['saved wrong rows', '保存了错误的记录'],
    why: ['the app saved rows the goal does not have (turn {0})', '应用保存了目标之外的记录（第 {0} 轮）'],
  },
  error: { name: ['harness error', '工具出错'], why: ['the harness failed on turn {0}', '第 {0} 轮工具出错'] },
  slip: {
    name: ['simulator slip', '模拟器失误'],
    why: ['the user model could not say its turn after {0} turns (not counted against the app)', '用户模型在 {0} 轮后说不对自己的话（不计入应用的成败）'],
  },
};

/** The --speech features by what they do to an utterance (the code stays the name in English). */
export const SPEECH: Readonly<Record<string, Pair>> = {
  chineseNumerals: ['chineseNumerals', '中文数字'],
  units: ['units', '单位词'],
  fillers: ['fillers', '语气词'],
  noPunctuation: ['noPunctuation', '无标点'],
  selfRepair: ['selfRepair', '说错改口'],
  homophones: ['homophones', '同音字'],
  dayHomophones: ['dayHomophones', '日期同音字'],
};

/** A speech feature's name: its code in English, its meaning in Chinese. */
export function speechName(lang: Lang, feature: string): string {
  const row = SPEECH[feature];
  return row ? pick(lang, row) : feature;
}

/** "units, fillers" / "单位词、语气词"; empty for none. */
export function speechNames(lang: Lang, features: readonly string[]): string {
  return features.map((feature) => speechName(lang, feature)).join(punctuation(lang).list);
}

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
  return Object.entries(outcomes)
    .map(([outcome, n]) => `${outcomeName(lang, outcome)} ${n}`)
    .join(punctuation(lang).comma);
}

/** A word of the simulate page with {0}, {1}… filled in. */
export function simulationWord(lang: Lang, key: SimulationWord, ...args: Args): string {
  return inLang(lang, SIMULATION_WORDS[key], ...args);
}
