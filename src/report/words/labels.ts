/** Words the report pages show, in English and Chinese: page labels, metric and counter names, feature tags. */
// Over 300 lines on purpose: the one table of the report pages' words in English and Chinese, read and kept consistent as one list.
import { metricDefinition, recordedSettings } from '../../scoring/metrics/registry.js';
import type { Lang, MetricResult, Report } from '../model/reportTypes.js';
import { inLang, pick, type Words, type Args } from './wording.js';
import { SHARED_WORDS } from './sharedWords.js';

export { inLang };

export const PAGE_WORDS = {
  passed: SHARED_WORDS.passed,
  failed: SHARED_WORDS.failed,
  letThrough: ['Not decided — let through', '未定 — 放行'],
  notDecided: ['Not decided', '未定'],
  eyebrow: ['Voice bookkeeping · NLU evaluation', '语音记账 · NLU 评测'],
  latency: ['Latency', '延迟'],
  routingTitle: ['Routing: where each line went', '分流：每句话由谁处理'],
  routingNote: [
    'How each turn was routed compared with the route the dataset expects. The diagonal is correct.',
    '每轮实际的处理方式与数据集期望的对比；对角线为正确。',
  ],
  routingCorner: ['expected ↓ · actual →', '期望 ↓ · 实际 →'],
  accuracy: ['accuracy', '准确率'],
  dialoguesPassed: ['{0} of {1} dialogues passed', '{1} 段对话中 {0} 段通过'],
  dialoguesPassedAllRuns: ['{passed} of {total} dialogues passed all {runs} runs', '{total} 段对话中 {passed} 段 {runs} 次运行全部通过'],
  runsOfDialogueSuccess: ['{passed} of {runs} runs passed ({repeat} a dialogue).', '{runs} 次运行中 {passed} 次通过（每段对话 {repeat} 次）。'],
  metrics: ['Metrics', '指标'],
  slices: ['Slices', '切片'],
  slicesNote: [
    'Every metric again over the dialogues of one feature tag, seed, scenario or dataset file. Click a heading to sort; a slice name opens its dialogues.',
    '按功能标签、种子文档、场景或数据文件拆开的各项指标。点击表头排序；点击切片名查看其对话。',
  ],
  trends: ['Trend', '趋势'],
  trendRuns: ['The {0} runs, oldest first', '这 {0} 次运行（从早到晚）'],
  trendsNote: [
    'Each metric over the last {0} comparable runs (same datasets, backend, model, mode and protocol) from the run history; the last point is this run.',
    '运行历史中最近 {0} 次可比运行（相同数据集、后端、模型、模式与协议）的各项指标；最后一点是本次运行。',
  ],
  dialogues: ['Dialogues', '对话'],
  turns: ['Turns', '轮次'],
  checks: SHARED_WORDS.checks,
  kind: ['Kind', '类别'],
  metric: ['Metric', '指标'],
  slice: SHARED_WORDS.slice,
  score: ['Score', '得分'],
  vsBaseline: ['vs baseline', '对比基线'],
  counts: ['Counts', '计数'],
  baseline: ['baseline', '基线'],
  withinTolerance: ['within tolerance', '在容差内'],
  cannotJudge: ['cannot be judged with this model', '此模型无法评判'],
  turn: ['turn {0}', '第 {0} 轮'],
  feature: ['feature', '功能'],
  seed: ['seed', '种子'],
  scenario: ['scenario', '场景'],
  file: ['file', '文件'],
  allPassed: ['all passed', '全部通过'],
  nFailed: ['{0} failed', '{0} 项未通过'],
  nothingToJudge: ['Nothing to judge in this run.', '本次运行中没有可评判的内容。'],
  details: ['details', '详情'],
  backend: SHARED_WORDS.backend,
  mode: ['Mode', '模式'],
  protocol: ['Protocol', '协议'],
  repeat: ['Repeat', '重复'],
  datasets: ['Datasets', '数据集'],
  started: SHARED_WORDS.started,
  finished: SHARED_WORDS.finished,
  filter: ['Filter', '筛选'],
  shard: ['Shard', '分片'],
  lastPassed: SHARED_WORDS.lastPassed,
  neverPassed: SHARED_WORDS.neverPassed,
  firstFailed: SHARED_WORDS.failingSince,
  gatePassed: ['regression gate passed against', '回归门禁通过，基线'],
  gateFailed: ['regression gate failed against', '回归门禁未通过，基线'],
  gateLetThrough: ['regression gate not decided — let through, against', '回归门禁未定 — 放行，基线'],
  gateNotDecided: ['regression gate not decided against', '回归门禁未定，基线'],
  regressionsAgainst: ['Regressions against', '相对基线的退步'],
  improvementsAgainst: ['Improvements against', '相对基线的改进'],
  noChange: ['No change beyond tolerance against', '与基线相比无超出容差的变化：'],
  biggestMovers: ['Biggest movers vs baseline', '相对基线变化最大的切片'],
  sliceChange: ['{before} → {after} passed ({moved})', '通过 {before} → {after}（{moved}）'],
  sliceBroke: ['{0} broke', '{0} 段由通过变为失败'],
  sliceWithinNoise: ['{0} within noise', '{0} 段在波动范围内'],
  sliceFixed: ['{0} fixed', '{0} 段修复'],
  dialoguesAllRuns: ['Dialogues passing all {0} runs', '{0} 次全部通过的对话'],
  gateFailedHead: ['Regression gate failed', '回归门禁未通过'],
  gatePassedHead: ['Regression gate passed', '回归门禁通过'],
  gateLetThroughHead: ['Regression gate not decided — let through', '回归门禁未定 — 放行'],
  gateNotDecidedHead: ['Regression gate not decided', '回归门禁未定'],
  metricsWorse: ['{0} metrics worse', '{0} 项指标变差'],
  allDialoguesPassed: ['All {0} dialogues passed', '全部 {0} 段对话通过'],
  dialoguesFailed: ['{failed} of {total} dialogues failed · {passed}/{total} passed', '{total} 段对话中 {failed} 段未通过 · 通过 {passed}/{total}'],
  dialoguesFailedRuns: [
    '{failed} of {total} dialogues failed a run · {passed}/{total} passed all {runs} runs',
    '{total} 段对话中 {failed} 段有运行未通过 · {runs} 次运行全部通过 {passed}/{total}',
  ],
  provenance: ['Provenance', '来源'],
  failingDialogues: ['Failing dialogues ({0})', '未通过的对话（{0}）'],
  moreFailing: [
    '…and {0} more failing dialogues; see report.html or junit.xml for all of them.',
    '……另有 {0} 段未通过的对话；全部见 report.html 或 junit.xml。',
  ],
  tags: ['tags', '标签'],
  passedRuns: ['passed {0}/{1} runs', '{1} 次运行通过 {0} 次'],
  failedChecks: SHARED_WORDS.failedChecks,
  noFailedCheck: ['No failed check in the recorded transcript.', '记录的对话中没有未通过的检查。'],
  turnHead: ['Turn', '轮次'],
  input: ['Input', '输入'],
  check: ['Check', '检查'],
  whatDiffers: ['What differs', '不同之处'],
  runStarted: ['Run started {0} · report schema v{1}', '运行开始于 {0} · 报告格式 v{1}'],
  verdictPassed: ['✔ PASSED', '✔ 通过'],
  verdictFailed: ['✘ FAILED', '✘ 未通过'],
  verdictLetThrough: ['◐ NOT DECIDED — LET THROUGH', '◐ 未定 — 放行'],
  verdictNotDecided: ['✘ NOT DECIDED', '✘ 未定'],
  consoleCounts: ['{0} dialogues passed', '{0} 段对话通过'],
  consoleCountsAllRuns: ['{0} dialogues passed all {1} runs', '{0} 段对话 {1} 次运行全部通过'],
  consoleDetail: [' · {0} turns · {1} checks', ' · 轮次 {0} · 检查 {1}'],
  gateState: [' · gate {0}', ' · 门禁{0}'],
  failedDialoguesHead: ['Failed dialogues ({0})', '未通过的对话（{0}）'],
  comparisonTitle: ['Comparison', '对比'],
  passToFail: ['Pass → fail ({0})', '由通过变为失败（{0}）'],
  failToPass: ['Fail → pass ({0})', '由失败变为通过（{0}）'],
  flipBroke: ['pass → fail', '通过 → 失败'],
  flipFixed: ['fail → pass', '失败 → 通过'],
  noSliceMoved: ['No slice moved.', '没有切片发生变化。'],
  noTranscriptEither: ['Neither side recorded this transcript.', '两边都没有记录对话过程。'],
  turnNumber: ['Turn {0}', '第 {0} 轮'],
  twoRunsSideBySide: ['two runs side by side', '两次运行对比'],
  transcriptsSideBySide: ['transcripts side by side', '逐轮对照'],
  lowestPassRate: ['lowest pass rate', '通过率最低'],
  flakyNote: ['{0} more failed in some repeats only (flaky; the gate does not count them alone)', '另有 {0} 段在部分重复中失败（不稳定，门禁不单独计入）'],
  moreFlips: ['…and {0} more; see comparison.html.', '……另有 {0} 段；见 comparison.html。'],
  slicesMoved: ['Slices that moved', '有变化的切片'],
  dialoguesPassedHead: ['Dialogues passed', '通过的对话'],
  successDelta: ['Dialogue success Δ', '对话成功率 Δ'],
  field: ['Field', '字段'],
  noFieldDiffers: ['No recorded field differs (a transcript may not have been kept).', '记录的字段没有不同（可能未保留对话记录）。'],
  andMore: ['…and {0} more', '……另有 {0} 个'],
  howSure: ['How sure is this?', '有多确定？'],
  comparedHow: ['How the runs were compared', '如何比较的'],
  moreChanges: ['{0} more {0:change|changes}', '另有 {0} 项变化'],
  openNext: ['Open next', '接下来看'],
  openWhatBroke: ['What got worse ({0})', '变差的对话（{0}）'],
  openFailing: ['Failing dialogues ({0})', '失败的对话（{0}）'],
  openSideBySide: ['Side by side ({0})', '逐轮对照（{0}）'],
  runsPassed: ['Runs passed', '通过的运行'],
  everyRunPassed: ['dialogues passing all {0} runs: {1}', '{0} 次全部通过的对话：{1}'],
  unsteadyLine: [
    '{0} dialogues already failed some baseline runs and moved within that noise: not counted as broke or fixed.',
    '{0} 段对话在基线中就已部分失败，其变化在该波动范围内：不计入“由通过变为失败”或“由失败变为通过”。',
  ],
  unlikelyChance: ['very unlikely to be chance', '极不可能是偶然'],
  couldBeChance: ['could be chance', '可能只是偶然'],
  beyondInterval: ['likely real on its own test', '单独检验下很可能是真实变化'],
  notCounted: ['0 lies outside its interval, but the gate did not count it', '0 在其区间之外，但门禁未计入'],
  countedAtEdge: ["counted by the gate's test, though its interval reaches 0", '门禁检验计入，但其区间触及 0'],
  untested: ['not tested against chance', '未做偶然性检验'],
  unchanged: ['unchanged', '没有变化'],
  negligible: ['negligible (under 1 point), could be chance', '幅度可忽略（不到 1 个百分点），可能只是偶然'],
  negligibleReal: ['negligible (under 1 point), though unlikely to be chance', '幅度可忽略（不到 1 个百分点），虽然不太可能是偶然'],
  intervalLevel: ['{0} % interval', '{0}% 区间'],
  pOfFall: ['one-sided p of a fall', '下降的单侧 p'],
  pOfRise: ['one-sided p of a rise', '上升的单侧 p'],
  nBroke: ['{0} {0:dialogue|dialogues} broke', '{0} 段对话由通过变为失败'],
  nFixed: ['{0} fixed', '{0} 段对话由失败变为通过'],
  fewerRuns: [
    '{0} {0:dialogue|dialogues} passed fewer of {0:its|their} {1} runs than in the baseline ({2} no run, {3} some), as run-to-run noise alone can make {0:it|them}: not counted as broke',
    '{0} 段对话在 {1} 次运行中通过的次数少于基线（{2} 段一次也未通过，{3} 段部分通过），单靠运行间波动就可能如此：不计入“由通过变为失败”',
  ],
  moreRuns: [
    '{0} {0:dialogue|dialogues} passed every one of {0:its|their} {1} runs after failing some in the baseline, as run-to-run noise alone can make {0:it|them}: not counted as fixed',
    '{0} 段对话在基线中部分失败、此次 {1} 次运行全部通过，单靠运行间波动就可能如此：不计入“由失败变为通过”',
  ],
  tap: ['tap {0}', '点按 {0}'],
  tapConfirm: ['tap confirm', '点按“确认”'],
  tapCancel: ['tap cancel', '点按“取消”'],
  wait: ['wait {0} ms', '等待 {0} ms'],
  noInput: ['(no input)', '（无输入）'],
  trendRange: [' (range {0}–{1})', '（范围 {0}–{1}）'],
  runBackend: ['backend {0} model {1}', '后端 {0} 模型 {1}'],
  runMode: ['mode **{0}**', '模式 **{0}**'],
  runProtocol: ['protocol **{0}**', '协议 **{0}**'],
  repeatRanOnce: [
    '--repeat {0} asked, run once: this backend answers the same input the same way every time, so each repeat would only be this run again',
    '要求 --repeat {0}，只运行了一次：此后端对相同输入总给出相同回答，每次重复都只会是这次运行的重演',
  ],
  runRepeat: ['repeat {0} ({1})', '重复 {0} 次（{1}）'],
  runFilter: ['filter {0}', '筛选 {0}'],
  armsTitle: ['Protocol comparison', '协议对比'],
  armsBatch: ['batch (seeds 000-003)', 'batch（种子 000-003）'],
  armsConversation: ['conversation (seed 004)', 'conversation（种子 004）'],
  checksPassedHead: ['Checks passed', '通过的检查'],
  armsSkipped: [' ({0} skipped)', '（跳过 {0}）'],
  armsNotApplicable: [' ({0} n/a)', '（{0} 项不适用）'],
  armsNote: [
    'The conversation arm runs single-transaction dialogues only and judges state, batch, saved, intent and local/offline routes',
    '会话协议一侧只运行单笔对话，只评判 state、batch、saved、intent 与 local/offline 分流',
  ],
  armsNoteMd: ['; wording and LLM requests are batch-protocol expectations.', '；播报措辞与 LLM 请求是批量协议的期望。'],
  armsNoteHtml: [
    'The same dialogues under the batch protocol (seeds 000-003) and the legacy conversation protocol (seed 004). {0}.',
    '同一批对话分别在批量协议（种子 000-003）与旧版会话协议（种子 004）下运行。{0}。',
  ],
  baselineAt: ['baseline {0}', '基线 {0}'],
  thisRun: ['this run', '本次运行'],
  runNumber: ['run #{0}', '第 {0} 次运行'],
  pageTitle: ['{mark} NLU report · {dialogues} · {model}', '{mark} NLU 评测报告 · {dialogues} · {model}'],
  enableScript: ['Enable JavaScript to browse the dialogue transcripts.', '启用 JavaScript 后可浏览对话记录。'],
  baseUrl: ['base URL', '服务地址'],
  commit: ['commit', '提交'],
  uncommitted: [' (with uncommitted changes)', '（含未提交的改动）'],
  promptFile: ['prompt {0}', '提示词 {0}'],
  datasetFile: ['dataset {0}', '数据集 {0}'],
  noGit: ['none ({0})', '无（{0}）'],
  notACheckout: ['not a git checkout', '不是 git 仓库'],
  gitNotInstalled: ['git is not installed', '未安装 git'],
  noCommit: ['the git checkout has no commit yet', 'git 仓库还没有提交'],
  protocolPart: ['{0} protocol', '{0} 协议'],
  seedPart: SHARED_WORDS.seed,
  shardPart: ['shard {0}', '分片 {0}'],
  promptsPart: ['prompts {0}', '提示词 {0}'],
  commitPart: ['commit {0}', '提交 {0}'],
  rateLimited: [
    "the model's server answered 429 (rate limited) {limited} {limited:time|times} beside {answered} answers{narrowed}: a call that waited past its deadline was scored as the timeout the app would see. Lower --concurrency, or add --adaptive-concurrency.",
    '模型服务器 {limited} 次返回 429（限流），另有 {answered} 次正常回答{narrowed}：等待超过时限的调用按应用会遇到的超时计分。请调低 --concurrency，或加上 --adaptive-concurrency。',
  ],
  narrowed: ['; concurrency narrowed {from} → {to}', '；并发从 {from} 降到 {to}'],
  findingAbsent: ['absent', '缺失'],
  findingPass: SHARED_WORDS.pass,
  findingFail: ['fail', '失败'],
  findingTolerance: ['tolerance {0}', '容差 {0}'],
  findingInterval: ['interval {low} to {high}', '区间 {low} 至 {high}'],
  findingIntervalAt: ['{level} % interval {low} to {high}', '{level}% 区间 {low} 至 {high}'],
  findingExtras: ['({0})', '（{0}）'],
  unjudgedTurns: [
    '{unjudged} of {turns} turns counted for no turn-kind metric nor Dates: {reasons}.',
    '{turns} 轮中有 {unjudged} 轮不计入任何按轮类型的指标和日期：{reasons}。',
  ],
  unjudged_noUserLine: ['{0} without a user line (a tap or a wait)', '{0} 轮没有用户输入（点按或等待）'],
  unjudged_local: ['{0} answered on the device (Layer 1, or routed so by the dataset)', '{0} 轮由端侧规则处理（第一层，或数据集指定）'],
  unjudged_offline: ['{0} offline', '{0} 轮离线'],
  unjudged_failedAnswer: ['{0} with a scripted fault, raw text or an expected fallback', '{0} 轮为脚本化故障、原始文本或期望的兜底'],
  unjudged_otherEndpoint: ['{0} scripting only a conversation answer', '{0} 轮只脚本化了对话协议的回答'],
  unjudged_draftUnknown: ['{0} whose draft before or after the dataset leaves unknown (no expect.batch)', '{0} 轮的之前或之后草稿数据集未写明（没写批次）'],
  unjudged_noKind: ['{0} whose draft loses items (no kind)', '{0} 轮草稿条目减少（无类型）'],
  runsPassedChange: ['{before}/{runs} → {after}/{runs} runs passed', '通过的运行 {before}/{runs} → {after}/{runs}'],
  pairedGateLine: [
    'Paired gate over {0} dialogues at α = {1} (sign test + randomization tests, Holm-adjusted); {2} {2:dialogue|dialogues} already unsteady in the baseline (failed some runs before and after) do not gate alone',
    '按对话配对的门禁：{0} 段对话，α = {1}（符号检验 + 随机化检验，Holm 校正）；{2} 段对话在基线中就已部分失败（前后都有失败的运行），不单独触发门禁',
  ],
  thinTests: [
    'Not gated this run, too few of their dialogues moved for any test to tell a change from chance ({0} needed): {1}.',
    '本次未纳入门禁（有变化的对话太少，任何检验都无法与偶然区分；需要 {0} 段）：{1}。',
  ],
  thinTest: ['{0} {1} ({2} of {3} judged dialogues moved)', '{0} {1}（{3} 段被评判的对话中 {2} 段有变化）'],
  unmovedTests: ['Unchanged on every dialogue: {0}.', '每段对话都没有变化：{0}。'],
  pairedMethod: [
    "Compared dialogue by dialogue over {0} dialogues: a sign test on the dialogues' pass rates and a randomization test per metric, Holm-adjusted, α = {1}; intervals by bootstrap over dialogues.",
    '按对话逐一配对比较（{0} 段对话）：对话通过率用符号检验，各指标用随机化检验，Holm 校正，α = {1}；区间为按对话的自助法区间。',
  ],
  singleRunsMethod: [
    "One run a side of a model with noise, judged against chance with the dialogue as the unit: McNemar's exact test on the pass/fail of {0} dialogues both ran, and per metric a randomization test that swaps whole dialogues between the sides (a dialogue's turns are not independent draws), Holm-adjusted, α = {1}; a move within noise does not fail the gate.",
    '两边各一次运行、模型有波动，以对话为单位按偶然性判断：两边都运行的 {0} 段对话的通过/失败用 McNemar 精确检验，各指标用整段对话在两边之间随机互换的置换检验（同一对话的各轮不是独立抽样），Holm 校正，α = {1}；波动范围内的变化不会使门禁失败。',
  ],
  trendChanged: [
    'Since the previous comparable run ({0} answers the same input the same way, so each move is a change, not noise): ',
    '与上一次可比运行相比（{0} 对相同输入总给出相同回答，因此每个变化都是真实变化而非波动）：',
  ],
  buildChanged: ['The build changed since that run (commit {0} → {1}).', '自那次运行以来构建已变（提交 {0} → {1}）。'],
  trendNoMove: ['No metric moved since the previous comparable run.', '与上一次可比运行相比，各项指标没有变化。'],
  trendBeyond: ['Since the previous comparable run, more than run-to-run noise: ', '与上一次可比运行相比，超出运行间波动的变化：'],
  trendAlsoWithin: ['Within run-to-run noise: ', '在运行间波动范围内：'],
  trendAllWithin: ['Since the previous comparable run, nothing moved beyond run-to-run noise: ', '与上一次可比运行相比，没有超出运行间波动的变化：'],
  trendUnknown: [
    'Since the previous comparable run (one run each, no counts kept: cannot tell whether this is noise; run with --repeat to know): ',
    '与上一次可比运行相比（各只有一次运行且未记录计数，无法判断是否只是波动；用 --repeat 运行可以确定）：',
  ],
  trendMethod: [
    'Each change with the 95 % interval chance alone gives on these counts (difference of two proportions, Newcombe); an interval that includes 0 is noise:',
    '每项变化及按计数得出的偶然波动 95% 区间（两比例之差，Newcombe 法）；区间包含 0 即为波动：',
  ],
} as const satisfies Record<string, Words>;

