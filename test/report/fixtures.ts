import { REPORT_SCHEMA_VERSION, type DialogueReport, type Report, type TurnReport } from '../../src/report/model/reportTypes.js';

/** A user line that would run script if any renderer wrote it as markup. */
export const XSS_LINE = '打车二十</script><script>window.__xss=1;alert(1)</script>';
export const XSS_TITLE = '标题 <img src=x onerror="window.__xss=2"> & "引号"';

const lunch = { amount: 35, type: 'expense', category: '餐饮', description: '午饭' } as const;
const taxi = { amount: 20, type: 'expense', category: '交通', description: '打车' } as const;

const passingTurns: TurnReport[] = [
  {
    index: 0,
    input: { user: '午饭三十五' },
    network: 'online',
    route: 'local',
    intent: { kind: 'newInput' },
    stateAfter: 'CONFIRMING',
    tts: ['午饭，35元，餐饮。确认吗？'],
    batch: [{ index: 0, status: 'pending', ...lunch }],
    saved: [],
    llmCalls: [],
    checks: [
      { name: 'route', passed: true, expected: 'local', actual: 'local' },
      { name: 'state', passed: true, expected: 'CONFIRMING', actual: 'CONFIRMING' },
    ],
    passed: true,
    firstTtsMs: 4,
    virtualMs: 4,
  },
  {
    index: 1,
    input: { tap: 'confirm' },
    network: 'online',
    route: 'none',
    intent: null,
    stateAfter: 'IDLE',
    tts: ['已记录。'],
    batch: [{ index: 0, status: 'confirmed', ...lunch }],
    saved: [{ amount: 35, category: '餐饮', description: '午饭' }],
    llmCalls: [],
    checks: [{ name: 'saved', passed: true, expected: [{ amount: 35 }], actual: [{ amount: 35 }] }],
    passed: true,
    firstTtsMs: 1,
    virtualMs: 1,
  },
];

const failingTurns: TurnReport[] = [
  {
    index: 0,
    input: { user: '午饭35，打车20' },
    network: 'online',
    route: 'llm',
    intent: { kind: 'newInput' },
    stateAfter: 'CONFIRMING',
    tts: ['一共两笔：第一笔，午饭35元；第二笔，打车20元。都对吗？'],
    batch: [
      { index: 0, status: 'pending', ...lunch },
      { index: 1, status: 'pending', ...taxi },
    ],
    saved: [],
    llmCalls: [
      {
        endpoint: 'parse',
        request: { text: '午饭35，打车20' },
        responseText: JSON.stringify({ transactions: [lunch, taxi] }),
        outcome: 'ok',
        latencyMs: 320,
        usage: { promptTokens: 512, completionTokens: 64 },
      },
    ],
    checks: [
      { name: 'route', passed: true, expected: 'llm', actual: 'llm' },
      { name: 'batch', passed: true, expected: [{ amount: 35 }, { amount: 20 }], actual: [{ amount: 35 }, { amount: 20 }] },
    ],
    passed: true,
    firstTtsMs: 330,
    virtualMs: 330,
  },
  {
    index: 1,
    input: { user: XSS_LINE },
    network: 'online',
    route: 'llm',
    intent: { kind: 'correction', index: 1 },
    stateAfter: 'CONFIRMING',
    tts: ['好的，第二笔改为打车，20元。'],
    batch: [
      { index: 0, status: 'pending', ...lunch },
      { index: 1, status: 'pending', ...taxi },
    ],
    saved: [],
    llmCalls: [
      {
        endpoint: 'correct',
        request: { currentBatch: [lunch, taxi], correctionText: XSS_LINE },
        responseText: '{"index": 0, "patch": {"amount": 25}}\u0001',
        outcome: 'invalid',
        detail: 'index 0 points at 午饭, expected 1',
        latencyMs: 410,
      },
    ],
    checks: [
      { name: 'intent', passed: true, expected: { kind: 'correction' }, actual: { kind: 'correction', index: 1 } },
      {
        name: 'batch',
        passed: false,
        expected: { index: 1, amount: 25, category: '交通' },
        actual: { index: 1, amount: 20, category: '交通' },
      },
      { name: 'ttsIncludes', passed: false, expected: '25元', actual: '好的，第二笔改为打车，20元。' },
    ],
    passed: false,
    firstTtsMs: 420,
    virtualMs: 420,
  },
  {
    index: 2,
    input: { advanceMs: 3000 },
    network: 'offline',
    route: 'offline',
    intent: null,
    stateAfter: 'CONFIRMING',
    tts: [],
    batch: [
      { index: 0, status: 'pending', ...lunch },
      { index: 1, status: 'cancelled', ...taxi },
    ],
    saved: [],
    llmCalls: [],
    checks: [{ name: 'state', passed: true, expected: 'CONFIRMING', actual: 'CONFIRMING' }],
    passed: true,
    firstTtsMs: null,
    virtualMs: 3000,
  },
];

