import { describe, expect, it } from 'vitest';
import type { ChatBackend, ChatRequest, Endpoint } from '../../src/llm/backend.js';
import { PerturbingBackend, formatPerturbRates, parsePerturbSpec, type PerturbRates } from '../../src/llm/perturbBackend.js';

const NONE: PerturbRates = { drop: 0, offByOne: 0, amount: 0, intent: 0, lowConfidence: 0 };

const PARSE_ANSWER = {
  transactions: [
    { amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', confidence: 0.95 },
    { amount: 30, type: 'EXPENSE', category: '交通', description: '打车', confidence: 0.95 },
    { amount: 15, type: 'EXPENSE', category: '饮品', description: '奶茶', confidence: 0.95 },
  ],
};
const CORRECT_ANSWER = { corrections: [{ index: 1, updatedFields: { amount: 18 } }], intent: 'correction', confidence: 0.92 };

/** A model that always gives the same answer per endpoint, wrapped in prose like real models do. */
function fixed(answers: Partial<Record<Endpoint, unknown>>): ChatBackend {
  return {
    name: 'fixed',
    model: 'm',
    clock: 'virtual',
    complete: async (req) => ({ text: `好的：${JSON.stringify(answers[req.endpoint])} 完毕`, latencyMs: 50, model: 'm' }),
  };
}

const inner = fixed({ parse: PARSE_ANSWER, correct: CORRECT_ANSWER, conversation: { action: 'confirm' } });
const request = (endpoint: Endpoint): ChatRequest => ({ endpoint, messages: [{ role: 'user', content: 'x' }] });

function answerOf(text: string): Record<string, unknown> {
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Record<string, unknown>;
}

async function answers(backend: ChatBackend, endpoint: Endpoint, calls: number): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < calls; i++) out.push(answerOf((await backend.complete(request(endpoint))).text));
  return out;
}

describe('parsePerturbSpec (issue 11 item 3: --perturb rates)', () => {
  it('reads every kind, and leaves the unnamed ones at 0', () => {
    expect(parsePerturbSpec('offByOne=0.05, drop=0.02,amount=0.03,intent=0.02,lowConfidence=0.05')).toEqual({
      offByOne: 0.05,
      drop: 0.02,
      amount: 0.03,
      intent: 0.02,
      lowConfidence: 0.05,
    });
    expect(parsePerturbSpec('drop=1')).toEqual({ ...NONE, drop: 1 });
    expect(formatPerturbRates(parsePerturbSpec('intent=0.2,drop=0.1'))).toBe('drop=0.1,intent=0.2');
  });

  it.each([
    ['', /empty spec/],
    ['drop', /'drop' is not kind=rate/],
    ['typo=0.1', /unknown kind 'typo'/],
    ['drop=0.1,drop=0.2', /'drop' is given twice/],
    ['drop=1.5', /from 0 to 1, got '1.5'/],
    ['drop=-0.1', /from 0 to 1/],
    ['drop=abc', /from 0 to 1, got 'abc'/],
  ])('refuses %j with a message naming the problem', (spec, message) => {
    expect(() => parsePerturbSpec(spec)).toThrow(message);
  });
});

