/** Words the report pages show, in English and Chinese: page labels, metric and counter names, feature tags. */
import type { Lang } from './reportTypes.js';

type Pair = readonly [en: string, zh: string];

const PAGE = {
  passed: ['Passed', '通过'],
  failed: ['Failed', '未通过'],
  eyebrow: ['Voice bookkeeping · NLU evaluation', '语音记账 · NLU 评测'],
  latency: ['Latency', '延迟'],
  routingTitle: ['Routing: where each line went', '分流：每句话由谁处理'],
  routingNote: ['How each turn was routed compared with the route the dataset expects. The diagonal is correct.', '每轮实际的处理方式与数据集期望的对比；对角线为正确。'],
  routingCorner: ['expected ↓ · actual →', '期望 ↓ · 实际 →'],
  accuracy: ['accuracy', '准确率'],
  dialoguesPassed: ['{0} of {1} dialogues passed', '{1} 段对话中 {0} 段通过'],
  metrics: ['Metrics', '指标'],
  slices: ['Slices', '切片'],
  slicesNote: ['Every metric again over the dialogues of one feature tag, seed, scenario or dataset file. Click a heading to sort; a slice name opens its dialogues.', '按功能标签、种子文档、场景或数据文件拆开的各项指标。点击表头排序；点击切片名查看其对话。'],
  trends: ['Trend', '趋势'],
  trendRuns: ['The {0} runs, oldest first', '这 {0} 次运行（从早到晚）'],
  trendsNote: ['Each metric over the last {0} comparable runs (same datasets, backend, model, mode and protocol) from the run history; the last point is this run.', '运行历史中最近 {0} 次可比运行（相同数据集、后端、模型、模式与协议）的各项指标；最后一点是本次运行。'],
  dialogues: ['Dialogues', '对话'],
  turns: ['Turns', '轮次'],
  checks: ['Checks', '检查项'],
  kind: ['Kind', '类别'],
  metric: ['Metric', '指标'],
  slice: ['Slice', '切片'],
  score: ['Score', '得分'],
  vsBaseline: ['vs baseline', '对比基线'],
  counts: ['Counts', '计数'],
  baseline: ['baseline', '基线'],
  withinTolerance: ['within tolerance', '在容差内'],
  significant: ['significant', '显著'],
  turn: ['turn {0}', '第 {0} 轮'],
  notSignificant: ['not significant', '不显著'],
  feature: ['feature', '功能'],
  seed: ['seed', '种子'],
  scenario: ['scenario', '场景'],
  file: ['file', '文件'],
  allPassed: ['all passed', '全部通过'],
  nFailed: ['{0} failed', '{0} 项未通过'],
  nothingToJudge: ['Nothing to judge in this run.', '本次运行中没有可评判的内容。'],
  details: ['details', '详情'],
  backend: ['Backend', '后端'],
  mode: ['Mode', '模式'],
  protocol: ['Protocol', '协议'],
  repeat: ['Repeat', '重复'],
  datasets: ['Datasets', '数据集'],
  started: ['Started', '开始'],
  finished: ['Finished', '结束'],
  filter: ['Filter', '筛选'],
  shard: ['Shard', '分片'],
  lastPassed: ['last passed {0}', '上次通过 {0}'],
  neverPassed: ['never passed in the history', '历史中从未通过'],
  firstFailed: ['failing since {0}', '自 {0} 起失败'],
  gatePassed: ['regression gate passed against', '回归门禁通过，基线'],
  gateFailed: ['regression gate failed against', '回归门禁未通过，基线'],
  regressionsAgainst: ['Regressions against', '相对基线的退步'],
  improvementsAgainst: ['Improvements against', '相对基线的改进'],
  noChange: ['No change beyond tolerance against', '与基线相比无超出容差的变化：'],
  biggestMovers: ['Biggest movers vs baseline', '相对基线变化最大的切片'],
} as const satisfies Record<string, Pair>;

export type PageLabel = keyof typeof PAGE;

/** A page label with {0}, {1}… filled in. */
export function label(lang: Lang, key: PageLabel, ...args: readonly (string | number)[]): string {
  return inLang(lang, PAGE[key], ...args);
}