export type PageLabel = keyof typeof PAGE_WORDS;

/** Whether `key` names a word of the table (a key built from a report's own text may not). */
export function isPageLabel(key: string): key is PageLabel {
  return Object.hasOwn(PAGE_WORDS, key);
}

/** A page label with {0}, {1}… filled in. */
export function label(lang: Lang, key: PageLabel, ...args: Args): string {
  return inLang(lang, PAGE_WORDS[key], ...args);
}

/** Gate findings of kind `metric` that are no metric (eval/gateVerdict.ts). */
export const GATE_FINDINGS: Readonly<Record<string, Words>> = {
  baselineDialoguesRun: ['Baseline dialogues run', '已运行的基线对话'],
};

/** What a metric measures: English as the report recorded it, Chinese from the metric's definition and the report's settings. */
export function metricDescription(lang: Lang, name: string, report: Pick<Report, 'metrics'>): string {
  const recorded = (report.metrics as Readonly<Record<string, MetricResult | undefined>>)[name]?.description ?? '';
  const definition = metricDefinition(name);
  return definition ? pick(lang, [recorded, definition.describe(recordedSettings(report.metrics))[1]]) : recorded;
}

/** A metric's (or a metric-like gate finding's) name; a name this build does not know stays as it is. */
export function metricName(lang: Lang, name: string): string {
  const pair = metricDefinition(name)?.label ?? GATE_FINDINGS[name];
  return pair ? inLang(lang, pair) : name;
}

