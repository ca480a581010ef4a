import { describe, expect, it } from 'vitest';
import {
  promptFingerprint,
  renderConversationMessages,
  renderCorrectionMessages,
  renderParseMessages,
  renderTemplate,
} from '../../src/gateway/promptTemplates.js';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';

const request = {
  currentBatch: [
    { index: 0, amount: 60, type: 'EXPENSE' as const, category: '餐饮', description: '吃饭', date: null },
    { index: 1, amount: 30, type: 'EXPENSE' as const, category: '交通', description: '打车', date: null },
  ],
  correctionText: '第一笔改成50',
  context: { recentCategories: ['餐饮', '交通'], customCategories: ['猫咪'] },
};

describe('prompt rendering', () => {
  it('parse: system prompt with the marker, then the utterance itself', () => {
    const messages = renderParseMessages('吃饭花了60，打车30');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content.split('\n')[0]).toBe('TASK: transaction-parse');
    expect(messages[1]!.content).toBe('吃饭花了60，打车30');
    expect(endpointFromMessages(messages)).toBe('parse');
  });

  it("correct: the last user message is {currentBatch, correctionText} JSON, with the context's categories the system prompt does not offer", () => {
    const messages = renderCorrectionMessages(request);
    expect(endpointFromMessages(messages)).toBe('correct');
    const input = JSON.parse(messages[messages.length - 1]!.content);
    expect(input).toEqual({
      currentBatch: [
        { index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭' },
        { index: 1, amount: 30, type: 'EXPENSE', category: '交通', description: '打车' },
      ],
      correctionText: '第一笔改成50',
      context: { customCategories: ['猫咪'] },
    });
  });

  it("correct: one fixed system prompt whatever the batch's categories, so a prompt cache keeps it", () => {
    const plain = renderCorrectionMessages({ ...request, context: { recentCategories: ['餐饮'], customCategories: [] } });
    const unusual = renderCorrectionMessages({ ...request, context: { recentCategories: ['早餐', '电影'], customCategories: ['猫咪'] } });
    expect(unusual[0]!.content).toBe(plain[0]!.content);
    expect(unusual[0]!.content).not.toContain('猫咪');
    expect(JSON.parse(plain[1]!.content).context).toBeUndefined();
    expect(JSON.parse(unusual[1]!.content).context).toEqual({ recentCategories: ['早餐', '电影'], customCategories: ['猫咪'] });
  });

  it('conversation: earlier turns in between, the current one as {currentTransaction, text}', () => {
    const current = { amount: 60, type: 'EXPENSE' as const, category: '红包', description: null, date: null };
    const messages = renderConversationMessages(
      [
        { role: 'user', content: '红包60' },
        { role: 'assistant', content: '{"action":"clarify","message":"是收到还是发出？"}' },
      ],
      current,
      '不对，应该是收入',
    );
    expect(endpointFromMessages(messages)).toBe('conversation');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.parse(messages[3]!.content)).toEqual({
      currentTransaction: { amount: 60, type: 'EXPENSE', category: '红包' },
      text: '不对，应该是收入',
    });
  });

  it('leaves no placeholder unrendered and fills today when given', () => {
    const all = [
      ...renderParseMessages('午饭35', { today: '2025-03-12' }),
      ...renderCorrectionMessages(request),
      ...renderConversationMessages([], null, '取消'),
    ];
    for (const message of all) expect(message.content).not.toMatch(/\{\{\w+\}\}/);
    expect(all[0]!.content).toContain('2025-03-12');
    expect(all[0]!.content).toContain('at most 10 transactions');
  });

  it('throws on a placeholder without a value (a template bug)', () => {
    expect(() => renderTemplate('a {{missing}} b', {})).toThrow(/\{\{missing\}\}/);
  });

  it('has a stable sha256 fingerprint of the three templates', () => {
    expect(promptFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(promptFingerprint()).toBe(promptFingerprint());
  });
});
