import type { BatchItemDto, CorrectionRequest } from '../../src/domain/correctionProtocol.js';
import { MAX_BATCH_SIZE } from '../../src/domain/draftBatch.js';
import { estimateTokens } from '../../src/llm/tokenEstimate.js';
import { batchContextJson } from '../../src/gateway/promptInputs.js';
import { renderCorrectionMessages } from '../../src/gateway/promptTemplates.js';

export interface SizeFigure {
  chars: number;
  /** See estimateTokens: CJK character ≈ 1 token, other characters ≈ 4 per token. */
  tokens: number;
}

export interface CorrectionContextSize {
  items: number;
  /** The currentBatch array as sent: what seed 002 decision 5 wants under 600 tokens. */
  batchContext: SizeFigure;
  /** The whole last user message: currentBatch plus correctionText. */
  userMessage: SizeFigure;
  systemPrompt: SizeFigure;
  wholePrompt: SizeFigure;
}

const SAMPLE_ITEMS: readonly Omit<BatchItemDto, 'index'>[] = [
  { amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null },
  { amount: 60, type: 'EXPENSE', category: '洗浴', description: '洗脚', date: null },
  { amount: 30, type: 'INCOME', category: '红包', description: '抢红包', date: null },
  { amount: 90, type: 'INCOME', category: '工资', description: '工资', date: null },
  { amount: 28.5, type: 'EXPENSE', category: '交通', description: '打车去机场', date: '2025-03-11' },
  { amount: 15, type: 'EXPENSE', category: '饮品', description: '奶茶', date: null },
  { amount: 199, type: 'EXPENSE', category: '购物', description: '买衣服', date: null },
  { amount: 3500, type: 'EXPENSE', category: '住房', description: '房租', date: null },
  { amount: 500, type: 'TRANSFER', category: '转账', description: '转给妈妈', date: null },
  { amount: 45, type: 'EXPENSE', category: '日用', description: '超市买日用品', date: null },
];

/** A realistic request with `items` pending transactions (up to 10). */
export function sampleCorrectionRequest(items = MAX_BATCH_SIZE, correctionText = '第三笔改成支出'): CorrectionRequest {
  const currentBatch = Array.from({ length: items }, (_, index) => {
    const item = SAMPLE_ITEMS[index % SAMPLE_ITEMS.length]!;
    return { ...item, index };
  });
  return { currentBatch, correctionText };
}

function figure(text: string): SizeFigure {
  return { chars: [...text].length, tokens: estimateTokens(text) };
}

export function measureCorrectionContext(request: CorrectionRequest = sampleCorrectionRequest()): CorrectionContextSize {
  const messages = renderCorrectionMessages(request);
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const user = messages[messages.length - 1]?.content ?? '';
  return {
    items: request.currentBatch.length,
    batchContext: figure(batchContextJson(request.currentBatch)),
    userMessage: figure(user),
    systemPrompt: figure(system),
    wholePrompt: figure(messages.map((m) => m.content).join('\n')),
  };
}
