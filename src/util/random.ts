/**
 * The harness's seeded random numbers: same seed, same sequence in [0, 1), on every machine.
 * Two streams are kept because outputs are pinned to them byte for byte: mulberry32 draws the
 * saved rows' UUIDs, the gate's resamples and the perturbed answers; xorshift32 draws the
 * generated datasets and the simulated users. `Random` adds the draws either stream needs.
 */

/** mulberry32. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** xorshift32 over a splitmix-style seed. */
export function xorshift32(seed: number): () => number {
  // Spread small seeds (1, 2, 3…) over the whole state space; xorshift must not start at 0.
  let s = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
  s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
  let state = (s ^ (s >>> 16)) >>> 0 || 0x6d2b79f5;
  return () => {
    let x = state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    state = x >>> 0;
    return state / 4294967296;
  };
}

/** Draws over a seeded stream (xorshift32 unless another is given). */
export class Random {
  /** Uniform in [0, 1). */
  readonly next: () => number;

  constructor(seed: number, stream: (seed: number) => () => number = xorshift32) {
    this.next = stream(seed);
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
