/** Rows several word tables hold alike (the report page, its script, the simulate pages, the history table, the arms sentence), kept once. */
import type { Words } from './wording.js';

export const SHARED_WORDS = {
  passed: ['Passed', '通过'],
  failed: ['Failed', '未通过'],
  failedCaps: ['FAILED', '未通过'],
  pass: ['pass', '通过'],
  checks: ['Checks', '检查项'],
  failedChecks: ['{0} failed {0:check|checks}', '{0} 项检查未通过'],
  lastPassed: ['last passed {0}', '上次通过 {0}'],
  neverPassed: ['never passed in the history', '历史中从未通过'],
  failingSince: ['failing since {0}', '自 {0} 起失败'],
  items: ['{0} {0:item|items}', '{0} 笔'],
  backend: ['Backend', '后端'],
  started: ['Started', '开始'],
  finished: ['Finished', '结束'],
  slice: ['Slice', '切片'],
  seed: ['seed {0}', '种子 {0}'],
} as const satisfies Record<string, Words>;
