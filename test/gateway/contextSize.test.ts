import { describe, expect, it } from 'vitest';
import { measureCorrectionContext, sampleCorrectionRequest } from '../support/contextSize.js';
import { estimateTokens } from '../../src/llm/tokenEstimate.js';

describe('correction context size (seed 002 decision 5: < 600 tokens)', () => {
  it('estimates CJK characters as one token and other text at four characters a token', () => {
    expect(estimateTokens('吃饭')).toBe(2);
    expect(estimateTokens('{"amount":60}')).toBe(4);
    expect(estimateTokens('')).toBe(0);
  });

  it('keeps the batch context of a 10-item batch under 600 tokens', () => {
    const size = measureCorrectionContext(sampleCorrectionRequest(10));
    console.log(
      `correction context, 10 items: batch context ${size.batchContext.tokens} tokens (${size.batchContext.chars} chars), ` +
        `user message ${size.userMessage.tokens} tokens, system prompt ${size.systemPrompt.tokens} tokens, ` +
        `whole prompt ${size.wholePrompt.tokens} tokens (${size.wholePrompt.chars} chars)`,
    );
    expect(size.items).toBe(10);
    expect(size.batchContext.tokens).toBeLessThan(600);
    expect(size.userMessage.tokens).toBeLessThan(600);
    expect(Math.abs(size.wholePrompt.tokens - size.systemPrompt.tokens - size.userMessage.tokens)).toBeLessThanOrEqual(1);
  });
});