describe('PerturbingBackend', () => {
  it('with every rate at 0 returns the inner answer byte for byte', async () => {
    const backend = new PerturbingBackend(inner, NONE, 5);
    const direct = await inner.complete(request('parse'));
    await expect(backend.complete(request('parse'))).resolves.toEqual(direct);
    expect(backend.name).toBe('perturb(fixed)');
  });

  it('drop=1 removes every transaction and every correction', async () => {
    const backend = new PerturbingBackend(inner, { ...NONE, drop: 1 });
    expect((await answers(backend, 'parse', 1))[0]).toEqual({ transactions: [] });
    expect((await answers(backend, 'correct', 1))[0]).toEqual({ ...CORRECT_ANSWER, corrections: [] });
    expect(backend.applied.drop).toBe(4);
  });

  it('amount=1 misreads each amount as ten times it or ten more, nothing else', async () => {
    const backend = new PerturbingBackend(inner, { ...NONE, amount: 1 }, 9);
    for (const answer of await answers(backend, 'parse', 20)) {
      const items = answer.transactions as { amount: number }[];
      items.forEach((item, i) => {
        const truth = PARSE_ANSWER.transactions[i]!;
        expect([truth.amount * 10, truth.amount + 10]).toContain(item.amount);
        expect(item).toEqual({ ...truth, amount: item.amount });
      });
    }
    const amounts = new Set(
      (await answers(backend, 'correct', 40)).map((a) => (a.corrections as { updatedFields: { amount: number } }[])[0]!.updatedFields.amount),
    );
    expect(amounts).toEqual(new Set([180, 28]));
  });

  it('offByOne=1 moves the index one item up or down, never below 0', async () => {
    const backend = new PerturbingBackend(inner, { ...NONE, offByOne: 1 }, 3);
    const indices = new Set((await answers(backend, 'correct', 40)).map((a) => (a.corrections as { index: number }[])[0]!.index));
    expect(indices).toEqual(new Set([0, 2]));
    const fromFirst = new PerturbingBackend(fixed({ correct: { ...CORRECT_ANSWER, corrections: [{ index: 0, updatedFields: { amount: 5 } }] } }), {
      ...NONE,
      offByOne: 1,
    });
    const first = await answers(fromFirst, 'correct', 20);
    expect(first.every((a) => (a.corrections as { index: number }[])[0]!.index === 1)).toBe(true);
  });

  it('ordinalAsIndex=1 reads 「第N笔」 as index N: every correction one item further, nothing else; it is a kind --perturb reads', async () => {
    const backend = new PerturbingBackend(inner, { ...NONE, ordinalAsIndex: 1 }, 3);
    for (const answer of await answers(backend, 'correct', 20))
      expect(answer).toEqual({ ...CORRECT_ANSWER, corrections: [{ index: 2, updatedFields: { amount: 18 } }] });
    expect(backend.applied.ordinalAsIndex).toBe(20);
    expect(parsePerturbSpec('ordinalAsIndex=1')).toEqual({ ...NONE, ordinalAsIndex: 1 });
    expect(formatPerturbRates(parsePerturbSpec('ordinalAsIndex=0.5,drop=0.1'))).toBe('drop=0.1,ordinalAsIndex=0.5');
  });

  it('intent=1 always answers another intent; lowConfidence=1 sets the confidence under the 0.7 floor', async () => {
    const wrong = await answers(new PerturbingBackend(inner, { ...NONE, intent: 1 }, 2), 'correct', 30);
    expect(wrong.every((a) => a.intent !== 'correction' && ['confirm', 'cancel', 'unclear', 'append'].includes(a.intent as string))).toBe(true);
    const [unsure] = await answers(new PerturbingBackend(inner, { ...NONE, lowConfidence: 1 }), 'correct', 1);
    expect(unsure).toEqual({ ...CORRECT_ANSWER, confidence: 0.4 });
  });

  it('leaves the conversation endpoint and non-JSON text alone', async () => {
    const all: PerturbRates = { drop: 1, offByOne: 1, amount: 1, intent: 1, lowConfidence: 1 };
    const backend = new PerturbingBackend(inner, all);
    expect((await backend.complete(request('conversation'))).text).toBe((await inner.complete(request('conversation'))).text);
    const prose = new PerturbingBackend({ ...inner, complete: async () => ({ text: '我不知道', latencyMs: 1, model: 'm' }) }, all);
    expect((await prose.complete(request('parse'))).text).toBe('我不知道');
  });

  it('is deterministic per seed, and a higher rate keeps every mutation of a lower one', async () => {
    const run = (seed: number, drop: number) => answers(new PerturbingBackend(inner, { ...NONE, drop }, seed), 'parse', 200);
    const low = await run(7, 0.1);
    expect(await run(7, 0.1)).toEqual(low);
    expect(await run(8, 0.1)).not.toEqual(low);
    const high = await run(7, 0.3);
    const kept = (answer: Record<string, unknown>) => new Set((answer.transactions as { description: string }[]).map((t) => t.description));
    let droppedLow = 0;
    let droppedHigh = 0;
    low.forEach((answer, call) => {
      const highKept = kept(high[call]!);
      for (const description of highKept) expect(kept(answer).has(description)).toBe(true);
      droppedLow += 3 - kept(answer).size;
      droppedHigh += 3 - highKept.size;
    });
    // 600 items: the observed rates sit near 10% and 30%.
    expect(droppedLow).toBeGreaterThan(35);
    expect(droppedLow).toBeLessThan(90);
    expect(droppedHigh).toBeGreaterThan(140);
    expect(droppedHigh).toBeLessThan(220);
  });
});

