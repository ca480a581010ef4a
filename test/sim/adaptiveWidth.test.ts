import { describe, expect, it } from 'vitest';
import { CallTraffic, llmTraffic } from '../../src/sim/adaptiveWidth.js';
import { orderedPool } from '../../src/sim/orderedPool.js';

describe("CallTraffic: counts a real model's answers and 429s; adapts the pool width when asked (AIMD)", () => {
  it('without --adaptive-concurrency only counts: the width stays where it started', () => {
    const traffic = new CallTraffic(8);
    for (let i = 0; i < 5; i++) traffic.rateLimited();
    traffic.answered();
    expect([traffic.current(), traffic.narrowest(), traffic.rateLimitedCalls, traffic.answeredCalls]).toEqual([8, 8, 5, 1]);
    expect(llmTraffic(traffic)).toEqual({ llmTraffic: { answeredCalls: 1, rateLimitedCalls: 5, concurrency: { start: 8, narrowest: 8 } } });
  });

  it('a 429 halves the width once per round: the other 429s of calls already in flight are the same overload', () => {
    const traffic = new CallTraffic(8, true);
    traffic.rateLimited();
    expect(traffic.current()).toBe(4);
    // Up to 8 calls were in flight when the first 429 came: their 429s do not cut again.
    for (let i = 0; i < 7; i++) traffic.rateLimited();
    expect(traffic.current()).toBe(4);
    traffic.rateLimited();
    expect(traffic.current()).toBe(2);
    for (let i = 0; i < 4; i++) traffic.rateLimited();
    traffic.rateLimited();
    expect(traffic.current()).toBe(1);
    for (let i = 0; i < 10; i++) traffic.rateLimited();
    expect([traffic.current(), traffic.narrowest()]).toEqual([1, 1]);
  });

  it('each round of answers without a 429 widens it by one, back up to where it started and no further', () => {
    const traffic = new CallTraffic(4, true);
    traffic.rateLimited();
    expect(traffic.current()).toBe(2);
    // The round in flight at the cut (4 calls) must settle before it grows.
    for (let i = 0; i < 3; i++) traffic.answered();
    expect(traffic.current()).toBe(2);
    traffic.answered();
    expect(traffic.current()).toBe(3);
    for (let i = 0; i < 3; i++) traffic.answered();
    expect(traffic.current()).toBe(4);
    for (let i = 0; i < 40; i++) traffic.answered();
    expect([traffic.current(), traffic.narrowest()]).toEqual([4, 2]);
  });

  it('a run that called no real model reports nothing', () => {
    expect(llmTraffic(new CallTraffic(4, true))).toEqual({});
    expect(() => new CallTraffic(0)).toThrow(RangeError);
  });
});

describe('orderedPool with a width that changes while it runs', () => {
  it('never has more tasks in flight than the width asked at each start, and still yields in order', async () => {
    let width = 6;
    let inFlight = 0;
    const seen: { inFlight: number; width: number }[] = [];
    const task = async (n: number) => {
      inFlight++;
      seen.push({ inFlight, width });
      await new Promise((resolve) => setTimeout(resolve, 1 + (n % 3)));
      if (n === 5) width = 2;
      if (n === 30) width = 4;
      inFlight--;
      return n;
    };
    const out: number[] = [];
    for await (const n of orderedPool(
      Array.from({ length: 60 }, (_, i) => i),
      task,
      { width: () => width },
    ))
      out.push(n);
    expect(out).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const { inFlight: busy, width: allowed } of seen) expect(busy).toBeLessThanOrEqual(allowed);
    expect(Math.max(...seen.map((s) => s.inFlight))).toBe(6);
  });
});
