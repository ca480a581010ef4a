import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/llm/concurrencyLimit.js';

describe('createLimiter', () => {
  it('never runs more than max tasks at once and runs them all', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const task = async (i: number) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => limit(() => task(i))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
  });
});