/**
 * A human name for a key of a metric's counts or details, from the metric's definition (a test
 * holds every metric to naming all its keys); a metric this build does not know gets its keys
 * split out of camelCase.
 */
export function counterName(lang: Lang, metric: string, key: string): string {
  const definition = metricDefinition(metric);
  const pair = definition?.counts[key] ?? definition?.details[key];
  if (pair) return inLang(lang, pair);
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Feature tags by the seeds' Chinese product words (shown in both languages: they are the product's terms). */
const FEATURES: Readonly<Record<string, string>> = {
  adversarial: '对抗输入',
  ambiguous: '歧义',
  append: '追加',
  batch: '多笔',
  bulk: '批量',
  cancel: '取消',
  cap: '上限',
  confidence: '置信度',
  'correct-description': '描述词纠正',
  'correct-ordinal': '序号纠正',
  correction: '纠正',
  decision: '种子决策',
  delegate: '回调',
  dispose: '销毁',
  exit: '退出',
  fallback: '降级',
  fault: '故障',
  income: '收入',
  'index-range': '序号越界',
  'item-ops': '逐条操作',
  judge: '二次判定',
  malformed: '格式错误',
  mixed: '混合',
  'multi-batch': '连续多批',
  'no-amount': '无金额',
  offline: '离线',
  'offline-strength': '离线规则强度',
  persistence: '保存',
  remap: '重编号',
  'remap-shifted': '重编号偏移',
  routing: '分流',
  single: '单笔',
  split: '拆分',
  tap: '点按',
  timeout: '超时',
  truncate: '截断',
  tts: '播报',
  unclear: '不明确',
};

