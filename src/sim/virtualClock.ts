/**
 * Simulated time: events are scheduled at virtual milliseconds and delivered in order,
 * so a 3 s LLM deadline costs no wall time. At equal times, lower `priority` goes first
 * (answers before timers: an answer at exactly the deadline is in time), then scheduling order.
 */
export interface Scheduled<T> {
  readonly at: number;
  readonly priority: number;
  readonly seq: number;
  readonly key: string;
  readonly payload: T;
}

export class VirtualClock<T> {
  private current = 0;
  private seq = 0;
  private queue: Scheduled<T>[] = [];

  get now(): number {
    return this.current;
  }

  /** Schedules `payload` after `delayMs`; an entry with the same key is replaced. */
  schedule(key: string, delayMs: number, payload: T, priority = 0): void {
    this.cancel(key);
    const entry = { at: this.current + delayMs, priority, seq: this.seq++, key, payload };
    // The queue is short and a new entry usually goes last: walk back from the end.
    let position = this.queue.length;
    while (position > 0 && compare(entry, this.queue[position - 1]!) < 0) position--;
    this.queue.splice(position, 0, entry);
  }

  cancel(key: string): boolean {
    const position = this.indexOf(key);
    if (position === -1) return false;
    this.queue.splice(position, 1);
    return true;
  }

  has(key: string): boolean {
    return this.indexOf(key) !== -1;
  }

  private indexOf(key: string): number {
    for (let i = 0; i < this.queue.length; i++) if (this.queue[i]!.key === key) return i;
    return -1;
  }

  /** Removes and returns the next entry due at or before `until`, moving the clock to its time. */
  next(until = Number.POSITIVE_INFINITY): Scheduled<T> | undefined {
    const head = this.queue[0];
    if (!head || head.at > until) return undefined;
    this.queue.shift();
    this.current = Math.max(this.current, head.at);
    return head;
  }

  advanceTo(time: number): void {
    this.current = Math.max(this.current, time);
  }

  get size(): number {
    return this.queue.length;
  }
}

function compare<T>(a: Scheduled<T>, b: Scheduled<T>): number {
  return a.at - b.at || a.priority - b.priority || a.seq - b.seq;
}
