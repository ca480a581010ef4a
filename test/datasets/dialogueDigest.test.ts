import { describe, expect, it } from 'vitest';
import type { Dialogue } from '../../src/datasets/datasetTypes.js';
import { dialogueDigest } from '../../src/datasets/dialogueDigest.js';

// Issue 38: a run and its baseline pair a dialogue by id and this digest of what it tests.
const DIALOGUE: Dialogue = {
  id: 'lunch',
  title: '午饭',
  tags: ['smoke'],
  network: 'online',
  file: 'datasets/a.yaml',
  line: 1,
  turns: [
    {
      line: 4,
      user: '午饭35块',
      llm: { parse: { json: { transactions: [{ amount: 35, type: 'EXPENSE', category: '餐饮' }] }, latencyMs: 200 } },
      expect: { state: 'CONFIRMING', tts: ['记录支出35元，餐饮，确认吗？'] },
    },
  ],
};
const turn = DIALOGUE.turns[0]!;

describe('dialogueDigest', () => {
  it('is 16 hex digits, the same for the same content wherever it sits and however it is titled or tagged', () => {
    const digest = dialogueDigest(DIALOGUE);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    const moved: Dialogue = { ...DIALOGUE, file: 'datasets/b.yaml', line: 90, title: '另一个标题', tags: [], turns: [{ ...turn, line: 93 }] };
    expect(dialogueDigest(moved)).toBe(digest);
  });

  it('ignores the scripted model’s answer (the stand-in model, not the test)', () => {
    const otherAnswer: Dialogue = { ...DIALOGUE, turns: [{ ...turn, llm: { parse: { json: { transactions: [] }, latencyMs: 200 } } }] };
    expect(dialogueDigest(otherAnswer)).toBe(dialogueDigest(DIALOGUE));
  });

  it.each([
    ['the user line', { ...turn, user: '午饭36块' }],
    ['an expectation', { ...turn, expect: { state: 'CONFIRMING' as const, tts: ['记录支出36元，餐饮，确认吗？'] } }],
    ['the scripted latency', { ...turn, llm: { parse: { ...turn.llm!.parse!, latencyMs: 4000 } } }],
    ['a scripted fault', { ...turn, llm: { parse: { fault: 'timeout' as const } } }],
  ])('changes with %s', (_what, changed) => {
    expect(dialogueDigest({ ...DIALOGUE, turns: [changed] })).not.toBe(dialogueDigest(DIALOGUE));
  });
});