/** The fields of a turn two transcripts are compared by (report/model/comparison.ts sideBySide); English shows the key. */
export const TURN_FIELDS: Readonly<Record<string, Words>> = {
  input: ['input', '输入'],
  route: ['route', '分流'],
  intent: ['intent', '意图'],
  state: ['state', '状态'],
  tts: ['tts', '播报'],
  batch: ['batch', '待确认账单'],
  saved: ['saved', '已保存'],
  llm: ['llm', '模型调用'],
  failedChecks: ['failedChecks', '未通过的检查'],
};

export function turnFieldName(lang: Lang, field: string): string {
  const row = TURN_FIELDS[field];
  return row ? pick(lang, row) : field;
}

/** Routes by what they mean (the key kept alongside): who handled the line. */
export const ROUTES: Readonly<Record<string, Words>> = {
  local: ['local rules (local)', '本地规则（local）'],
  llm: ['model (llm)', '模型（llm）'],
  fallback: ['fallback to local (fallback)', '降级到本地（fallback）'],
  offline: ['offline (offline)', '离线（offline）'],
  none: ['no line (none)', '无语句（none）'],
};

export function routeName(lang: Lang, route: string): string {
  const row = ROUTES[route];
  return row ? pick(lang, row) : route;
}

export function featureName(tag: string): string {
  return FEATURES[tag] ?? tag;
}

/** A slice's readable name: feature tags by product word (tag kept alongside), the rest as they are. */
export function sliceName(kind: string, name: string): string {
  if (kind !== 'feature') return name;
  const word = featureName(name);
  return word === name ? name : `${word} (${name})`;
}
