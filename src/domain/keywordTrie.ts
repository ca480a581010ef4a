/**
 * A character trie over a fixed keyword table: finds the longest keyword starting
 * at a position without allocating, so the Layer-1 classifier stays in microseconds.
 */
interface TrieNode<V> {
  readonly next: Map<number, TrieNode<V>>;
  value: V | undefined;
  word: string | undefined;
}

export interface KeywordHit<V> {
  readonly word: string;
  readonly value: V;
  readonly start: number;
  readonly end: number;
}

export class KeywordTrie<V> {
  private readonly root: TrieNode<V> = { next: new Map(), value: undefined, word: undefined };

  /** Later entries for the same word do not override earlier ones: table order is precedence. */
  constructor(entries: Iterable<readonly [string, V]>) {
    for (const [word, value] of entries) this.add(word, value);
  }

  private add(word: string, value: V): void {
    if (word.length === 0) return;
    let node = this.root;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      let child = node.next.get(code);
      if (!child) {
        child = { next: new Map(), value: undefined, word: undefined };
        node.next.set(code, child);
      }
      node = child;
    }
    if (node.word === undefined) {
      node.value = value;
      node.word = word;
    }
  }

  /** Length of the longest keyword starting at `start` (0 when none). */
  longestLengthAt(text: string, start: number): number {
    let node: TrieNode<V> | undefined = this.root;
    let best = 0;
    for (let i = start; i < text.length; i++) {
      node = node.next.get(text.charCodeAt(i));
      if (!node) break;
      if (node.word !== undefined) best = i - start + 1;
    }
    return best;
  }

  /** The value of the longest keyword starting at `start`, or undefined. */
  valueAt(text: string, start: number, length: number): V | undefined {
    let node: TrieNode<V> | undefined = this.root;
    for (let i = start; i < start + length; i++) {
      node = node?.next.get(text.charCodeAt(i));
    }
    return node?.value;
  }

  longestAt(text: string, start: number): KeywordHit<V> | null {
    const length = this.longestLengthAt(text, start);
    if (length === 0) return null;
    let node: TrieNode<V> | undefined = this.root;
    for (let i = start; i < start + length; i++) node = node?.next.get(text.charCodeAt(i));
    if (!node || node.word === undefined || node.value === undefined) return null;
    return { word: node.word, value: node.value, start, end: start + length };
  }

  /** Non-overlapping hits scanning left to right, longest keyword first at each position. */
  findAll(text: string): KeywordHit<V>[] {
    const hits: KeywordHit<V>[] = [];
    let i = 0;
    while (i < text.length) {
      const hit = this.longestAt(text, i);
      if (hit) {
        hits.push(hit);
        i = hit.end;
      } else {
        i++;
      }
    }
    return hits;
  }

  /** The longest keyword anywhere in the text; the leftmost among equals. */
  findLongest(text: string): KeywordHit<V> | null {
    let best: KeywordHit<V> | null = null;
    for (let i = 0; i < text.length; i++) {
      const length = this.longestLengthAt(text, i);
      if (length > (best ? best.word.length : 0)) best = this.longestAt(text, i);
    }
    return best;
  }

  /** True when any keyword occurs in the text. */
  containsAny(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      if (this.longestLengthAt(text, i) > 0) return true;
    }
    return false;
  }
}
