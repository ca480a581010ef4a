import { describe, expect, it } from 'vitest';
import { orderedPool } from '../../src/sim/orderedPool.js';

/** A task per item whose completion the test controls by hand. */
function controlled() {
  const started: number[] = [];
  const finish = new Map<number, { resolve: (v: string) => void; reject: (e: Error) => void }>();
  let inFlight = 0;
  let peak = 0;
  const task = (item: number) =>
    new Promise<string>((resolve, reject) => {
      started.push(item);
      inFlight++;
      peak = Math.max(peak, inFlight);
      const done = () => inFlight--;
      finish.set(item, { resolve: (v) => (done(), resolve(v)), reject: (e) => (done(), reject(e)) });
    });
  return { task, started, finish, peak: () => peak };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function collect<R>(stream: AsyncGenerator<R>, into: R[]): Promise<void> {
  for await (const value of stream) into.push(value);
}

describe('orderedPool: a scheduler that keeps --concurrency dialogues in flight, results in dataset order', () => {
  it('starts the next item as soon as any one finishes, not when a whole wave is done', async () => {
    const { task, started, finish, peak } = controlled();
    const out: string[] = [];
    const done = collect(orderedPool([0, 1, 2, 3, 4], task, { width: 2 }), out);
    await tick();
    expect(started).toEqual([0, 1]);
    finish.get(1)!.resolve('b'); // the second finishes while the first is still slow
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish.get(2)!.resolve('c');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(out).toEqual([]); // nothing is yielded ahead of the first item
    finish.get(0)!.resolve('a');
    finish.get(3)!.resolve('d');
    await tick();
    finish.get(4)!.resolve('e');
    await done;
    expect(out).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(peak()).toBe(2);
  });

  it('pulls items from the source only as slots open, and a stalled head bounds the window', async () => {
    const { task, started, finish } = controlled();
    let pulled = 0;
    function* source() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield i;
      }
    }
    const out: string[] = [];
    const done = collect(orderedPool(source(), task, { width: 2, window: 3 }), out);
    await tick();
    expect(pulled).toBe(2);
    finish.get(1)!.resolve('1');
    await tick();
    finish.get(2)!.resolve('2');
    await tick();
    // Item 0 still runs: 0, 1, 2 are started and unyielded, so the window of 3 starts nothing more.
    expect(started).toEqual([0, 1, 2]);
    expect(pulled).toBe(3);
    for (let i = 0; i < 100; i++) {
      finish.get(i)?.resolve(String(i));
      await tick();
    }
    await done;
    expect(out).toEqual(Array.from({ length: 100 }, (_, i) => String(i)));
  });

  it('with width 1 runs strictly one after another (the scripted backend is per-turn)', async () => {
    const order: string[] = [];
    const task = async (item: number) => {
      order.push(`start ${item}`);
      await tick();
      order.push(`end ${item}`);
      return item;
    };
    const out: number[] = [];
    await collect(orderedPool([1, 2, 3], task, { width: 1 }), out);
    expect(out).toEqual([1, 2, 3]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('a task that throws ends the stream after the earlier results, and starts nothing more', async () => {
    const { task, started, finish } = controlled();
    const out: string[] = [];
    const done = collect(orderedPool([0, 1, 2, 3, 4, 5], task, { width: 2 }), out);
    await tick();
    finish.get(0)!.resolve('a');
    await tick();
    finish.get(1)!.reject(new Error('boom'));
    await expect(done).rejects.toThrow('boom');
    expect(out).toEqual(['a']);
    const startedAtFailure = started.length;
    finish.get(2)?.resolve('c');
    await tick();
    expect(started.length).toBe(startedAtFailure);
  });
});