describe('PerturbingBackend keyed by content, not by the order of calls (issue 45 item 7)', () => {
  const batch = PARSE_ANSWER.transactions.map(({ confidence: _confidence, ...item }, index) => ({ index, ...item }));
  const parseCall = (seed: number, text = '吃饭60，打车30，奶茶15'): ChatRequest => ({
    endpoint: 'parse',
    messages: [{ role: 'user', content: text }],
    sampling: { seed },
  });
  const correctCall = (seed: number, text: string): ChatRequest => ({
    endpoint: 'correct',
    messages: [{ role: 'user', content: JSON.stringify({ currentBatch: batch, correctionText: text }) }],
    sampling: { seed },
  });
  const answer = async (backend: ChatBackend, req: ChatRequest) => answerOf((await backend.complete(req)).text);
  const lowered = (parse: Record<string, unknown>) => (parse.transactions as { confidence: number }[])[0]!.confidence === 0.4;

  it('request: the same request at the same sampling seed answers the same whatever the calls before it; another seed draws anew', async () => {
    const rates = { ...NONE, drop: 0.3, offByOne: 0.3, lowConfidence: 0.3 };
    const seeds = Array.from({ length: 60 }, (_, i) => i + 1);
    const inOrder = new PerturbingBackend(inner, rates, 5, 'request');
    const forward = await Promise.all(seeds.map((seed) => answer(inOrder, parseCall(seed))));
    const reversed = new PerturbingBackend(inner, rates, 5, 'request');
    for (const seed of [...seeds].reverse()) await answer(reversed, correctCall(seed, '第二笔改成18'));
    const backward = [];
    for (const seed of [...seeds].reverse()) backward.unshift(await answer(reversed, parseCall(seed)));
    expect(backward).toEqual(forward);
    expect(new Set(forward.map((a) => JSON.stringify(a))).size).toBeGreaterThan(3);
    // By call number the same requests in another order answer otherwise.
    const byCall = new PerturbingBackend(inner, rates, 5, 'call');
    for (const seed of seeds) await answer(byCall, correctCall(seed, '第二笔改成18'));
    expect(await Promise.all(seeds.map((seed) => answer(byCall, parseCall(seed))))).not.toEqual(forward);
  });

  it('dialogue: the parse and every correction about one batch draw alike, so its turns fail together; the rate per call stays the rate', async () => {
    const rates = { ...NONE, lowConfidence: 0.5 };
    let together = 0;
    let parseHits = 0;
    let requestTogether = 0;
    const seeds = Array.from({ length: 200 }, (_, i) => i + 1);
    for (const seed of seeds) {
      const byDialogue = new PerturbingBackend(inner, rates, 3, 'dialogue');
      const parse = lowered(await answer(byDialogue, parseCall(seed)));
      const first = (await answer(byDialogue, correctCall(seed, '第二笔改成18'))).confidence === 0.4;
      const second = (await answer(byDialogue, correctCall(seed, '第一笔是早饭'))).confidence === 0.4;
      if (parse === first && first === second) together++;
      if (parse) parseHits++;
      const byRequest = new PerturbingBackend(inner, rates, 3, 'request');
      const apart = [lowered(await answer(byRequest, parseCall(seed))), (await answer(byRequest, correctCall(seed, '第二笔改成18'))).confidence === 0.4];
      if (apart[0] === apart[1]) requestTogether++;
    }
    expect(together).toBe(200);
    // Keyed by request, the parse and the correction agree about half the time (0.5 × 0.5 twice).
    expect(requestTogether).toBeGreaterThan(70);
    expect(requestTogether).toBeLessThan(130);
    expect(parseHits).toBeGreaterThan(70);
    expect(parseHits).toBeLessThan(130);
  });

  it('dialogue: another batch, or another sampling seed (another run of --repeat), draws anew', async () => {
    const rates = { ...NONE, lowConfidence: 0.5 };
    const backend = new PerturbingBackend(inner, rates, 3, 'dialogue');
    const bySeed = await Promise.all(Array.from({ length: 40 }, (_, i) => answer(backend, parseCall(i + 1))));
    expect(new Set(bySeed.map(lowered)).size).toBe(2);
    const otherBatch = new PerturbingBackend(
      fixed({ parse: { transactions: [{ ...PARSE_ANSWER.transactions[0], description: '早饭' }] } }),
      rates,
      3,
      'dialogue',
    );
    const other = await Promise.all(Array.from({ length: 40 }, (_, i) => answer(otherBatch, parseCall(i + 1))));
    expect(other.map(lowered)).not.toEqual(bySeed.map(lowered));
  });
});
