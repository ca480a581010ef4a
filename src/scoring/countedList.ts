/**
 * A list of numbers kept as value → count, for the per-turn latency lists of a scorer's tally:
 * the values repeat (virtual-clock milliseconds), so a million dialogues cost a few entries, not a
 * number per turn. It is read in ascending order, and its JSON is that sorted list, so a tally
 * holding one stringifies exactly like the sorted array it replaces.
 */
export class CountedList {
  private readonly counts = new Map<number, number>();
  private size = 0;

  static of(values: Iterable<number>): CountedList {
    const list = new CountedList();
    for (const value of values) list.push(value);
    return list;
  }

  get length(): number {
    return this.size;
  }

  push(value: number): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
    this.size++;
  }

  /** Each distinct value with its count, ascending. */
  entries(): [number, number][] {
    return [...this.counts].sort((a, b) => a[0] - b[0]);
  }

  *[Symbol.iterator](): Generator<number> {
    for (const [value, count] of this.entries()) for (let i = 0; i < count; i++) yield value;
  }

  toJSON(): number[] {
    return [...this];
  }

  /** Nearest rank, as util/nearestRank counts it; null when empty. */
  percentile(p: number): number | null {
    if (this.size === 0) return null;
    const rank = Math.min(Math.max(1, Math.ceil((p / 100) * this.size)), this.size);
    let seen = 0;
    for (const [value, count] of this.entries()) {
      seen += count;
      if (seen >= rank) return value;
    }
    return null;
  }

  max(): number | null {
    let max: number | null = null;
    for (const value of this.counts.keys()) if (max === null || value > max) max = value;
    return max;
  }

  countAbove(limit: number): number {
    let n = 0;
    for (const [value, count] of this.counts) if (value > limit) n += count;
    return n;
  }

  copy(): CountedList {
    const list = new CountedList();
    for (const [value, count] of this.counts) list.counts.set(value, count);
    list.size = this.size;
    return list;
  }

  addAll(values: Iterable<number> | CountedList): void {
    if (values instanceof CountedList) {
      for (const [value, count] of values.counts) this.counts.set(value, (this.counts.get(value) ?? 0) + count);
      this.size += values.size;
      return;
    }
    for (const value of values) this.push(value);
  }
}
