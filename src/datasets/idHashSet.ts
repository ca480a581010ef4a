/**
 * The dialogue ids seen so far, as 64-bit hashes in one typed array (8 bytes a slot, half full at
 * most), so a run of millions of dialogues does not keep millions of strings. A hash seen before
 * only says "maybe": the caller re-checks the exact id (streamDatasets reads the earlier files
 * again, an error path). Also remembers which files were read, in order, for that re-check.
 */
export class IdHashSet {
  readonly files: string[] = [];
  /** Dialogues read so far (the caller counts them), so the re-check knows where to stop. */
  dialogues = 0;
  private slots = new Uint32Array(2 * 1024);
  private size = 0;

  /** `hash`: two 32-bit halves, not both zero (a test may pass a colliding one). */
  constructor(private readonly hash: (id: string) => [number, number] = hash64) {}

  /** Adds the id's hash: false when that hash was already there (the id may be a duplicate). */
  add(id: string): boolean {
    const [high, low] = this.hash(id);
    if (2 * (this.size + 1) > this.slots.length / 2) this.grow();
    if (!this.place(this.slots, high, low)) return false;
    this.size++;
    return true;
  }

  /** Notes a file about to be read (once). */
  noteFile(file: string): void {
    if (!this.files.includes(file)) this.files.push(file);
  }

  private place(slots: Uint32Array, high: number, low: number): boolean {
    const mask = slots.length / 2 - 1;
    for (let at = low & mask; ; at = (at + 1) & mask) {
      const h = slots[2 * at]!;
      const l = slots[2 * at + 1]!;
      if (h === 0 && l === 0) {
        slots[2 * at] = high;
        slots[2 * at + 1] = low;
        return true;
      }
      if (h === high && l === low) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 2) {
      if (old[at] !== 0 || old[at + 1] !== 0) this.place(this.slots, old[at]!, old[at + 1]!);
    }
  }
}

/** Two independent 32-bit string hashes (FNV-1a and a multiply-rotate mix), never both zero (zero marks an empty slot). */
function hash64(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  b = Math.imul(b ^ (b >>> 15), 0x85ebca6b);
  b ^= b >>> 13;
  return [a >>> 0 || 1, b >>> 0];
}