export const passingDialogue: DialogueReport = {
  id: 'single-lunch',
  title: '单笔午饭，点按确认',
  tags: ['single', 'tap'],
  file: 'datasets/single.yaml',
  passed: true,
  failedChecks: 0,
  runsPassed: 1,
  runs: 1,
  turns: passingTurns,
  turnCount: 2,
};

export const failingDialogue: DialogueReport = {
  id: 'multi-correct-02',
  title: '两笔消费，纠正第二笔金额',
  tags: ['multi', 'correction'],
  file: 'datasets/multi.yaml',
  passed: false,
  failedChecks: 2,
  runsPassed: 0,
  runs: 1,
  turns: failingTurns,
  turnCount: 3,
};

/** A pass whose transcript was not kept (see DialogueReport.turns), with markup in its title. */
export const sampledOutDialogue: DialogueReport = {
  id: 'multi-three-items',
  title: XSS_TITLE,
  tags: ['multi'],
  file: 'datasets/multi.yaml',
  passed: true,
  failedChecks: 0,
  runsPassed: 1,
  runs: 1,
  turns: [],
  turnCount: 4,
};

export function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    run: {
      startedAt: '2025-05-01T08:00:00.000Z',
      finishedAt: '2025-05-01T08:00:03.250Z',
      timing: { wallMs: 3250 },
      llm: { backend: 'scripted', model: 'qwen-plus' },
      datasets: ['datasets/single.yaml', 'datasets/multi.yaml'],
      mode: 'e2e',
      protocol: 'batch',
      seed: 42,
      repeat: 1,
      filter: [],
      shard: null,
    },
    summary: {
      dialogues: { total: 3, passed: 2, failed: 1 },
      turns: { total: 9, passed: 8, failed: 1 },
      checks: { total: 8, passed: 6, failed: 2 },
      passAt1: 2 / 3,
      passHatK: 2 / 3,
    },
    metrics: {
      dialogueSuccess: { score: 2 / 3, counts: { judged: 3, passed: 2 }, description: '整段对话全部检查通过的比例。' },
      batchSplitting: { score: 1, counts: { judged: 2, exact: 2 }, description: '多笔输入被正确拆分的比例。' },
      correctionIndexMapping: {
        score: 0.5,
        counts: { judged: 2, correct: 1 },
        details: { misses: [{ dialogue: 'multi-correct-02', expected: 1, actual: 0 }] },
        description: '纠正指向正确条目的比例。',
      },
      confidenceFallback: { score: 1, counts: { judged: 0 }, description: '低置信度结果回退到追问的比例。' },
      routing: {
        score: 0.95,
        counts: { judged: 20, correct: 19 },
        details: { confusion: { local: { local: 10, llm: 1 }, llm: { llm: 8 }, offline: { offline: 1 } } },
        description: '每轮走本地规则、LLM 或离线路径是否符合预期。',
      },
      latency: {
        score: 0.9,
        counts: { judged: 10, withinBudget: 9 },
        details: { deadlineMs: 3000, llmP50Ms: 320, llmP95Ms: 410, llmMaxMs: 410, llmOverDeadline: 0, firstTtsP50Ms: 120, firstTtsP95Ms: 480 },
        description: '首句播报在延迟预算内的比例。',
      },
      tts: { score: 0.875, counts: { judged: 8, matched: 7 }, description: '播报文案包含预期内容的比例。' },
      persistence: { score: 1, counts: { judged: 1, saved: 1 }, description: '确认后的条目被正确保存的比例。' },
    },
    gate: {
      baseline: 'reports/baseline.json',
      passed: false,
      regressions: [
        { kind: 'metric', name: 'correctionIndexMapping', baseline: 1, current: 0.5, tolerance: 0.02 },
        { kind: 'dialogue', name: 'multi-correct-02', baseline: true, current: false },
      ],
      improvements: [{ kind: 'metric', name: 'routing', baseline: 0.9, current: 0.95, tolerance: 0.02 }],
    },
    dialogues: [passingDialogue, failingDialogue, sampledOutDialogue],
    ...overrides,
  };
}

/** Many failing dialogues with long values, to exercise the size caps. */
export function makeBigReport(count: number): Report {
  const base = makeReport();
  const dialogues = Array.from({ length: count }, (_, i) => ({
    ...failingDialogue,
    id: `bulk-${String(i).padStart(4, '0')}`,
    title: `批量失败对话 ${i} ` + '很长的标题'.repeat(10),
    turns: failingDialogue.turns.map((turn) => ({
      ...turn,
      checks: turn.checks.map((check) => (check.passed ? check : { ...check, expected: { text: '预'.repeat(500) }, actual: { text: '实'.repeat(500) } })),
    })),
  }));
  return {
    ...base,
    summary: { ...base.summary, dialogues: { total: count, passed: 0, failed: count } },
    dialogues,
  };
}
