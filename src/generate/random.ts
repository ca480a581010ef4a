/** A seeded PRNG (xorshift32 over a splitmix-style seed) with the few draws the generator needs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Spread small seeds (1, 2, 3…) over the whole state space; xorshift must not start at 0.
    let s = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
    this.state = (s ^ (s >>> 16)) >>> 0 || 0x6d2b79f5;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }

  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new RangeError('pick from an empty list');
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** One entry, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let draw = this.next() * total;
    for (const [value, weight] of entries) {
      draw -= weight;
      if (draw < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
}