/** One of an English/Chinese pair, with {0}, {1}… filled in. */
export function inLang(lang: Lang, pair: readonly [en: string, zh: string], ...args: readonly (string | number)[]): string {
  return pair[lang === 'zh' ? 1 : 0].replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

const METRICS: Readonly<Record<string, Pair>> = {
  dialogueSuccess: ['Dialogue success', '对话成功率'],
  batchSplitting: ['Batch splitting', '多笔拆分'],
  correctionIndexMapping: ['Correction index mapping', '纠正序号映射'],
  confidenceFallback: ['Confidence fallback', '低置信度兜底'],
  routing: ['Routing', '分流'],
  latency: ['Latency budgets', '延迟预算'],
  tts: ['TTS wording', '播报措辞'],
  persistence: ['Persistence', '保存'],
  baselineDialoguesRun: ['Baseline dialogues run', '已运行的基线对话'],
};

/** What each metric measures, for Chinese pages (English pages show the scorer's own sentence). */
const DESCRIPTIONS_ZH: Readonly<Record<string, string>> = {
  dialogueSuccess: '每一轮的每项检查都通过的对话所占比例。',
  batchSplitting: '新输入被拆成正确交易的比例：笔数、顺序和字段完全正确的批次。',
  correctionIndexMapping: '纠正落到正确的原始条目上（仅 pending 条目重编号之后），且之后批次完全正确。',
  confidenceFallback: 'LLM 回答低于 0.7 置信度、格式错误、无效、超时或失败时，按种子规范处理的比例。',
  routing: '每句话按种子规范分流（本地规则、LLM、兜底、离线）；本地处理的句子从不调用 LLM。',
  latency: '用户说话后首句播报在 3 秒预算内的比例；LLM 延迟分位数对照截止时间。',
  tts: '播报措辞与种子模板完全一致（tts、ttsIncludes 检查）。',
  persistence: '确认的条目在一个 SQLite 事务中按期望保存；保存失败时不提交任何内容并保留草稿批次。',
};

export function metricDescription(lang: Lang, name: string, own: string): string {
  return lang === 'zh' ? (DESCRIPTIONS_ZH[name] ?? own) : own;
}

export function metricName(lang: Lang, name: string): string {
  const pair = METRICS[name];
  return pair ? pair[lang === 'zh' ? 1 : 0] : name;
}

const COUNTERS: Readonly<Record<string, Pair>> = {
  judged: ['judged', '评判数'],
  passed: ['passed', '通过'],
  countExact: ['right number of items', '笔数正确'],
  exactBatch: ['batch exactly right', '批次完全正确'],
  rightIndex: ['right item corrected', '纠正到正确的笔'],
  afterCancelOrConfirm: ['after a cancel or confirm', '取消或确认之后'],
  afterCancelOrConfirmExact: ['after a cancel or confirm, exactly right', '取消或确认之后完全正确'],
  handled: ['handled as the seeds say', '按规范处理'],
  lowConfidence: ['low confidence', '低置信度'],
  lowConfidenceHandled: ['low confidence, handled', '低置信度已处理'],
  malformed: ['malformed answers', '格式错误的回答'],
  malformedHandled: ['malformed, handled', '格式错误已处理'],
  invalid: ['invalid answers', '无效回答'],
  invalidHandled: ['invalid, handled', '无效回答已处理'],
  timeout: ['timeouts', '超时'],
  timeoutHandled: ['timeouts, handled', '超时已处理'],
  error: ['errors', '错误'],
  errorHandled: ['errors, handled', '错误已处理'],
  right: ['routed right', '分流正确'],
  localTurns: ['local turns', '本地处理的轮次'],
  llmCallsOnLocalTurns: ['LLM calls on local turns', '本地轮次中的 LLM 调用'],
  firstTtsWithinBudget: ['first line within budget', '首句在预算内'],
  llmCalls: ['LLM calls', 'LLM 调用'],
  timeouts: ['timeouts', '超时'],
  lateAnswers: ['late answers', '迟到的回答'],
  rowsSaved: ['rows saved', '已保存行数'],
  failedSaves: ['failed saves', '保存失败'],
  rolledBackAndKept: ['rolled back, batch kept', '已回滚并保留批次'],
  // latency figures (metrics.latency.details)
  deadlineMs: ['model deadline', '模型截止时间'],
  llmP50Ms: ['model answer, median (p50)', '模型回答中位数（p50）'],
  llmP95Ms: ['model answer, p95', '模型回答 p95'],
  llmMaxMs: ['model answer, slowest', '模型回答最慢'],
  llmOverDeadline: ['model answers past the deadline', '超过截止时间的模型回答'],
  firstTtsMs: ['first spoken line', '首句播报'],
  firstTtsP50Ms: ['first spoken line, median (p50)', '首句播报中位数（p50）'],
  firstTtsP95Ms: ['first spoken line, p95', '首句播报 p95'],
};

/** A counter's human name: known ones from the table, others split out of camelCase. */
export function counterName(lang: Lang, key: string): string {
  const pair = COUNTERS[key];
  if (pair) return pair[lang === 'zh' ? 1 : 0];
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

/** Routes by what they mean (the key kept alongside): who handled the line. */
const ROUTES: Readonly<Record<string, Pair>> = {
  local: ['local rules (local)', '本地规则（local）'],
  llm: ['model (llm)', '模型（llm）'],
  fallback: ['fallback to local (fallback)', '降级到本地（fallback）'],
  offline: ['offline (offline)', '离线（offline）'],
  none: ['no line (none)', '无语句（none）'],
};

export function routeName(lang: Lang, route: string): string {
  const pair = ROUTES[route];
  return pair ? pair[lang === 'zh' ? 1 : 0] : route;
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
