import { describe, expect, it } from 'vitest';
import { renderModelBench, splitRunTime, summariseModelBench } from '../../src/bench/modelBench.js';
import type { ServedRequest } from '../../src/llm/localGgufModel.js';

/** A call timed as a model would be: 300 ms each, 25 ms per prompt token read, 100 ms per answer token. */
const call = (endpoint: string, promptTokens: number, cachedTokens: number, completionTokens: number): ServedRequest => ({
  endpoint,
  promptTokens,
  cachedTokens,
  completionTokens,
  ms: 300 + 25 * (promptTokens - cachedTokens) + 100 * completionTokens,
  finishReason: 'stop',
});

const SERVED = [
  call('parse', 770, 0, 60),
  call('parse', 775, 728, 80),
  call('parse', 760, 728, 35),
  call('correct', 1140, 1029, 30),
  call('correct', 1160, 1029, 16),
  call('correct', 1150, 0, 33),
];

describe('bench --model: where the run time went', () => {
  it("recovers the per-token costs the calls were timed with, and its parts add up to the calls' time", () => {
    const split = splitRunTime(SERVED)!;
    expect(split.answerTokensPerSecond).toBe(10);
    expect(split.promptTokensPerSecond).toBe(40);
    const callsSeconds = SERVED.reduce((sum, s) => sum + s.ms, 0) / 1000;
    expect(split.writingSeconds + split.readingSeconds + split.otherSeconds).toBeCloseTo(callsSeconds, 0);
    expect(split.otherSeconds).toBeCloseTo((6 * 300) / 1000, 1);
  });

  it('fits no per-call rest rather than a negative one', () => {
    // Long answers cost more per token than short ones (attention over a longer context): a line fitted through them crosses below zero.
    const curved = SERVED.map((s) => ({ ...s, ms: 25 * (s.promptTokens - s.cachedTokens) + 100 * s.completionTokens + 0.8 * s.completionTokens ** 2 - 600 }));
    const split = splitRunTime(curved)!;
    expect(split.otherSeconds).toBe(0);
    expect(split.writingSeconds).toBeGreaterThan(0);
    expect(split.readingSeconds).toBeGreaterThan(0);
  });

  it('gives no split when the calls cannot tell reading from writing', () => {
    const alike = [call('parse', 800, 700, 50), call('parse', 800, 700, 50), call('parse', 800, 700, 50), call('parse', 800, 700, 50)];
    expect(splitRunTime(alike)).toBeUndefined();
    expect(splitRunTime(SERVED.slice(0, 3))).toBeUndefined();
  });

  it('puts the split next to the floor in the result and its rendering', () => {
    const result = summariseModelBench({
      model: 'm',
      threads: 2,
      responseFormat: 'none',
      served: SERVED,
      seconds: 120,
      decodeTokensPerSecond: 10,
      answers: { dialogues: 2, passed: 1, valid: 6, judged: 6 },
      loadAverage: [1, 1, 1],
      method: 'test',
    });
    expect(result.floorSeconds).toBe(25.4);
    expect(result.ratioToFloor).toBe(4.72);
    expect(result.timeSplit?.answerTokensPerSecond).toBe(10);
    expect(renderModelBench(result)).toContain('writing answers 25.4 s (10 tokens/s), reading prompts');
  });
});
